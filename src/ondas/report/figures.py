"""The report's counted figures, one query of the store each.

A figure the report prints is never a sum kept by hand or added up from per-task runs: it is
what the store holds, read here, and a test compares each function with its own query. The
tests of the suite are the latest whole-suite run (``suite_run`` event), not the sum of the
tasks' runs (each task's run counts the same tests again); the retries are every recorded
retry (a stage's artifact retry, a task's test retry, a role's answer retry); the wave
commits are the waves whose commit the store recorded.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

# Not ``typing.TYPE_CHECKING``: importing this module imports no typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.interface import StateStore


SUITE_EVENT = "suite_run"
RETRY_EVENT = "wave_retry"
WAVE_GIT_PREFIX = "wave-git/"
NO_COMMIT = "none"


@dataclass(frozen=True)
class SuiteRun:
    """The latest whole-suite run of an execution."""

    tests_run: int
    tests_passed: int
    command: str | None
    green: bool
    stage: str


def last_suite_run(store: StateStore, execution_id: str) -> SuiteRun | None:
    """The latest ``suite_run`` event of ``execution_id`` (``None`` when none ran)."""
    row = store.one(
        "SELECT payload FROM events WHERE execution_id = ? AND type = ? ORDER BY seq DESC LIMIT 1",
        (execution_id, SUITE_EVENT),
    )
    if row is None:
        return None
    payload = json.loads(str(row["payload"]))
    data = (payload.get("data") or {}) if isinstance(payload, dict) else {}
    return SuiteRun(
        tests_run=int(data.get("tests_run") or 0),
        tests_passed=int(data.get("tests_passed") or 0),
        command=data.get("test_command"),
        green=bool(data.get("green")),
        stage=str(data.get("stage") or ""),
    )


def retries(store: StateStore, execution_id: str) -> int:
    """How many retries the execution recorded (every kind)."""
    row = store.one(
        "SELECT COUNT(*) AS n FROM events WHERE execution_id = ? AND type = ?",
        (execution_id, RETRY_EVENT),
    )
    return int(row["n"]) if row else 0


def wave_commits(store: StateStore, execution_id: str) -> int:
    """How many of the execution's waves have a recorded commit."""
    rows = store.all(
        "SELECT value FROM extras WHERE execution_id = ? AND key LIKE ?",
        (execution_id, f"{WAVE_GIT_PREFIX}%"),
    )
    count = 0
    for r in rows:
        commit = json.loads(str(r["value"])).get("commit")
        if commit and commit != NO_COMMIT:
            count += 1
    return count
