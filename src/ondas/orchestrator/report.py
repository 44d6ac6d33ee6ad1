"""The partial report ``.ondas/report.md``, rewritten after every wave.

It opens with what is verified (and what is not), then lists every stage of the pipeline
with its state, the waves, the tasks with their test evidence, the review verdicts with their
findings, the decisions, the human blocks and the metrics, and names the backend that did the
work (a scripted run says so in its first lines). Secrets (the project's ``.env`` values
included) are scrubbed from the whole text before it is written.
"""

from __future__ import annotations

from pathlib import Path

from ondas.audit import blocks as blocks_mod
from ondas.audit import decisions as decisions_mod
from ondas.audit import tasks as tasks_mod
from ondas.audit import waves as waves_mod
from ondas.orchestrator import delivery
from ondas.orchestrator.context import layout_for
from ondas.pipeline.stages import stages
from ondas.state.execution import get_execution
from ondas.state.export import atomic_write
from ondas.state.store import Store

REPORT_NAME = "report.md"


def _cell(value: object) -> str:
    return str(value if value is not None else "").replace("|", "\\|").replace("\n", " ")


def render(store: Store, *, backend_label: str, mode: str = "default") -> str:
    """The report of the current execution as Markdown."""
    ex = get_execution(store)
    chain = stages(mode)
    project = Path(ex.project_path)
    waves = waves_mod.list_waves(store)
    stage_waves: dict[str, list[str]] = {}
    for w in waves:
        stage_waves.setdefault(w.start_stage or "", []).append(w.id)
    current = chain.index(ex.current_stage) if ex.current_stage in chain else -1
    paths = layout_for(ex).paths()
    artifact_of = {
        "briefing": paths["briefing"],
        "constitution": paths["constitution"],
        "specify": paths["spec"],
        "clarify": paths["spec"],
        "plan": paths["plan"],
        "checklist": paths["checklist"],
        "create-tasks": paths["tasks"],
        "execute-task": paths["tasks"],
        "converge": paths["checklist"],
        "review-task": paths["review"],
        "review-features": paths["features_review"],
    }
    out: list[str] = [
        f"# ondas report: {ex.project_name}",
        "",
        f"- Backend: **{backend_label}**",
        f"- Execution: `{ex.id}` — status **{ex.status}**"
        + (f" ({ex.termination_reason})" if ex.termination_reason else ""),
        f"- Current stage: `{ex.current_stage}`",
        f"- Delivery tier: {ex.delivery_tier}",
        f"- Description: {ex.description}",
    ]
    if ex.next_instruction:
        out.append(f"- Next: {ex.next_instruction}")
    tasks = tasks_mod.list_tasks(store)
    last = delivery.last_verdicts(store)
    out += ["", *_verification(ex.status, tasks, last)]
    out += [
        "",
        "## Stages",
        "",
        "| # | Stage | State | Artifact | Waves |",
        "|---|---|---|---|---|",
    ]
    for i, stage in enumerate(chain, start=1):
        if ex.status == "completed" or i - 1 < current:
            state = "done"
        elif i - 1 == current:
            state = "current" if ex.status != "aborted" else "aborted here"
        else:
            state = "pending"
        artifact = artifact_of.get(stage, "")
        present = " (present)" if artifact and (project / artifact).is_file() else ""
        out.append(
            f"| {i} | {stage} | {state} | `{artifact}`{present} | "
            f"{', '.join(stage_waves.get(stage, []))} |"
        )
    out += [
        "",
        "## Waves",
        "",
        "| Wave | Stages | Reason | Tool calls | Decisions | Seconds |",
        "|---|---|---|---|---|---|",
    ]
    for w in waves:
        seconds = f"{w.wallclock_seconds:.1f}" if w.wallclock_seconds is not None else "open"
        out.append(
            f"| {w.id} | {' -> '.join(w.stages)} | {_cell(w.reason or 'open')} | "
            f"{w.tool_calls} | {w.decisions or 0} | {seconds} |"
        )
    out += ["", "## Tasks", ""]
    if tasks:
        out += [
            "| Task | Title | Outcome | Tests run | Tests passed | Exit | Test command |",
            "|---|---|---|---|---|---|---|",
        ]
        for t in tasks:
            exit_code = "" if t.test_exit_code is None else t.test_exit_code
            command = f"`{_cell(t.test_command)}`" if t.test_command else "none"
            out.append(
                f"| {t.task_id} | {_cell(t.title)} | {t.outcome} | {t.tests_run} | "
                f"{t.tests_passed} | {exit_code} | {command} |"
            )
    else:
        out.append("No task recorded yet.")
    out += ["", "## Reviews", ""]
    all_verdicts = delivery.verdicts(store)
    if all_verdicts:
        for v in all_verdicts:
            verdict = str(v.get("verdict") or "unreadable").replace("_", " ")
            out.append(f"- {v.get('stage')} ({v.get('wave_id')}): **{verdict}**")
            for f in v.get("findings") or []:
                out.append(f"  - [{f.get('severity')}] {_cell(f.get('text'))}")
    else:
        out.append("No review verdict recorded yet.")
    decisions = decisions_mod.list_decisions(store)
    out += ["", "## Decisions", ""]
    if decisions:
        out += ["| Id | Stage | Class | Choice | Score |", "|---|---|---|---|---|"]
        for d in decisions:
            klass = d.class_ + (f" ({d.axis})" if d.axis else "")
            out.append(f"| {d.id} | {d.stage} | {klass} | {_cell(d.choice)} | {d.score} |")
    else:
        out.append("No decision recorded yet.")
    blocks = blocks_mod.list_blocks(store)
    out += ["", "## Human blocks", ""]
    if blocks:
        for b in blocks:
            answer = f" — answered: {b.answer}" if b.status == "answered" else " — **awaiting**"
            out.append(f"- `{b.id}`: {_cell(b.question)}{answer}")
    else:
        out.append("None.")
    out += ["", "## Metrics", ""]
    for name, value in sorted(ex.metrics.items()):
        shown = f"{value:.4f}" if name.endswith("usd") else f"{value:g}"
        out.append(f"- {name}: {shown}")
    if not ex.metrics:
        out.append("None yet.")
    return "\n".join(out) + "\n"


