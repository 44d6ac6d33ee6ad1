"""Install the ondas hooks into ``<project>/.claude/settings.json``, report their status, and
uninstall them.

The merge keeps every other setting and every other hook, writes a timestamped backup of the
old file first, validates the result, and replaces the file atomically. Installing twice
changes nothing. Uninstalling leaves the project as it was before the install: the backup
holding exactly the settings without ondas' hooks is put back byte for byte (and removed), a
file ondas created is deleted (with ``.claude/`` when that is left empty).

The PreToolUse hook runs inside a POSIX ``/bin/sh -c`` wrapper that turns every non-zero exit
of the ondas process into exit 2. Claude Code treats any other non-zero code as non-blocking,
so without it a hook killed by a signal (a segfault in a native parser, the OOM killer) or an
interpreter that cannot start would let the tool call through: the wrapper makes the guard
fail closed even when Python itself dies. Exit 0 (allow, or a JSON answer on stdout) and the
three streams pass through untouched.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shlex
import shutil
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ondas import jsonfile
from ondas.errors import UsageError
from ondas.hooks.pre_tool_use import SHELL_MATCHER, WRITE_MATCHER

SETTINGS_RELATIVE = Path(".claude") / "settings.json"
HOOK_TIMEOUT_SECONDS = 60
ALL_TOOLS_MATCHER = "*"
_OURS = re.compile(
    r"\bondas(?:/hooks/__main__\.py)? hook (pre-tool-use|post-tool-use|session-start)\b"
)
"""An ondas hook command: the launcher below, or ``ondas hook NAME`` (``python -m ondas`` and
the console script, as earlier versions and ``--launcher`` write it)."""


@dataclass(frozen=True)
class HookSpec:
    """One hook ondas needs: the event, the tool matcher (``None`` for all) and the hook name."""

    event: str
    matcher: str | None
    hook: str

    def describe(self) -> str:
        """``PreToolUse[Bash|PowerShell] -> pre-tool-use``."""
        where = f"[{self.matcher}]" if self.matcher is not None else ""
        return f"{self.event}{where} -> {self.hook}"


REQUIRED = (
    HookSpec("PreToolUse", SHELL_MATCHER, "pre-tool-use"),
    HookSpec("PreToolUse", WRITE_MATCHER, "pre-tool-use"),
    HookSpec("PostToolUse", ALL_TOOLS_MATCHER, "post-tool-use"),
    # A call that fails (a Bash command exiting non-zero) fires PostToolUseFailure instead.
    HookSpec("PostToolUseFailure", ALL_TOOLS_MATCHER, "post-tool-use"),
    HookSpec("SessionStart", None, "session-start"),
)


def default_launcher() -> str:
    """How the hooks start ondas: this very interpreter (no PATH lookup), isolated, on the
    package's ``hooks/__main__.py`` (see that module for why ``-I -S`` and not ``-m ondas``)."""
    import ondas.hooks

    script = os.path.join(os.path.dirname(os.path.abspath(ondas.hooks.__file__)), "__main__.py")
    return f"{shlex.quote(sys.executable)} -I -S {shlex.quote(script)}"


FAIL_CLOSED_SHELL = "/bin/sh"
FAIL_CLOSED_HOOKS = frozenset({"pre-tool-use"})
_FAIL_CLOSED_TAIL = (
    ' || { status=$?; [ "$status" -eq 2 ] || echo "ondas guard failed closed, the tool call is'
    " refused (the hook process ended with status $status). If ondas or its Python environment"
    " was moved or removed, run 'ondas hooks install' in this project with the ondas you use now,"
    " or remove the hooks with 'ondas hooks uninstall'\" >&2; exit 2; }"
)


def hook_command(hook: str, launcher: str | None = None) -> str:
    """The shell command of one hook; the blocking ones fail closed on any non-zero exit."""
    plain = f"{launcher or default_launcher()} hook {hook}"
    if hook not in FAIL_CLOSED_HOOKS:
        return plain
    return f"{FAIL_CLOSED_SHELL} -c {shlex.quote(plain + _FAIL_CLOSED_TAIL)}"


