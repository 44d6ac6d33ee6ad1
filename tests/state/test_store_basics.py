from __future__ import annotations

from pathlib import Path

import pytest

from ondas.errors import RuleViolation
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
    with Store.open(state_dir, create=True) as s:
        assert verify(s).ok
        assert s.schema_version >= 1
