"""The three permission regimes shipped as JSON templates, their ratchet order and fingerprint.

A template fixes the four keys ondas owns in Claude Code's ``settings.json``:
``permissions.allow``, ``permissions.ask``, ``permissions.deny`` and
``permissions.defaultMode``. The ratchet only ever climbs ``default -> advanced -> autonomous``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ondas.errors import InvalidState, UsageError

MODES: tuple[str, ...] = ("default", "advanced", "autonomous")
"""Mode names in ratchet order: each one may only be followed by itself or a later one."""

ALIASES: dict[str, str] = {"avancado": "advanced", "autosuficiente": "autonomous"}
"""Accepted Portuguese names; the canonical names are English."""

OWNED_KEYS: tuple[str, ...] = ("allow", "ask", "deny", "defaultMode")
"""The keys of ``permissions`` an activation replaces; every other key is preserved."""

DEFAULT_MODES: frozenset[str] = frozenset(
    {"default", "acceptEdits", "plan", "dontAsk", "bypassPermissions", "auto"}
)
"""The ``permissions.defaultMode`` values Claude Code documents."""

_RULE = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*(\(.+\))?$", re.DOTALL)


@dataclass(frozen=True)
class Template:
    """One mode's permissions, as shipped."""

    mode: str
    description: str
    permissions: dict[str, Any]

    @property
    def default_mode(self) -> str:
        """The template's ``permissions.defaultMode``."""
        return str(self.permissions["defaultMode"])


def canonical_mode(name: str) -> str:
    """Return the canonical mode for ``name`` (aliases accepted) or raise a usage error."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in MODES:
        choices = ", ".join([*MODES, *ALIASES])
        raise UsageError(f"unknown mode {name!r}: choose one of {choices}")
    return key


def rank(mode: str) -> int:
    """Position of ``mode`` on the ratchet (0 = default)."""
    return MODES.index(mode)


def allowed_targets(current: str | None) -> list[str]:
    """Modes the ratchet allows from ``current``: itself or the next one up, one step at a
    time (every mode when nothing is recorded, or after a by-hand reset)."""
    if current is None:
        return list(MODES)
    return [m for m in MODES if rank(current) <= rank(m) <= rank(current) + 1]


def validate_permissions(value: Any, where: str) -> dict[str, Any]:
    """Check a template's ``permissions`` block; raise :class:`InvalidState` naming ``where``."""
    if not isinstance(value, Mapping):
        raise InvalidState(f"{where}: permissions must be a JSON object")
    missing = [k for k in OWNED_KEYS if k not in value]
    if missing:
        raise InvalidState(f"{where}: permissions lacks {', '.join(missing)}")
    if value["defaultMode"] not in DEFAULT_MODES:
        raise InvalidState(f"{where}: unknown defaultMode {value['defaultMode']!r}")
    for key in ("allow", "ask", "deny"):
        rules = value[key]
        if not isinstance(rules, list):
            raise InvalidState(f"{where}: permissions.{key} must be a list")
        for rule in rules:
            if not isinstance(rule, str) or not _RULE.match(rule):
                raise InvalidState(f"{where}: permissions.{key} holds a malformed rule {rule!r}")
        if len(set(rules)) != len(rules):
            raise InvalidState(f"{where}: permissions.{key} repeats a rule")
    return {k: value[k] for k in OWNED_KEYS}


def templates_dir() -> Path:
    """The directory of the templates shipped inside the package."""
    return Path(str(resources.files("ondas.modes") / "templates"))


def template_bytes(directory: Path | None = None) -> dict[str, bytes]:
    """Raw bytes of each mode's template file, read from ``directory`` (default: shipped)."""
    base = directory if directory is not None else templates_dir()
    out: dict[str, bytes] = {}
    for mode in MODES:
        path = base / f"{mode}.json"
        try:
            out[mode] = path.read_bytes()
        except OSError as exc:
            raise InvalidState(f"template {path} cannot be read: {exc.strerror}") from exc
    return out


def load_templates(directory: Path | None = None) -> dict[str, Template]:
    """Load and validate every template; raise :class:`InvalidState` on a broken one."""
    out: dict[str, Template] = {}
    for mode, raw in template_bytes(directory).items():
        where = f"template {mode}.json"
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise InvalidState(f"{where} is not valid JSON: {exc}") from exc
        if not isinstance(data, dict) or data.get("mode") != mode:
            raise InvalidState(f"{where} does not declare mode {mode!r}")
        permissions = validate_permissions(data.get("permissions"), where)
        out[mode] = Template(mode, str(data.get("description", "")), permissions)
    return out


def fingerprint(hook_command: str, directory: Path | None = None) -> str:
    """sha256 over the shipped templates and the SessionStart hook's command.

    Changing a template or the hook command changes the fingerprint, which makes
    ``ondas mode check`` ask for a re-confirmation (``HOOK_CHANGED``).
    """
    digest = hashlib.sha256()
    for mode, raw in template_bytes(directory).items():
        digest.update(f"{mode}\0{len(raw)}\0".encode())
        digest.update(raw)
    digest.update(b"hook\0" + hook_command.encode())
    return digest.hexdigest()
