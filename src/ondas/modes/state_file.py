"""The mode state file ``$CLAUDE_CONFIG_DIR/ondas-mode.json``: what was activated, when, why.

Shape: ``{mode, hookSha256, activatedAt, settings, history: [{mode, at, fromMode, reason,
note}]}``. ``reason`` is ``INITIAL``, ``HOOK_CHANGED`` or ``MANUAL``; ``note`` is the free text
given with ``--reason``. A file that does not parse or does not have this shape is reported
as corrupt, never repaired by guessing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ondas.errors import InvalidState
from ondas.modes.templates import MODES

STATE_FILE_NAME = "ondas-mode.json"
MANUAL_DOWNGRADE = "MANUAL_DOWNGRADE"
"""Sentinel a human writes into ``hookSha256`` by hand to lift the ratchet once."""
REASONS: tuple[str, ...] = ("INITIAL", "HOOK_CHANGED", "MANUAL")
HISTORY_LIMIT = 50


def config_dir() -> Path:
    """Claude Code's configuration directory: ``$CLAUDE_CONFIG_DIR``, else ``~/.claude``."""
    from ondas.guards.paths import claude_dir

    return Path(claude_dir())


@dataclass(frozen=True)
class HistoryEntry:
    """One activation."""

    mode: str
    at: str
    from_mode: str | None
    reason: str
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The entry as stored (camelCase keys)."""
        return {
            "mode": self.mode,
            "at": self.at,
            "fromMode": self.from_mode,
            "reason": self.reason,
            "note": self.note,
        }


@dataclass(frozen=True)
class ModeState:
    """The parsed state file."""

    mode: str
    hook_sha256: str
    activated_at: str
    settings: str | None = None
    history: list[HistoryEntry] = field(default_factory=list)

    @property
    def manual_downgrade(self) -> bool:
        """True when a human reset ``hookSha256`` to the sentinel to lift the ratchet."""
        return self.hook_sha256 == MANUAL_DOWNGRADE

    def to_dict(self) -> dict[str, Any]:
        """The state as stored."""
        return {
            "mode": self.mode,
            "hookSha256": self.hook_sha256,
            "activatedAt": self.activated_at,
            "settings": self.settings,
            "history": [h.to_dict() for h in self.history],
        }


def _corrupt(path: Path, why: str) -> InvalidState:
    return InvalidState(
        f"mode state file {path} is corrupt ({why}); repair it by hand, "
        f"ondas will not guess the recorded mode"
    )


def _text(value: Any, key: str, path: Path, *, optional: bool = False) -> Any:
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value:
        raise _corrupt(path, f"{key} must be a non-empty string")
    return value


def _entry(raw: Any, path: Path, index: int) -> HistoryEntry:
    where = f"history[{index}]"
    if not isinstance(raw, dict):
        raise _corrupt(path, f"{where} is not an object")
    mode = _text(raw.get("mode"), f"{where}.mode", path)
    from_mode = _text(raw.get("fromMode"), f"{where}.fromMode", path, optional=True)
    reason = _text(raw.get("reason"), f"{where}.reason", path)
    if mode not in MODES or (from_mode is not None and from_mode not in MODES):
        raise _corrupt(path, f"{where} names an unknown mode")
    if reason not in REASONS:
        raise _corrupt(path, f"{where}.reason {reason!r} is not one of {', '.join(REASONS)}")
    note = raw.get("note")
    if note is not None and not isinstance(note, str):
        raise _corrupt(path, f"{where}.note must be a string")
    return HistoryEntry(mode, _text(raw.get("at"), f"{where}.at", path), from_mode, reason, note)


def read_state(path: Path) -> ModeState | None:
    """The state at ``path``; ``None`` when absent; :class:`InvalidState` when corrupt."""
    from ondas.pathpolicy import read_bytes

    try:
        raw = read_bytes(path, what="mode state")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _corrupt(path, f"cannot be read: {exc.strerror}") from exc
    try:
        data = json.loads(raw.decode("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise _corrupt(path, f"not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise _corrupt(path, "not a JSON object")
    mode = _text(data.get("mode"), "mode", path)
    if mode not in MODES:
        raise _corrupt(path, f"unknown mode {mode!r}")
    history_raw = data.get("history", [])
    if not isinstance(history_raw, list):
        raise _corrupt(path, "history must be a list")
    return ModeState(
        mode=mode,
        hook_sha256=_text(data.get("hookSha256"), "hookSha256", path),
        activated_at=_text(data.get("activatedAt"), "activatedAt", path),
        settings=_text(data.get("settings"), "settings", path, optional=True),
        history=[_entry(h, path, i) for i, h in enumerate(history_raw)],
    )


def write_state(path: Path, state: ModeState) -> None:
    """Write ``state`` atomically, keeping only the last :data:`HISTORY_LIMIT` entries."""
    trimmed = ModeState(
        state.mode,
        state.hook_sha256,
        state.activated_at,
        state.settings,
        state.history[-HISTORY_LIMIT:],
    )
    data = json.dumps(trimmed.to_dict(), indent=2, ensure_ascii=False) + "\n"
    from ondas.state.export import atomic_write

    atomic_write(path, data.encode("utf-8"))
