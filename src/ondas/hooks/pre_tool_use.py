"""PreToolUse: shell commands go through the bash guard, file writes through the path guard."""

from __future__ import annotations

import os

from ondas.hooks.context import (
    STATE_DIR_NAME,
    WHITELIST_NAME,
    HookInputError,
    project_dir,
    tool_input,
    working_directory,
)

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    from ondas.guards.verdict import Verdict

UNKNOWN_ENV = "ONDAS_GUARD_UNKNOWN"
"""Set to ``refuse`` (by an unattended run without the OS sandbox) to refuse unknown programs."""
SANDBOX_ENV = "ONDAS_GUARD_SANDBOX"
"""Set to ``on`` by a run whose Bash commands run in the OS sandbox (:mod:`ondas.hooks.sandbox`):
the guard leaves to it the writes outside the project it stops."""

SHELL_TOOLS = frozenset({"Bash", "PowerShell"})
WRITE_TOOLS = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"})
SHELL_MATCHER = "Bash|PowerShell"
WRITE_MATCHER = "Write|Edit|MultiEdit|NotebookEdit"


def in_container() -> bool:
    """True inside a Docker/Podman container, where installing packages is allowed."""
    return os.path.exists("/.dockerenv") or os.path.exists("/run/.containerenv")


def in_venv(environ: Mapping[str, str] | None = None) -> bool:
    """True when the agent's shell has a Python virtual environment active."""
    env = os.environ if environ is None else environ
    return bool(env.get("VIRTUAL_ENV") or env.get("CONDA_PREFIX"))


def _whitelist(project: str) -> Any:
    path = os.path.join(project, STATE_DIR_NAME, WHITELIST_NAME)
    if not os.path.exists(path):
        return ()
    from ondas.guards.whitelist import load

    return load(path)


def session_env_files(payload: Mapping[str, Any], environ: Mapping[str, str]) -> Callable[[], bool]:
    """Asks whether Claude Code's session hooks (SessionStart and the like) left env files it
    sources before every Bash command of this session (``<config>/session-env/<session_id>/``,
    a file not empty): they may set any variable, and the hook's own environment does not show
    them. The directory is read only when the guard asks (a command word that is a variable);
    a session it cannot name or a directory it cannot read counts as such files."""

    def written() -> bool:
        session = payload.get("session_id")
        if not isinstance(session, str) or not session or "/" in session or session[0] == ".":
            return True
        from ondas.guards.paths import claude_dir

        directory = os.path.join(claude_dir(environ), "session-env", session)
        try:
            with os.scandir(directory) as entries:
                return any(e.is_file() and e.stat().st_size > 0 for e in entries)
        except FileNotFoundError:
            return False
        except OSError:
            return True

    return written


def check_shell(payload: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> Verdict:
    """Run the bash guard over a Bash or PowerShell tool call."""
    env = os.environ if environ is None else environ
    command = tool_input(payload).get("command")
    if not isinstance(command, str):
        raise HookInputError("tool_input.command must be a string")
    if payload.get("tool_name") == "PowerShell":
        import shlex

        command = f"powershell.exe -Command {shlex.quote(command)}"
    project = project_dir(payload, env)
    from ondas.guards.bash import check_command

    def held(path: str) -> bool:
        # git_held is loaded only when the guard asks (a recursive deletion in the project)
        from ondas.hooks.git_held import holds

        return holds(project, path)

    return check_command(
        command,
        project=project,
        whitelist=_whitelist(project),
        in_container=in_container(),
        in_venv=in_venv(env),
        unattended=env.get(UNKNOWN_ENV) == "refuse",
        sandboxed=env.get(SANDBOX_ENV) == "on" and env.get(UNKNOWN_ENV) != "refuse",
        cwd=working_directory(payload, project),
        held=held,
        environment=env,
        session_env=session_env_files(payload, env),
    )


def check_file_write(
    payload: Mapping[str, Any], environ: Mapping[str, str] | None = None
) -> Verdict:
    """Run the path guard over a Write/Edit/MultiEdit/NotebookEdit tool call."""
    data = tool_input(payload)
    target = data.get("file_path") or data.get("notebook_path")
    if not isinstance(target, str) or not target:
        raise HookInputError("tool_input.file_path must be a non-empty string")
    project = project_dir(payload, environ)
    path = os.path.expanduser(target)
    if not os.path.isabs(path):
        path = os.path.join(working_directory(payload, project), path)
    from ondas.guards.paths import check_write

    return check_write(project, path)


def decide(payload: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> Verdict | None:
    """The guard's verdict on one tool call, or ``None`` for tools no guard covers.

    ``environ``: Claude Code's environment (default: this process's, see ``HOOK_ENV``).
    """
    tool = payload.get("tool_name")
    if not isinstance(tool, str) or not tool:
        raise HookInputError("tool_name must be a non-empty string")
    if tool in SHELL_TOOLS:
        return check_shell(payload, environ)
    if tool in WRITE_TOOLS:
        return check_file_write(payload, environ)
    return None


def record_refusal(
    payload: Mapping[str, Any], verdict: Verdict, environ: Mapping[str, str] | None = None
) -> bool:
    """Audit a refused call on the active execution; False when there is no state to write."""
    tool = str(payload.get("tool_name") or "unknown")
    data = tool_input(payload)
    subject = data.get("command") if tool in SHELL_TOOLS else None
    if subject is None:
        subject = data.get("file_path") or data.get("notebook_path") or verdict.segment or ""
    source = "guard" if tool in SHELL_TOOLS else "path"
    directory = os.path.join(project_dir(payload, environ), STATE_DIR_NAME)
    return record_refused(directory, source, verdict.rule or "unknown", tool, str(subject))


def record_refused(directory: str, source: str, rule: str, tool: str, subject: str) -> bool:
    """Record one refusal in the store of ``directory``: the plain SQLite file through the lean
    path (:func:`ondas.audit.observe_lean.refuse_call`, no store, no typing), any other store
    through :func:`ondas.audit.refusals.record_refusal`. False when nothing was recorded."""
    from ondas.audit.observe_lean import DB_NAME, Unsuited, refuse_call

    shared = os.environ.get("ONDAS_STORE_URL", "").strip()
    if not shared and not os.path.isfile(os.path.join(directory, DB_NAME)):
        return False  # no store: nothing to record, and no schema to build
    from ondas.runtime.schema import default_schema

    try:
        return refuse_call(directory, source, rule, tool, subject, default_schema()) is not None
    except Unsuited:
        pass
    from pathlib import Path

    from ondas.state.dialect import store_exists

    if not store_exists(Path(directory)):
        return False
    from ondas.audit.refusals import record_refusal as record
    from ondas.state.store import Store

    with Store.open(directory, schema=default_schema()) as store:
        done = record(store, source=source, rule=rule, tool=tool, subject=subject)
    return done is not None
