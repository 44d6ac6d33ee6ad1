"""``ondas run / resume / abort / status / demo``: the main job, driven by the wave loop."""

from __future__ import annotations

import sys
from pathlib import Path

from ondas.cli._common import JsonOption, emit_json, errors_to_exit, fail, usage
from ondas.cli.framework import Argument, Option
from ondas.errors import AwaitingHuman, LimitAbort, OndasError

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.orchestrator.progress import Progress

BACKEND_HELP = (
    "Agent backend: claude-code (Claude Code via claude-agent-sdk) or scripted (OFFLINE and "
    "DETERMINISTIC: plays a built-in script, no model is called; for demos and tests). "
    "Plugins add more through the 'ondas.backends' entry-point group."
)
ProjectArg = Argument(None, help="Target project directory (default: the current one).")


def _project(project: Path | None) -> Path:
    target = (project or Path.cwd()).resolve()
    if project is not None and not target.is_dir():
        usage(f"project {project} is not a directory")
    return target


def _progress(as_json: bool) -> Progress:
    from ondas.orchestrator.progress import JsonLines, RichProgress

    return JsonLines() if as_json else RichProgress()


def _finish(result: dict[str, object], as_json: bool, pending: list[str] | None = None) -> None:
    """Print the outcome; awaiting a human exits 5, an abort exits 3."""
    from ondas.orchestrator.progress import JsonLines

    status = result.get("status")
    if as_json:
        JsonLines().emit("result", **result)
    else:
        print(
            f"{status}: stage {result.get('current_stage')} after {result.get('waves_run')} "
            f"wave(s) ({result.get('stopped_by')}). Report: {result.get('report')}",
            file=sys.stderr,
        )
        for line in pending or []:
            print(f"  awaiting: {line}", file=sys.stderr)
    if status == "awaiting_human":
        fail(AwaitingHuman("awaiting a human answer: ondas resume --answer TEXT [--block ID]"))
    if status == "aborted":
        fail(LimitAbort(f"the execution was aborted; report: {result.get('report')}"))


def _pending(project: Path) -> list[str]:
    from ondas.orchestrator.commands import describe_pending, open_project_store

    try:
        store = open_project_store(project)
    except OndasError:
        return []
    try:
        return describe_pending(store)
    finally:
        store.close()


def run_command(
    project: Path = ProjectArg,
    description: str = Option(..., "--description", help="What to build (at most 500 characters)."),
    stack: str = Option(None, "--stack", help="Suggested stack."),
    backend: str = Option("claude-code", "--backend", help=BACKEND_HELP),
    tier: str = Option(
        "cloud-public",
        "--tier",
        help="Delivery tier: local, internal-network, cloud-internal or cloud-public.",
    ),
    max_waves: int = Option(None, "--max-waves", help="Stop after this many waves."),
    wave_delay: float = Option(0.0, "--wave-delay", help="Seconds to wait between waves."),
    auto_answer: bool = Option(
        False,
        "--auto-answer",
        help="Answer human blocks raised by structural decisions with the recommended option.",
    ),
    test_command: str = Option(
        None, "--test-command", help="The project's test command (default: detected)."
    ),
    new: bool = Option(
        False, "--new", help="Start a new execution on a project whose last one is completed."
    ),
    no_sandbox: bool = Option(
        False,
        "--no-sandbox",
        help="Run the agent without Claude Code's OS sandbox (recorded as a decision; the "
        "bash guard then refuses programs it does not know).",
    ),
    aspects: str = Option(
        None,
        "--aspects",
        help="Key aspects of the product, 3-7 kebab-case words joined by commas "
        "(note-storage,note-listing,...): the purpose-drift abort measures waves against them. "
        "Default: the agent extracts them from the briefing.",
    ),
    as_json: bool = JsonOption,
) -> None:
    """Start an execution on PROJECT and run waves until done, blocked or --max-waves.

    Exit codes: 0 completed or stopped by --max-waves/Ctrl-C, 5 awaiting a human (also when
    the work is not verified: see docs/completed.md), 3 lock busy or aborted, 4 integrity
    failure, 2 bad input or backend not installed (nothing is created), 1 the project's last
    execution is completed (pass --new) or still active (use resume).
    """
    from ondas.orchestrator.commands import run

    target = _project(project)
    with errors_to_exit():
        result = run(
            target,
            description=description,
            stack=stack,
            backend=backend,
            tier=tier,
            max_waves=max_waves,
            wave_delay=wave_delay,
            auto_answer=auto_answer,
            test_command=test_command,
            progress=_progress(as_json),
            new=new,
            sandbox=not no_sandbox,
            aspects=aspects,
        )
    _finish(result.to_dict(), as_json, _pending(target))


