from __future__ import annotations

from pathlib import Path

import pytest

from ondas.app import answering
from ondas.audit import blocks
from ondas.errors import UsageError
from ondas.state.execution import get_execution
from ondas.state.store import Store


def _answered_event_data(store: Store) -> dict[str, object]:
    event = store.events(type_="block_answered")[-1]
    return dict(event.payload["data"])


def test_answer_records_the_surface_it_came_through_as_actor(store: Store) -> None:
    blocks.register_block(store, question="Ship on Friday?")
    got = answering.answer(store, "yes", actor="panel", wakers=())
    assert got.block.status == "answered" and got.block.answer == "yes"
    assert _answered_event_data(store)["actor"] == "panel"
    assert got.execution_status == get_execution(store).status


def test_answer_calls_each_waker_with_store_and_project_after_the_answer_is_committed(
    store: Store, tmp_path: Path
) -> None:
    blocks.register_block(store, question="Ship on Friday?")
    seen: list[str] = []

    def wakes(s: Store, project: Path | None) -> str | None:
        seen.append(str(blocks.list_blocks(s)[0].status))
        return f"woke {project.name if project else '-'}"

    def idle(s: Store, project: Path | None) -> str | None:
        return None

    def broken(s: Store, project: Path | None) -> str | None:
        raise OSError("broker down")

    got = answering.answer(
        store, "yes", actor="cli", project=tmp_path, wakers=(wakes, idle, broken)
    )
    assert seen == ["answered"]
    assert got.woken == [f"woke {tmp_path.name}"]
    assert got.wake_errors == ["broken: broker down"]


def test_an_unknown_actor_is_refused_and_the_block_stays_awaiting(store: Store) -> None:
    block_id = blocks.register_block(store, question="Ship on Friday?")
    with pytest.raises(UsageError):
        answering.answer(store, "yes", actor="someone", wakers=())
    assert blocks.get_block(store, block_id).status == "awaiting"
