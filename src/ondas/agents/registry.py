"""Backends are found through the ``ondas.backends`` entry-point group.

ondas' own backends are registered there too (in ``pyproject.toml``), the way llm registers
its default models through its plugin mechanism; they are also listed in :data:`BUILTIN` so
that a checkout whose installed metadata predates them still finds them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from ondas.agents.base import Backend
from ondas.errors import UsageError

GROUP = "ondas.backends"

BUILTIN: dict[str, str] = {
    "claude-code": "ondas.agents.claude_code:ClaudeCodeBackend",
    "scripted": "ondas.agents.scripted:ScriptedBackend",
}


def _load_ref(ref: str) -> Callable[..., Any]:
    module_name, _, attr = ref.partition(":")
    factory: Callable[..., Any] = getattr(importlib.import_module(module_name), attr)
    return factory


def available() -> dict[str, str]:
    """Name -> ``module:attribute`` of every registered backend (entry points win)."""
    found = dict(BUILTIN)
    for ep in entry_points(group=GROUP):
        found[ep.name] = ep.value
    return dict(sorted(found.items()))


def get_backend(name: str, **options: Any) -> Backend:
    """Instantiate the backend called ``name``; unknown names are a usage error."""
    refs = available()
    if name not in refs:
        raise UsageError(f"unknown backend {name!r}; available: {', '.join(refs)}")
    backend = _load_ref(refs[name])(**options)
    if not isinstance(backend, Backend):
        raise UsageError(f"backend {name!r} does not implement the ondas Backend protocol")
    return backend
