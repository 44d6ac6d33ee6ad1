"""Guarded rewrites of Claude Code's ``settings.json``: backup first, validate, atomic replace.

A broken ``settings.json`` breaks every Claude Code session, so every rewrite follows one
order: read and parse the file; copy it to ``settings.json.modeswap.bak`` (if that fails,
stop with nothing changed); build the new document; check that it serialises and parses
back to the same value; replace the file atomically. Any failure after the backup restores
the original bytes. The caller gets a :class:`SettingsSwap` it can still roll back, so a
later step (the mode state file) failing also leaves the original settings in place.
"""

from __future__ import annotations

import copy
import json
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ondas.errors import InvalidState, OndasError, StateUnwritable, UsageError
from ondas.modes.templates import OWNED_KEYS, Template, validate_permissions
from ondas.pathpolicy import check_writable, read_bytes

BACKUP_SUFFIX = ".modeswap.bak"
DEFAULT_HOOK_COMMAND = "ondas mode check"
HOOK_TIMEOUT_SECONDS = 30
CHECK_COMMAND_PATTERN = re.compile(r"\bondas\b.*\bmode\s+check\b")

Settings = dict[str, Any]


def backup_path(path: Path) -> Path:
    """Where the copy of ``path`` is kept while (and after) it is rewritten."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def parse_settings(raw: bytes, path: Path) -> Settings:
    """Parse settings bytes; raise :class:`InvalidState` unless they hold a JSON object."""
    try:
        data = json.loads(raw.decode("utf-8")) if raw.strip() else {}
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InvalidState(f"{path} is not valid JSON ({exc}); fix it by hand first") from exc
    if not isinstance(data, dict):
        raise InvalidState(f"{path} does not hold a JSON object; fix it by hand first")
    return data


def read_settings(path: Path) -> Settings | None:
    """The parsed settings at ``path``, or ``None`` when the file does not exist."""
    try:
        raw = read_bytes(path, what="settings file")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InvalidState(f"{path} cannot be read: {exc.strerror}") from exc
    return parse_settings(raw, path)


def serialise(settings: Settings) -> bytes:
    """The bytes written for ``settings`` (2-space indent, key order kept, UTF-8)."""
    return (json.dumps(settings, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def permissions_of(settings: Settings, path: Path) -> dict[str, Any]:
    """The ``permissions`` object of ``settings`` (empty when absent)."""
    value = settings.get("permissions", {})
    if not isinstance(value, dict):
        raise InvalidState(f"{path}: permissions is not a JSON object; fix it by hand first")
    return value


def merge_template(settings: Settings, template: Template, path: Path) -> Settings:
    """Replace the four owned ``permissions`` keys with the template's; keep everything else."""
    merged = copy.deepcopy(settings)
    permissions = dict(permissions_of(merged, path))
    for key in OWNED_KEYS:
        permissions[key] = copy.deepcopy(template.permissions[key])
    merged["permissions"] = permissions
    return merged


def check_commands(settings: Settings) -> list[str]:
    """Commands of the ``ondas mode check`` SessionStart hooks in ``settings``."""
    found: list[str] = []
    hooks = settings.get("hooks")
    if not isinstance(hooks, dict):
        return found
    for group in hooks.get("SessionStart") or []:
        if not isinstance(group, dict):
            continue
        for hook in group.get("hooks") or []:
            command = hook.get("command") if isinstance(hook, dict) else None
            if isinstance(command, str) and CHECK_COMMAND_PATTERN.search(command):
                found.append(command)
    return found


def hook_command(settings: Settings | None) -> str:
    """The hook command the fingerprint covers: the installed one, else the default."""
    commands = check_commands(settings or {})
    return "\n".join(sorted(set(commands))) if commands else DEFAULT_HOOK_COMMAND


