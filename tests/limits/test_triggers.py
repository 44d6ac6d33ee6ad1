from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from ondas.errors import LimitAbort, RuleViolation, UsageError
from ondas.limits import circular, cycles, retro, spawn
from ondas.state.execution import terminate
from ondas.state.store import Store
from ondas.state.verify import verify

Runner = Callable[..., CompletedProcess[str]]


def test_spawn_depth_three_is_allowed_and_warns(store: Store) -> None:
    assert [spawn.enter(store).status for _ in range(3)] == ["ok", "ok", "warn"]
    assert spawn.check(store).details["depth"] == 3


def test_spawn_above_depth_three_aborts_and_records_nothing(store: Store) -> None:
    for _ in range(3):
        spawn.enter(store)
    before = len(store.events())
    with pytest.raises(LimitAbort, match=r"\[spawn_depth_exceeded\]"):
        spawn.enter(store)
    assert len(store.events()) == before
    assert spawn.check(store).details["depth"] == 3
    spawn.leave(store)
    assert spawn.enter(store).status == "warn"
    assert verify(store).ok


def test_spawn_leave_at_depth_zero_is_refused(store: Store) -> None:
    with pytest.raises(RuleViolation, match="spawn-not-entered"):
        spawn.leave(store)


def test_five_ticks_without_progress_warn_and_the_sixth_aborts(store: Store) -> None:
    results = [cycles.tick(store) for _ in range(5)]
    assert [r.status for r in results] == ["ok", "ok", "ok", "ok", "warn"]
    sixth = cycles.tick(store)
    assert (sixth.status, sixth.reason) == ("abort", "loop_in_stage")
    assert cycles.check(store).aborts
    assert "on stage briefing" in sixth.message


def test_progress_resets_the_cycle_count(store: Store) -> None:
    for _ in range(5):
        cycles.tick(store)
    assert cycles.tick(store, progress=True).details["ticks_without_progress"] == 0
    assert cycles.tick(store).status == "ok"


def test_ticks_on_another_stage_start_a_fresh_count(store: Store) -> None:
    for _ in range(5):
        cycles.tick(store, stage="plan")
    assert cycles.tick(store, stage="checklist").details["ticks_without_progress"] == 1
    cycles.reset(store)
    assert cycles.check(store).details["ticks_without_progress"] == 0
    assert verify(store).ok


def test_same_problem_twice_warns_and_three_times_in_six_aborts(store: Store) -> None:
    assert circular.push(store, "tests fail: ImportError", "pin lib 1.2").status == "ok"
    assert circular.push(store, "lint fails", "reformat").status == "ok"
    assert circular.push(store, "Tests  fail: importerror", "pin lib 1.3").status == "warn"
    third = circular.push(store, "tests fail: ImportError", "pin lib 1.2 again")
    assert (third.status, third.reason) == ("abort", "circular_movement")


def test_a_problem_recurring_outside_the_window_of_six_does_not_abort(store: Store) -> None:
    circular.push(store, "flaky test", "retry")
    for n in range(4):
        circular.push(store, f"other problem {n}", "fix")
    circular.push(store, "flaky test", "retry")
    for n in range(4, 8):
        circular.push(store, f"other problem {n}", "fix")
    result = circular.push(store, "flaky test", "retry")
    assert result.status == "warn"
    assert result.details["count"] == 2


def test_circular_list_and_clear(store: Store) -> None:
    circular.push(store, "p", "s")
    circular.push(store, "q", "t")
    assert [e["problem"] for e in circular.entries(store)] == ["q", "p"]
    assert circular.clear(store) == 2
    assert circular.check(store).status == "ok"
    with pytest.raises(UsageError):
        circular.push(store, " ", "s")
    assert verify(store).ok


def test_two_retro_executions_per_feature_then_abort(store: Store) -> None:
    assert retro.consume(store, "expense-approval").status == "ok"
    assert retro.consume(store, "expense-approval").status == "warn"
    with pytest.raises(LimitAbort, match=r"\[retro_limit_reached\]"):
        retro.consume(store, "expense-approval")
    assert retro.check(store, "expense-approval").details["used"] == 2
    assert retro.consume(store, "monthly-export").status == "ok"
    assert verify(store).ok


def test_retro_feature_must_be_a_token(store: Store) -> None:
    with pytest.raises(UsageError):
        retro.consume(store, "../etc")


def test_limits_of_a_finished_execution_cannot_change(store: Store) -> None:
    terminate(store, status="aborted", reason="test")
    with pytest.raises(RuleViolation, match="execution-terminal"):
        cycles.tick(store)


def test_cli_cycles_tick_exits_3_at_the_sixth_tick(ondas_cli: Runner, store: Store) -> None:
    state = str(store.state_dir)
    for _ in range(5):
        assert ondas_cli("limits", "cycles", "tick", "--state-dir", state).returncode == 0
    result = ondas_cli("limits", "cycles", "tick", "--state-dir", state)
    assert result.returncode == 3
    assert result.stderr.startswith("ondas: [loop_in_stage] 6 ticks without progress")


def test_cli_spawn_and_retro_abort_with_exit_3(ondas_cli: Runner, store: Store) -> None:
    state = str(store.state_dir)
    for _ in range(2):
        ondas_cli("limits", "retro", "consume", "--feature", "f1", "--state-dir", state)
    result = ondas_cli("limits", "retro", "consume", "--feature", "f1", "--state-dir", state)
    assert result.returncode == 3
    assert "[retro_limit_reached]" in result.stderr


def test_cli_on_a_missing_store_exits_6(ondas_cli: Runner, tmp_path: Path) -> None:
    result = ondas_cli("limits", "check", "--state-dir", str(tmp_path / "none"))
    assert result.returncode == 6
    assert len(result.stderr.strip().splitlines()) == 1
