"""Every stage prompt asks for what its validator accepts: the skeleton it shows, filled in,
passes the stage's checks, and the axes it offers are the axes the decision rule knows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ondas.audit.decisions import AXES
from ondas.orchestrator.context import SKELETON_STAGES, layout_for, stage_context
from ondas.pipeline.findings import is_ok
from ondas.pipeline.tasks import check_tasks, parse_tasks
from ondas.pipeline.validators import detect_completion
from ondas.skills import render
from ondas.state.execution import get_execution
from ondas.state.store import Store

SKELETON_RE = re.compile(r"```markdown\n(.*?)```", re.S)
AXIS_LINE_RE = re.compile(r'"axis" — exactly one of: ([^—]*)—')


@pytest.mark.parametrize("stage", sorted(SKELETON_STAGES))
def test_the_skeleton_a_prompt_shows_passes_its_stage_once_filled(
    store: Store, project: Path, stage: str
) -> None:
    ex = get_execution(store)
    prompt = render(stage, stage_context(ex, stage), project).text
    (skeleton,) = SKELETON_RE.findall(prompt)
    filled = re.sub(r"TODO: ", "", skeleton)
    layout = layout_for(ex)
    key = {
        "specify": "spec",
        "clarify": "spec",
        "create-tasks": "tasks",
        "review-task": "review",
        "review-features": "features_review",
    }.get(stage, stage)
    target = project / layout.paths()[key]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(filled)
    findings = detect_completion(stage, project, layout.feature_dir)
    assert is_ok(findings), [str(f) for f in findings]


def test_the_task_line_the_create_tasks_prose_asks_for_validates(
    store: Store, project: Path
) -> None:
    prompt = render("create-tasks", stage_context(get_execution(store), "create-tasks")).text
    assert "T001" not in prompt
    assert "`## Phase N: name`" in prompt and "`- [ ] N.M [C|A|M] description" in prompt
    written = (
        "# Tasks: x\n\n## Phase 1: Setup\n\n- [ ] 1.1 [C] description naming the file it touches\n"
    )
    parsed = parse_tasks(written)
    assert is_ok(check_tasks(parsed)) and [t.id for t in parsed.tasks] == ["1.1"]


@pytest.mark.parametrize("stage", ["briefing", "clarify", "execute-task", "review-task"])
def test_the_axes_a_prompt_offers_are_the_axes_the_rule_knows(store: Store, stage: str) -> None:
    task = {"id": "1.1", "title": "t"}
    prompt = render(stage, stage_context(get_execution(store), stage, task=task)).text
    flat = " ".join(prompt.split())
    (offered,) = AXIS_LINE_RE.findall(flat)
    assert [a.strip() for a in offered.split(",")] == list(AXES)
