"""Helpers of the sovai tests: real git repositories, a bare remote, the real CLI."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from ondas.sovai import sample


def ondas(
    cwd: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run this checkout's ``ondas`` in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=900,
        check=False,
    )


def git(cwd: Path, *args: str) -> str:
    """A git command's output (it must succeed)."""
    out = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def rows(project: Path, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
    """Rows of the project's store, read-only."""
    conn = sqlite3.connect(f"file:{project / '.ondas' / 'state.db'}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        return list(conn.execute(sql, params))
    finally:
        conn.close()


def event_data(project: Path, type_: str) -> list[dict[str, Any]]:
    """The ``data`` of every event of ``type_``, in order."""
    found = rows(project, "SELECT payload FROM events WHERE type = ? ORDER BY seq", (type_,))
    return [json.loads(r["payload"]).get("data", {}) for r in found]


def run_state(project: Path) -> dict[str, Any]:
    """The stored sovai run state."""
    (row,) = rows(project, "SELECT value FROM extras WHERE key = 'sovai'")
    value: dict[str, Any] = json.loads(row["value"])
    return value


def calc_project(root: Path, plan_text: str = sample.PLAN) -> tuple[Path, Path]:
    """The sample calc project (on main, pushed to ``root/remote.git``) and its plan file."""
    project = sample.make_project(root / "calc", remote=root / "remote.git")
    plan = root / "PLAN.md"
    plan.write_text(plan_text, encoding="utf-8")
    return project, plan
