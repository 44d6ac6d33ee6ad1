"""Fixtures of the audit tests: a store with one execution, and a snapshot of all its state."""

from __future__ import annotations

from typing import Any

import pytest

from ondas.audit import decisions
from ondas.state import migrations
from ondas.state.store import Store
from ondas.state.verify import validate, verify


def state_of(store: Store) -> dict[str, Any]:
    """Every event and every audited table's rows: equal before and after a refusal."""
    tables = {
        table: store.dialect.stored_rows(store.conn, table)
        for table in migrations.audited_tables(store.conn, store.dialect)
    }
    return {"events": len(store.events()), "tables": tables}


def assert_sound(store: Store) -> None:
    """The chain verifies and every invariant holds."""
    assert verify(store).ok, verify(store).to_dict()
    assert validate(store).ok, validate(store).to_dict()


def decide(store: Store, **overrides: Any) -> str:
    """Register a valid operational decision, with ``overrides`` applied."""
    fields: dict[str, Any] = {
        "agent": "planner",
        "stage": "plan",
        "context": "which test runner",
        "options": ["pytest", "unittest"],
        "choice": "pytest",
        "justification": "the project already uses it",
        "score": 2,
    }
    fields.update(overrides)
    return decisions.register_decision(store, **fields)


@pytest.fixture
def snap() -> Any:
    """The :func:`state_of` helper."""
    return state_of
