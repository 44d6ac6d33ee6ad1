"""Claude Code's OS sandbox for unattended runs, with settings the agent cannot edit.

A blocklist cannot be complete; the operating system can. Claude Code runs each Bash command
under bubblewrap (Linux/WSL2, with socat relaying the network to its proxy) or Seatbelt
(macOS). ondas turns it on for every unattended run with: ``enabled``, ``failIfUnavailable``
(a hard error instead of a silent unsandboxed run), ``allowUnsandboxedCommands: false`` (no
retry outside the sandbox), writes denied to ``.ondas/``, the whole ``.claude/``, ``.git/``
(ondas commits; the agent never needs git's internals), ``.mcp.json`` and ``.gitattributes``,
reads denied to the store (``.ondas/state.db`` and its ``-wal``/``-shm``), the MCP token unset
for sandboxed commands (``credentials.envVars``), the network limited to the project's URL
whitelist, and the ondas hooks. The settings file lives under ``$ONDAS_HOME/sandbox/`` and is
passed with ``--settings`` (through the SDK); the session loads no project or local settings
(see :mod:`ondas.agents.claude_code`), so the agent's project-level files cannot add hooks or
loosen the sandbox. A path the agent creates later (a new ``.gitattributes``) is caught by the
check of protected files at the next wave start (:mod:`ondas.runtime.protected`).

Seen with Claude Code 2.1.197 as root on Linux: the sandbox starts, writes outside the
project and its session temp dir fail with "Read-only file system", ``.git/hooks`` is
read-only by default, and a deny-write path that does not exist yet breaks every command
(bubblewrap cannot mount over it), so only existing paths (or the settings files, which
Claude Code itself knows) are listed.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import shutil
import subprocess
from pathlib import Path
from typing import Any

from ondas.errors import SandboxUnavailable
from ondas.guards.paths import RUN_SECRETS, STATE_STORE_FILES
from ondas.guards.secret_files import READ_DENY_GLOBS

LINUX_PACKAGES = ("bubblewrap", "socat")
INSTALL_HINT = "install them with: apt-get install bubblewrap socat (or your distribution's)"


def unavailable_reason() -> str | None:
    """Why the sandbox cannot run on this machine, or None when it can."""
    system = platform.system()
    if system == "Darwin":
        return None if shutil.which("sandbox-exec") else "sandbox-exec is missing (macOS)"
    if system != "Linux":
        return f"Claude Code's sandbox does not run on {system} (use Linux, WSL2 or macOS)"
    missing = [name for name, exe in (("bubblewrap", "bwrap"), ("socat", "socat"))
               if shutil.which(exe) is None]  # fmt: skip
    if missing:
        return f"{' and '.join(missing)} not installed; {INSTALL_HINT}"
    bwrap = shutil.which("bwrap")
    assert bwrap is not None
    try:
        probe = subprocess.run(
            [bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--unshare-user-try", "true"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bubblewrap cannot start: {exc}"
    if probe.returncode != 0:
        detail = probe.stderr.strip().splitlines()[-1:] or ["no message"]
        return f"bubblewrap cannot create a sandbox here ({detail[0]})"
    return None


def require_available() -> None:
    """Raise :class:`SandboxUnavailable` with the reason and the way out."""
    reason = unavailable_reason()
    if reason is not None:
        raise SandboxUnavailable(
            f"the OS sandbox cannot be enabled: {reason}; an unattended run needs it "
            "(or pass --no-sandbox, recorded as a decision)"
        )


DENY_WRITE = (".ondas", ".claude", ".git", ".mcp.json", ".gitattributes")
"""Project paths the agent's sandboxed commands never write (each listed when it exists)."""
DENY_READ = STATE_STORE_FILES
"""Project files the agent's sandboxed commands never read (the store, token hashes included)."""
CLAUDE_MOUNT_POINTS = ("commands", "agents")
"""Directories Claude Code's sandbox always mounts read-only inside ``.claude``: with the whole
``.claude`` read-only, bubblewrap cannot create them, and every command would fail (seen with
2.1.197), so they are made before the session."""
SECRET_ENV = RUN_SECRETS
"""Variables unset for the agent's sandboxed commands (the MCP server gets its token itself;
the run server's token reaches only Claude Code's hook forwarder and its MCP client)."""


def _existing(project: Path, names: tuple[str, ...]) -> list[str]:
    return [str(project / name) for name in names if os.path.lexists(project / name)]


def sandbox_block(project: Path, whitelist: list[str] | tuple[str, ...] = ()) -> dict[str, Any]:
    """The ``sandbox`` settings for a run in ``project``.

    Only existing paths are listed (bubblewrap cannot mount over a missing one, and every
    command would fail; ``.ondas`` is created before the settings are written); without a
    ``.claude`` directory its two settings files are named, which Claude Code handles itself.
    """
    deny = [str(project / ".ondas"), *_existing(project, DENY_WRITE[1:])]  # .ondas: made first
    if not (project / ".claude").is_dir():
        deny += [str(project / ".claude" / n) for n in ("settings.json", "settings.local.json")]
    hosts = sorted({_host(p) for p in whitelist if _host(p)})
    return {
        "enabled": True,
        "failIfUnavailable": True,
        "allowUnsandboxedCommands": False,
        "autoAllowBashIfSandboxed": True,
        "filesystem": {"denyWrite": deny, "denyRead": _existing(project, DENY_READ)},
        "credentials": {"envVars": [{"name": name, "mode": "deny"} for name in SECRET_ENV]},
        "network": {"allowedDomains": hosts},
    }


