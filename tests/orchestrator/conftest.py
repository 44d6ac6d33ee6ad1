"""Helpers for the orchestrator tests: real stores, real git repos, real subprocesses."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from ondas.runtime.schema import default_schema
from ondas.state.dialect import Row
from ondas.state.store import Store
from tests.conftest import run_ondas

SAMPLE = "A tiny command-line notes keeper: add a note, list the notes, notes survive restarts."


def sample_run(project: Path, *extra: str) -> list[str]:
    """``ondas run`` arguments for the sample project: scripted backend, local tier,
    auto-answered; ``extra`` options follow."""
    return ["run", str(project), "--description", SAMPLE, "--backend", "scripted",
            "--tier", "local", "--auto-answer", *extra]  # fmt: skip


def run_sample(
    project: Path, *extra: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run :func:`sample_run` as a real ``python -m ondas`` process."""
    return run_ondas(*sample_run(project, *extra), env=env)


def start_sample(project: Path, waves: int, env: dict[str, str] | None = None) -> None:
    """The sample run's first ``waves`` waves, which must succeed."""
    out = run_sample(project, "--max-waves", str(waves), env=env)
    assert out.returncode == 0, out.stderr


def rows(project: Path, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
    """Read rows of the project's store read-only (whichever backend the environment selects)."""
    with Store.open(project / ".ondas", readonly=True, schema=default_schema()) as store:
        return store.all(sql, params)


def one(project: Path, sql: str, params: tuple[Any, ...] = ()) -> Row:
    """The single row of ``sql``."""
    (row,) = rows(project, sql, params)
    return row
