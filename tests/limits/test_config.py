from __future__ import annotations

from pathlib import Path

import pytest

from ondas.config import (
    DEFAULT_ROLE_MODELS,
    DEFAULT_STAGE_MODELS,
    Budget,
    load_config,
    parse_config,
)
from ondas.errors import UsageError


def test_missing_config_gives_the_documented_defaults(tmp_path: Path) -> None:
    config = load_config(tmp_path)
    assert config.budget == Budget()
    assert config.budget.tool_calls_per_wave == 300
    assert config.test_command is None
    assert config.models == {**DEFAULT_STAGE_MODELS, **DEFAULT_ROLE_MODELS}


def test_values_override_defaults_and_other_sections_are_left_alone(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(
        'test_command = "pytest -q"\n'
        "[budget]\ntool_calls_per_wave = 50\nwallclock_seconds_per_wave = 600\n"
        '[models]\nplan = "sonnet"\n'
        "[audit]\nmilestone_every = 10\n"
    )
    config = load_config(tmp_path)
    assert config.test_command == "pytest -q"
    assert config.budget.tool_calls_per_wave == 50
    assert config.budget.wallclock_seconds_per_wave == 600.0
    assert config.budget.state_bytes == Budget().state_bytes
    assert config.models["plan"] == "sonnet"
    assert config.models["specify"] == DEFAULT_STAGE_MODELS["specify"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[budget]\ntool_calls = 5\n", "unknown key 'tool_calls'"),
        ("[budget]\ntool_calls_per_wave = 2.5\n", "positive int"),
        ("[budget]\ncost_usd_per_wave = -1\n", "positive float"),
        ("[budget]\nstate_bytes = true\n", "positive int"),
        ('[models]\nplan = "gpt"\n', "must be one of"),
        ('[models]\ndeploy = "opus"\n', "unknown stage"),
        ("test_command = 3\n", "test_command"),
        ("[budget\n", "not valid TOML"),
    ],
)
def test_bad_config_is_a_usage_error_naming_the_key(text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_config(text)


def test_the_tier_is_not_a_config_setting() -> None:
    config = parse_config('delivery_tier = "local"\n')
    assert "tier" not in str(config.to_dict())