def settings_path(project: Path) -> Path:
    """``<project>/.claude/settings.json``."""
    return project / SETTINGS_RELATIVE


@dataclass
class HooksStatus:
    """Whether the ondas hooks are in a project's settings, and whether they are current."""

    settings: str
    installed: bool
    current: bool
    missing: list[str] = field(default_factory=list)
    outdated: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    unattended: dict[str, Any] | None = None
    """What an unattended run's sessions load instead (see :func:`run_status`)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return asdict(self)


def read_settings(path: Path) -> dict[str, Any]:
    """The settings file as a dict (empty when absent); malformed files are a usage error."""
    return jsonfile.read_object(path)


def validate_hooks(settings: dict[str, Any]) -> None:
    """Check the ``hooks`` section has the shape Claude Code reads; raise ``UsageError``."""
    hooks = settings.get("hooks", {})
    if not isinstance(hooks, dict):
        raise UsageError("settings 'hooks' must be an object of event -> list of matcher groups")
    for event, groups in hooks.items():
        if not isinstance(groups, list):
            raise UsageError(f"settings hooks.{event} must be a list")
        for group in groups:
            if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
                raise UsageError(f"settings hooks.{event} holds a group without a 'hooks' list")
            if "matcher" in group and not isinstance(group["matcher"], str):
                raise UsageError(f"settings hooks.{event} holds a non-string matcher")
            for hook in group["hooks"]:
                if not isinstance(hook, dict) or not isinstance(hook.get("type"), str):
                    raise UsageError(f"settings hooks.{event} holds a hook without a 'type'")
                if hook["type"] == "command" and not isinstance(hook.get("command"), str):
                    raise UsageError(f"settings hooks.{event} holds a command hook without command")


def _our_entries(settings: dict[str, Any]) -> list[tuple[str, str | None, str, str]]:
    """Every ondas hook found: (event, matcher, hook name, command)."""
    found = []
    for event, groups in settings.get("hooks", {}).items():
        for group in groups:
            for hook in group.get("hooks", []):
                match = _OURS.search(str(hook.get("command", "")))
                if hook.get("type") == "command" and match:
                    found.append((event, group.get("matcher"), match.group(1), hook["command"]))
    return found


def _matcher_equal(a: str | None, b: str | None) -> bool:
    return (a or "") == (b or "") or {a or "", b or ""} == {"", ALL_TOOLS_MATCHER}


def _launcher_exists(command: str) -> bool:
    try:
        program = shlex.split(command)[0]
    except (ValueError, IndexError):
        return False
    return Path(program).exists() if "/" in program else shutil.which(program) is not None


def compute_status(
    settings: dict[str, Any], path: Path, launcher: str | None = None
) -> HooksStatus:
    """Compare ``settings`` with the hooks ondas needs."""
    validate_hooks(settings)
    entries = _our_entries(settings)
    missing: list[str] = []
    outdated: list[str] = []
    used: set[int] = set()
    for spec in REQUIRED:
        wanted = hook_command(spec.hook, launcher)
        candidates = [
            i
            for i, (event, matcher, name, _) in enumerate(entries)
            if event == spec.event and name == spec.hook and _matcher_equal(matcher, spec.matcher)
        ]
        if not candidates:
            missing.append(spec.describe())
            continue
        used.update(candidates)
        exact = [i for i in candidates if entries[i][3] == wanted]
        if not exact or not _launcher_exists(launcher or default_launcher()):
            outdated.append(spec.describe())
    extra = [
        f"{event}[{matcher}] -> {command}"
        for i, (event, matcher, _, command) in enumerate(entries)
        if i not in used
    ]
    return HooksStatus(
        settings=str(path),
        installed=not missing,
        current=not missing and not outdated and not extra,
        missing=missing,
        outdated=outdated,
        extra=extra,
    )


def status(project: Path, launcher: str | None = None) -> HooksStatus:
    """Whether the ondas hooks are installed and current in ``project`` (for interactive
    sessions), and what unattended runs use (:func:`run_status`)."""
    path = settings_path(project)
    found = compute_status(read_settings(path), path, launcher)
    found.unattended = run_status(project, launcher)
    return found


def run_status(project: Path, launcher: str | None = None) -> dict[str, Any]:
    """The truth for unattended runs: their sessions load only the settings file ondas writes
    under ``$ONDAS_HOME`` (``hooks_current``: its hooks are ondas' current ones), never the
    project's; ``protected_changes`` lists the files that changed since the last wave start
    (``.claude`` replaced, ``.gitattributes`` added...), which block the next wave."""
    from ondas.hooks.sandbox import settings_path as run_settings_path

    path = run_settings_path(project)
    written = path.is_file()
    current = False
    if written:
        current = compute_status(read_settings(path), path, launcher).current
    return {
        "settings": str(path),
        "written": written,
        "hooks_current": current,
        "project_settings_loaded": False,
        "protected_changes": _protected_changes(project),
        "run_server": served_status(project),
    }


def served_status(project: Path) -> dict[str, Any]:
    """The settings of a run whose own process serves its hooks: whether they are there (a
    stale file, left by a process that no longer runs, counts as absent), whether every hook
    in them is the run server's forwarder, and whether that server answers (``live``)."""
    from ondas.hooks.sandbox import read_served, served_settings_path
    from ondas.runtime.runserver import FORWARDER

    found = read_served(project)
    result: dict[str, Any] = {
        "settings": str(served_settings_path(project)),
        "written": found is not None,
        "forwarder": False,
        "pid": None,
        "port": None,
        "live": False,
    }
    if found is None:
        return result
    data, pid = found
    hooks = [
        h
        for groups in (data.get("hooks") or {}).values()
        for group in groups
        for h in group.get("hooks", [])
    ]
    args = [h.get("args") or [] for h in hooks]
    forwarder = bool(hooks) and all(len(a) >= 2 and a[0] == str(FORWARDER) for a in args)
    ports = {str(a[1]) for a in args if len(a) >= 2}
    port = (
        int(ports.pop()) if forwarder and len(ports) == 1 and next(iter(ports)).isdigit() else None
    )
    result.update(forwarder=forwarder, pid=pid, port=port, live=_answers(port))
    return result


def _answers(port: int | None) -> bool:
    """True when something accepts a connection on ``127.0.0.1:port``."""
    import socket

    if port is None:
        return False
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1.0):
            return True
    except OSError:
        return False


