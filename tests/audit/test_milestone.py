from __future__ import annotations

from pathlib import Path

from ondas.audit import blocks, decisions, waves
from ondas.state.store import Store
from tests.audit.conftest import assert_sound


def run_waves(store: Store, reasons: list[str]) -> list[waves.WaveEnd]:
    out = []
    for reason in reasons:
        waves.start_wave(store)
        out.append(waves.end_wave(store, reason))
    return out


def fired_at(results: list[waves.WaveEnd]) -> list[int]:
    return [r.number for r in results if r.milestone is not None]


def test_milestone_fires_exactly_at_waves_25_and_50(store: Store) -> None:
    results = run_waves(store, ["stage_completed_advancing"] * 51)
    assert fired_at(results) == [25, 50]
    milestone = results[24].milestone
    assert milestone is not None and milestone.threshold == 25
    decision = decisions.get_decision(store, milestone.decision_id)
    assert decision.context == "Milestone of 25 waves reached"
    assert decision.agent == "ondas-runtime"
    block = blocks.get_block(store, milestone.block_id)
    assert block.severity == "light" and block.options == ["yes-run-retro", "no-continue"]
    assert block.decision_id == milestone.decision_id
    assert waves.wave_status(store)["next_milestone"] == 75
    assert_sound(store)


def test_non_advancing_waves_never_fire_and_the_next_advancing_one_does(store: Store) -> None:
    reasons = ["threshold_proxy_reached"] * 24 + ["human_block", "abort", "completed"]
    reasons += ["stage_completed_advancing"]
    results = run_waves(store, reasons)
    assert fired_at(results) == [28]
    assert results[-1].milestone is not None and results[-1].milestone.threshold == 25
    more = run_waves(store, ["threshold_proxy_reached"] * 22)
    assert fired_at(more) == [50]


def test_milestone_interval_comes_from_config(store: Store, state_dir: Path) -> None:
    (state_dir / "config.toml").write_text("[audit]\nmilestone_every = 3\n")
    results = run_waves(store, ["stage_completed_advancing"] * 7)
    assert fired_at(results) == [3, 6]
