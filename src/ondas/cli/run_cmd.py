"""``ondas run / resume / abort / demo / output``: the main job, driven by the wave loop."""

from __future__ import annotations

import os
import sys

from ondas.cli._common import JsonOption, ProjectArg, emit_json, errors_to_exit, fail, usage
from ondas.cli.framework import Option
from ondas.errors import AwaitingHuman, LimitAbort, OndasError, UsageError

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any

    from ondas.runtime.progress import Progress
    from ondas.state.store import Store

BACKEND_HELP = (
    "Agent backend: claude-code (Claude Code via claude-agent-sdk) or scripted (OFFLINE and "
    "DETERMINISTIC: plays a built-in script, no model is called; for demos and tests). "
    "Plugins add more through the 'ondas.backends' entry-point group."
)


def _path(*parts: str | Path) -> Path:
    """``Path(*parts)``; pathlib is imported where a command needs it (not by ``status``)."""
    from pathlib import Path

    return Path(*parts)


def _project(project: Path | None) -> Path:
    """PROJECT (default: the current directory), or the repository it is inside, as git finds
    it: a subdirectory of a repository is not made a repository of its own."""
    from ondas.pathtext import project_root

    target = (project or _path(os.getcwd())).resolve()
    if project is not None and not target.is_dir():
        usage(f"project {project} is not a directory")
    return _path(project_root(str(target)))


def _progress(as_json: bool) -> Progress:
    from ondas.runtime.progress import JsonLines, RichProgress

    return JsonLines() if as_json else RichProgress()


def _finish(result: dict[str, object], as_json: bool, pending: list[str] | None = None) -> None:
    """Print the outcome; awaiting a human exits 5, an abort exits 3."""
    from ondas.runtime.progress import JsonLines

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
    from ondas.app.run import describe_pending, open_project_store

    try:
        store = open_project_store(project)
    except OndasError:
        return []
    try:
        return describe_pending(store)
    finally:
        store.close()


def _pacing() -> Callable[[Store], float] | None:
    """A detached run's continuation delays (``None`` in the foreground)."""
    from ondas.app import detach

    if not detach.is_detached_child():
        return None
    with errors_to_exit():
        return detach.pacing()


def _feature_dir(project: Path, feature: str) -> Path:
    from ondas.orchestrator.features import feature_path

    with errors_to_exit():
        return feature_path(project, feature)


def _project_or_feature(
    project: Path | None, feature: str | None, *, needs_state: bool = False
) -> tuple[Path, str | None]:
    """PROJECT, or the current project when PROJECT names one of its features.

    With ``needs_state`` (a command that continues a run) a PROJECT that does not exist has
    no ondas state: exit 6, as for a directory without one."""
    if project is not None and feature is None and not project.is_dir():
        from ondas.orchestrator.features import SHORT_RE, feature_path

        name = str(project)
        cwd = _path(os.getcwd()).resolve()
        if SHORT_RE.match(name) and feature_path(cwd, name).is_dir():
            return cwd, name
        if needs_state and not project.exists():
            from ondas.errors import StateMissing

            fail(StateMissing(f"no ondas state in {project}: no such directory"))
    return _project(project), feature


def _check_run_args(
    description: str, tier: str | None, backend: str, feature: str | None, args: dict[str, Any]
) -> None:
    """What the background process would refuse at once, refused before it starts."""
    from ondas.agents import get_backend
    from ondas.app.run import (
        MAX_DESCRIPTION,
        check_backend,
        check_loop_args,
        check_text,
        runs_commands,
    )
    from ondas.orchestrator.features import check_short
    from ondas.state.execution import TIERS

    check_text(description=description, stack=args.get("stack"))
    check_text(test_command=args.get("test_command"), aspects=args.get("aspects"))
    check_loop_args(args.get("max_waves"), args.get("wave_delay"))

    if not description.strip() or len(description) > MAX_DESCRIPTION:
        raise UsageError(f"--description must have 1 to {MAX_DESCRIPTION} characters")
    if tier is not None and tier not in TIERS:
        raise UsageError(f"--tier must be one of {', '.join(TIERS)}; got {tier!r}")
    if feature is not None:
        check_short(feature)
    be = get_backend(backend)
    check_backend(be)
    if runs_commands(be):
        from ondas.agents.api_probe import require_usable

        require_usable()


