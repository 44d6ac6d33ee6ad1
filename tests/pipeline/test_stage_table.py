"""The stage table is the one home of every fact about a stage: each row resolves its
artifact, validator, gates, prompt template, roles, runner and model, and no other module
spells a stage -> string mapping of its own."""

from __future__ import annotations

import ast
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from ondas.config import DEFAULT_ROLE_MODELS, DEFAULT_STAGE_MODELS, MODELS
from ondas.orchestrator.context import Layout
from ondas.orchestrator.loop import RUNNERS
from ondas.pipeline import stages as stages_mod
from ondas.pipeline.artifacts import ARTIFACTS, artifact_for, describe, layout_key
from ondas.pipeline.stages import CHAINS, COMPLETIONS, STAGES, VALIDATORS
from ondas.pipeline.validators import detect_completion
from ondas.skills import ROLES, SKILLS_DIR, builtin_stages

SRC = Path(__file__).resolve().parents[2] / "src" / "ondas"
GATES = ("docs", "facts", "security", "delta")


@pytest.mark.parametrize("name", list(STAGES))
def test_every_stage_row_resolves_everything_a_stage_needs(name: str) -> None:
    row = STAGES[name]
    assert row.name == name
    assert row.artifact in ARTIFACTS and row.written in ARTIFACTS
    assert layout_key(row.written) in Layout("f").paths()
    assert artifact_for(name).key == row.artifact
    assert ARTIFACTS[row.artifact].path in describe(name)
    assert row.validator in VALIDATORS
    assert row.completion in COMPLETIONS
    assert row.runner in RUNNERS
    assert (SKILLS_DIR / f"{row.prompt}.md").is_file()
    assert row.prompt in builtin_stages()
    assert DEFAULT_STAGE_MODELS[name] == row.model and row.model in MODELS
    assert row.tip and len(row.tip) <= 100
    for role in row.roles:
        assert role in ROLES and role in DEFAULT_ROLE_MODELS
    modes = tomllib.loads(
        resources.files("ondas.limits").joinpath("gate_modes.toml").read_text("utf-8")
    )
    for gate, gate_row in row.gates:
        assert gate in GATES
        assert all(gate_row in tier for tier in modes.values()), (name, gate_row)


def test_the_table_and_the_chains_name_the_same_stages() -> None:
    chained = {stage for chain in CHAINS.values() for stage in chain}
    assert chained == set(STAGES) == set(stages_mod.ALL_STAGES)
    assert set(RUNNERS) == set(stages_mod.RUNNERS)


def test_every_prompt_template_belongs_to_a_stage_row() -> None:
    assert sorted(row.prompt for row in STAGES.values()) == builtin_stages()


@pytest.mark.parametrize("name", list(STAGES))
def test_every_validator_named_by_the_table_runs(name: str, tmp_path: Path) -> None:
    (tmp_path / "docs" / "specs" / "f").mkdir(parents=True)
    findings = detect_completion(name, tmp_path, "f")
    assert findings and findings[0].severity == "critical"


def _stage_maps(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict):
            continue
        keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
        named = [k for k in keys if k in STAGES]
        values_are_text = all(
            isinstance(v, ast.Constant | ast.Tuple | ast.Subscript) for v in node.values
        )
        if len(named) >= 3 and values_are_text:
            lines.append(node.lineno)
    return lines


def test_no_module_keeps_its_own_stage_map() -> None:
    own = {
        str(path.relative_to(SRC)): found
        for path in sorted(SRC.rglob("*.py"))
        if path.name != "stages.py" or path.parent.name != "pipeline"
        if (found := _stage_maps(path))
    }
    assert own == {}
