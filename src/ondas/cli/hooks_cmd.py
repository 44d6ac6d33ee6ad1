"""``ondas hooks`` (install, status, uninstall) and ``ondas hook`` (what Claude Code runs)."""

from __future__ import annotations

from pathlib import Path

from ondas.cli._common import JsonOption, call, emit_json
from ondas.cli.framework import App, Exit, Option
from ondas.hooks import install as install_mod

app = App(
    help="Install the ondas guard hooks into a project's Claude Code settings, check or remove "
    "them.",
    no_args_is_help=True,
)
hook_app = App(
    help=(
        "Claude Code hook entry points: read the hook JSON on stdin and answer in Claude Code's "
        "contract (exit 2 with a reason on stderr refuses a tool call)."
    ),
    no_args_is_help=True,
)

ProjectOption = Option(None, "--project", help="Target project (default: the current directory).")
LauncherOption = Option(
    None,
    "--ondas-command",
    help="How hooks start ondas (default: this Python, isolated, on ondas/hooks/__main__.py).",
)


@app.command("install")
def install_cmd(
    project: Path = ProjectOption,
    ondas_command: str = LauncherOption,
    as_json: bool = JsonOption,
) -> None:
    """Merge the hooks into <project>/.claude/settings.json (backup first; idempotent)."""
    target = (project or Path.cwd()).resolve()
    result = call(lambda: install_mod.install(target, ondas_command))
    if as_json:
        emit_json(result.to_dict())
    elif result.changed:
        backup = f" (backup: {result.backup})" if result.backup else ""
        print(f"installed the ondas hooks in {result.settings}{backup}")
    else:
        print(f"the ondas hooks in {result.settings} are already current")


@app.command("status")
def status_cmd(
    project: Path = ProjectOption,
    ondas_command: str = LauncherOption,
    as_json: bool = JsonOption,
) -> None:
    """Report whether the hooks are current and what unattended runs load (else exit 1).

    Interactive sessions read the project's ``.claude/settings.json``; unattended runs load
    only ondas' settings file outside the project. A run in progress serves its hooks from its
    own process: whether its settings name the run server's forwarder and whether that server
    answers is shown too. Exit 1 also when a protected file changed since the last wave start
    (it blocks the next wave).
    """
    target = (project or Path.cwd()).resolve()
    result = call(lambda: install_mod.status(target, ondas_command))
    if as_json:
        emit_json(result.to_dict())
    else:
        state = "current" if result.current else "installed, not current"
        print(f"{result.settings}: {state if result.installed else 'not installed'}")
        for label, items in (
            ("missing", result.missing),
            ("outdated", result.outdated),
            ("extra", result.extra),
        ):
            for item in items:
                print(f"  {label}: {item}")
        run = result.unattended or {}
        if run:
            state = "current" if run["hooks_current"] else "not current"
            shown = state if run["written"] else "not written yet (a claude-code run writes it)"
            print(f"unattended runs: {run['settings']}: {shown}; project settings not loaded")
            for item in run["protected_changes"]:
                print(f"  changed since the last wave start (blocks the next wave): {item}")
            served = run.get("run_server") or {}
            if served.get("written"):
                kind = "the run server's forwarder" if served["forwarder"] else "not the forwarder"
                alive = "live" if served["live"] else "not answering"
                print(
                    f"run in progress: {served['settings']}: hooks are {kind}; server pid "
                    f"{served['pid']} port {served['port']}: {alive}"
                )
            else:
                print("run in progress: none (no live run server)")
    if not result.current or (result.unattended or {}).get("protected_changes"):
        raise Exit(1)


@app.command("uninstall")
def uninstall_cmd(project: Path = ProjectOption, as_json: bool = JsonOption) -> None:
    """Remove the ondas hooks, leaving the settings as they were before 'ondas hooks install'.

    The backup install made is put back byte for byte; a settings file ondas created is
    deleted; otherwise only ondas' hooks are taken out (a backup is kept).
    """
    target = (project or Path.cwd()).resolve()
    result = call(lambda: install_mod.uninstall(target))
    if as_json:
        emit_json(result.to_dict())
    elif result.action == "none":
        print(f"{result.settings}: no ondas hooks installed")
    else:
        print(f"{result.settings}: {result.action}, {result.detail}")


def _run(name: str) -> None:
    from ondas.hooks.entry import run_hook

    raise Exit(run_hook([name]))


@hook_app.command("pre-tool-use")
def pre_tool_use_cmd() -> None:
    """PreToolUse: Bash/PowerShell through the bash guard, file writes through the path guard."""
    _run("pre-tool-use")


@hook_app.command("post-tool-use")
def post_tool_use_cmd() -> None:
    """PostToolUse: count the call on the open wave and store its output (scrubbed)."""
    _run("post-tool-use")


@hook_app.command("session-start")
def session_start_cmd() -> None:
    """SessionStart: tell the agent the guard-rails are on and where the execution stands."""
    _run("session-start")


__all__ = ["app", "hook_app"]
