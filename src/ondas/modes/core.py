"""Activate a permission regime, report it, and check it from a SessionStart hook.

The ratchet only climbs ``default -> advanced -> autonomous``, one step at a time (no jump
from default to autonomous). The one way down is a human editing the state file and setting
``hookSha256`` to ``MANUAL_DOWNGRADE``; no flag, reason or hook can do it. A new mode takes
effect in the next Claude Code session: a running session keeps the permissions it started
with.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ondas.errors import InvalidState, OndasError, RuleViolation, StateUnwritable
from ondas.modes import settings_file as sf
from ondas.modes.state_file import (
    HISTORY_LIMIT,
    MANUAL_DOWNGRADE,
    STATE_FILE_NAME,
    HistoryEntry,
    ModeState,
    config_dir,
    read_state,
    write_state,
)
from ondas.modes.templates import (
    MODES,
    OWNED_KEYS,
    Template,
    allowed_targets,
    canonical_mode,
    fingerprint,
    load_templates,
    rank,
)
from ondas.pathpolicy import check_writable

HOOK_EVENT = "SessionStart"


@dataclass(frozen=True)
class Paths:
    """Where the mode machinery reads and writes."""

    config: Path
    settings: Path

    @property
    def state(self) -> Path:
        """The mode state file."""
        return self.config / STATE_FILE_NAME

    @classmethod
    def resolve(cls, config: Path | None = None, settings: Path | None = None) -> Paths:
        """Default: ``$CLAUDE_CONFIG_DIR`` (or ``~/.claude``) and its ``settings.json``."""
        base = config if config is not None else config_dir()
        return cls(base, settings if settings is not None else base / "settings.json")


def now_utc() -> str:
    """The current time as ISO-8601 UTC with seconds."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@contextmanager
