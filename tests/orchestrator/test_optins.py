"""Opt-ins before the first wave: given as flags, answered, or taken as recommended."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ondas.agents.scripted import ScriptedBackend
from ondas.app import run as commands
from ondas.errors import RuleViolation, UsageError
from ondas.orchestrator import optins
from tests.conftest import run_ondas
from tests.orchestrator.conftest import SAMPLE, one, rows

RUN = ("--description", SAMPLE, "--backend", "scripted", "--max-waves", "1")


def test_no_wave_opens_before_the_opt_ins_are_answered(project: Path) -> None:
    out = run_ondas("run", str(project), *RUN)
    assert out.returncode == 5, out.stderr
    assert not rows(project, "SELECT * FROM waves")
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'optins'")
    assert "tier, atomic-commit, roadmap" in block["question"]
    ex = one(project, "SELECT status, delivery_tier FROM executions")
    assert (ex["status"], ex["delivery_tier"]) == ("awaiting_human", "cloud-public")

    bad = run_ondas("resume", str(project), "--answer", "tier=moon atomic-commit=no roadmap=no")
    assert bad.returncode == 2 and "tier must be one of" in bad.stderr
    assert one(project, "SELECT status FROM blocks")["status"] == "awaiting"

    good = run_ondas(
        "resume",
        str(project),
        "--max-waves",
        "1",
        "--answer",
        "tier=local atomic-commit=yes roadmap=no",
    )
    assert good.returncode == 0, good.stderr
    ex = one(project, "SELECT delivery_tier, atomic_commit, roadmap_mode FROM executions")
    assert (ex["delivery_tier"], ex["atomic_commit"], ex["roadmap_mode"]) == ("local", 1, 0)
    assert len(rows(project, "SELECT * FROM waves")) == 1
    applied = one(project, "SELECT payload FROM events WHERE type = 'optins_applied'")
    assert json.loads(applied["payload"])["data"]["tier"] == "local"
    assert one(project, "SELECT * FROM decisions WHERE axis = 'delivery-tier'")["choice"] == "local"


def test_flags_given_open_the_first_wave_without_asking(project: Path) -> None:
    out = run_ondas(
        "run", str(project), *RUN, "--tier", "local", "--no-atomic-commit", "--no-roadmap"
    )
    assert out.returncode == 0, out.stderr
    assert not rows(project, "SELECT * FROM blocks WHERE subject_key = 'optins'")
    assert len(rows(project, "SELECT * FROM waves")) == 1


def test_only_the_missing_opt_ins_are_asked_and_the_tier_is_among_them(project: Path) -> None:
    out = run_ondas("run", str(project), *RUN, "--no-atomic-commit", "--no-roadmap")
    assert out.returncode == 5
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'optins'")
    assert "choose the opt-ins not given as flags: tier." in block["question"]


def test_auto_answer_takes_the_recommended_opt_ins_as_an_answer(project: Path) -> None:
    result = commands.run(
        project,
        description=SAMPLE,
        backend=ScriptedBackend(),
        tier=None,
        atomic_commit=None,
        roadmap=None,
        auto_answer=True,
        max_waves=1,
    )
    assert result.status == "in_progress" and result.waves_run == 1
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'optins'")
    assert (block["status"], block["answer"]) == (
        "answered",
        "tier=cloud-public atomic-commit=no roadmap=no",
    )


def test_roadmap_chosen_in_the_answer_is_continued_by_the_roadmap_flow(project: Path) -> None:
    commands.run(
        project,
        description=SAMPLE,
        backend=ScriptedBackend(),
        tier="local",
        atomic_commit=False,
        roadmap=None,
        max_waves=1,
    )
    with pytest.raises(RuleViolation, match="ondas resume --roadmap"):
        commands.resume(project, answer="roadmap=yes", backend=ScriptedBackend(), max_waves=1)
    assert one(project, "SELECT roadmap_mode FROM executions")["roadmap_mode"] == 1


def test_the_answer_must_name_every_missing_opt_in_and_nothing_else() -> None:
    missing = ["tier", "roadmap"]
    assert optins.parse("Tier=local, roadmap=NO", missing) == {"tier": "local", "roadmap": "no"}
    with pytest.raises(UsageError, match="not answered: roadmap"):
        optins.parse("tier=local", missing)
    with pytest.raises(UsageError, match="unexpected 'atomic-commit=yes'"):
        optins.parse("tier=local roadmap=no atomic-commit=yes", missing)
    with pytest.raises(UsageError, match="roadmap must be yes or no"):
        optins.parse("tier=local roadmap=maybe", missing)