def _protected_changes(project: Path) -> list[str]:
    """What differs from the baseline of the project's execution (nothing without a store)."""
    from ondas.runtime import protected
    from ondas.state.dialect import store_exists

    sdir = project / ".ondas"
    if not store_exists(str(sdir)):
        return []
    from ondas.runtime.schema import default_schema
    from ondas.state.store import Store

    with Store.open(sdir, readonly=True, schema=default_schema()) as store:
        return protected.pending_changes(store, project)


def merged(settings: dict[str, Any], launcher: str | None = None) -> dict[str, Any]:
    """``settings`` with every old ondas hook removed and the current ones added."""
    result = copy.deepcopy(settings)
    hooks: dict[str, Any] = result.setdefault("hooks", {})
    for event in list(hooks):
        groups = []
        for group in hooks[event]:
            kept = [
                h
                for h in group["hooks"]
                if not (h.get("type") == "command" and _OURS.search(str(h.get("command", ""))))
            ]
            if kept:
                groups.append({**group, "hooks": kept})
            elif len(kept) == len(group["hooks"]):
                groups.append(group)
        hooks[event] = groups
    for spec in REQUIRED:
        hook = {
            "type": "command",
            "command": hook_command(spec.hook, launcher),
            "timeout": HOOK_TIMEOUT_SECONDS,
        }
        entry: dict[str, Any] = {} if spec.matcher is None else {"matcher": spec.matcher}
        entry["hooks"] = [hook]
        hooks.setdefault(spec.event, []).append(entry)
    return result


