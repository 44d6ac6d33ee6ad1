"""Quality gates by delivery tier: documentation validation and a security review.

After a stage completes, the gates its row of the stage table
(:data:`ondas.pipeline.stages.STAGES`) lists run, each in the mode ``ondas tier gate-mode``
gives for the execution's tier (:func:`ondas.limits.tier.gate_mode`):

- ``docs`` (after briefing, constitution, specify, plan, checklist, review-features) —
  ``light``: links and sections of the stage's artifact; ``full``: links,
  sections and rendering of the artifact and of every Markdown file under ``docs/``.
- ``security`` (after plan, on the design, and after review-task, on the code) — ``light``: a
  secret scan of the project's files; ``full``: the secret scan plus an agent review against
  an OWASP Top 10 checklist (role ``security-review``, JSON validated by code).
- ``facts`` (after ``specify`` and ``plan``) — the fact check of :mod:`ondas.pipeline.facts`:
  every external identifier of the artifact (endpoint, URL, payload field, flag, library
  function, pinned version) that neither the repository nor an observed tool output backs is
  a finding; ``light``: a warning in the report; ``full``: a critical finding (score 0) that
  blocks. The matrix has ``light`` only at ``local``.
- ``delta`` (after ``review-features``, once the review approved) — the delta gate of
  :mod:`ondas.orchestrator.delta_gate`: a requirement the living spec holds that the spec
  dropped is critical in ``full``, a warning in ``light``; when it does not block, the feature
  is archived and the living spec updated.
- ``skip``: nothing runs; the skip is recorded.

Every run is an audited ``gate_run`` event and every finding a ``gate_finding`` event (the
report lists them). A critical finding opens a human block and the stage does not advance;
answering ``accept-risk`` lets the same gate pass with its findings recorded, any other
answer runs the stage and its gate again. At the cloud tiers a ``high`` security finding
blocks as well (:data:`HIGH_BLOCKS_AT`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ondas import git as rgit
from ondas.audit import blocks as blocks_mod
from ondas.audit import events as events_mod
from ondas.limits import tier as tier_mod
from ondas.orchestrator import delta_gate, wavecommit
from ondas.orchestrator.context import layout_for, stage_context
from ondas.orchestrator.stage import StageEnv
from ondas.pipeline import docs_check, facts
from ondas.pipeline.findings import Finding
from ondas.pipeline.stages import STAGES
from ondas.runtime import gitops
from ondas.state.execution import get_execution
from ondas.state.store import Store

ACCEPT_RISK = "accept-risk"
OPTIONS = ("fixed", ACCEPT_RISK)
ROLE = "security-review"
HIGH_BLOCKS_AT = frozenset({"cloud-internal", "cloud-public"})
"""Tiers where a ``high`` security finding blocks like a critical one."""
REVIEWED = {"plan": "plan"}
"""Stages whose security review reads their artifact (the design) rather than the code."""
MAX_FILES = 2000
MAX_BYTES = 1_000_000
MAX_FINDING_EVENTS = 20
SKIP_DIRS = (".ondas/", ".git/", ".claude/", ".venv/", "node_modules/")
OWASP: tuple[dict[str, str], ...] = (
    {"id": "A01", "name": "Broken Access Control", "question": "can a user act beyond rights?"},
    {"id": "A02", "name": "Cryptographic Failures", "question": "is sensitive data protected?"},
    {"id": "A03", "name": "Injection", "question": "does input reach a shell, SQL or template?"},
    {"id": "A04", "name": "Insecure Design", "question": "are abuse cases designed out?"},
    {"id": "A05", "name": "Security Misconfiguration", "question": "unsafe defaults, debug?"},
    {"id": "A06", "name": "Vulnerable Components", "question": "outdated or unpinned deps?"},
    {"id": "A07", "name": "Authentication Failures", "question": "weak login or sessions?"},
    {"id": "A08", "name": "Integrity Failures", "question": "unsigned updates, unsafe load?"},
    {"id": "A09", "name": "Logging Failures", "question": "are security events observable?"},
    {"id": "A10", "name": "Server-Side Request Forgery", "question": "are fetched URLs checked?"},
)
SEVERITY_OF = {"critical": "critical", "high": "error", "medium": "warning", "low": "warning"}
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "checked": {"type": "array", "items": {"type": "string"}},
        "findings": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "item": {"type": "string"},
                    "severity": {"type": "string", "enum": list(SEVERITY_OF)},
                    "file": {"type": "string"},
                    "detail": {"type": "string"},
                },
                "required": ["item", "severity", "detail"],
            },
        },
    },
    "required": ["checked", "findings"],
}


@dataclass
class GateOutcome:
    """What the gates after one stage did."""

    blocks: list[str] = field(default_factory=list)
    transport_error: str | None = None


def review_problems(answer: dict[str, Any]) -> list[str]:
    """Everything wrong with a security-review answer."""
    ids = [item["id"] for item in OWASP]
    checked = answer.get("checked")
    found: list[str] = []
    if not isinstance(checked, list):
        found.append('"checked" must list the checklist ids')
    else:
        missing = [i for i in ids if i not in checked]
        if missing:
            found.append(f"checklist items not checked: {', '.join(missing)}")
    findings = answer.get("findings")
    if not isinstance(findings, list):
        return [*found, '"findings" must be a list (empty when nothing was found)']
    for n, item in enumerate(findings, 1):
        if not isinstance(item, dict):
            found.append(f"finding {n} is not an object")
            continue
        if item.get("item") not in ids:
            found.append(f"finding {n}: item must be one of {', '.join(ids)}")
        if item.get("severity") not in SEVERITY_OF:
            found.append(f"finding {n}: severity must be one of {', '.join(SEVERITY_OF)}")
        if not str(item.get("detail") or "").strip():
            found.append(f"finding {n}: detail is required")
    return found


def _ls_files(project: Path, *args: str) -> set[str]:
    proc = rgit.run_bytes(project, "ls-files", "-z", *args)
    if proc.returncode != 0:
        return set()
    return {n for n in proc.stdout.decode("utf-8", errors="replace").split("\0") if n}


def _env_file(name: str) -> bool:
    base = name.rsplit("/", 1)[-1]
    return base == ".env" or base.startswith(".env.")


def project_files(project: Path) -> list[Path]:
    """The project's tracked and untracked (not ignored) files, ondas' own left out.

    An untracked ``.env`` is where secrets belong and is left out; a tracked one is scanned.
    """
    tracked = _ls_files(project)
    untracked = {n for n in _ls_files(project, "-o", "--exclude-standard") if not _env_file(n)}
    names = sorted(tracked | untracked)
    return [project / n for n in names if not n.startswith(SKIP_DIRS)][:MAX_FILES]


def secret_scan(project: Path) -> list[Finding]:
    """A critical finding per file holding a secret (the kind is named, never the value)."""
    from ondas.guards.secrets import find_secrets

    found: list[Finding] = []
    for path in project_files(project):
        try:
            if not path.is_file() or path.stat().st_size > MAX_BYTES:
                continue
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        kinds = sorted({f.kind for f in find_secrets(text)})
        if kinds:
            rel = path.relative_to(project)
            found.append(
                Finding(
                    "critical", "security.secret", f"{rel}: secret in the code ({', '.join(kinds)})"
                )
            )
    return found


def _docs_files(project: Path, artifact: str, mode: str) -> list[Path]:
    files = [project / artifact]
    if mode == "full":
        docs = project / "docs"
        extra = sorted(docs.rglob("*.md")) if docs.is_dir() else []
        files += [p for p in extra if p != project / artifact][:MAX_FILES]
    return [p for p in files if p.is_file()]


def _security_review(store: Store, env: StageEnv, stage: str) -> tuple[list[Finding], str | None]:
    from ondas.orchestrator import roles

    ctx = {
        **stage_context(get_execution(store), stage),
        "checklist": list(OWASP),
        "reviewed": REVIEWED.get(stage, "code"),
    }
    got = roles.ask(store, env, ROLE, ctx, review_problems, SCHEMA)
    if got.transport_error:
        return [], got.transport_error
    if not got.ok:
        return [Finding("error", "security.review-invalid", "; ".join(got.problems[:3]))], None
    out: list[Finding] = []
    for item in got.answer.get("findings") or []:
        where = f"{item.get('file')}: " if item.get("file") else ""
        out.append(
            Finding(
                SEVERITY_OF[str(item["severity"])],
                f"security.{item['item']}",
                f"{where}{item['detail']}",
            )
        )
    return out, None


def written_by_run(store: Store, project: Path, execution_id: str) -> set[str]:
    """Project files the execution's waves changed: changed since the first wave's base
    commit and not already dirty (the person's) when it started."""
    first = store.one(
        "SELECT id FROM waves WHERE execution_id = ? ORDER BY number LIMIT 1", (execution_id,)
    )
    record = None if first is None else wavecommit.load(store, execution_id, str(first["id"]))
    if record is None:
        return set()
    before = set(record.get("dirty") or [])
    return set(gitops.changed_paths(project, record.get("base"))) - before


def fact_check(store: Store, env: StageEnv, stage: str, mode: str) -> list[Finding]:
    """The fact check of ``stage``'s artifact, recorded as a ``fact_check`` event.

    Sources are the project's files (ondas' artifacts left out: an invented identifier
    repeated in the next artifact must not back itself) and the run's observed tool outputs.
    """
    ex = get_execution(store)
    layout = layout_for(ex)
    rel = layout.written(stage)
    try:
        text = (env.project / rel).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    skipped = set(layout.artifact_files()) | written_by_run(store, env.project, ex.id)
    files = [
        p
        for p in project_files(env.project)
        if p.relative_to(env.project).as_posix() not in skipped
        and not p.relative_to(env.project).as_posix().startswith("docs/specs/")
    ]
    repo = facts.repository_sources(files, env.project, max_bytes=MAX_BYTES)
    observed = [
        (label, output)
        for label, tool, output in events_mod.observed_sources(store, ex.id)
        if facts.observed_backs(tool, output, env.project)
    ]
    top = [p.name for p in env.project.iterdir() if not p.name.startswith(".")]
    own = facts.own_names([text, *(t for _, t in repo)], ex.project_name, top)
    found = facts.extract(text, own)
    checked = facts.check(found[: facts.MAX_IDENTIFIERS], [*repo, *observed])
    unbacked = [c for c in checked if c.backed_by is None]
    events_mod.add_event(
        store,
        "fact_check",
        f"{rel}: {len(found)} external identifier(s), {len(unbacked)} not backed",
        data={
            "stage": stage,
            "artifact": rel,
            "mode": mode,
            "identifiers": len(found),
            "unbacked": len(unbacked),
            "checked": [c.to_dict() for c in checked[: MAX_FINDING_EVENTS * 2]],
        },
    )
    severity = "critical" if mode == "full" else "warning"
    return [
        Finding(
            severity,
            f"facts.{c.identifier.kind}",
            f"{rel}:{c.identifier.line}: {c.identifier.kind} {c.identifier.text} is backed by "
            "neither the repository nor an observed tool output (score 0)",
        )
        for c in unbacked
    ]


def _accepted(store: Store, subject: str) -> str | None:
    for block in blocks_mod.list_blocks(store, status="answered"):
        if block.subject_key == subject and (block.answer or "").strip().lower() == ACCEPT_RISK:
            return block.id
    return None


def blocks(finding: Finding, gate: str, tier: str) -> bool:
    """True when ``finding`` holds the stage: a critical always; a security reviewer's
    ``high`` (recorded as ``error``) at the cloud tiers too."""
    if finding.severity == "critical":
        return True
    reviewer = gate == "security" and finding.rule.startswith("security.A")
    return reviewer and finding.severity == "error" and tier in HIGH_BLOCKS_AT


def run_gate(store: Store, env: StageEnv, stage: str, gate: str, row: str) -> GateOutcome:
    """Run one gate after ``stage`` in the tier's mode; record it; block on a critical."""
    ex = get_execution(store)
    tier = tier_mod.get_tier(store)
    mode = tier_mod.gate_mode(tier, row)
    out = GateOutcome()
    findings: list[Finding] = []
    if mode != "skip":
        if gate == "docs":
            rel = layout_for(ex).written(stage)
            findings = docs_check.validate(
                _docs_files(env.project, rel, mode), env.project, mode=mode
            )
        elif gate == "facts":
            findings = fact_check(store, env, stage, mode)
        elif gate == "delta":
            findings = delta_gate.findings(store, env.project, mode)
        else:
            findings = secret_scan(env.project)
            if mode == "full":
                reviewed, out.transport_error = _security_review(store, env, stage)
                if out.transport_error:
                    return out
                findings += reviewed
    critical = [f for f in findings if f.severity == "critical"]
    blocking = [f for f in findings if blocks(f, gate, tier)]
    subject = f"gate:{gate}:{stage}"
    accepted = _accepted(store, subject) if blocking else None
    blocked = bool(blocking) and accepted is None
    if gate == "delta" and mode != "skip" and not blocked:
        archived = delta_gate.archive(store, env.project)
        if archived is not None:
            env.progress.emit("note", message=f"living spec updated; archived to {archived}")
    events_mod.add_event(
        store,
        "gate_run",
        f"{gate} after {stage} ({mode}): {len(findings)} finding(s), {len(critical)} critical",
        data={
            "gate": gate,
            "stage": stage,
            "mode": mode,
            "tier": tier,
            "findings": len(findings),
            "critical": len(critical),
            "blocking": len(blocking),
            "blocked": blocked,
            "accepted_by": accepted,
        },
    )
    for f in findings[:MAX_FINDING_EVENTS]:
        events_mod.add_event(
            store,
            "gate_finding",
            f.line()[:200],
            data={"gate": gate, "stage": stage, **f.to_dict()},
        )
    if findings:
        env.progress.emit(
            "note",
            message=f"{gate} gate ({mode}): {len(findings)} finding(s), {len(critical)} critical",
        )
    if blocked:
        block_id = blocks_mod.register_block(
            store,
            question=(
                f"The {gate} gate after {stage} ({mode}, tier {tier}) found {len(blocking)} "
                f"blocking finding(s): {blocking[0].detail}. Fix them and answer fixed (the "
                "stage and its gate run again), or answer accept-risk to go on with them recorded."
            ),
            context_for_answer="; ".join(f.detail for f in blocking[:5]),
            options=list(OPTIONS),
            subject_key=subject,
        )
        env.progress.emit("block", message=f"{block_id}: {gate} gate: {blocking[0].detail}")
        out.blocks.append(block_id)
    return out


def run_after(store: Store, env: StageEnv, stage: str) -> GateOutcome:
    """Every gate listed for ``stage`` (none for most stages)."""
    total = GateOutcome()
    for gate, row in STAGES[stage].gates:
        one = run_gate(store, env, stage, gate, row)
        total.blocks += one.blocks
        if one.transport_error:
            total.transport_error = one.transport_error
            break
    return total
