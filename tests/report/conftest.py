"""Real demo runs (scripted backend, real git, real SQLite) for the report tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.app.run import demo
from ondas.state.store import Store

SECRET = "sk-live-4f9aQ7zLmN2pR8tV6wXy"
"""A value of the project's .env that must never reach a report, draft or export."""


def make_demo(directory: Path, *, auto_answer: bool = True) -> Path:
    """Run the offline demo into ``directory`` with a .env holding :data:`SECRET`."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / ".env").write_text(f"PAYMENT_API_KEY={SECRET}\n", encoding="utf-8")
    demo(directory, auto_answer=auto_answer)
    return directory


@pytest.fixture
def ondas_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private $ONDAS_HOME so that the knowledge DB of one test never leaks into another."""
    home = tmp_path / "ondas-home"
    monkeypatch.setenv("ONDAS_HOME", str(home))
    return home


@pytest.fixture
def finished(tmp_path: Path, ondas_home: Path) -> Path:
    """A completed demo project."""
    return make_demo(tmp_path / "notes")


@pytest.fixture
def waiting(tmp_path: Path, ondas_home: Path) -> Path:
    """A demo project stopped at clarify, awaiting a person."""
    return make_demo(tmp_path / "notes", auto_answer=False)


def runtime_event(store: Store, type_: str, data: dict[str, object]) -> None:
    """Append an event of a type only the runtime writes (``event add`` refuses those)."""
    from ondas.audit._common import current_execution_id

    with store.transaction(type_, execution_id=current_execution_id(store)) as tx:
        tx.data.update(data)