def _child_argv(
    command: str,
    target: Path,
    args: dict[str, object],
    *,
    feature: str | None,
    roadmap: bool,
    parallel: int,
) -> list[str]:
    """The same command line without ``--detach``, for the background process."""
    flags = {
        "description": "--description",
        "stack": "--stack",
        "backend": "--backend",
        "tier": "--tier",
        "max_waves": "--max-waves",
        "wave_delay": "--wave-delay",
        "test_command": "--test-command",
        "aspects": "--aspects",
    }
    argv = [command, str(target)]
    for key, flag in flags.items():
        value = args.get(key)
        if value is not None and not (key == "wave_delay" and value == 0.0):
            argv += [flag, str(value)]
    if args.get("auto_answer"):
        argv.append("--auto-answer")
    if args.get("new"):
        argv.append("--new")
    if args.get("sandbox") is False:
        argv.append("--no-sandbox")
    for key, on, off in (
        ("atomic_commit", "--atomic-commit", "--no-atomic-commit"),
        ("roadmap", None, "--no-roadmap"),
    ):
        if args.get(key) is True and on is not None:
            argv.append(on)
        elif args.get(key) is False:
            argv.append(off)
    if feature is not None:
        argv += ["--feature", feature]
    if roadmap:
        argv += ["--roadmap", "--parallel", str(parallel)]
    return argv


def _detach(
    target: Path, feature: str | None, roadmap: bool, argv: list[str], as_json: bool
) -> None:
    """Start ``argv`` in the background and say where its log is."""
    from ondas.app import detach
    from ondas.orchestrator import features
    from ondas.orchestrator.loop import prepare_project
    from ondas.runtime import runfile

    resume_argv = ["resume", str(target)]
    if feature is not None:
        resume_argv += ["--feature", feature]
    if roadmap:
        resume_argv += ["--roadmap"]
    with errors_to_exit():
        prepare_project(target)
        features.ensure_excludes(target)
        where = features.create_worktree(target, feature) if feature else target
        info = detach.start(where / ".ondas", argv, resume_argv, target)
    log = where / ".ondas" / runfile.LOG_FILE
    if as_json:
        emit_json({"detached": True, "pid": info["pid"], "log": str(log), "argv": argv})
        return
    follow = "ondas output -f" + (f" --feature {feature}" if feature else "")
    print(f"detached: pid {info['pid']}, log {log}")
    print(f"follow it with: {follow} (in {target}); status: ondas status")


def _finish_feature(result: dict[str, object], as_json: bool, project: Path, feature: str) -> None:
    """Print a feature's outcome and where its branch went."""
    from ondas.app.feature_run import publish_state
    from ondas.orchestrator.features import feature_path

    published = publish_state(project, feature)
    result = {**result, "feature": feature, "publish": published}
    if not as_json:
        status = published.get("status")
        if status == "push_failed":
            print(
                f"push of {published.get('branch')} failed (the local commits stay): "
                f"{published.get('error')}",
                file=sys.stderr,
            )
            print(f"  retry with: ondas resume {feature}", file=sys.stderr)
        elif published.get("pr"):
            print(f"pull request: {published['pr']}", file=sys.stderr)
        elif published.get("pr_command"):
            print(f"open the pull request with: {published['pr_command']}", file=sys.stderr)
        elif status == "local":
            print(f"{published.get('detail')}", file=sys.stderr)
    _finish(result, as_json, _pending(feature_path(project, feature)))


