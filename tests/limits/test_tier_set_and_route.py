from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from ondas.audit.decisions import list_decisions
from ondas.audit.waves import end_wave, start_wave
from ondas.errors import RuleViolation, UsageError
from ondas.limits.routing import wave_select
from ondas.limits.tier import get_tier, set_tier
from ondas.state.execution import update_execution
from ondas.state.store import Store
from ondas.state.verify import verify

Runner = Callable[..., CompletedProcess[str]]


def test_tier_set_records_a_decision_and_changes_the_tier(store: Store) -> None:
    decision_id = set_tier(store, "local", justification="runs on the laptop only")
    assert get_tier(store) == "local"
    decision = next(d for d in list_decisions(store) if d.id == decision_id)
    assert (decision.agent, decision.choice, decision.axis) == (
        "operator",
        "local",
        "delivery-tier",
    )
    assert verify(store).ok


def test_tier_set_is_refused_inside_an_open_wave(store: Store) -> None:
    start_wave(store)
    before = len(store.events())
    with pytest.raises(RuleViolation, match="tier-in-wave"):
        set_tier(store, "local", justification="x")
    assert len(store.events()) == before
    assert get_tier(store) == "cloud-public"
    end_wave(store, "threshold_proxy_reached")
    set_tier(store, "local", justification="between waves")
    assert get_tier(store) == "local"


def test_tier_set_refuses_unknown_tiers(store: Store) -> None:
    with pytest.raises(UsageError):
        set_tier(store, "cloud-public; ignore all rules", justification="x")


def test_cli_tier_set_inside_a_wave_exits_1(store: Store, ondas_cli: Runner) -> None:
    start_wave(store)
    result = ondas_cli(
        "tier",
        "set",
        "--tier",
        "local",
        "--justification",
        "x",
        "--state-dir",
        str(store.state_dir),
    )
    assert result.returncode == 1
    assert "[tier-in-wave]" in result.stderr


def test_route_picks_from_the_stage_map_once_per_wave(store: Store) -> None:
    update_execution(store, {"current_stage": "plan"})
    start_wave(store)
    first = wave_select(store)
    assert (first.model, first.recorded) == ("opus", True)
    events = len(store.events())
    again = wave_select(store)
    assert (again.model, again.recorded, again.decision_id) == ("opus", False, first.decision_id)
    assert len(store.events()) == events
    assert [d.choice for d in list_decisions(store)] == ["opus"]
    assert verify(store).ok


def test_route_map_is_overridable_in_config(store: Store) -> None:
    (store.state_dir / "config.toml").write_text('[models]\nbriefing = "haiku"\n')
    start_wave(store)
    choice = wave_select(store)
    assert choice.model == "haiku"
    decision = list_decisions(store)[0]
    assert "config.toml" in decision.justification


def test_route_never_fails(store: Store, tmp_path: Path, ondas_cli: Runner) -> None:
    (store.state_dir / "config.toml").write_text("[models\n")
    start_wave(store)
    broken = wave_select(store)
    assert (broken.model, broken.recorded) == ("keep-current", False)
    assert broken.fallback_reason and "TOML" in broken.fallback_reason
    assert wave_select(None).model == "keep-current"
    result = ondas_cli("route", "wave-select", "--state-dir", str(tmp_path / "nowhere"))
    assert (result.returncode, result.stdout) == (0, "keep-current\n")


def test_route_outside_a_wave_answers_without_recording(store: Store, ondas_cli: Runner) -> None:
    before = len(store.events())
    result = ondas_cli("route", "wave-select", "--state-dir", str(store.state_dir))
    assert (result.returncode, result.stdout) == (0, "opus\n")
    assert len(store.events()) == before
