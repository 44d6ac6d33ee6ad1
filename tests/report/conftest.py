"""Real demo runs (scripted backend, real git, real SQLite) for the report tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.state.store import Store
from tests.demos import DemoCopies


@pytest.fixture
def ondas_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private $ONDAS_HOME so that the knowledge DB of one test never leaks into another."""
    home = tmp_path / "ondas-home"
    monkeypatch.setenv("ONDAS_HOME", str(home))
    return home


@pytest.fixture
def finished(demo_copies: DemoCopies, ondas_home: Path) -> Path:
    """A completed demo project (a fresh copy of the session's one)."""
    return demo_copies.notes(auto_answer=True, home=ondas_home)


@pytest.fixture
def waiting(demo_copies: DemoCopies, ondas_home: Path) -> Path:
    """A demo project stopped at clarify, awaiting a person (a fresh copy of the session's one)."""
    return demo_copies.notes(auto_answer=False, home=ondas_home)


def runtime_event(store: Store, type_: str, data: dict[str, object]) -> None:
    """Append an event of a type only the runtime writes (``event add`` refuses those)."""
    from ondas.audit._common import current_execution_id

    with store.transaction(type_, execution_id=current_execution_id(store)) as tx:
        tx.data.update(data)
