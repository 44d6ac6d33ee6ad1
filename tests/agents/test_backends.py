from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ondas.agents import AgentRequest, Backend, available, get_backend, sample
from ondas.agents.claude_code import ClaudeCodeBackend
from ondas.agents.scripted import LABEL, ScriptedBackend
from ondas.errors import UsageError

PATHS = {
    "briefing": "docs/briefing.md",
    "constitution": "docs/constitution.md",
    "spec": "docs/specs/p/spec.md",
    "plan": "docs/specs/p/plan.md",
    "checklist": "docs/specs/p/checklist.md",
    "tasks": "docs/specs/p/tasks.md",
    "review": "docs/specs/p/review.md",
    "features_review": "docs/features-review.md",
}


def request(project: Path, stage: str, **context: object) -> AgentRequest:
    ctx = {"project_name": "p", "description": "notes", "paths": PATHS, **context}
    return AgentRequest(prompt="do it", cwd=project, stage=stage, context=ctx)


def test_builtin_backends_are_registered_and_implement_the_protocol() -> None:
    names = available()
    assert {"claude-code", "scripted"} <= set(names)
    assert isinstance(get_backend("scripted"), Backend)
    assert isinstance(get_backend("claude-code"), Backend)


def test_unknown_backend_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown backend"):
        get_backend("nope")


def test_scripted_backend_writes_the_stage_artifact_and_labels_itself(project: Path) -> None:
    result = ScriptedBackend().run(request(project, "briefing"))
    assert (project / "docs/briefing.md").read_text().startswith("# Briefing")
    assert LABEL in result.text
    assert result.tool_calls[0].name == "Write"
    assert result.cost_usd == 0 and result.backend == "scripted"


def test_scripted_clarify_raises_one_structural_persistence_question(project: Path) -> None:
    result = ScriptedBackend().run(request(project, "clarify"))
    assert result.structured is not None
    [decision] = result.structured["decisions"]
    assert decision["class"] == "structural"
    assert decision["axis"] == "persistence"
    assert decision["consent"] == "pause-human"


def test_scripted_tasks_build_a_project_whose_tests_pass(project: Path) -> None:
    backend = ScriptedBackend()
    for tid, title in sample.TASKS:
        backend.run(request(project, "execute-task", task={"id": tid, "title": title}))
    out = subprocess.run(
        [sys.executable, "-m", "unittest", "discover", "-s", "tests"],
        cwd=project,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert "Ran 6 tests" in out.stderr


def test_scripted_backend_is_deterministic(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        ScriptedBackend().run(request(tmp_path / name, "create-tasks"))
    first = (tmp_path / "a" / PATHS["tasks"]).read_text()
    assert first == (tmp_path / "b" / PATHS["tasks"]).read_text()


def test_claude_code_options_load_no_project_settings_and_use_the_cli_on_path(
    project: Path,
) -> None:
    backend = ClaudeCodeBackend(cli_path="/usr/bin/claude")
    req = request(project, "plan")
    req.output_schema = {"type": "object"}
    req.model = "claude-sonnet-4-5"
    options = backend.options(req)
    assert options.setting_sources == ["user"]  # hooks and sandbox only from --settings
    assert str(options.cli_path) == "/usr/bin/claude"
    assert options.cwd == str(project)
    assert options.output_format == {"type": "json_schema", "schema": {"type": "object"}}
    assert options.model == "claude-sonnet-4-5"
