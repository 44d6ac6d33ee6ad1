from __future__ import annotations

from pathlib import Path

import pytest

from ondas.errors import RuleViolation
from ondas.runtime.schema import default_schema
from ondas.state.execution import get_execution, terminate, update_execution
from ondas.state.store import Store
from ondas.state.verify import validate, verify


def test_new_execution_starts_in_progress_at_briefing(store: Store) -> None:
    execution = get_execution(store)
    assert execution.status == "in_progress"
    assert execution.current_stage == "briefing"
    assert execution.id == "exec-001"


def test_terminal_status_without_finished_at_is_refused(store: Store) -> None:
    before = store.events()
    with pytest.raises(RuleViolation, match="terminal-needs-finished-at"):
        update_execution(store, {"status": "completed"})
    assert store.events() == before
    assert get_execution(store).status == "in_progress"


def test_terminate_writes_every_terminal_field_at_once(store: Store) -> None:
    done = terminate(store, status="completed", reason="done", current_stage="review-features")
    assert done.finished_at and done.termination_reason == "done"
    last = store.events()[-1]
    changed = set(last.payload["changes"][0]["values"])
    assert {"status", "termination_reason", "finished_at", "current_stage"} <= changed
    assert verify(store).ok and validate(store).ok


def test_fresh_store_verifies_clean(state_dir: Path) -> None:
    with Store.open(state_dir, create=True, schema=default_schema()) as s:
        assert verify(s).ok
        assert s.schema_version >= 1


def test_update_or_delete_without_a_key_is_refused(store: Store) -> None:
    from ondas.errors import UsageError

    before = store.events()
    with pytest.raises(UsageError), store.transaction("bad") as tx:
        tx.update("executions", {}, {"description": "all rows"})
    with pytest.raises(UsageError), store.transaction("bad") as tx:
        tx.delete("metrics", {})
    assert store.events() == before


def test_transactions_cannot_nest(store: Store) -> None:
    with pytest.raises(RuntimeError), store.transaction("outer"), store.transaction("inner"):
        pass
    assert len(store.events()) == 1


def test_raising_inside_a_transaction_rolls_back_tables_and_event(store: Store) -> None:
    with pytest.raises(ValueError), store.transaction("half", execution_id="exec-001") as tx:
        tx.update("executions", {"id": "exec-001"}, {"description": "changed"})
        tx.add_metrics("exec-001", {"tool_calls": 1})
        raise ValueError("boom")
    assert get_execution(store).description == "a sample run"
    assert get_execution(store).metrics == {}
    assert len(store.events()) == 1
    assert verify(store).ok


def test_a_store_from_a_newer_ondas_is_not_reported_as_tampered(store: Store) -> None:
    with store.transaction("future") as tx:
        tx.insert("counters", {"scope": "x", "name": "y", "value": 1})
    store.conn.execute("INSERT INTO _migrations VALUES ('m999_future', '2030-01-01')")
    report = verify(store)
    assert [f.kind for f in report.findings] == ["schema-unknown"]
