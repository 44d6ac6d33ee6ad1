from __future__ import annotations

import re
from pathlib import Path

import pytest

from ondas.pipeline.artifacts import ARTIFACTS, describe, render_skeleton
from ondas.pipeline.findings import BLOCKING
from ondas.pipeline.markdown import parse
from ondas.pipeline.stages import ALL_STAGES, STAGES
from ondas.pipeline.tasks import check_tasks, parse_tasks, section_rule
from ondas.pipeline.validators import check_sections

DOC = Path(__file__).resolve().parents[2] / "docs" / "artifacts.md"
SOURCES = Path(__file__).resolve().parents[2] / "src" / "ondas" / "pipeline"


def test_every_stage_has_a_documented_check() -> None:
    assert all(STAGES[stage].requires for stage in ALL_STAGES)


def test_doc_names_every_required_section_and_path() -> None:
    text = " ".join(DOC.read_text().split())
    for spec in ARTIFACTS.values():
        assert spec.path in text
        for section in spec.sections:
            assert section.name in text, (spec.key, section.name)


def test_doc_lists_every_rule_the_code_can_emit() -> None:
    text = DOC.read_text()
    code = "\n".join(p.read_text() for p in SOURCES.glob("*.py"))
    literal = set(
        re.findall(r'"((?:tasks|roadmap|clarify|checklist|converge|feature)\.[a-z-]+)"', code)
    )
    literal |= {section_rule(s.name) for s in ARTIFACTS["tasks"].sections}
    for rule in sorted(literal):
        assert f"`{rule}`" in text, rule


@pytest.mark.parametrize("key", [k for k, a in ARTIFACTS.items() if a.sections and k != "tasks"])
def test_unfilled_skeleton_fails_only_on_placeholders_or_empty_sections(key: str) -> None:
    spec = ARTIFACTS[key]
    findings = check_sections(parse(render_skeleton(key)), spec)
    kinds = {f.rule.split(".", 1)[1] for f in findings}
    assert kinds <= {"placeholder", "section-empty", "core-sections"}
    assert any(f.severity in BLOCKING for f in findings)


def test_tasks_skeleton_has_the_template_structure() -> None:
    findings = check_tasks(parse_tasks(render_skeleton("create-tasks")))
    assert not [f for f in findings if f.severity in BLOCKING]


def test_filled_skeleton_passes(tmp_path: Path) -> None:
    filled = render_skeleton("constitution").replace("TODO: ", "")
    assert check_sections(parse(filled), ARTIFACTS["constitution"]) == []


@pytest.mark.parametrize("stage", ALL_STAGES)
def test_describe_states_the_artifact_path(stage: str) -> None:
    spec = ARTIFACTS[STAGES[stage].artifact]
    assert spec.path in describe(stage)
