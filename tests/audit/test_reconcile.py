from __future__ import annotations

from pathlib import Path

from ondas.audit import tasks, waves
from ondas.state.execution import get_execution, update_execution
from ondas.state.store import Store
from tests.audit.conftest import assert_sound, decide, state_of

TASKS_MD = """# Tasks

## Phase 1 - Setup
- [x] 1.1 [C] Create the package layout
- [x] **1.2** [A] Add the CLI entry point
- [ ] 1.3 [M] Write the README

## Phase 2 - Core
- [X] 2.1 [C] Store decisions
"""


def test_reconcile_closes_an_abandoned_wave_and_advances(store: Store) -> None:
    waves.start_wave(store)
    waves.tick(store, 3)
    decide(store)
    result = waves.reconcile(store)
    assert result.action == "closed" and result.wave is not None
    assert result.wave.advanced_to == "constitution"
    wave = waves.list_waves(store)[0]
    assert wave.reconciled and wave.reason == "stage_completed_advancing"
    assert get_execution(store).current_stage == "constitution"
    assert_sound(store)


def test_reconcile_twice_counts_metrics_once(store: Store) -> None:
    waves.start_wave(store)
    waves.tick(store, 7)
    waves.reconcile(store)
    after_first = state_of(store)
    metrics = get_execution(store).metrics
    second = waves.reconcile(store)
    assert second.action == "nothing" and second.wave is None
    assert state_of(store) == after_first
    assert get_execution(store).metrics == metrics
    assert metrics["tool_calls"] == 7 and metrics["waves"] == 1


def test_reconcile_after_a_closed_wave_does_nothing(store: Store) -> None:
    waves.start_wave(store)
    waves.end_wave(store, "threshold_proxy_reached")
    before = state_of(store)
    assert waves.reconcile(store).action == "nothing"
    assert state_of(store) == before


def test_reconcile_at_the_terminal_stage_completes_the_execution(store: Store) -> None:
    update_execution(store, {"current_stage": "review-features"})
    waves.start_wave(store)
    result = waves.reconcile(store)
    assert result.wave is not None and result.wave.completed
    execution = get_execution(store)
    assert execution.status == "completed" and execution.finished_at
    assert execution.termination_reason == "completed"
    assert_sound(store)


def test_reconcile_honours_a_custom_terminal_phase(store: Store) -> None:
    update_execution(store, {"current_stage": "review-task"})
    waves.start_wave(store)
    result = waves.reconcile(store, terminal_phase="review-task")
    assert result.wave is not None and result.wave.completed


def test_reconcile_backfills_tasks_from_tasks_md(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "tasks.md"
    path.write_text(TASKS_MD)
    waves.start_wave(store)
    result = waves.reconcile(store, tasks_md=path)
    assert result.tasks_backfilled == ["1.1", "1.2", "2.1"]
    assert [t.task_id for t in tasks.list_tasks(store)] == ["1.1", "1.2", "2.1"]
    assert waves.reconcile(store, tasks_md=path).tasks_backfilled == []


def test_reconcile_never_advances_past_a_pending_human_block(store: Store) -> None:
    from ondas.audit import blocks

    waves.start_wave(store)
    blocks.register_block(store, question="which database?")
    result = waves.reconcile(store)
    assert result.wave is not None and result.wave.reason == "human_block"
    assert result.wave.advanced_to is None
    execution = get_execution(store)
    assert execution.current_stage == "briefing" and execution.status == "awaiting_human"
    assert_sound(store)
