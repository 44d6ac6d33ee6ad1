from __future__ import annotations

import json
from collections.abc import Callable
from subprocess import CompletedProcess

import pytest

from ondas.errors import UsageError
from ondas.pipeline.stages import (
    CHAINS,
    DEFAULT_CHAIN,
    next_stage,
    prev_stage,
    stages,
    terminal_stage,
)

Runner = Callable[..., CompletedProcess[str]]
TRANSITIONS = [
    (mode, chain[i], chain[i + 1]) for mode, chain in CHAINS.items() for i in range(len(chain) - 1)
]


@pytest.mark.parametrize(("mode", "current", "expected"), TRANSITIONS)
def test_next_stage_follows_the_chain(mode: str, current: str, expected: str) -> None:
    assert next_stage(current, mode) == expected


@pytest.mark.parametrize(("mode", "expected", "current"), TRANSITIONS)
def test_prev_stage_walks_the_chain_back(mode: str, expected: str, current: str) -> None:
    assert prev_stage(current, mode) == expected


def test_default_chain_is_the_spec_driven_pipeline() -> None:
    assert stages() == (
        "briefing",
        "constitution",
        "specify",
        "clarify",
        "plan",
        "checklist",
        "create-tasks",
        "execute-task",
        "converge",
        "review-task",
        "review-features",
    )


def test_roadmap_mode_stops_after_the_roadmap() -> None:
    assert stages("roadmap") == ("briefing", "constitution", "roadmap")


def test_single_feature_mode_ends_at_review_task() -> None:
    assert terminal_stage("single-feature") == "review-task"
    assert stages("single-feature") == DEFAULT_CHAIN[:-1]


@pytest.mark.parametrize("mode", list(CHAINS))
def test_terminal_stage_has_no_next_and_first_has_no_prev(mode: str) -> None:
    assert next_stage(terminal_stage(mode), mode) is None
    assert prev_stage(stages(mode)[0], mode) is None


def test_unknown_mode_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown mode"):
        stages("waterfall")


def test_unknown_stage_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown stage"):
        next_stage("deploy")


def test_stage_outside_its_mode_is_a_usage_error() -> None:
    with pytest.raises(UsageError):
        next_stage("plan", "roadmap")
    with pytest.raises(UsageError):
        prev_stage("review-features", "single-feature")


def test_cli_next_stage_prints_the_next_stage(ondas_cli: Runner) -> None:
    result = ondas_cli("pipeline", "next-stage", "--current", "plan")
    assert (result.returncode, result.stdout) == (0, "checklist\n")


def test_cli_next_stage_prints_nothing_at_the_terminal_stage(ondas_cli: Runner) -> None:
    result = ondas_cli(
        "pipeline", "next-stage", "--current", "review-task", "--mode", "single-feature"
    )
    assert (result.returncode, result.stdout) == (0, "")


def test_cli_prev_stage_and_stages_json(ondas_cli: Runner) -> None:
    prev = ondas_cli("pipeline", "prev-stage", "--current", "roadmap", "--mode", "roadmap")
    assert prev.stdout == "constitution\n"
    listed = ondas_cli("pipeline", "stages", "--mode", "roadmap", "--json")
    assert json.loads(listed.stdout) == ["briefing", "constitution", "roadmap"]


@pytest.mark.parametrize(
    "args",
    [
        ("next-stage", "--current", "deploy"),
        ("prev-stage", "--current", "plan", "--mode", "kanban"),
        ("stages", "--mode", "kanban"),
    ],
)
def test_cli_unknown_stage_or_mode_exits_2_with_one_line(
    ondas_cli: Runner, args: tuple[str, ...]
) -> None:
    result = ondas_cli("pipeline", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
