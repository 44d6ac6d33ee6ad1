"""The sovai report: five sections on the review surface, and the terminal summary.

Blockers (need you) first, then Done (verified tasks only), Decisions taken (one-line reason
each), Verification (what ran and its result, docs update, commit, push) and QA (checks and
what was not checked). It reuses the run model of :mod:`ondas.report` (tasks, decisions,
blocks and refusals from the same store, secrets scrubbed) and its page furniture: the same
style, keep/change/remove verdicts and feedback export, so ``ondas feedback import`` reads
its verdicts as it reads the pipeline report's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ondas.report.model import DecisionItem, RunReport, TaskItem, build, cleaner_for
from ondas.sovai.state import RunState
from ondas.state.store import Store

REPORT_MD = "sovai-report.md"
REPORT_HTML = "sovai-report.html"
SECTIONS = ("Blockers", "Done", "Decisions", "Verification", "QA")


@dataclass
class SovaiReport:
    """What the sovai report shows."""

    base: RunReport
    plan: str
    rounds: int
    built: bool
    blockers: list[dict[str, str]]
    done: list[TaskItem]
    unverified: list[TaskItem]
    not_done: list[dict[str, str]]
    decisions: list[DecisionItem]
    verification: list[str]
    qa: dict[str, Any] | None
    notes: list[dict[str, str]] = field(default_factory=list)

    def items(self) -> list[str]:
        """Every key a verdict can name."""
        return [t.item for t in self.done] + [d.item for d in self.decisions]


def build_report(store: Store, state: RunState, *, plan: str, backend_label: str) -> SovaiReport:
    """The model of the current sovai execution."""
    base = build(store, backend_label=backend_label)
    clean = cleaner_for(Path(base_project(store)))
    done_ids = {t.id for t in state.tasks.values() if t.status == "done"}
    done = [t for t in base.tasks if t.task_id in done_ids and t.outcome == "pass"]
    unverified = [t for t in base.tasks if t.task_id in done_ids and t.outcome != "pass"]
    not_done = [
        {"id": t.id, "desc": clean(t.desc), "note": clean(t.note)}
        for t in state.tasks.values()
        if t.status != "done"
    ]
    blockers = [
        {"what": clean(b["what"]), "why": clean(b["why"]), "block": b.get("block", "")}
        for b in state.blockers
    ]
    noted = {b["block"] for b in blockers}
    blockers = [
        *(
            {"what": clean(b.question), "why": clean(b.context or ""), "block": b.id}
            for b in base.awaiting
            if b.id not in noted
        ),
        *blockers,
    ]
    return SovaiReport(
        base=base,
        plan=plan,
        rounds=state.round,
        built=state.built,
        blockers=blockers,
        done=done,
        unverified=unverified,
        not_done=not_done,
        decisions=base.decisions,
        verification=[clean(line) for line in verification_lines(state, base)],
        qa=state.qa,
        notes=[{k: clean(str(v)) for k, v in n.items()} for n in state.notes],
    )


def base_project(store: Store) -> str:
    """The project path of the current execution."""
    from ondas.state.execution import get_execution

    return get_execution(store).project_path


def verification_lines(state: RunState, base: RunReport) -> list[str]:
    """What ran and its result, round by round, then docs, commit and push."""
    lines = []
    for review in state.reviews:
        gaps = len(review.get("gaps", []))
        lines.append(
            f"round {review['round']} {review['kind']}: complete={review['complete']}, "
            f"cohesive={review['cohesive']}, {gaps} gap(s) at or above the floor, "
            f"{len(review.get('missing', []))} missing task(s)"
        )
    for run in state.tests:
        if run.get("command") is None:
            lines.append(f"round {run['round']} tests: no test command (not verified)")
        else:
            lines.append(
                f"round {run['round']} tests: {run['command']} -> exit {run.get('exit_code')}, "
                f"{run.get('tests_passed')}/{run.get('tests_run')} passed"
            )
    for task_id, diagnosis in sorted(state.diagnoses.items()):
        lines.append(
            f"diagnosis of {task_id} (round {diagnosis['round']}): {diagnosis['rootCause']}"
        )
    for drifted in state.drift:
        lines.append(
            f"round {drifted['round']} plan drift of {drifted['tasks']}: reverted "
            + ", ".join(drifted["paths"])
        )
    for fix in state.qa_fixes:
        lines.append(
            f"QA fix attempt {fix['attempt']} ({', '.join(fix['checks'])}): {fix['status']}"
            + (f" — commit {fix['commit']}" if fix.get("commit") else " — no change")
        )
    docs = state.persistence.get("docs")
    if docs:
        files = ", ".join(docs.get("files", [])) or "no file"
        lines.append(f"docs update: {docs.get('summary', '')} ({files})")
    else:
        lines.append("docs update: not run")
    generated = state.persistence.get("project_docs")
    if generated:
        lines.append(f"project docs regenerated: {', '.join(generated)}")
    commit = state.persistence.get("commit")
    lines.append(
        f"commit: {commit} ({state.persistence.get('message', '')}) on {state.branch}"
        if commit
        else "commit: none"
    )
    push = state.persistence.get("push")
    if push:
        lines.append(f"push: {push['status']} — {push['detail']}")
    else:
        lines.append("push: not attempted")
    lines.append(f"audit chain: {'intact' if base.verification.integrity_ok else 'BROKEN'}")
    return lines


def write(
    store: Store, state: RunState, state_dir: Path, *, plan: str, backend_label: str
) -> tuple[Path, Path]:
    """Write ``sovai-report.md`` and ``sovai-report.html`` atomically; return both paths."""
    from ondas.report import render
    from ondas.state.export import atomic_write

    report = build_report(store, state, plan=plan, backend_label=backend_label)
    md = state_dir / REPORT_MD
    page = state_dir / REPORT_HTML
    atomic_write(md, render.page("sovai.md.j2", autoescape=False, r=report, b=report.base).encode())
    atomic_write(
        page, render.page("sovai.html.j2", autoescape=True, r=report, b=report.base).encode()
    )
    return md, page


def summary(state: RunState) -> list[str]:
    """The minimal terminal summary: one status line and the blocker titles only."""
    done = sum(1 for t in state.tasks.values() if t.status == "done")
    status = "built" if state.built else (state.stopped_by or "not built")
    lines = [f"sovai: {status} after {state.round} round(s); {done}/{len(state.tasks)} task(s)"]
    lines += [f"  not completed: {gap}" for gap in state.verified()]
    lines += [f"  blocker: {title}" for title in state.blocker_titles()]
    return lines
