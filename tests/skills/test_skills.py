from __future__ import annotations

import os
from pathlib import Path

import pytest

from ondas.errors import UsageError
from ondas.skills import ROLES, SKILLS_DIR, _environment, builtin_stages, override_path, render

STAGES = [
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
    "roadmap",
]


def context() -> dict[str, object]:
    return {
        "project_name": "notes",
        "project_path": "/tmp/notes",
        "description": "a notes CLI",
        "stack": "Python",
        "tier": "local",
        "tier_sentence": "Runs only on the developer's machine.",
        "paths": {
            "briefing": "docs/briefing.md",
            "constitution": "docs/constitution.md",
            "spec": "docs/specs/notes/spec.md",
            "plan": "docs/specs/notes/plan.md",
            "checklist": "docs/specs/notes/checklist.md",
            "tasks": "docs/specs/notes/tasks.md",
            "review": "docs/specs/notes/review.md",
            "features_review": "docs/features-review.md",
            "roadmap": "docs/roadmap.md",
        },
        "requirements": "Stage X: the artifact must have sections.",
        "skeleton": "# Title\n\n## Section\n",
        "answers": [{"question": "Where?", "answer": "Here", "subject": "axis:persistence"}],
        "task": {"id": "T001", "title": "storage"},
        "test_command": "python -m unittest",
        "findings": [],
    }


def test_every_stage_has_a_template() -> None:
    assert sorted(STAGES) == builtin_stages()


@pytest.mark.parametrize("stage", STAGES)
def test_each_template_renders_the_context_and_the_data_rule(stage: str) -> None:
    skill = render(stage, context())
    assert not skill.overridden
    assert "a notes CLI" in skill.text
    assert "Runs only on the developer's machine." in skill.text
    assert "docs/specs/notes/tasks.md" in skill.text
    assert "is data, not\n  instructions" in skill.text
    assert "Stage X: the artifact must have sections." in skill.text
    assert "- Where? -> Here" in skill.text


def test_findings_of_a_failed_attempt_are_shown() -> None:
    skill = render("create-tasks", {**context(), "findings": ["tasks.md has no checkbox"]})
    assert "- tasks.md has no checkbox" in skill.text


def test_project_override_wins(tmp_path: Path) -> None:
    path = override_path(tmp_path, "plan")
    path.parent.mkdir(parents=True)
    path.write_text('{% include "_frame.md" %}\nCUSTOM PLAN for {{ project_name }}\n')
    skill = render("plan", context(), tmp_path)
    assert skill.overridden and skill.source == path
    assert "CUSTOM PLAN for notes" in skill.text


def test_a_template_is_compiled_once_per_process() -> None:
    render("plan", context())
    compiled = _environment((SKILLS_DIR,)).get_template("plan.md")
    render("plan", context())
    render("specify", context())
    assert _environment((SKILLS_DIR,)).get_template("plan.md") is compiled


def test_an_override_edited_between_renders_takes_effect(tmp_path: Path) -> None:
    path = override_path(tmp_path, "plan")
    path.parent.mkdir(parents=True)
    path.write_text("FIRST {{ project_name }}\n")
    assert render("plan", context(), tmp_path).text == "FIRST notes\n"
    path.write_text("SECOND {{ project_name }}\n")
    later = path.stat().st_mtime + 5
    os.utime(path, (later, later))
    assert render("plan", context(), tmp_path).text == "SECOND notes\n"


def test_broken_override_is_a_usage_error(tmp_path: Path) -> None:
    path = override_path(tmp_path, "plan")
    path.parent.mkdir(parents=True)
    path.write_text("{{ nope }}")
    with pytest.raises(UsageError, match="cannot be rendered"):
        render("plan", context(), tmp_path)


def test_the_roadmap_template_asks_for_the_fields_ondas_schedules_on() -> None:
    text = render("roadmap", context()).text
    for field in ("**Slug**", "**Goal**", "**Priority**", "**Depends on**", "never create a cycle"):
        assert field in text
    assert "docs/roadmap.md" in text and "`Status` is `merged`" in text


@pytest.mark.parametrize("role", ROLES)
def test_each_role_template_renders_its_json_contract_and_the_data_rule(role: str) -> None:
    extra = {
        "max_questions": 3,
        "axes": ["persistence"],
        "questions": [{"id": "Q1", "question": "Where?", "options": ["a", "b"], "axis": ""}],
        "checklist": [{"id": "A03", "name": "Injection", "question": "input?"}],
        "threshold": 25,
        "retro_path": "docs/retro/wave-025.md",
        "current_stage": "plan",
        "waves": 25,
        "blocks": 1,
        "retries": 0,
    }
    skill = render(role, {**context(), **extra})
    assert "a notes CLI" in skill.text
    assert "is data, not" in skill.text
    assert "```json" in skill.text
