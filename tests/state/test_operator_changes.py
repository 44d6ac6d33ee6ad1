"""The agent cannot change its own run: steering fields need the operator, outside Claude Code."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ondas.audit.decisions import list_decisions
from ondas.state.execution import get_execution
from ondas.state.store import Store
from ondas.state.verify import verify
from tests.state.conftest import CliResult

TIER = ("--field", "delivery_tier", "--value", '"local"')


@pytest.fixture(autouse=True)
def outside_claude_code(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "SANDBOX_RUNTIME"):
        monkeypatch.delenv(name, raising=False)


def test_a_tier_change_of_an_active_run_is_refused_and_changes_nothing(
    store: Store, cli: Callable[..., CliResult]
) -> None:
    before = len(store.events())
    result = cli("state", "set", *TIER, "--state-dir", str(store.state_dir))
    assert result.returncode == 1
    assert "[run-change-refused]" in result.stderr
    assert get_execution(store).delivery_tier == "cloud-public"
    assert len(store.events()) == before
    assert list_decisions(store) == []


def test_the_operator_changes_the_tier_and_a_structural_decision_is_recorded(
    store: Store, cli: Callable[..., CliResult]
) -> None:
    result = cli(
        "state", "set", *TIER, "--as-operator", "--justification", "offline demo",
        "--state-dir", str(store.state_dir),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert get_execution(store).delivery_tier == "local"
    [decision] = list_decisions(store)
    assert (decision.agent, decision.class_, decision.axis, decision.choice) == (
        "operator",
        "structural",
        "delivery-tier",
        "local",
    )
    assert decision.justification == "offline demo"
    verify(store)


@pytest.mark.parametrize("variable", ["CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "SANDBOX_RUNTIME"])
def test_as_operator_is_refused_inside_a_claude_code_session(
    store: Store, cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch, variable: str
) -> None:
    monkeypatch.setenv(variable, "1")
    result = cli("state", "set", *TIER, "--as-operator", "--state-dir", str(store.state_dir))
    assert result.returncode == 1
    assert "[operator-only]" in result.stderr
    assert get_execution(store).delivery_tier == "cloud-public"
    tier = cli(
        "tier", "set", "--tier", "local", "--justification", "x",
        "--state-dir", str(store.state_dir),
    )  # fmt: skip
    assert tier.returncode == 1 and "[operator-only]" in tier.stderr


def test_other_fields_change_without_the_operator(
    store: Store, cli: Callable[..., CliResult]
) -> None:
    result = cli(
        "state", "set", "--field", "next_instruction", "--value", '"go on"',
        "--state-dir", str(store.state_dir),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert get_execution(store).next_instruction == "go on"
