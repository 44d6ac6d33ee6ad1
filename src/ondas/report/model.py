"""One model of a run, built from the store and git; every renderer reads only this.

Figures are counted from rows and events, never re-typed: the number of decisions is the
number of decision rows, a wave's cost is its ``wave_costs`` row, its tokens are the sum of
the ``agent_usage`` events logged while it was open. Text that reaches the model passes
through the secrets filter with the project's ``.env`` values.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from ondas.report import figures, gitinfo
from ondas.report.checks import KINDS as CHECK_KINDS
from ondas.report.checks import pipeline_checks
from ondas.state.store import Event

if TYPE_CHECKING:
    from ondas.state.interface import StateStore
    from ondas.state.verify import Finding as IntegrityFinding

FINAL_STATUSES = ("completed", "aborted")
SEVERE = ("critical", "high")


@dataclass
class BlockItem:
    """A question for a person, answered or not."""

    id: str
    question: str
    options: list[str]
    context: str
    status: str
    answer: str | None
    severity: str
    wave_id: str | None
    # person, auto-answer or policy (ondas.audit.blocks.answered_by); None while awaiting.
    answered_by: str | None = None

    @property
    def answerer(self) -> str:
        """Who answered, in words ("a person", "the runtime (--auto-answer, ...)")."""
        from ondas.audit.blocks import ANSWERER_WORDS

        return ANSWERER_WORDS.get(self.answered_by or "", "")


@dataclass
class TaskItem:
    """A task the run recorded, with its files, commit, diff stat, tests and lint."""

    task_id: str
    title: str
    outcome: str
    tests_run: int
    tests_passed: int
    lint_ok: bool | None
    files: list[str]
    wave_id: str | None
    commit: str | None
    files_changed: int
    lines_added: int
    lines_deleted: int
    test_command: str | None = None
    test_exit_code: int | None = None

    @property
    def item(self) -> str:
        """The key a verdict names this task by."""
        return f"task:{self.task_id}"


@dataclass
class DecisionItem:
    """A decision: the question, the options, the choice and why."""

    id: str
    stage: str
    agent: str
    wave_id: str | None
    question: str
    options: list[str]
    choice: str
    rationale: str
    score: int | None
    evidence: str | None
    class_: str
    axis: str | None
    invalidated: bool

    @property
    def item(self) -> str:
        """The key a verdict names this decision by."""
        return f"decision:{self.id}"


@dataclass
class Finding:
    """One review finding."""

    severity: str
    text: str


@dataclass
class ReviewItem:
    """A review verdict (``review_verdict`` event) and its findings."""

    seq: int
    stage: str
    verdict: str
    wave_id: str | None
    findings: list[Finding]


@dataclass
class RefusalItem:
    """A refused tool call or decision (``refusal`` / ``decision_refused`` events)."""

    seq: int
    source: str
    rule: str
    tool: str
    subject: str
    wave_id: str | None


@dataclass
class RetryItem:
    """A retry the runtime made after a failed check."""

    seq: int
    wave_id: str | None
    description: str
    findings: list[str]


@dataclass
class WaveRow:
    """One wave: its stage, outcome, commit and what it cost."""

    id: str
    number: int
    stage: str
    reason: str | None
    seconds: float | None
    tool_calls: int
    decisions: int
    agent_runs: int
    tokens_in: int
    tokens_out: int
    cost_usd: float
    commit: str | None
    files_changed: int
    lines_added: int
    lines_deleted: int


@dataclass
class StageRow:
    """The cost, tokens and time of every wave that ran one stage."""

    stage: str
    waves: int
    seconds: float
    tokens_in: int
    tokens_out: int
    cost_usd: float


@dataclass
class Verification:
    """What was checked: the tests, the gates, the audit chain, the commits, the push."""

    tests_run: int
    """Tests of the latest whole-suite run (:func:`ondas.report.figures.last_suite_run`)."""
    tests_passed: int
    suite_command: str | None
    suite_ran: bool
    tasks_passed: int
    tasks_failed: int
    tasks_unverified: int
    gates: list[str]
    integrity_ok: bool
    integrity_findings: list[str]
    wave_commits: int
    head: str | None
    pushed: str


@dataclass
class Totals:
    """The counts of the run; each equals a query on the store."""

    waves: int
    tasks: int
    decisions: int
    decisions_in_waves: int
    routing_decisions: int
    blocks: int
    blocks_awaiting: int
    reviews: int
    refusals: int
    retries: int
    tool_calls: int
    agent_runs: int
    tokens_in: int
    tokens_out: int
    cost_usd: float
    seconds: float


@dataclass
class Attention:
    """One thing a person should look at first, most urgent first."""

    kind: str
    title: str
    detail: str
    anchor: str


@dataclass
class RunReport:
    """Everything a report shows about one execution."""

    execution_id: str
    project_name: str
    description: str
    status: str
    termination_reason: str | None
    current_stage: str
    next_instruction: str | None
    delivery_tier: str
    started_at: str
    finished_at: str | None
    backend_label: str
    attention: list[Attention]
    blocks: list[BlockItem]
    stages: list[dict[str, Any]]
    waves: list[WaveRow]
    stage_costs: list[StageRow]
    tasks: list[TaskItem]
    decisions: list[DecisionItem]
    routing: list[DecisionItem]
    reviews: list[ReviewItem]
    refusals: list[RefusalItem]
    retries: list[RetryItem]
    verification: Verification
    totals: Totals
    lessons: list[str]
    headline: list[str] = field(default_factory=list)
    metrics: dict[str, float] = field(default_factory=dict)
    # Whether the agent ran in the OS sandbox, and how to run what was built (report.howto).
    sandbox: str = ""
    how_to_run: str = ""
    sections: list[tuple[str, str]] = field(default_factory=list)

    @property
    def final(self) -> bool:
        """True once the execution has ended (the report is then the final one)."""
        return self.status in FINAL_STATUSES

    @property
    def awaiting(self) -> list[BlockItem]:
        """Blocks still waiting for a person."""
        return [b for b in self.blocks if b.status == "awaiting"]

    def items(self) -> list[str]:
        """Every key a verdict can name: done tasks and non-routing decisions."""
        return [t.item for t in self.tasks] + [d.item for d in self.decisions]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        data = asdict(self)
        data["final"] = self.final
        return data


Cleaner = Callable[[str], str]


# Texts up to this length are scrubbed through a cache: the report is rebuilt after every
# wave from rows (wave summaries, decisions, blocks) that mostly did not change, and
# scrubbing is a pure function of the text and the .env values.
_CACHED_SCRUB_MAX = 4096


@lru_cache(maxsize=16384)
def _scrub_cached(text: str, env_values: tuple[str, ...]) -> str:
    from ondas.guards.secrets import scrub

    return str(scrub(text, env_values=env_values))


def cleaner_for(project: Path) -> Cleaner:
    """A function that scrubs secrets (and the project's ``.env`` values) from text."""
    from ondas.guards.secrets import load_env_values, scrub

    env_file = project / ".env"
    values: list[str] = []
    if env_file.is_file():
        try:
            values = load_env_values(env_file)
        except Exception:
            values = []
    frozen = tuple(values)

    def clean(text: str) -> str:
        if not text:
            return text
        if len(text) <= _CACHED_SCRUB_MAX:
            return _scrub_cached(text, frozen)
        return str(scrub(text, env_values=values))

    return clean


def _data(event: Event) -> dict[str, Any]:
    data = event.payload.get("data") if isinstance(event.payload, dict) else None
    return data if isinstance(data, dict) else {}


# The events the report reads beyond the wave spans; every other event only moves the spans.
ITEM_TYPES = frozenset(
    {
        "agent_usage",
        "review_verdict",
        "refusal",
        "decision_refused",
        "wave_retry",
        "block_answered",
        *CHECK_KINDS,
    }
)


class _Digest:
    """What the report needs from one execution's log, read up to ``seq``.

    The log is append-only, so a report rebuilt after every wave reads only the events
    appended since the last build; the events at and before ``seq`` are checked unchanged
    through the hash of the last one read (a rewritten log is read again from the start).
    """

    def __init__(self, execution_id: str) -> None:
        self.execution_id = execution_id
        self.seq = 0
        self.hash = ""
        self.last = 0
        self.opened: dict[str, int] = {}
        self.closed: list[tuple[int, int, str]] = []
        self.items: list[Event] = []

    def read(self, events: list[Event]) -> None:
        for ev in events:
            for change in ev.payload.get("changes", []) if isinstance(ev.payload, dict) else []:
                if change.get("table") != "waves":
                    continue
                if ev.type == "wave_started" and change.get("op") == "insert":
                    self.opened[str(change["row"]["id"])] = ev.seq
                elif change.get("op") == "update" and "ended_at" in change.get("values", {}):
                    wid = str(change.get("key", {}).get("id"))
                    if wid in self.opened:
                        self.closed.append((self.opened.pop(wid), ev.seq, wid))
            if ev.type in ITEM_TYPES:
                self.items.append(ev)
        if events:
            self.seq, self.hash = events[-1].seq, events[-1].hash
            self.last = events[-1].seq

    def spans(self) -> list[tuple[int, int, str]]:
        """(first seq, last seq, wave id) of every wave, from its start and end events."""
        return self.closed + [(start, self.last, wid) for wid, start in self.opened.items()]


_DIGESTS: WeakKeyDictionary[StateStore, _Digest] = WeakKeyDictionary()


def _digest(store: StateStore, execution_id: str) -> tuple[list[tuple[int, int, str]], list[Event]]:
    """The wave spans and the events of :data:`ITEM_TYPES` of ``execution_id``, in log order.

    Kept per open store between builds and brought up to date with the events appended since.
    """
    digest = _DIGESTS.get(store)
    if digest is not None and digest.execution_id == execution_id and digest.seq:
        at = store.events(since=digest.seq - 1, limit=1)
        if not at or at[0].seq != digest.seq or at[0].hash != digest.hash:
            digest = None
    if digest is None or digest.execution_id != execution_id:
        digest = _Digest(execution_id)
    digest.read(store.events(execution_id=execution_id, since=digest.seq))
    _DIGESTS[store] = digest
    return digest.spans(), digest.items


def _wave_at(spans: list[tuple[int, int, str]], seq: int) -> str | None:
    for start, end, wid in spans:
        if start <= seq <= end:
            return wid
    return None


def _int(value: Any) -> int:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


def build(
    store: StateStore,
    *,
    backend_label: str = "",
    mode: str = "default",
    integrity: list[IntegrityFinding] | None = None,
) -> RunReport:
    """The model of the store's current execution.

    ``integrity`` is what an integrity check already found (the wave loop passes its
    incremental check, see :class:`ondas.state.incremental.Checkpoint`); without it the full
    verify runs, as for the final report and every report built outside the loop.
    """
    from ondas.audit import blocks as blocks_mod
    from ondas.audit import decisions as decisions_mod
    from ondas.audit import waves as waves_mod
    from ondas.state.execution import get_execution

    ex = get_execution(store)
    project = Path(ex.project_path)
    clean = cleaner_for(project)
    spans, events = _digest(store, ex.id)
    commits = gitinfo.wave_commits(project)

    usage: dict[str | None, dict[str, float]] = {}
    for ev in events:
        if ev.type != "agent_usage":
            continue
        d = _data(ev)
        slot = usage.setdefault(_wave_at(spans, ev.seq), {"runs": 0, "in": 0, "out": 0})
        slot["runs"] += 1
        slot["in"] += _int(d.get("tokens_in"))
        slot["out"] += _int(d.get("tokens_out"))
    costs = {
        str(r["wave_id"]): float(r["cost_usd"])
        for r in store.all(
            "SELECT wave_id, cost_usd FROM wave_costs WHERE execution_id = ?", (ex.id,)
        )
    }
    decision_rows = decisions_mod.list_decisions(store)
    routing_ids = {
        str(r["decision_id"])
        for r in store.all(
            "SELECT decision_id FROM wave_models WHERE execution_id = ? AND decision_id IS NOT "
            "NULL",
            (ex.id,),
        )
    }
    per_wave_decisions: dict[str | None, int] = {}
    for dec in decision_rows:
        per_wave_decisions[dec.wave_id] = per_wave_decisions.get(dec.wave_id, 0) + 1

    waves: list[WaveRow] = []
    wave_records = waves_mod.list_waves(store)
    for w in wave_records:
        u = usage.get(w.id, {})
        c = commits.get(w.id)
        stat = c.stat([p for p in c.numstat if not p.startswith(".ondas/")]) if c else (0, 0, 0)
        waves.append(
            WaveRow(
                id=w.id,
                number=w.number,
                stage=w.start_stage or "",
                reason=w.reason,
                seconds=w.wallclock_seconds,
                tool_calls=w.tool_calls,
                decisions=per_wave_decisions.get(w.id, 0),
                agent_runs=int(u.get("runs", 0)),
                tokens_in=int(u.get("in", 0)),
                tokens_out=int(u.get("out", 0)),
                cost_usd=costs.get(w.id, 0.0),
                commit=c.short if c else None,
                files_changed=stat[0],
                lines_added=stat[1],
                lines_deleted=stat[2],
            )
        )
    stage_costs: dict[str, StageRow] = {}
    for wr in waves:
        srow = stage_costs.setdefault(wr.stage, StageRow(wr.stage, 0, 0.0, 0, 0, 0.0))
        srow.waves += 1
        srow.seconds += wr.seconds or 0.0
        srow.tokens_in += wr.tokens_in
        srow.tokens_out += wr.tokens_out
        srow.cost_usd += wr.cost_usd

    tasks = _tasks(store, ex.id, commits, clean)
    decisions = [_decision(d, clean) for d in decision_rows if d.id not in routing_ids]
    routing = [_decision(d, clean) for d in decision_rows if d.id in routing_ids]
    actors = {
        str(_data(ev).get("block_id")): _data(ev).get("actor")
        for ev in events
        if ev.type == "block_answered"
    }
    blocks = [
        BlockItem(
            id=b.id,
            question=clean(b.question),
            options=[clean(o) for o in b.options or []],
            context=clean(b.context_for_answer or ""),
            status=b.status,
            answer=clean(b.answer) if b.answer is not None else None,
            severity=b.severity,
            wave_id=b.wave_id,
            answered_by=(
                blocks_mod.answered_by(actors.get(b.id)) if b.status == "answered" else None
            ),
        )
        for b in blocks_mod.list_blocks(store)
    ]
    reviews, refusals, retries = _event_items(events, spans, clean)
    verification = _verification(store, project, tasks, commits, integrity)
    metrics = dict(ex.metrics)
    totals = Totals(
        waves=len(waves),
        tasks=len(tasks),
        decisions=len(decision_rows),
        decisions_in_waves=sum(1 for d in decision_rows if d.wave_id is not None),
        routing_decisions=len(routing),
        blocks=len(blocks),
        blocks_awaiting=sum(1 for b in blocks if b.status == "awaiting"),
        reviews=len(reviews),
        refusals=len(refusals),
        retries=figures.retries(store, ex.id),
        tool_calls=sum(w.tool_calls for w in waves),
        agent_runs=sum(int(u["runs"]) for u in usage.values()),
        tokens_in=sum(int(u["in"]) for u in usage.values()),
        tokens_out=sum(int(u["out"]) for u in usage.values()),
        cost_usd=sum(costs.values()),
        seconds=sum(w.seconds or 0.0 for w in waves),
    )
    report = RunReport(
        execution_id=ex.id,
        project_name=ex.project_name,
        description=clean(ex.description),
        status=ex.status,
        termination_reason=clean(ex.termination_reason or "") or None,
        current_stage=ex.current_stage,
        next_instruction=clean(ex.next_instruction or "") or None,
        delivery_tier=ex.delivery_tier,
        started_at=ex.started_at,
        finished_at=ex.finished_at,
        backend_label=backend_label,
        attention=[],
        blocks=blocks,
        stages=_stages(ex, mode, wave_records),
        waves=waves,
        stage_costs=list(stage_costs.values()),
        tasks=tasks,
        decisions=decisions,
        routing=routing,
        reviews=reviews,
        refusals=refusals,
        retries=retries,
        verification=verification,
        totals=totals,
        lessons=[],
        metrics=metrics,
    )
    report.attention = attention(report)
    report.headline = headline(report)
    from ondas.report.howto import how_to_run, sandbox_state
    from ondas.report.lessons import lessons

    report.sandbox = sandbox_state(ex.extra)
    report.how_to_run = clean(how_to_run(project))

    report.lessons = [clean(line) for line in lessons(report)]
    body = pipeline_checks(store, ex.id, events)
    if body:
        report.sections.append(("Pipeline checks", clean(body)))
    return report


def _tasks(
    store: StateStore, execution_id: str, commits: dict[str, gitinfo.Commit], clean: Cleaner
) -> list[TaskItem]:
    rows = store.all(
        "SELECT * FROM tasks WHERE execution_id = ? ORDER BY recorded_at, task_id",
        (execution_id,),
    )
    out: list[TaskItem] = []
    for r in rows:
        keys = set(r.keys())
        try:
            files = [str(f) for f in json.loads(r["files"] or "[]")]
        except json.JSONDecodeError:
            files = []
        commit = commits.get(str(r["wave_id"])) if r["wave_id"] else None
        stat = commit.stat(files) if commit else (0, 0, 0)
        out.append(
            TaskItem(
                task_id=str(r["task_id"]),
                title=clean(str(r["title"])),
                outcome=str(r["outcome"]),
                tests_run=int(r["tests_run"]),
                tests_passed=int(r["tests_passed"]),
                lint_ok=None if r["lint_ok"] is None else bool(r["lint_ok"]),
                files=files,
                wave_id=r["wave_id"],
                commit=commit.short if commit else None,
                files_changed=stat[0],
                lines_added=stat[1],
                lines_deleted=stat[2],
                test_command=clean(str(r["test_command"]))
                if "test_command" in keys and r["test_command"]
                else None,
                test_exit_code=r["test_exit_code"] if "test_exit_code" in keys else None,
            )
        )
    return out


def _decision(d: Any, clean: Cleaner) -> DecisionItem:
    return DecisionItem(
        id=d.id,
        stage=d.stage,
        agent=d.agent,
        wave_id=d.wave_id,
        question=clean(d.context),
        options=[clean(o) for o in d.options],
        choice=clean(d.choice),
        rationale=clean(d.justification),
        score=d.score,
        evidence=clean(d.evidence) if d.evidence else None,
        class_=d.class_,
        axis=d.axis,
        invalidated=d.invalidated,
    )


def _event_items(
    events: list[Event], spans: list[tuple[int, int, str]], clean: Cleaner
) -> tuple[list[ReviewItem], list[RefusalItem], list[RetryItem]]:
    reviews: list[ReviewItem] = []
    refusals: list[RefusalItem] = []
    retries: list[RetryItem] = []
    for ev in events:
        d = _data(ev)
        wave = d.get("wave_id") if isinstance(d.get("wave_id"), str) else None
        wave = wave or _wave_at(spans, ev.seq)
        if ev.type == "review_verdict":
            findings = [
                Finding(str(f.get("severity") or "low"), clean(str(f.get("text") or "")))
                for f in d.get("findings") or []
                if isinstance(f, dict)
            ]
            reviews.append(
                ReviewItem(
                    ev.seq, str(d.get("stage") or ""), str(d.get("verdict") or ""), wave, findings
                )
            )
        elif ev.type == "refusal":
            refusals.append(
                RefusalItem(
                    ev.seq,
                    str(d.get("source") or ""),
                    str(d.get("rule") or ""),
                    str(d.get("tool") or ""),
                    clean(str(d.get("subject") or "")),
                    wave,
                )
            )
        elif ev.type == "decision_refused":
            raw = d.get("decision") if isinstance(d.get("decision"), dict) else {}
            assert isinstance(raw, dict)
            refusals.append(
                RefusalItem(
                    ev.seq,
                    "decision",
                    clean(ev.description or ""),
                    str(d.get("stage") or ""),
                    clean(str(raw.get("choice") or raw.get("context") or "")),
                    wave,
                )
            )
        elif ev.type == "wave_retry":
            found = d.get("findings") if isinstance(d.get("findings"), list) else []
            assert isinstance(found, list)
            retries.append(
                RetryItem(ev.seq, wave, clean(ev.description or ""), [clean(str(f)) for f in found])
            )
    return reviews, refusals, retries


def _verification(
    store: StateStore,
    project: Path,
    tasks: list[TaskItem],
    commits: dict[str, gitinfo.Commit],
    integrity: list[IntegrityFinding] | None,
) -> Verification:
    from ondas.state import verify as verify_mod
    from ondas.state.execution import get_execution

    ex = get_execution(store)
    found = verify_mod.verify(store).findings if integrity is None else integrity
    gates = [
        f"{r['wave_id']}: {r['skill']}"
        for r in store.all(
            "SELECT wave_id, skill FROM wave_skills WHERE execution_id = ? AND kind = 'gate' "
            "ORDER BY wave_id, position",
            (ex.id,),
        )
    ]
    head, upstream = gitinfo.branch(project)
    suite = figures.last_suite_run(store, ex.id)
    return Verification(
        tests_run=suite.tests_run if suite else 0,
        tests_passed=suite.tests_passed if suite else 0,
        suite_command=suite.command if suite else None,
        suite_ran=suite is not None,
        tasks_passed=sum(1 for t in tasks if t.outcome == "pass"),
        tasks_failed=sum(1 for t in tasks if t.outcome == "fail"),
        tasks_unverified=sum(1 for t in tasks if t.outcome == "unverified"),
        gates=gates,
        integrity_ok=not found,
        integrity_findings=[str(f) for f in found[:10]],
        wave_commits=figures.wave_commits(store, ex.id),
        head=(head or "")[:10] or None,
        pushed=(
            "local commits only; the branch tracks a remote, ondas never pushes"
            if upstream
            else "not pushed: local commits only (ondas never pushes)"
        ),
    )


def _stages(ex: Any, mode: str, wave_records: list[Any]) -> list[dict[str, Any]]:
    from ondas.orchestrator.context import layout_for
    from ondas.pipeline.artifacts import written_path
    from ondas.pipeline.stages import stages

    chain = stages(mode)
    feature = layout_for(ex).feature
    stage_waves: dict[str, list[str]] = {}
    for w in wave_records:
        stage_waves.setdefault(w.start_stage or "", []).append(w.id)
    current = chain.index(ex.current_stage) if ex.current_stage in chain else -1
    project = Path(ex.project_path)
    rows = []
    for i, stage in enumerate(chain):
        if ex.status == "completed" or i < current:
            state = "done"
        elif i == current:
            state = "current" if ex.status != "aborted" else "aborted here"
        else:
            state = "pending"
        artifact = written_path(stage, feature)
        rows.append(
            {
                "number": i + 1,
                "stage": stage,
                "state": state,
                "artifact": artifact,
                "present": bool(artifact) and (project / artifact).is_file(),
                "waves": stage_waves.get(stage, []),
            }
        )
    return rows


def last_verdicts(report: RunReport) -> dict[str, ReviewItem]:
    """The latest review verdict of each review stage."""
    last: dict[str, ReviewItem] = {}
    for r in report.reviews:
        last[r.stage] = r
    return last


def headline(report: RunReport) -> list[str]:
    """The opening verdict: verified and completed, or what is missing for that."""
    unverified = [t.task_id for t in report.tasks if t.outcome == "unverified"]
    failed = [t.task_id for t in report.tasks if t.outcome == "fail"]
    changes = [r for r in last_verdicts(report).values() if r.verdict == "CHANGES_REQUESTED"]
    if not report.tasks and not report.reviews and report.status != "in_progress":
        return [
            "**Not verified — this execution built nothing:** no task and no review was "
            f"recorded (status {report.status}). A planning execution's features each have "
            "their own report."
        ]
    if report.status == "completed" and not (unverified or failed or changes):
        return [
            "**Verified:** every task passed its tests, the whole suite was green and the "
            "last reviews approved."
        ]
    if report.status == "in_progress" and not (unverified or failed or changes):
        return ["**In progress:** nothing counts as delivered until the run completes."]
    lines = ["**Not verified — this run is not a finished delivery.**"]
    if unverified:
        lines.append(
            f"- {len(unverified)} task(s) UNVERIFIED (no test ran for them): "
            + ", ".join(unverified)
        )
    if failed:
        lines.append(f"- {len(failed)} task(s) FAILED their tests: " + ", ".join(failed))
    for r in changes:
        lines.append(
            f"- the last {r.stage} requested changes ({len(r.findings)} finding(s), see Reviews)"
        )
    if report.status != "completed":
        lines.append(f"- status is {report.status}, not completed")
    return lines


def attention(report: RunReport) -> list[Attention]:
    """What to review first: blocks, failures, requested changes, severe findings, refusals."""
    out: list[Attention] = []
    if not report.verification.integrity_ok:
        out.append(
            Attention(
                "integrity",
                "The state store fails its integrity check",
                "; ".join(report.verification.integrity_findings[:3]),
                "verification",
            )
        )
    for b in report.awaiting:
        opts = f" Options: {', '.join(b.options)}." if b.options else ""
        out.append(Attention("block", f"{b.id} awaits your answer", b.question + opts, b.id))
    if report.status == "aborted":
        out.append(
            Attention("aborted", "The run was aborted", report.termination_reason or "", "run")
        )
    for t in report.tasks:
        if t.outcome != "pass":
            out.append(
                Attention(
                    "task",
                    f"Task {t.task_id} is {t.outcome}",
                    f"{t.title} ({t.tests_passed}/{t.tests_run} tests)",
                    f"task-{t.task_id}",
                )
            )
    for r in report.reviews:
        if r.verdict != "APPROVED":
            out.append(
                Attention(
                    "review",
                    f"{r.stage} requested changes",
                    "; ".join(f.text for f in r.findings[:3]),
                    f"review-{r.seq}",
                )
            )
        for f in r.findings:
            if f.severity in SEVERE and r.verdict == "APPROVED":
                out.append(Attention("finding", f"{f.severity} finding", f.text, f"review-{r.seq}"))
    for d in report.decisions:
        auto = d.agent.endswith(":auto-answer")
        if d.class_ == "structural" and auto and not d.invalidated:
            out.append(
                Attention(
                    "decision",
                    f"Structural decision {d.id} ({d.axis or 'no axis'}) was auto-answered",
                    f"{d.question} -> {d.choice}",
                    f"decision-{d.id}",
                )
            )
    if report.refusals:
        out.append(
            Attention(
                "refusals",
                f"{len(report.refusals)} refused call(s) or decision(s)",
                "; ".join(sorted({f"{r.source}:{r.rule}" for r in report.refusals}))[:300],
                "refusals",
            )
        )
    return out