def _finish_roadmap(outcome: dict[str, Any], as_json: bool, project: Path) -> None:
    """Print the roadmap's features and exit like a run (5 when one awaits a person)."""
    from ondas.runtime.progress import JsonLines

    status = outcome.get("status")
    if as_json:
        JsonLines().emit("result", **outcome)
    else:
        planning = outcome.get("planning") or {}
        print(
            f"roadmap planning: {planning.get('status')} at {planning.get('current_stage')}",
            file=sys.stderr,
        )
        for item in (outcome.get("roadmap") or {}).get("features", []):
            merged = f" ({str(item['merged_commit'])[:10]})" if item.get("merged_commit") else ""
            print(f"  {item['id']} {item['slug']}: {item['status']}{merged}", file=sys.stderr)
        print(f"{status}. Report: {outcome.get('report')}", file=sys.stderr)
    if status == "awaiting_human":
        waiting = "a feature" if outcome.get("roadmap") else "the roadmap's planning"
        fail(AwaitingHuman(f"{waiting} awaits a human answer: see 'ondas status'"))
    if status == "aborted":
        fail(LimitAbort(f"a feature was aborted; report: {outcome.get('report')}"))


def run_command(
    project: Path = ProjectArg,
    description: str = Option(..., "--description", help="What to build (at most 500 characters)."),
    stack: str = Option(None, "--stack", help="Suggested stack."),
    backend: str = Option("claude-code", "--backend", help=BACKEND_HELP),
    tier: str = Option(
        None,
        "--tier",
        help="Delivery tier: local, internal-network, cloud-internal or cloud-public (an "
        "opt-in: asked before the first wave when not given).",
    ),
    atomic_commit: bool = Option(
        None,
        "--atomic-commit/--no-atomic-commit",
        help="One commit per task (an opt-in: asked before the first wave when not given).",
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
        help="Run the agent and the project's tests without the OS sandbox (recorded as a "
        "decision; the bash guard then refuses programs it does not know).",
    ),
    feature: str = Option(
        None,
        "--feature",
        help="Run this feature (a short name): its own worktree .ondas/features/NAME, branch "
        "ondas/NAME, spec dir docs/specs/NAME, state and lock; pushed to origin when done.",
    ),
    roadmap: bool = Option(
        None,
        "--roadmap/--no-roadmap",
        help="Roadmap mode: write docs/roadmap.md (briefing, constitution, roadmap), then run "
        "its features in dependency order and merge them back in order (an opt-in: asked "
        "before the first wave when not given).",
    ),
    parallel: int = Option(
        2, "--parallel", help="With --roadmap: at most this many features at a time.", min=1
    ),
    detach: bool = Option(
        False,
        "--detach",
        help="Run in a background process that outlives the terminal (output: ondas output -f); "
        "waves are paced 60-270 s apart, 1200-1800 s after a budget stop.",
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

    No wave opens before the opt-ins (--tier, --atomic-commit, --roadmap) are given as flags
    or answered (ondas resume --answer 'tier=local atomic-commit=no roadmap=no'); with
    --auto-answer the recommended values are taken (cloud-public, no, no).

    Exit codes: 0 completed or stopped by --max-waves/Ctrl-C, 5 awaiting a human (also when
    the work is not verified: see docs/completed.md), 3 lock busy or aborted, 4 integrity
    failure, 2 bad input, backend not installed, or the model API refuses the key or cannot be
    reached (checked first, as 'ondas doctor' does: nothing is created), 1 the project's last
    execution is completed (pass --new) or still active (use resume).
    """
    from ondas.app.run import run

    target = _project(project)
    if feature is not None and roadmap is not None:
        usage("--feature and --roadmap cannot be combined (roadmap features get their own)")
    if feature is not None and atomic_commit is not None:
        usage("--feature commits each wave on its branch: --atomic-commit does not apply")
    args: dict[str, Any] = {
        "description": description,
        "stack": stack,
        "backend": backend,
        "tier": tier,
        "max_waves": max_waves,
        "wave_delay": wave_delay,
        "auto_answer": auto_answer,
        "test_command": test_command,
        "new": new,
        "sandbox": not no_sandbox,
        "aspects": aspects,
    }
    if detach:
        child = {**args, "atomic_commit": atomic_commit, "roadmap": roadmap}
        argv = _child_argv(
            "run", target, child, feature=feature, roadmap=bool(roadmap), parallel=parallel
        )
        with errors_to_exit():
            _check_run_args(description, tier, backend, feature, args)
        _detach(target, feature, roadmap, argv, as_json)
        return
    pacing = _pacing()
    with errors_to_exit():
        if roadmap:
            from ondas.app.roadmap_run import run_roadmap

            outcome = run_roadmap(
                target,
                parallel=parallel,
                progress=_progress(as_json),
                pacing=pacing,
                atomic_commit=atomic_commit,
                **args,
            )
            _finish_roadmap(outcome.to_dict(), as_json, target)
            return
        if feature is not None:
            from ondas.app.feature_run import run_feature

            result = run_feature(
                target, feature, progress=_progress(as_json), pacing=pacing, **args
            )
            _finish_feature(result.to_dict(), as_json, target, feature)
            return
        result = run(
            target,
            progress=_progress(as_json),
            pacing=pacing,
            atomic_commit=atomic_commit,
            roadmap=roadmap,
            **args,
        )
    _finish(result.to_dict(), as_json, _pending(target))


def resume_command(
    project: Path = ProjectArg,
    answer: str = Option(None, "--answer", help="Answer the oldest pending block."),
    block: str = Option(None, "--block", help="Answer this block instead (with --answer)."),
    max_waves: int = Option(None, "--max-waves", help="Stop after this many waves."),
    wave_delay: float = Option(None, "--wave-delay", help="Seconds to wait between waves."),
    feature: str = Option(None, "--feature", help="Resume this feature (its short name)."),
    roadmap: bool = Option(
        False, "--roadmap", help="Go on with the roadmap: finish planning, run what is left."
    ),
    parallel: int = Option(
        2, "--parallel", help="With --roadmap: at most this many features at a time.", min=1
    ),
    detach: bool = Option(
        False, "--detach", help="Resume in a background process (output: ondas output -f)."
    ),
    as_json: bool = JsonOption,
) -> None:
    """Continue an execution: lock, verify, take an answer, reconcile, run waves.

    PROJECT may also be a feature's short name (of the project in the current directory):
    'ondas resume my-feature' is 'ondas resume --feature my-feature'.

    Exit codes: 3 another process holds the lock, 4 the state was tampered with (a block is
    registered), 5 awaiting a human (the pending blocks are listed), 6 no or corrupt state.
    """
    from ondas.app.run import resume

    target, chosen = _project_or_feature(project, feature, needs_state=True)
    feature = chosen  # type: ignore[assignment]
    if feature is not None and roadmap:
        usage("--feature and --roadmap cannot be combined")
    if detach:
        if answer is not None:
            usage("--detach cannot take --answer: answer first, the answer wakes the run")
        args: dict[str, object] = {"max_waves": max_waves, "wave_delay": wave_delay}
        from ondas.app.run import check_loop_args

        with errors_to_exit():
            check_loop_args(max_waves, wave_delay)
        argv = _child_argv(
            "resume", target, args, feature=feature, roadmap=roadmap, parallel=parallel
        )
        _detach(target, feature, roadmap, argv, as_json)
        return
    pacing = _pacing()
    where = target if feature is None else _feature_dir(target, feature)
    try:
        if roadmap:
            from ondas.app.roadmap_run import resume_roadmap

            outcome = resume_roadmap(
                target,
                parallel=parallel,
                progress=_progress(as_json),
                answer=answer,
                block_id=block,
                max_waves=max_waves,
                wave_delay=wave_delay,
                pacing=pacing,
            )
            _finish_roadmap(outcome.to_dict(), as_json, target)
            return
        if feature is not None:
            from ondas.app.feature_run import resume_feature

            result = resume_feature(
                target,
                feature,
                answer=answer,
                block_id=block,
                max_waves=max_waves,
                wave_delay=wave_delay,
                progress=_progress(as_json),
                pacing=pacing,
            )
            _finish_feature(result.to_dict(), as_json, target, feature)
            return
        result = resume(
            target,
            answer=answer,
            block_id=block,
            max_waves=max_waves,
            wave_delay=wave_delay,
            progress=_progress(as_json),
            pacing=pacing,
        )
    except AwaitingHuman as err:
        if not as_json:
            for line in _pending(where):
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
    from ondas.app.run import abort

    with errors_to_exit():
        execution = abort(_project(project), reason=reason)
    if as_json:
        emit_json(execution)
    else:
        print(f"{execution['id']} aborted: {reason}")


def demo_command(
    directory: Path = Option(
        None,
        "--dir",
        help="Build the sample project here and keep it (default: a temporary directory, "
        "removed when the demo ends).",
    ),
    auto_answer: bool = Option(
        True,
        "--auto-answer/--no-auto-answer",
        help="Answer the demo's human block with the recommended option and resume.",
    ),
    roadmap: bool = Option(
        False,
        "--roadmap",
        help="Roadmap mode: plan three features (two independent), run them in parallel "
        "worktrees and merge them back in order.",
    ),
    parallel: int = Option(2, "--parallel", help="With --roadmap: features at a time.", min=1),
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
    answers it and resumes. Without --dir it runs in a temporary directory removed at the
    end; with --dir the project and its report stay there. With --sovai it runs the sovai
    build engine on a sample plan instead.
    """
    if roadmap and sovai:
        usage("--roadmap and --sovai cannot be combined")
    if directory is not None:
        _demo(directory, auto_answer, roadmap, parallel, sovai, as_json)
        return
    import tempfile

    scratch = _path(tempfile.mkdtemp(prefix="ondas-demo-"))
    try:
        _demo(
            scratch if sovai else scratch / "notes", auto_answer, roadmap, parallel, sovai, as_json
        )
    except AwaitingHuman:
        raise  # kept: the run waits for the answer the message asks for
    except BaseException:
        _discard_demo(scratch, as_json)
        raise
    _discard_demo(scratch, as_json)


def _discard_demo(scratch: Path, as_json: bool) -> None:
    """Remove a demo's temporary directory and forget the projects it registered there."""
    import shutil

    from ondas.state.registry import registered, unregister

    for project in registered():
        if project == scratch or scratch in project.parents:
            unregister(project)
    shutil.rmtree(scratch, ignore_errors=True)
    if not as_json:
        print(
            f"(the demo ran in {scratch}, removed now; 'ondas demo --dir DIR' keeps the "
            "project and its report)"
        )


def _demo(
    directory: Path, auto_answer: bool, roadmap: bool, parallel: int, sovai: bool, as_json: bool
) -> None:
    """Run the demo chosen in ``directory`` and print its outcome."""
    from ondas.app.run import demo
    from ondas.runtime.progress import JsonLines

    if roadmap:
        from ondas.app.roadmap_run import demo_roadmap

        with errors_to_exit():
            road = demo_roadmap(directory, parallel=parallel, progress=_progress(as_json))
        if not as_json:
            print(f"demo project: {road.project}")
        _finish_roadmap(road.run.to_dict(), as_json, _path(road.project))
        return

    if sovai:
        from ondas.app import sovai_run as sovai_commands
        from ondas.cli.sovai_cmd import print_outcome

        with errors_to_exit():
            outcome = sovai_commands.demo(directory, progress=_progress(as_json))
        built = "built" if outcome.built else "not built"
        where = f"pushed to {outcome.branch}" if outcome.push == "pushed" else "not pushed"
        lines = [
            f"demo project: {_path(outcome.report).parent.parent}",
            f"sovai: {built} after {outcome.rounds} round(s), {where}; status {outcome.status}",
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


def output_command(
    project: Path = ProjectArg,
    feature: str = Option(None, "--feature", help="The log of this feature's detached run."),
    follow: bool = Option(False, "--follow", "-f", help="Keep printing until the run ends."),
    lines: int = Option(40, "--lines", "-n", help="Print the last N lines first.", min=0),
) -> None:
    """Print the output of the detached run (ondas run/resume --detach); -f follows it.

    For what the run recorded (decisions, blocks, waves, refusals) see 'ondas log'.
    Exit codes: 6 no detached run was started here.
    """
    from ondas.app import detach
    from ondas.errors import StateMissing
    from ondas.runtime import runfile

    target = _project(project)
    where = _feature_dir(target, feature) if feature else target
    log = where / ".ondas" / runfile.LOG_FILE
    if not log.is_file():
        fail(StateMissing(f"no detached run log at {log} (start one with --detach)"))
    with errors_to_exit():
        detach.print_log(where / ".ondas", lines=lines, follow=follow, out=sys.stdout)