def _verification(
    status: str, tasks: list[tasks_mod.Task], last: dict[str, dict[str, object]]
) -> list[str]:
    """The report's opening verdict: verified and completed, or what is missing."""
    unverified = [t for t in tasks if t.outcome == "unverified"]
    failed = [t for t in tasks if t.outcome == "fail"]
    changes = [s for s, v in last.items() if v.get("verdict") == delivery.CHANGES_REQUESTED]
    lines: list[str] = []
    if status == "completed" and not unverified and not failed and not changes:
        lines.append(
            "**Verified:** every task passed its tests, the whole suite was green and the "
            "last reviews approved."
        )
        return lines
    if status == "in_progress" and not (unverified or failed or changes):
        lines.append("**In progress:** nothing counts as delivered until the run completes.")
        return lines
    lines.append("**Not verified — this run is not a finished delivery.**")
    if unverified:
        lines.append(
            f"- {len(unverified)} task(s) UNVERIFIED (no test ran for them): "
            + ", ".join(t.task_id for t in unverified)
        )
    if failed:
        lines.append(
            f"- {len(failed)} task(s) FAILED their tests: " + ", ".join(t.task_id for t in failed)
        )
    for stage in changes:
        count = len(last[stage].get("findings") or [])  # type: ignore[arg-type]
        lines.append(f"- the last {stage} requested changes ({count} finding(s), see Reviews)")
    if status != "completed":
        lines.append(f"- status is {status}, not completed")
    return lines


def project_env_values(project: Path) -> list[str]:
    """The values of the project's ``.env`` worth redacting (empty without one)."""
    from ondas.errors import UsageError
    from ondas.guards.secrets import load_env_values

    env_file = project / ".env"
    try:
        return list(load_env_values(env_file)) if env_file.is_file() else []
    except (OSError, UnicodeDecodeError, UsageError):
        return []


def write(store: Store, state_dir: Path, *, backend_label: str, mode: str = "default") -> Path:
    """Write the report (secrets scrubbed) into ``state_dir`` atomically; return its path."""
    from ondas.guards.secrets import scrub

    path = state_dir / REPORT_NAME
    text = render(store, backend_label=backend_label, mode=mode)
    clean = scrub(text, env_values=project_env_values(state_dir.parent))
    atomic_write(path, clean.encode())
    return path
