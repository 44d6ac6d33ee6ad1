"""Names the architecture refactor (issue 26) moved, looked up where the checkout has them.

``bench/compare_refs.py`` runs this checkout's bench scripts against an older ``src`` too (for
example 565fffb, before the refactor); a script imports a moved name from here instead of
spelling one location, so the same measuring code runs on both sides.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


def _first(*modules: str) -> ModuleType:
    """The first of ``modules`` that imports (newest location first)."""
    for name in modules[:-1]:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name is None or not name.startswith(error.name):
                raise
    return importlib.import_module(modules[-1])


def store_schema() -> dict[str, Any]:
    """Keyword arguments for ``Store.open``: ``schema=`` where the caller hands the store its
    schema (after the refactor), nothing where the store found it itself (before)."""
    try:
        schema = importlib.import_module("ondas.runtime.schema")
    except ModuleNotFoundError:
        return {}
    return {"schema": schema.default_schema()}


def app_run() -> ModuleType:
    """The run use cases: ``demo``, ``run``, ``verify_before_write``."""
    return _first("ondas.app.run", "ondas.orchestrator.commands")


def sovai_run() -> Any:
    """The sovai engine's ``run`` use case."""
    return _first("ondas.app.sovai_run", "ondas.sovai.commands").run


def run_tests() -> Any:
    """The sandboxed test runner a wave uses."""
    return _first("ondas.runtime.testrun", "ondas.orchestrator.testrun").run_tests
