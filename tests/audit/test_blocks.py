from __future__ import annotations

import pytest

from ondas.audit import blocks, waves
from ondas.errors import RuleViolation, UsageError
from ondas.state.execution import get_execution
from ondas.state.store import Store
from tests.audit.conftest import assert_sound, decide, state_of


def refused_block(store: Store, rule: str, fn: object) -> None:
    before = state_of(store)
    with pytest.raises(RuleViolation, match=rf"^\[{rule}\]"):
        fn()  # type: ignore[operator]
    assert state_of(store) == before


def test_blocks_get_sequential_ids_and_start_awaiting(store: Store) -> None:
    decision = decide(store, options=["pause-human", "x"], choice="pause-human")
    first = blocks.register_block(
        store,
        question="Which database?",
        decision_id=decision,
        context_for_answer="two services share it",
        options=["postgres", "sqlite"],
        subject_key="axis:persistence",
        severity="normal",
    )
    second = blocks.register_block(store, question="Ship on Friday?", severity="light")
    assert (first, second) == ("block-001", "block-002")
    got = blocks.get_block(store, first)
    assert got.status == "awaiting" and got.options == ["postgres", "sqlite"]
    assert got.decision_id == decision
    assert blocks.count_blocks(store) == 2
    assert blocks.count_blocks(store, pending_only=True) == 2
    assert_sound(store)


def test_block_linked_to_a_missing_decision_is_refused(store: Store) -> None:
    refused_block(
        store,
        "decision-not-found",
        lambda: blocks.register_block(store, question="q?", decision_id="dec-007"),
    )


def test_block_without_question_is_refused(store: Store) -> None:
    refused_block(store, "missing-field", lambda: blocks.register_block(store, question=" "))


def test_bad_severity_is_a_usage_error(store: Store) -> None:
    with pytest.raises(UsageError):
        blocks.register_block(store, question="q?", severity="urgent")


def test_respond_answers_the_oldest_awaiting_block_by_default(store: Store) -> None:
    blocks.register_block(store, question="first?")
    blocks.register_block(store, question="second?")
    answered = blocks.respond_block(store, "yes")
    assert answered.id == "block-001" and answered.status == "answered"
    assert answered.answered_at is not None
    assert blocks.respond_block(store, "no", "block-002").answer == "no"
    assert [b.id for b in blocks.list_blocks(store, status="answered")] == [
        "block-001",
        "block-002",
    ]
    assert blocks.list_blocks(store, status="awaiting") == []
    assert_sound(store)


def test_respond_refusals_leave_state_unchanged(store: Store) -> None:
    refused_block(store, "no-pending-block", lambda: blocks.respond_block(store, "yes"))
    blocks.register_block(store, question="q?")
    refused_block(store, "missing-field", lambda: blocks.respond_block(store, ""))
    refused_block(store, "block-not-found", lambda: blocks.respond_block(store, "y", "block-9"))
    blocks.respond_block(store, "yes")
    refused_block(store, "block-answered", lambda: blocks.respond_block(store, "y", "block-001"))


def test_require_resolved_needs_an_authorising_answer(store: Store) -> None:
    decision = decide(store, options=["pause-human", "x"], choice="pause-human")
    refused_block(store, "block-not-resolved", lambda: blocks.require_resolved(store, decision))
    blocks.register_block(store, question="go?", decision_id=decision)
    refused_block(store, "block-not-resolved", lambda: blocks.require_resolved(store, decision))
    blocks.respond_block(store, "no, not yet")
    refused_block(store, "block-not-resolved", lambda: blocks.require_resolved(store, decision))
    blocks.register_block(store, question="and now?", decision_id=decision)
    blocks.respond_block(store, "yes, use postgres")
    assert blocks.require_resolved(store, decision).id == "block-002"


def test_answering_the_last_block_resumes_an_execution_awaiting_a_human(store: Store) -> None:
    waves.start_wave(store)
    blocks.register_block(store, question="db?")
    blocks.register_block(store, question="later?", severity="light")
    assert waves.end_wave(store, "human_block").status == "awaiting_human"
    assert get_execution(store).status == "awaiting_human"
    blocks.respond_block(store, "postgres")
    assert get_execution(store).status == "in_progress"
    assert_sound(store)