def read_deny_rules() -> list[str]:
    """``permissions.deny`` rules that keep Claude Code's Read tool (and Edit, which reads
    first) off the secret files the bash guard keeps commands off
    (:data:`ondas.guards.secret_files.READ_DENY_GLOBS`), anywhere on the machine: ``//`` starts
    an absolute pattern, ``//**/.env`` is every ``.env``.

    Deny rules hold in every permission mode (``acceptEdits``, which ondas runs with, and
    ``bypassPermissions``: ``tests/e2e/test_secret_read_e2e.py``). Only the absolute form: with
    Claude Code 2.1.197, a relative ``Read(**/.env)`` also becomes a read denial of the OS
    sandbox, where ``. ./.env``, ``docker compose`` and an app's own ``load_dotenv()`` then fail
    with "Permission denied"; the absolute form stays with the Read tool (the same e2e file
    checks both)."""
    return [f"Read(//{glob})" for glob in READ_DENY_GLOBS]


MANAGED_SETTINGS = (
    Path("/etc/claude-code/managed-settings.json"),
    Path("/Library/Application Support/ClaudeCode/managed-settings.json"),
)
"""Where Claude Code reads managed (machine-wide) settings on Linux and macOS."""


def excluded_commands(environ: dict[str, str] | None = None) -> list[str]:
    """Commands the settings a run's sessions also load (the user's ``settings.json`` under
    ``$CLAUDE_CONFIG_DIR``, managed settings) take out of the sandbox
    (``sandbox.excludedCommands``; Claude Code merges such lists across scopes). While any is
    named the run does not tell its hooks the sandbox holds every command. An unreadable file
    counts as naming one."""
    from ondas.guards.paths import claude_dir

    found: list[str] = []
    for path in (Path(claude_dir(environ)) / "settings.json", *MANAGED_SETTINGS):
        if not path.exists():
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return [f"<unreadable {path}>"]
        block = data.get("sandbox") if isinstance(data, dict) else None
        listed = block.get("excludedCommands") if isinstance(block, dict) else None
        if isinstance(listed, list):
            found += [str(c) for c in listed]
        elif listed is not None:
            found.append(f"<{path}: excludedCommands>")
    return found


def settings(
    project: Path,
    whitelist: list[str] | tuple[str, ...] = (),
    *,
    sandbox: bool = True,
    hooks: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The full settings passed to Claude Code: the ondas hooks (``hooks``, else the process
    hooks), the Read tool's deny rules on secret files (:func:`read_deny_rules`) and (unless
    ``sandbox`` is False, the operator's ``--no-sandbox``) the sandbox."""
    from ondas.hooks.install import merged

    data: dict[str, Any] = {
        "hooks": hooks if hooks is not None else merged({})["hooks"],
        "permissions": {"deny": read_deny_rules()},
    }
    if sandbox:
        data["sandbox"] = sandbox_block(project, whitelist)
    return data


def settings_path(project: Path) -> Path:
    """``$ONDAS_HOME/sandbox/<project-id>.json``: outside the project, outside the sandbox."""
    from ondas.state.anchors import ondas_home, project_id

    return ondas_home() / "sandbox" / f"{project_id(project / '.ondas')}.json"


def write_settings(
    project: Path,
    whitelist: list[str] | tuple[str, ...] = (),
    *,
    sandbox: bool = True,
    hooks: dict[str, Any] | None = None,
) -> Path:
    """Write the run's settings file atomically; the ``.ondas`` state dir must exist.

    With ``hooks`` (the run server's) the file is ``<project-id>.served.json``, next to the
    one with the process hooks that ``ondas hooks status`` reports on.
    """
    from ondas.state.export import atomic_write

    (project / ".ondas").mkdir(exist_ok=True)
    if sandbox and (project / ".claude").is_dir():
        for name in CLAUDE_MOUNT_POINTS:  # see CLAUDE_MOUNT_POINTS
            (project / ".claude" / name).mkdir(exist_ok=True)
    path = settings_path(project) if hooks is None else served_settings_path(project)
    path.parent.mkdir(parents=True, exist_ok=True)
    content = settings(project, whitelist, sandbox=sandbox, hooks=hooks)
    if hooks is not None:  # whose server the forwarder names: a dead one's file is stale
        content["env"] = {SERVED_PID_ENV: str(os.getpid())}
    data = json.dumps(content, indent=2, sort_keys=True)
    data += "\n"
    atomic_write(path, data.encode("utf-8"))
    return path


SERVED_PID_ENV = "ONDAS_RUN_SERVER_PID"
"""Set in the served settings' ``env``: the pid of the process serving their hooks."""


def served_settings_path(project: Path) -> Path:
    """``$ONDAS_HOME/sandbox/<project-id>.served.json``: the settings of a run whose hooks its
    own process serves (present only while that process runs)."""
    return settings_path(project).with_suffix(".served.json")


def read_served(project: Path) -> tuple[dict[str, Any], int] | None:
    """The served settings and the pid serving them, or ``None`` when there are none or
    they are stale (their process no longer runs: killed without its clean-up)."""
    from ondas.state.proc import is_live

    try:
        data = json.loads(served_settings_path(project).read_text(encoding="utf-8"))
        pid = int(data["env"][SERVED_PID_ENV])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(data, dict) or pid <= 0 or not is_live(pid):
        return None
    return data, pid


def remove_served(project: Path) -> bool:
    """Remove the served settings this process wrote (not another live run's); True if gone."""
    path = served_settings_path(project)
    if not path.is_file():
        return False
    found = read_served(project)  # None: unreadable or stale, ours to remove
    if found is not None and found[1] != os.getpid():
        return False  # another process's live server
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    return True


def _host(pattern: str) -> str:
    """The host part of a whitelist pattern (``https://github.com/org/*`` -> ``github.com``)."""
    text = pattern.split("://", 1)[-1]
    host = text.split("/", 1)[0].split("@")[-1]
    host = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    return host.strip().lower()
