from __future__ import annotations

from collections.abc import Callable
from subprocess import CompletedProcess

import pytest

from ondas.audit.waves import start_wave, tick
from ondas.config import Budget
from ondas.errors import RuleViolation, UsageError
from ondas.limits import budget
from ondas.state.store import Store
from ondas.state.verify import verify

Runner = Callable[..., CompletedProcess[str]]


def _reached(store: Store, limits: Budget) -> list[str]:
    return [i.name for i in budget.check(store, limits) if i.reached]


def test_tool_calls_one_below_the_threshold_pass_and_at_it_are_reached(store: Store) -> None:
    limits = Budget(tool_calls_per_wave=10)
    start_wave(store)
    tick(store, 9)
    assert _reached(store, limits) == []
    tick(store, 1)
    assert _reached(store, limits) == ["tool_calls_per_wave"]
    with pytest.raises(RuleViolation, match=r"\[threshold_proxy_reached\] tool_calls_per_wave"):
        budget.raise_if_reached(budget.check(store, limits))


def test_cost_is_only_checked_when_reported(store: Store) -> None:
    limits = Budget(cost_usd_per_wave=1.0, cost_usd_per_execution=1.5)
    start_wave(store)
    values = budget.measure(store)
    assert values["cost_usd_per_wave"] is None and values["cost_usd_per_execution"] is None
    budget.record_cost(store, 0.99)
    assert _reached(store, limits) == []
    budget.record_cost(store, 0.01)
    assert _reached(store, limits) == ["cost_usd_per_wave"]
    assert verify(store).ok


def test_cost_per_execution_accumulates_across_waves(store: Store) -> None:
    from ondas.audit.waves import end_wave

    limits = Budget(cost_usd_per_wave=100.0, cost_usd_per_execution=2.0)
    start_wave(store)
    budget.record_cost(store, 1.5)
    end_wave(store, "threshold_proxy_reached")
    start_wave(store)
    assert budget.measure(store)["cost_usd_per_wave"] is None
    budget.record_cost(store, 0.4)
    assert _reached(store, limits) == []
    budget.record_cost(store, 0.1)
    assert _reached(store, limits) == ["cost_usd_per_execution"]


def test_wallclock_and_state_size(store: Store) -> None:
    start_wave(store)
    size = store.size_bytes()
    assert _reached(store, Budget(state_bytes=size + 10_000)) == []
    assert "state_bytes" in _reached(store, Budget(state_bytes=size))
    assert "wallclock_seconds_per_wave" in _reached(store, Budget(wallclock_seconds_per_wave=1e-9))


def test_cost_needs_an_open_wave_and_a_valid_amount(store: Store) -> None:
    with pytest.raises(RuleViolation, match="no-open-wave"):
        budget.record_cost(store, 1.0)
    start_wave(store)
    with pytest.raises(UsageError):
        budget.record_cost(store, -1)


def test_cli_budget_check_reads_config_and_exits_1_naming_it(
    store: Store, ondas_cli: Runner
) -> None:
    (store.state_dir / "config.toml").write_text("[budget]\ntool_calls_per_wave = 3\n")
    start_wave(store)
    tick(store, 2)
    ok = ondas_cli("limits", "budget", "check", "--state-dir", str(store.state_dir))
    assert ok.returncode == 0, ok.stderr
    assert "tool_calls_per_wave: 2 / 3\n" in ok.stdout
    assert "cost_usd_per_wave: not reported" in ok.stdout
    tick(store, 1)
    hit = ondas_cli("limits", "budget", "check", "--state-dir", str(store.state_dir))
    assert hit.returncode == 1
    assert hit.stderr == ("ondas: [threshold_proxy_reached] tool_calls_per_wave reached: 3 >= 3\n")
