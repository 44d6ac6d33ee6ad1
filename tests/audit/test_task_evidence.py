"""A task record claims ``pass`` only with test evidence; the evidence is kept with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.audit import tasks
from ondas.errors import RuleViolation
from ondas.runtime.schema import default_schema
from ondas.state.execution import create_execution
from ondas.state.store import Store
from ondas.state.verify import validate, verify


@pytest.mark.parametrize(
    ("run", "passed", "exit_code"),
    [(0, 0, 0), (0, 0, None), (3, 2, 0), (3, 3, 1)],
)
def test_pass_without_evidence_is_refused(
    store: Store, run: int, passed: int, exit_code: int | None
) -> None:
    with pytest.raises(RuleViolation, match="cannot pass"):
        tasks.record_task(
            store, "1.1", "t", "pass", run, passed, None, [], test_exit_code=exit_code
        )
    assert tasks.list_tasks(store) == []


def test_the_command_counts_and_exit_code_are_recorded(store: Store) -> None:
    task = tasks.record_task(
        store, "1.1", "t", "pass", 4, 4, None, ["a.py"], test_command="pytest -q", test_exit_code=0
    )
    assert (task.test_command, task.tests_run, task.test_exit_code) == ("pytest -q", 4, 0)
    unverified = tasks.record_task(store, "1.2", "u", "unverified", 0, 0, None, [])
    assert unverified.outcome == "unverified" and not unverified.verified
    assert task.verified


def test_a_task_recorded_before_the_evidence_migration_survives_it(
    tmp_path: Path, project: Path
) -> None:
    full = default_schema()
    names = [m.name for m in full.migrations]
    before = full.first(names.index("audit_task_evidence"))
    with Store.open(tmp_path / "s", create=True, schema=before) as old:
        create_execution(old, project_path=project)
        with old.transaction("task_recorded", execution_id="exec-001") as tx:
            tx.insert(
                "tasks",
                {"execution_id": "exec-001", "task_id": "1.1", "title": "old", "outcome": "pass"},
            )
    with Store.open(tmp_path / "s", schema=default_schema()) as store:
        (task,) = tasks.list_tasks(store)
        assert (task.title, task.outcome, task.test_command, task.test_exit_code) == (
            "old",
            "pass",
            None,
            None,
        )
        tasks.record_task(store, "1.2", "new", "unverified", 0, 0, None, [])
        assert verify(store).ok and validate(store).ok


def test_a_legacy_pass_without_tests_is_imported_as_unverified() -> None:
    from ondas.audit.legacy import adapt_task

    assert adapt_task({"id": "1.1", "resultado": "aprovado"})["outcome"] == "unverified"
    backed = {"id": "1.2", "outcome": "aprovado", "tests_run": 2, "tests_passed": 2}
    assert adapt_task(backed)["outcome"] == "pass"
    partial = {"id": "1.3", "outcome": "pass", "tests_run": 2, "tests_passed": 1}
    assert adapt_task(partial)["outcome"] == "fail"


def test_the_runtimes_evidence_cannot_be_overwritten_by_a_command_line_or_mcp(
    store: Store,
) -> None:
    from ondas.audit.tasks import RUNTIME, get_task, record_task
    from ondas.errors import RuleViolation

    record_task(
        store, "1.1", "notes", "pass", 3, 3, True, [], test_command="pytest -q",
        test_exit_code=0, recorded_by=RUNTIME,
    )  # fmt: skip
    before = get_task(store, "1.1")
    for recorder in ("cli", "mcp"):
        with pytest.raises(RuleViolation) as err:
            record_task(store, "1.1", "notes", "pass", 999, 999, True, [], recorded_by=recorder)
        assert err.value.rule == "evidence-immutable"
    assert get_task(store, "1.1") == before
    assert before.recorded_by == RUNTIME and before.test_command == "pytest -q"
    again = record_task(
        store, "1.1", "notes", "fail", 3, 2, True, [], test_command="pytest -q",
        test_exit_code=1, recorded_by=RUNTIME,
    )  # fmt: skip
    assert (again.outcome, again.tests_passed) == ("fail", 2)


def test_a_task_no_runtime_recorded_may_be_recorded_again_by_hand(store: Store) -> None:
    from ondas.audit.tasks import get_task, record_task

    record_task(store, "1.2", "t", "unverified", 0, 0, None, [])
    record_task(store, "1.2", "t", "fail", 1, 0, None, [], recorded_by="mcp")
    assert get_task(store, "1.2").recorded_by == "mcp"