def resume_command(
    project: Path = ProjectArg,
    answer: str = Option(None, "--answer", help="Answer the oldest pending block."),
    block: str = Option(None, "--block", help="Answer this block instead (with --answer)."),
    max_waves: int = Option(None, "--max-waves", help="Stop after this many waves."),
    wave_delay: float = Option(None, "--wave-delay", help="Seconds to wait between waves."),
    as_json: bool = JsonOption,
) -> None:
    """Continue an execution: lock, verify, take an answer, reconcile, run waves.

    Exit codes: 3 another process holds the lock, 4 the state was tampered with (a block is
    registered), 5 awaiting a human (the pending blocks are listed), 6 no or corrupt state.
    """
    from ondas.orchestrator.commands import resume

    target = _project(project)
    try:
        result = resume(
            target,
            answer=answer,
            block_id=block,
            max_waves=max_waves,
            wave_delay=wave_delay,
            progress=_progress(as_json),
        )
    except AwaitingHuman as err:
        if not as_json:
            for line in _pending(target):
                print(f"awaiting: {line}", file=sys.stderr)
        fail(err)
    except OndasError as err:
        fail(err)
    _finish(result.to_dict(), as_json, _pending(target))


def abort_command(
    project: Path = ProjectArg,
    reason: str = Option(..., "--reason", help="Why the execution ends."),
    as_json: bool = JsonOption,
) -> None:
    """End the execution as aborted (an open wave is closed; files are committed)."""
    from ondas.orchestrator.commands import abort

    with errors_to_exit():
        execution = abort(_project(project), reason=reason)
    if as_json:
        emit_json(execution)
    else:
        print(f"{execution['id']} aborted: {reason}")


def status_command(project: Path = ProjectArg, as_json: bool = JsonOption) -> None:
    """Show the execution's status, stage, waves, pending blocks, metrics and lock."""
    from ondas.orchestrator.settings import status

    with errors_to_exit():
        info = status(_project(project))
    if as_json:
        emit_json(info)
        return
    ex = info["execution"]
    waves = info["waves"]
    out = print
    out(f"{ex['id']} {ex['status']} · stage {ex['current_stage']}")
    out(f"backend: {info['backend']} · waves: {waves['waves']}")
    if ex.get("next_instruction"):
        out(f"next: {ex['next_instruction']}")
    for block in info["pending_blocks"]:
        out(f"awaiting {block['id']}: {block['question']}")
    checked = info["verification"]
    tasks = ", ".join(f"{n} {name}" for name, n in checked["tasks"].items())
    reviews = ", ".join(f"{stage} {v}" for stage, v in checked["reviews"].items()) or "none yet"
    out(f"tasks: {tasks} · reviews: {reviews}")
    metrics = ex.get("metrics") or {}
    if metrics:
        out("metrics: " + ", ".join(f"{k}={v:g}" for k, v in sorted(metrics.items())))
    lock = info["lock"]
    if lock.get("held"):
        stale = f" (stale: {lock.get('why_stale')})" if lock.get("stale") else ""
        out(f"lock: pid {lock['pid']} on {lock['host']}{stale}")
    out(f"report: {info['report']}")


def demo_command(
    directory: Path = Option(
        None, "--dir", help="Build the sample project here (default: a new temporary directory)."
    ),
    auto_answer: bool = Option(
        True,
        "--auto-answer/--no-auto-answer",
        help="Answer the demo's human block with the recommended option and resume.",
    ),
    sovai: bool = Option(
        False,
        "--sovai",
        help="Demo 'ondas sovai' instead: build a scripted plan (parallel tasks, worktrees, a "
        "diagnosis, a blocker) and push it to a local bare remote's feature branch.",
    ),
    as_json: bool = JsonOption,
) -> None:
    """Run the whole pipeline offline on a sample project with the SCRIPTED backend.

    No model is called: the scripted backend plays a built-in script that builds a tiny notes
    CLI through every stage, stops once for a human (a persistence question at clarify),
    answers it and resumes. Ends by printing where the report is. With --sovai it runs the
    sovai build engine on a sample plan instead.
    """
    from ondas.orchestrator.commands import demo
    from ondas.orchestrator.progress import JsonLines

    if sovai:
        from ondas.cli.sovai_cmd import print_outcome
        from ondas.sovai import commands as sovai_commands

        with errors_to_exit():
            outcome = sovai_commands.demo(directory, progress=_progress(as_json))
        built = "built" if outcome.built else "not built"
        lines = [
            f"demo project: {Path(outcome.report).parent.parent}",
            f"sovai: {built} after {outcome.rounds} round(s), pushed to {outcome.branch}",
            *(f"  blocker: {title}" for title in outcome.blockers),
        ]
        print_outcome(outcome.to_dict(), lines, as_json)
        return

    with errors_to_exit():
        result = demo(directory, auto_answer=auto_answer, progress=_progress(as_json))
    if as_json:
        JsonLines().emit("result", **result.to_dict())
    else:
        print(f"demo project: {result.project}")
        print(f"status: {result.status}")
        print(f"report: {result.report}")
    if result.status == "awaiting_human":
        fail(AwaitingHuman(f"awaiting a human: cd {result.project} && ondas resume --answer TEXT"))
