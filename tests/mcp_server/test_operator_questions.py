"""ask_operator and collect_optins: elicitation with a person present, else a durable block."""

from __future__ import annotations

from typing import Any

import anyio
from mcp.shared.context import RequestContext
from mcp.types import ElicitRequestParams, ElicitResult

from ondas.audit import blocks
from ondas.state.execution import get_execution
from tests.mcp_server.conftest import Project, data_of, stdio_session


def answering(content: dict[str, Any]) -> Any:
    """An elicitation callback that accepts with ``content`` and keeps what it was asked."""
    asked: list[ElicitRequestParams] = []

    async def callback(
        context: RequestContext[Any, Any], params: ElicitRequestParams
    ) -> ElicitResult:
        asked.append(params)
        return ElicitResult(action="accept", content=content)

    callback.asked = asked  # type: ignore[attr-defined]
    return callback


async def declining(context: RequestContext[Any, Any], params: ElicitRequestParams) -> ElicitResult:
    return ElicitResult(action="decline")


async def answering_too_late(
    context: RequestContext[Any, Any], params: ElicitRequestParams
) -> ElicitResult:
    """A person who answers long after the server stopped waiting.

    The client library handles the server's requests in its receive loop, so the callback
    must return eventually for the client to read the tool's result at all.
    """
    await anyio.sleep(6)
    return ElicitResult(action="accept", content={"answer": "sqlite"})


def ask(served: Project, *, extra: list[str], elicitation: Any, tool: str = "ask_operator") -> Any:
    args = {"question": "Use SQLite or JSON files?", "options": ["sqlite", "json"]}

    async def main() -> Any:
        async with stdio_session(
            served.path, served.token, extra=extra, elicitation=elicitation
        ) as session:
            return data_of(await session.call_tool(tool, args if tool == "ask_operator" else {}))

    return anyio.run(main)


def test_a_present_person_answers_through_elicitation_and_the_block_is_answered(
    served: Project,
) -> None:
    callback = answering({"answer": "sqlite"})
    out = ask(served, extra=["--interactive"], elicitation=callback)
    assert out == {
        "status": "answered",
        "block_id": "block-001",
        "question": "Use SQLite or JSON files?",
        "answer": "sqlite",
    }
    assert "sqlite, json" in callback.asked[0].message
    with served.store() as store:
        block = blocks.get_block(store, "block-001")
        assert block.status == "answered" and block.answer == "sqlite"
        actors = {e.payload["data"].get("actor") for e in store.events() if "block" in e.type}
        assert actors == {"mcp"}


def test_without_a_person_the_question_stays_a_durable_block(served: Project) -> None:
    callback = answering({"answer": "sqlite"})
    out = ask(served, extra=[], elicitation=callback)
    assert out["status"] == "awaiting" and out["block_id"] == "block-001"
    assert out["how_to_answer"] == "ondas resume --answer TEXT --block block-001"
    assert callback.asked == []
    with served.store() as store:
        assert blocks.get_block(store, "block-001").status == "awaiting"


def test_a_client_without_elicitation_gets_the_block(served: Project) -> None:
    out = ask(served, extra=["--interactive"], elicitation=None)
    assert out["status"] == "awaiting"
    assert "no person can be asked" in out["why"]


def test_a_declined_form_leaves_the_block_awaiting(served: Project) -> None:
    out = ask(served, extra=["--interactive"], elicitation=declining)
    assert out["status"] == "awaiting" and "decline" in out["why"]


def test_a_person_who_does_not_answer_in_time_gets_a_block_not_a_hang(served: Project) -> None:
    out = ask(
        served, extra=["--interactive", "--elicit-timeout", "1"], elicitation=answering_too_late
    )
    assert out["status"] == "awaiting" and "no answer within 1s" in out["why"]
    with served.store() as store:
        assert blocks.get_block(store, out["block_id"]).status == "awaiting"


def test_collect_optins_applies_the_persons_choice(served: Project) -> None:
    callback = answering({"roadmap_mode": True, "atomic_commit": False})
    out = ask(served, extra=["--interactive"], elicitation=callback, tool="collect_optins")
    assert out["status"] == "applied"
    assert out["optins"] == {"roadmap_mode": True, "atomic_commit": False}
    with served.store() as store:
        ex = get_execution(store)
        assert ex.roadmap_mode is True and ex.atomic_commit is False
        assert blocks.get_block(store, out["block_id"]).answer == "roadmap_mode"


def test_collect_optins_without_a_person_leaves_a_light_block_applied_once_answered(
    served: Project,
) -> None:
    first = ask(served, extra=[], elicitation=None, tool="collect_optins")
    assert first["status"] == "awaiting"
    with served.store() as store:
        block = blocks.get_block(store, first["block_id"])
        assert block.severity == "light" and block.subject_key == "optins"
        assert get_execution(store).status == "in_progress"
        again = first
    # asking again before anyone answered reuses the same block
    again = ask(served, extra=[], elicitation=None, tool="collect_optins")
    assert again["block_id"] == first["block_id"]
    with served.store() as store:
        blocks.respond_block(store, "atomic_commit", first["block_id"])
    applied = ask(served, extra=[], elicitation=None, tool="collect_optins")
    assert applied["status"] == "applied"
    assert applied["optins"] == {"roadmap_mode": False, "atomic_commit": True}
    with served.store() as store:
        assert get_execution(store).atomic_commit is True