def _locked(paths: Paths) -> Iterator[None]:
    """Serialise activations and hook installs on one config directory.

    The files to be written are checked first (:mod:`ondas.pathpolicy`): a refused path
    leaves the directory as it was, lock file included.
    """
    check_writable(paths.settings, "settings")
    check_writable(paths.state, "mode state")
    try:
        paths.config.mkdir(parents=True, exist_ok=True)
        fd = os.open(paths.config / f"{STATE_FILE_NAME}.lock", os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise StateUnwritable(f"cannot lock {paths.config}: {exc.strerror}") from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def current_fingerprint(settings: sf.Settings | None, templates: Path | None = None) -> str:
    """The fingerprint for the hook command found in ``settings`` and the templates."""
    return fingerprint(sf.hook_command(settings), templates)


def downgrade_message(current: str, target: str, state_path: Path) -> str:
    """Why a downgrade is refused, and the only way down."""
    return (
        f"refusing to go down from {current} to {target}: the mode ratchet only climbs "
        f"({' -> '.join(MODES)}), whatever --reason or --force say. The only way down is by "
        f"hand: edit {state_path} and set its hookSha256 to {MANUAL_DOWNGRADE!r}; the next "
        f"activation may then choose any mode and is recorded with reason MANUAL"
    )


TAKES_EFFECT = "the new mode takes effect in the next Claude Code session"


def jump_message(current: str, target: str) -> str:
    """Why ``current -> target`` is refused: the ratchet climbs one step at a time."""
    step = MODES[rank(current) + 1]
    return (
        f"refusing to jump from {current} to {target}: the mode ratchet climbs one step at a "
        f"time ({' -> '.join(MODES)}); activate {step} first"
    )


def pending_reason(state: ModeState | None, fp: str) -> str | None:
    """Why an activation is due (``INITIAL``, ``HOOK_CHANGED``, ``MANUAL``), or ``None``."""
    if state is None:
        return "INITIAL"
    if state.manual_downgrade:
        return "MANUAL"
    if state.hook_sha256 != fp:
        return "HOOK_CHANGED"
    return None


def ratchet_floor(state: ModeState | None) -> str | None:
    """The lowest mode an activation may choose (``None``: any)."""
    if state is None or state.manual_downgrade:
        return None
    return state.mode


def _sandbox_declared(settings: sf.Settings) -> bool:
    env = settings.get("env")
    return isinstance(env, dict) and str(env.get("IS_SANDBOX", "")) == "1"


def _check_bypass_allowed(
    template: Template, settings: sf.Settings, path: Path, as_root: bool
) -> None:
    if template.default_mode != "bypassPermissions":
        return
    permissions = settings.get("permissions")
    if isinstance(permissions, dict) and permissions.get("disableBypassPermissionsMode") == (
        "disable"
    ):
        raise RuleViolation(
            "bypass-disabled",
            f"{path} sets permissions.disableBypassPermissionsMode to 'disable', so "
            f"{template.mode} (bypassPermissions) could not take effect; nothing was changed",
        )
    if as_root and not _sandbox_declared(settings):
        raise RuleViolation(
            "bypass-as-root",
            f"Claude Code refuses bypassPermissions when run as root (every session would exit "
            f"with an error), so {template.mode} is not activated; run as a normal user, or "
            f'inside a container declare it in {path}: "env": {{"IS_SANDBOX": "1"}}',
        )


@dataclass(frozen=True)
class Activation:
    """What one activation did."""

    mode: str
    from_mode: str | None
    reason: str
    note: str | None
    activated_at: str
    settings: Path
    backup: Path | None
    state: Path
    history_length: int

    def to_dict(self) -> dict[str, Any]:
        """JSON form for ``--json``."""
        return {
            "mode": self.mode,
            "fromMode": self.from_mode,
            "reason": self.reason,
            "note": self.note,
            "activatedAt": self.activated_at,
            "settings": str(self.settings),
            "backup": str(self.backup) if self.backup else None,
            "stateFile": str(self.state),
            "historyLength": self.history_length,
            "takesEffect": "next-session",
        }


def activate(
    mode: str,
    *,
    config: Path | None = None,
    settings: Path | None = None,
    note: str | None = None,
    templates: Path | None = None,
    as_root: bool | None = None,
) -> Activation:
    """Activate ``mode`` (aliases accepted) under the ratchet; see the module docstring.

    Order of work: read the state; back up ``settings.json``; merge the template's four
    permission keys over it (everything else preserved); validate; replace it atomically;
    then write the state file. Any failure restores the settings from the backup.
    """
    target = canonical_mode(mode)
    paths = Paths.resolve(config, settings)
    root = (os.geteuid() == 0) if as_root is None else as_root
    with _locked(paths):
        state = read_state(paths.state)
        floor = ratchet_floor(state)
        if floor is not None and rank(target) < rank(floor):
            raise RuleViolation("ratchet", downgrade_message(floor, target, paths.state))
        if floor is not None and rank(target) > rank(floor) + 1:
            raise RuleViolation("ratchet", jump_message(floor, target))
        table = load_templates(templates)
        template = table[target]
        before = sf.read_settings(paths.settings) or {}
        _check_bypass_allowed(template, before, paths.settings, root)
        fp = current_fingerprint(before, templates)
        reason = pending_reason(state, fp) or "MANUAL"

        if target == "autonomous":
            from ondas.hooks.sandbox import require_available

            require_available()

        def merge(current: sf.Settings) -> sf.Settings:
            merged = sf.merge_template(current, template, paths.settings)
            if target == "autonomous":
                merged["sandbox"] = autonomous_sandbox(merged.get("sandbox"))
            return merged

        def validate(new: sf.Settings, path: Path) -> None:
            sf.validate_owned_permissions(new, path)
            owned = sf.permissions_of(new, path)
            if any(owned[k] != template.permissions[k] for k in OWNED_KEYS):
                raise InvalidState(f"{path}: the merged permissions differ from the template")

        swap = sf.rewrite(paths.settings, merge, validate)
        at = now_utc()
        entry = HistoryEntry(target, at, state.mode if state else None, reason, note)
        history = [*(state.history if state else []), entry]
        new_state = ModeState(target, fp, at, str(paths.settings), history)
        try:
            write_state(paths.state, new_state)
        except BaseException as exc:
            swap.restore()
            if isinstance(exc, OSError):
                raise StateUnwritable(
                    f"cannot write {paths.state} ({exc.strerror or exc}); "
                    f"{paths.settings} was restored from its backup"
                ) from exc
            raise
    return Activation(
        target,
        entry.from_mode,
        reason,
        note,
        at,
        paths.settings,
        swap.backup,
        paths.state,
        min(len(history), HISTORY_LIMIT),
    )


def autonomous_sandbox(current: Any) -> dict[str, Any]:
    """The user's ``sandbox`` settings with the OS sandbox forced on, fail-closed, no escape."""
    block = dict(current) if isinstance(current, dict) else {}
    block.update({"enabled": True, "failIfUnavailable": True, "allowUnsandboxedCommands": False})
    return block


def drift(settings: sf.Settings | None, template: Template, path: Path) -> dict[str, Any]:
    """How the settings' owned permission keys differ from ``template`` (order ignored)."""
    if settings is None:
        return {"settingsExists": False, "matches": False, "differences": [f"{path} is missing"]}
    try:
        permissions = sf.permissions_of(settings, path)
    except OndasError as exc:
        return {"settingsExists": True, "matches": False, "differences": [str(exc)]}
    differences: list[str] = []
    if permissions.get("defaultMode") != template.default_mode:
        differences.append(
            f"defaultMode is {permissions.get('defaultMode')!r}, "
            f"template has {template.default_mode!r}"
        )
    for key in ("allow", "ask", "deny"):
        have = permissions.get(key)
        if not isinstance(have, list):
            differences.append(f"{key} is {have!r}, not a list")
            continue
        want = template.permissions[key]
        missing = [r for r in want if r not in have]
        extra = [r for r in have if r not in want]
        if missing:
            differences.append(f"{key} lacks {missing}")
        if extra:
            differences.append(f"{key} has extra {extra}")
    return {"settingsExists": True, "matches": not differences, "differences": differences}


def status(
    *, config: Path | None = None, settings: Path | None = None, templates: Path | None = None
) -> dict[str, Any]:
    """The recorded mode, its history, whether it is current, and drift of the settings file."""
    base = Paths.resolve(config, settings)
    state = read_state(base.state)
    if settings is None and state is not None and state.settings:
        base = Paths(base.config, Path(state.settings))
    current = sf.read_settings(base.settings)
    fp = current_fingerprint(current, templates)
    out: dict[str, Any] = {
        "stateFile": str(base.state),
        "settings": str(base.settings),
        "recorded": state is not None,
        "mode": state.mode if state else None,
        "activatedAt": state.activated_at if state else None,
        "hookSha256": state.hook_sha256 if state else None,
        "fingerprint": fp,
        "pending": pending_reason(state, fp),
        "allowedTargets": allowed_targets(ratchet_floor(state)),
        "hookInstalled": bool(sf.check_commands(current or {})),
        "history": [h.to_dict() for h in state.history] if state else [],
        "lastReason": state.history[-1].reason if state and state.history else None,
        "lastNote": state.history[-1].note if state and state.history else None,
        "drift": None,
    }
    if state is not None:
        out["drift"] = drift(current, load_templates(templates)[state.mode], base.settings)
    return out


def _options_text(options: list[str], table: dict[str, Template]) -> str:
    return "\n".join(f"- {m}: {table[m].description}" for m in options)


def check(*, config: Path | None = None, templates: Path | None = None) -> dict[str, Any] | None:
    """The SessionStart hook answer: ``None`` when the recorded mode is current.

    Otherwise the hook JSON whose ``additionalContext`` asks for an activation (``INITIAL``),
    a re-confirmation (``HOOK_CHANGED``, or ``MANUAL`` after a by-hand reset), listing only
    the modes the ratchet allows. A corrupt state file is reported as such.
    """
    paths = Paths.resolve(config)
    try:
        state = read_state(paths.state)
    except InvalidState as exc:
        return hook_output(
            f"ondas mode: {exc}. Tell the user; do not activate or assume any mode until "
            f"they have repaired it."
        )
    settings_path = Path(state.settings) if state and state.settings else paths.settings
    try:
        current = sf.read_settings(settings_path)
    except InvalidState as exc:
        return hook_output(f"ondas mode: {exc}. Tell the user before doing anything else.")
    fp = current_fingerprint(current, templates)
    reason = pending_reason(state, fp)
    if reason is None:
        return None
    table = load_templates(templates)
    options = allowed_targets(ratchet_floor(state))
    command = "ondas mode activate MODE --reason 'why the user chose it'"
    if reason == "INITIAL":
        head = (
            "ondas mode (INITIAL): no Claude Code permission regime has been activated yet "
            f"in {paths.config}. Ask the user which mode to activate"
        )
    elif reason == "HOOK_CHANGED":
        assert state is not None
        head = (
            f"ondas mode (HOOK_CHANGED): mode {state.mode} was activated at "
            f"{state.activated_at}, but the shipped templates or the check hook have changed "
            "since. Ask the user to re-confirm it or to choose a higher mode"
        )
    else:
        assert state is not None
        head = (
            f"ondas mode (MANUAL): the recorded mode {state.mode} was reset by hand "
            f"({MANUAL_DOWNGRADE}). Ask the user which mode to activate now"
        )
    text = (
        f"{head}; do not choose for them. Options allowed by the ratchet "
        f"({' -> '.join(MODES)}, one step at a time, never down):\n"
        f"{_options_text(options, table)}\n"
        f"Once the user has chosen, run: {command} ({TAKES_EFFECT})"
    )
    return hook_output(text)


def hook_output(text: str) -> dict[str, Any]:
    """A SessionStart hook answer carrying ``text`` as additional context."""
    return {"hookSpecificOutput": {"hookEventName": HOOK_EVENT, "additionalContext": text}}


def install_hook(
    *,
    config: Path | None = None,
    settings: Path | None = None,
    command: str = sf.DEFAULT_HOOK_COMMAND,
) -> dict[str, Any]:
    """Install the ``ondas mode check`` SessionStart hook into ``settings.json`` (idempotent)."""
    paths = Paths.resolve(config, settings)
    if not sf.CHECK_COMMAND_PATTERN.search(command):
        raise RuleViolation("hook-command", f"{command!r} does not run 'ondas mode check'")
    with _locked(paths):
        current = sf.read_settings(paths.settings)
        if current is not None and sf.with_check_hook(current, command, paths.settings) == current:
            return {"settings": str(paths.settings), "command": command, "changed": False}
        swap = sf.rewrite(paths.settings, lambda s: sf.with_check_hook(s, command, paths.settings))
    return {
        "settings": str(paths.settings),
        "command": command,
        "changed": True,
        "backup": str(swap.backup) if swap.backup else None,
    }
