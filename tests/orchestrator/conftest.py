"""Helpers for the orchestrator tests: real stores, real git repos, real subprocesses."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

SAMPLE = "A tiny command-line notes keeper: add a note, list the notes, notes survive restarts."


def rows(project: Path, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
    """Read rows straight from the project's state.db (read-only)."""
    conn = sqlite3.connect(f"file:{project / '.ondas' / 'state.db'}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        return list(conn.execute(sql, params))
    finally:
        conn.close()


def one(project: Path, sql: str, params: tuple[Any, ...] = ()) -> sqlite3.Row:
    """The single row of ``sql``."""
    (row,) = rows(project, sql, params)
    return row
