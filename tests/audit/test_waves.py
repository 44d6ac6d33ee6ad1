from __future__ import annotations

import json
from typing import Any

import pytest

from ondas.audit import blocks, waves
from ondas.errors import RuleViolation, UsageError
from ondas.runtime.schema import default_schema
from ondas.state.execution import get_execution, terminate, update_execution
from ondas.state.store import Store
from tests.audit.conftest import assert_sound, decide, state_of


def refused(store: Store, rule: str, fn: Any) -> None:
    before = state_of(store)
    with pytest.raises(RuleViolation, match=rf"^\[{rule}\]"):
        fn()
    assert state_of(store) == before


def usage_error(store: Store, fn: Any) -> None:
    before = state_of(store)
    with pytest.raises(UsageError):
        fn()
    assert state_of(store) == before


def test_waves_open_and_close_in_sequence(store: Store) -> None:
    assert waves.start_wave(store) == "wave-001"
    assert waves.current_wave(store).id == "wave-001"  # type: ignore[union-attr]
    result = waves.end_wave(store, "threshold_proxy_reached")
    assert result.advanced_to is None and waves.current_wave(store) is None
    assert waves.start_wave(store) == "wave-002"
    assert_sound(store)


def test_starting_a_wave_while_one_is_open_is_refused(store: Store) -> None:
    waves.start_wave(store)
    refused(store, "wave-open", lambda: waves.start_wave(store))


def test_ending_without_an_open_wave_is_refused(store: Store) -> None:
    refused(store, "no-open-wave", lambda: waves.end_wave(store, "abort"))


def test_advance_moves_stage_and_instruction_in_the_closing_event(store: Store) -> None:
    waves.start_wave(store)
    result = waves.end_wave(
        store, "stage_completed_advancing", advance=True, next_instruction="write the principles"
    )
    assert result.advanced_to == "constitution"
    execution = get_execution(store)
    assert execution.current_stage == "constitution"
    assert execution.next_instruction == "write the principles"
    last = store.events()[-1]
    assert last.type == "wave_ended"
    tables = {c["table"] for c in last.payload["changes"]}
    assert {"executions", "waves", "metrics"} <= tables


def test_roadmap_mode_uses_the_roadmap_chain(store: Store) -> None:
    update_execution(store, {"current_stage": "constitution"})
    waves.start_wave(store)
    result = waves.end_wave(store, "stage_completed_advancing", advance=True, mode="roadmap")
    assert result.advanced_to == "roadmap"


def test_explicit_next_stage_wins_over_the_local_chain(store: Store) -> None:
    waves.start_wave(store)
    result = waves.end_wave(store, "stage_completed_advancing", advance=True, next_stage="plan")
    assert result.advanced_to == "plan"


def test_advancing_past_the_terminal_stage_completes_the_execution(store: Store) -> None:
    update_execution(store, {"current_stage": "review-task"})
    waves.start_wave(store)
    result = waves.end_wave(
        store, "completed", advance=True, terminal_phase="review-task", next_instruction=None
    )
    assert result.completed
    execution = get_execution(store)
    assert execution.status == "completed" and execution.finished_at
    assert execution.termination_reason == "completed"
    assert execution.current_stage == "review-task"
    changed = next(c for c in store.events()[-1].payload["changes"] if c["table"] == "executions")
    assert set(changed["values"]) == {
        "status",
        "termination_reason",
        "finished_at",
        "current_stage",
        "next_instruction",
    }
    assert_sound(store)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"reason": "stage_completed_advancing", "mode": "roadmap"},
        {"reason": "stage_completed_advancing", "terminal_phase": "plan"},
        {"reason": "stage_completed_advancing", "advance": True, "mode": "sideways"},
        {"reason": "stage_completed_advancing", "add_stage": "plan; rm -rf /"},
        {"reason": "stage_completed_advancing", "next_scheduled_for": "next tuesday"},
        {"reason": "finished"},
    ],
)
def test_bad_close_arguments_are_usage_errors(store: Store, kwargs: dict[str, Any]) -> None:
    waves.start_wave(store)
    usage_error(store, lambda: waves.end_wave(store, **kwargs))


def test_a_wave_ending_in_abort_cannot_advance(store: Store) -> None:
    waves.start_wave(store)
    refused(store, "advance-needs-completion", lambda: waves.end_wave(store, "abort", advance=True))


def test_closing_records_the_wave_and_adds_metrics_once(store: Store) -> None:
    waves.start_wave(store)
    assert waves.tick(store) == 1
    assert waves.tick(store, 4) == 5
    decide(store)
    decide(store)
    assert waves.record_skill(store, "speckit.plan") == 1
    assert waves.record_skill(store, "quality-gate", kind="gate", decision_id="dec-001") == 2
    waves.end_wave(
        store,
        "threshold_proxy_reached",
        add_stage="clarify",
        next_scheduled_for="2026-12-02T18:00:00+00:00",
    )
    wave = waves.list_waves(store)[0]
    assert (wave.tool_calls, wave.decisions, wave.skills) == (5, 2, 2)
    assert wave.stages == ["briefing", "clarify"]
    assert wave.next_scheduled_for == "2026-12-02T18:00:00+00:00"
    assert wave.wallclock_seconds is not None and wave.ended_at is not None
    metrics = get_execution(store).metrics
    assert metrics["waves"] == 1 and metrics["tool_calls"] == 5 and metrics["decisions"] == 2
    assert metrics["skills"] == 2
    assert_sound(store)


def test_tick_without_an_open_wave_is_a_silent_no_op(store: Store) -> None:
    before = state_of(store)
    assert waves.tick(store) is None
    assert state_of(store) == before


def test_tick_without_any_execution_is_a_no_op(state_dir: Any) -> None:
    with Store.open(state_dir, create=True, schema=default_schema()) as empty:
        assert waves.tick(empty) is None
        assert waves.current_wave(empty) is None


def test_record_skill_needs_an_open_wave(store: Store) -> None:
    refused(store, "no-open-wave", lambda: waves.record_skill(store, "speckit.plan"))
    waves.start_wave(store)
    refused(
        store,
        "decision-not-found",
        lambda: waves.record_skill(store, "speckit.plan", decision_id="dec-404"),
    )
    usage_error(store, lambda: waves.record_skill(store, "speckit plan"))


def test_human_block_close_waits_for_the_human(store: Store) -> None:
    waves.start_wave(store)
    blocks.register_block(store, question="which database?")
    waves.end_wave(store, "human_block")
    assert get_execution(store).status == "awaiting_human"
    refused(store, "awaiting-human", lambda: waves.start_wave(store))


def test_finished_execution_refuses_a_new_wave(store: Store) -> None:
    terminate(store, status="completed", reason="done")
    refused(store, "execution-terminal", lambda: waves.start_wave(store))


def test_wave_status_summarises_the_open_wave(store: Store) -> None:
    waves.start_wave(store)
    waves.tick(store)
    decide(store)
    info = waves.wave_status(store)
    assert info["open_wave"]["id"] == "wave-001"
    assert info["open_wave"]["tool_calls"] == 1 and info["open_wave"]["decisions"] == 1
    assert info["next_milestone"] == 25
    json.dumps(info)
