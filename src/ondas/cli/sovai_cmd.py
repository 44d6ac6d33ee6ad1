"""``ondas sovai PLAN.md [PROJECT]``: build a plan end to end, unattended (decompose -> execute ->
review rounds, QA gate, commit and push to a feature branch)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ondas.cli._common import JsonOption, errors_to_exit, usage
from ondas.cli.framework import Argument, Option

if TYPE_CHECKING:
    from ondas.runtime.progress import Progress

BACKEND_HELP = (
    "Agent backend: claude-code (Claude Code via claude-agent-sdk) or scripted (OFFLINE and "
    "DETERMINISTIC: plays the plan's scripted sections, no model is called)."
)


def _progress(as_json: bool) -> Progress:
    from ondas.runtime.progress import JsonLines, Silent

    return JsonLines() if as_json else Silent()


def print_outcome(outcome: dict[str, Any], summary: list[str], as_json: bool) -> None:
    """The minimal terminal summary (status and blocker titles), or the JSON result."""
    if as_json:
        from ondas.runtime.progress import JsonLines

        JsonLines().emit("result", **outcome)
        return
    for line in summary:
        print(line)
    print(f"report: {outcome['html']}")
    if outcome["stopped_by"] != "done":
        print(f"stopped ({outcome['stopped_by']}); continue with: ondas resume", file=sys.stderr)
    elif outcome["status"] == "awaiting_human":
        from ondas.cli._common import fail
        from ondas.errors import AwaitingHuman

        fail(AwaitingHuman("not completed: ondas resume --answer TEXT [--block ID]"))


def _summary(project: Path) -> list[str]:
    from ondas.orchestrator.settings import open_project_store
    from ondas.sovai import report, state
    from ondas.state.execution import get_execution

    store = open_project_store(project)
    try:
        return report.summary(state.load(store, get_execution(store).id))
    finally:
        store.close()


def sovai_command(
    plan: Path = Argument(..., help="The plan to build (Markdown).", metavar="PLAN"),
    project: Path = Argument(None, help="Target project directory (default: the current one)."),
    max_rounds: int = Option(
        None, "--max-rounds", help="Safety cap on review rounds (default 5).", min=1, max=50
    ),
    severity_floor: str = Option(
        None,
        "--severity-floor",
        help="Gaps below this severity (P0..P3) are notes, not new rounds (default P1).",
    ),
    churn_threshold: int = Option(
        None,
        "--churn-threshold",
        help="Rounds in a row a task may come back before it is diagnosed (default 2).",
        min=1,
    ),
    parallel: int = Option(
        None, "--parallel", help="Executors running at once (default 4).", min=1, max=64
    ),
    backend: str = Option("claude-code", "--backend", help=BACKEND_HELP),
    test_command: str = Option(
        None, "--test-command", help="The project's test command (default: detected)."
    ),
    new: bool = Option(
        False, "--new", help="Start a new run on a project whose last execution is completed."
    ),
    as_json: bool = JsonOption,
) -> None:
    """Build PLAN in PROJECT end to end without a question: decisions noted, blockers skipped.

    Rounds of decompose -> execute (independent tasks in parallel) -> review until built or
    --max-rounds; then the QA gate, a docs update, a commit and a push to a feature branch
    (never the default branch, never forced). Prints the blocker titles; the full report is
    .ondas/sovai-report.html. Only a build that is built, tested green and passed QA is
    pushed; it is completed once no blocker waits for a person, else the run waits for an
    answer (ondas resume --answer). Exit codes: 0 completed or interrupted (continue with
    'ondas resume'), 1 refused (an execution is active or completed: --new), 2 bad input
    (nothing is created), 3 lock busy, 4 integrity failure, 5 not completed: blockers need a
    person (listed).
    """
    from ondas.app.sovai_run import run

    target = (project or Path.cwd()).resolve()
    if project is not None and not target.is_dir():
        usage(f"project {project} is not a directory")
    with errors_to_exit():
        outcome = run(
            plan,
            target,
            backend=backend,
            max_rounds=max_rounds,
            severity_floor=severity_floor,
            churn_threshold=churn_threshold,
            parallel=parallel,
            test_command=test_command,
            new=new,
            progress=_progress(as_json),
        )
        summary = _summary(target)
    print_outcome(outcome.to_dict(), summary, as_json)