def with_check_hook(settings: Settings, command: str, path: Path) -> Settings:
    """``settings`` with exactly one ``ondas mode check`` SessionStart hook running ``command``."""
    merged = copy.deepcopy(settings)
    hooks = merged.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise InvalidState(f"{path}: hooks is not a JSON object; fix it by hand first")
    groups = hooks.setdefault("SessionStart", [])
    if not isinstance(groups, list):
        raise InvalidState(f"{path}: hooks.SessionStart is not a list; fix it by hand first")
    kept: list[Any] = []
    for group in groups:
        if isinstance(group, dict) and isinstance(group.get("hooks"), list):
            rest = [
                h
                for h in group["hooks"]
                if not (
                    isinstance(h, dict)
                    and isinstance(h.get("command"), str)
                    and CHECK_COMMAND_PATTERN.search(h["command"])
                )
            ]
            if not rest:
                continue
            group = {**group, "hooks": rest}
        kept.append(group)
    kept.append(
        {"hooks": [{"type": "command", "command": command, "timeout": HOOK_TIMEOUT_SECONDS}]}
    )
    hooks["SessionStart"] = kept
    return merged


def validate_owned_permissions(settings: Settings, path: Path) -> None:
    """Check the four owned ``permissions`` keys of ``settings`` (after an activation)."""
    validate_permissions(permissions_of(settings, path), f"new {path}")


def validate_settings(data: bytes, expected: Settings, path: Path) -> Settings:
    """Check the bytes about to be written parse back to exactly ``expected``."""
    reparsed = parse_settings(data, path)
    if reparsed != expected:
        raise InvalidState(f"{path}: the new settings do not survive a JSON round trip")
    return reparsed


@dataclass
class SettingsSwap:
    """One rewrite of a settings file that can still be rolled back."""

    path: Path
    target: Path
    backup: Path | None
    original: bytes | None
    file_mode: int | None

    def restore(self) -> None:
        """Put the original bytes back (or remove the file when there was none)."""
        if self.original is None:
            self.target.unlink(missing_ok=True)
        else:
            _write(self.target, self.original, self.file_mode)


def _write(path: Path, data: bytes, file_mode: int | None) -> None:
    # Imported here: the SessionStart check never writes and must not pay for the store.
    from ondas.state.export import atomic_write

    atomic_write(path, data)
    if file_mode is not None:
        os.chmod(path, file_mode)


def rewrite(
    path: Path,
    transform: Callable[[Settings], Settings],
    validate: Callable[[Settings, Path], None] | None = None,
) -> SettingsSwap:
    """Rewrite ``path`` with ``transform`` under the backup / validate / atomic discipline.

    The order is fixed: read and parse; copy the file to its ``.modeswap.bak`` (a failed
    copy aborts with nothing changed); transform; check the serialised bytes parse back to
    the same value (and ``validate`` them); replace the file atomically. Any failure after
    the copy restores the original bytes.
    """
    check_writable(path, "settings")
    target = path.resolve() if path.is_symlink() else path
    try:
        original: bytes | None = read_bytes(target, what="settings file")
    except FileNotFoundError:
        original = None
    except OSError as exc:
        raise InvalidState(f"{path} cannot be read: {exc.strerror}") from exc
    current = parse_settings(original, path) if original is not None else {}
    file_mode = stat.S_IMODE(target.stat().st_mode) if original is not None else None
    backup = None
    if original is not None:
        backup = backup_path(path)
        try:
            _write(backup, original, file_mode)
        except (OSError, UsageError) as exc:
            why = getattr(exc, "strerror", None) or exc
            raise StateUnwritable(
                f"cannot back up {path} to {backup} ({why}); nothing was changed"
            ) from exc
    swap = SettingsSwap(path, target, backup, original, file_mode)
    try:
        new = transform(current)
        data = serialise(new)
        reparsed = validate_settings(data, new, path)
        if validate is not None:
            validate(reparsed, path)
        _write(target, data, file_mode)
    except BaseException as exc:
        swap.restore()
        if isinstance(exc, OndasError):
            raise
        if isinstance(exc, OSError):
            raise StateUnwritable(
                f"cannot write {path} ({exc.strerror or exc}); the original was restored"
            ) from exc
        raise
    return swap
