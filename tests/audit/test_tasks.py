from __future__ import annotations

from pathlib import Path

import pytest

from ondas.audit import tasks
from ondas.errors import RuleViolation, UsageError
from ondas.state.store import Store
from tests.audit.conftest import assert_sound, state_of
from tests.audit.test_reconcile import TASKS_MD


def test_recording_a_task_twice_updates_one_row(store: Store) -> None:
    tasks.record_task(store, "4.1", "Store decisions", "fail", 10, 7, False, ["a.py"])
    task = tasks.record_task(store, "4.1", "Store decisions", "pass", 10, 10, True, ["a.py"])
    assert task.outcome == "pass" and task.tests_passed == 10 and task.lint_ok is True
    rows = store.all("SELECT task_id FROM tasks")
    assert [r["task_id"] for r in rows] == ["4.1"]
    assert_sound(store)


def test_more_tests_passed_than_run_is_refused(store: Store) -> None:
    before = state_of(store)
    with pytest.raises(RuleViolation, match=r"^\[tests-passed-exceeds-run\]"):
        tasks.record_task(store, "4.1", "t", "pass", 3, 4, True, [])
    assert state_of(store) == before


@pytest.mark.parametrize(
    "args",
    [
        ("four", "t", "pass", 1, 1, True, []),
        ("4.1", "t", "passed", 1, 1, True, []),
        ("4.1", "t", "pass", -1, 0, True, []),
        ("4.1", "t", "pass", 1, 1, "yes", []),
        ("4.1", "t", "pass", 1, 1, True, "a.py"),
    ],
)
def test_malformed_task_records_are_usage_errors(store: Store, args: tuple) -> None:  # type: ignore[type-arg]
    before = state_of(store)
    with pytest.raises(UsageError):
        tasks.record_task(store, *args)
    assert state_of(store) == before


def test_backfill_never_overwrites_a_real_record(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "tasks.md"
    path.write_text(TASKS_MD)
    tasks.record_task(store, "1.2", "Add the CLI entry point", "fail", 4, 2, True, ["cli.py"])
    assert tasks.reconcile_tasks(store, path) == ["1.1", "2.1"]
    real = tasks.get_task(store, "1.2")
    assert real.source == "recorded" and real.outcome == "fail" and real.tests_passed == 2
    filled = tasks.get_task(store, "1.1")
    assert filled.source == "backfilled" and filled.title == "Create the package layout"
    before = state_of(store)
    assert tasks.reconcile_tasks(store, path) == []
    assert state_of(store) == before
    assert_sound(store)
