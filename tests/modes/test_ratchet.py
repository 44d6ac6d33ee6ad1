"""The ratchet: up or sideways only; the one way down is the by-hand sentinel."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ondas.errors import RuleViolation, UsageError
from ondas.modes import MANUAL_DOWNGRADE, activate, read_state
from ondas.modes.state_file import HISTORY_LIMIT
from ondas.modes.templates import allowed_targets
from tests.conftest import run_ondas


def _state(config: Path) -> dict[str, object]:
    loaded: dict[str, object] = json.loads((config / "ondas-mode.json").read_text())
    return loaded


def test_climbing_and_confirming_are_allowed(config: Path) -> None:
    assert activate("default", as_root=False).reason == "INITIAL"
    assert activate("default", as_root=False).reason == "MANUAL"
    assert activate("avancado", as_root=False).mode == "advanced"
    result = activate("autonomous", as_root=False)
    assert (result.from_mode, result.mode) == ("advanced", "autonomous")
    state = read_state(config / "ondas-mode.json")
    assert state is not None
    assert [(h.from_mode, h.mode) for h in state.history] == [
        (None, "default"),
        ("default", "default"),
        ("default", "advanced"),
        ("advanced", "autonomous"),
    ]


def test_skipping_a_level_upwards_is_refused_one_step_at_a_time(config: Path) -> None:
    activate("default", as_root=False)
    before = (config / "ondas-mode.json").read_bytes()
    with pytest.raises(RuleViolation, match=r"one step at a time.*activate advanced first"):
        activate("autonomous", as_root=False)
    assert (config / "ondas-mode.json").read_bytes() == before
    assert allowed_targets("default") == ["default", "advanced"]
    assert activate("advanced", as_root=False).mode == "advanced"
    assert activate("autonomous", as_root=False).mode == "autonomous"


def test_activation_says_the_mode_takes_effect_in_the_next_session(config: Path) -> None:
    assert activate("default", as_root=False).to_dict()["takesEffect"] == "next-session"
    proc = run_ondas("mode", "activate", "advanced", "--reason", "trust it")
    assert proc.returncode == 0, proc.stderr
    assert "takes effect in the next Claude Code session" in proc.stdout


@pytest.mark.parametrize(
    ("start", "target"),
    [
        ("advanced", "default"),
        ("autonomous", "advanced"),
        ("autonomous", "avancado"),
        ("autonomous", "default"),
        ("autosuficiente", "DEFAULT"),
    ],
)
def test_library_refuses_every_downgrade(config: Path, start: str, target: str) -> None:
    activate(start, as_root=False)
    before = (config / "settings.json").read_bytes()
    state_before = (config / "ondas-mode.json").read_bytes()
    with pytest.raises(RuleViolation, match=r"\[ratchet\].*MANUAL_DOWNGRADE"):
        activate(target, note="the user really wants it", as_root=False)
    assert (config / "settings.json").read_bytes() == before
    assert (config / "ondas-mode.json").read_bytes() == state_before


@pytest.mark.parametrize(
    "extra",
    [
        [],
        ["--force"],
        ["--reason", "MANUAL_DOWNGRADE"],
        ["--reason", "the user said so", "--force"],
        ["--json"],
        ["--json", "--force", "--reason", "HOOK_CHANGED"],
    ],
)
@pytest.mark.parametrize("target", ["avancado", "default"])
def test_cli_refuses_every_downgrade_with_exit_1(
    config: Path, extra: list[str], target: str
) -> None:
    activate("autosuficiente", as_root=False)
    before = (config / "settings.json").read_bytes()
    proc = run_ondas("mode", "activate", target, *extra)
    assert proc.returncode == 1, proc.stderr
    assert "[ratchet]" in proc.stderr
    assert "MANUAL_DOWNGRADE" in proc.stderr
    assert "hookSha256" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert proc.stdout == ""
    assert (config / "settings.json").read_bytes() == before


def test_the_sentinel_lifts_the_ratchet_once(config: Path) -> None:
    activate("autonomous", as_root=False)
    data = _state(config)
    data["hookSha256"] = MANUAL_DOWNGRADE
    (config / "ondas-mode.json").write_text(json.dumps(data))
    result = activate("default", note="back to safety", as_root=False)
    assert (result.from_mode, result.mode, result.reason) == ("autonomous", "default", "MANUAL")
    activate("advanced", as_root=False)
    with pytest.raises(RuleViolation):
        activate("default", as_root=False)


def test_a_changed_fingerprint_does_not_lift_the_ratchet(config: Path) -> None:
    activate("advanced", as_root=False)
    data = _state(config)
    data["hookSha256"] = "0" * 64
    (config / "ondas-mode.json").write_text(json.dumps(data))
    with pytest.raises(RuleViolation):
        activate("default", as_root=False)
    assert activate("advanced", as_root=False).reason == "HOOK_CHANGED"


def test_unknown_mode_is_a_usage_error(config: Path) -> None:
    with pytest.raises(UsageError, match="unknown mode"):
        activate("turbo", as_root=False)
    proc = run_ondas("mode", "activate", "turbo")
    assert proc.returncode == 2
    assert not (config / "ondas-mode.json").exists()


def test_history_keeps_the_last_50_entries(config: Path) -> None:
    for i in range(HISTORY_LIMIT + 7):
        activate("default", note=f"run {i}", as_root=False)
    state = read_state(config / "ondas-mode.json")
    assert state is not None
    assert len(state.history) == HISTORY_LIMIT
    assert state.history[0].note == "run 7"
    assert state.history[-1].note == f"run {HISTORY_LIMIT + 6}"


def test_state_file_has_the_documented_shape(config: Path) -> None:
    activate("advanced", note="first", as_root=False)
    data = _state(config)
    assert {"mode", "hookSha256", "activatedAt", "history"} <= set(data)
    assert data["mode"] == "advanced"
    history = data["history"]
    assert isinstance(history, list)
    assert set(history[0]) >= {"mode", "at", "fromMode", "reason"}
    assert history[0]["reason"] == "INITIAL"
    assert history[0]["fromMode"] is None
