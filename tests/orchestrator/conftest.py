"""Helpers for the orchestrator tests: real stores, real git repos, real subprocesses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ondas.runtime.schema import default_schema
from ondas.state.dialect import Row
from ondas.state.store import Store

SAMPLE = "A tiny command-line notes keeper: add a note, list the notes, notes survive restarts."


def rows(project: Path, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
    """Read rows of the project's store read-only (whichever backend the environment selects)."""
    with Store.open(project / ".ondas", readonly=True, schema=default_schema()) as store:
        return store.all(sql, params)


def one(project: Path, sql: str, params: tuple[Any, ...] = ()) -> Row:
    """The single row of ``sql``."""
    (row,) = rows(project, sql, params)
    return row