def served_hooks(entry: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """The ``hooks`` section of a run's settings with ``entry(NAME)`` as each hook (the run
    server's forwarder); the same events and matchers as :data:`REQUIRED`."""
    hooks: dict[str, Any] = {}
    for spec in REQUIRED:
        group: dict[str, Any] = {} if spec.matcher is None else {"matcher": spec.matcher}
        group["hooks"] = [entry(spec.hook)]
        hooks.setdefault(spec.event, []).append(group)
    return hooks


@dataclass
class InstallResult:
    """What ``install`` did."""

    settings: str
    changed: bool
    backup: str | None
    status: HooksStatus

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {**asdict(self), "status": self.status.to_dict()}


def install(project: Path, launcher: str | None = None) -> InstallResult:
    """Merge the ondas hooks into ``<project>/.claude/settings.json``; idempotent."""
    if not project.is_dir():
        raise UsageError(f"project {project} is not a directory")
    command = launcher or default_launcher()
    if not _launcher_exists(command):
        raise UsageError(
            f"cannot install hooks that run {command!r}: its program is not found, and a hook "
            "that cannot start lets every tool call through"
        )
    path = settings_path(project)
    before = read_settings(path)
    validate_hooks(before)
    current = compute_status(before, path, launcher)
    if current.current:
        return InstallResult(str(path), False, None, current)
    after = merged(before, launcher)
    data = (json.dumps(after, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    reread = json.loads(data)
    check = compute_status(reread, path, launcher)
    if not check.current or {k: v for k, v in reread.items() if k != "hooks"} != {
        k: v for k, v in before.items() if k != "hooks"
    }:
        raise UsageError(f"refusing to write {path}: the merged settings did not validate")
    backup = jsonfile.replace_with_backup(path, data)
    return InstallResult(str(path), True, backup, compute_status(after, path, launcher))


def without_ours(settings: dict[str, Any]) -> dict[str, Any]:
    """``settings`` without any ondas hook; groups and events left empty by that go too."""
    result = copy.deepcopy(settings)
    hooks = result.get("hooks")
    if not isinstance(hooks, dict):
        return result
    for event in list(hooks):
        groups = []
        for group in hooks[event]:
            kept = [
                h
                for h in group["hooks"]
                if not (h.get("type") == "command" and _OURS.search(str(h.get("command", ""))))
            ]
            if kept or not group["hooks"]:
                groups.append({**group, "hooks": kept})
        if groups or not hooks[event]:
            hooks[event] = groups
        else:
            del hooks[event]
    return result


def _normal(settings: dict[str, Any]) -> dict[str, Any]:
    """``settings`` with an empty ``hooks`` object dropped (the same settings to Claude Code)."""
    return {k: v for k, v in settings.items() if not (k == "hooks" and v == {})}


@dataclass
class UninstallResult:
    """What ``uninstall`` did: ``action`` is none, restored, removed or rewritten."""

    settings: str
    action: str
    detail: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return asdict(self)


def _backups(path: Path) -> list[Path]:
    """The backups ``install`` wrote of ``path``, newest first."""
    return sorted(path.parent.glob(f"{path.name}.bak.*"), reverse=True)


def uninstall(project: Path) -> UninstallResult:
    """Remove the ondas hooks from ``project``, leaving its settings as they were before."""
    from ondas.state.atomic import atomic_write

    path = settings_path(project)
    before = read_settings(path)
    validate_hooks(before)
    if not path.exists() or not _our_entries(before):
        return UninstallResult(str(path), "none", "no ondas hooks installed")
    wanted = _normal(without_ours(before))
    for backup in _backups(path):
        try:
            old = jsonfile.read_object(backup)
        except UsageError:
            continue
        if not _our_entries(old) and _normal(old) == wanted:
            atomic_write(path, backup.read_bytes())
            backup.unlink()
            return UninstallResult(str(path), "restored", f"as it was before install ({backup})")
    if not wanted:
        path.unlink()
        if not any(path.parent.iterdir()):
            path.parent.rmdir()
        return UninstallResult(str(path), "removed", "ondas had created it")
    data = (json.dumps(wanted, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    saved = jsonfile.replace_with_backup(path, data)
    return UninstallResult(str(path), "rewritten", f"ondas hooks removed (backup: {saved})")
