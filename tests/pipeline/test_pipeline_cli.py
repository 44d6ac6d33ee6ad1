from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from ondas.cli.main import run
from tests.pipeline.conftest import FIXTURES, edit, feature_file

Runner = Callable[..., CompletedProcess[str]]


def test_detect_completion_exits_0_silently_when_complete(
    ondas_cli: Runner, good_project: Path
) -> None:
    result = ondas_cli(
        "pipeline", "detect-completion", "--stage", "plan", "--project", str(good_project)
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_detect_completion_prints_finding_lines_and_exits_1(
    ondas_cli: Runner, good_project: Path
) -> None:
    edit(feature_file(good_project, "tasks.md"), "- [x] 2.3 [A]", "- [ ] 2.3 [A]")
    result = ondas_cli(
        "pipeline",
        "detect-completion",
        "--stage",
        "execute-task",
        "--project",
        str(good_project),
        "--feature-dir",
        "expense-approval",
    )
    assert result.returncode == 1
    assert result.stdout == (
        "FINDING|error|execute-task.unchecked-task|1 of 9 task(s) unchecked: 2.3\n"
    )


def test_warnings_alone_print_but_exit_0(ondas_cli: Runner, good_project: Path) -> None:
    edit(feature_file(good_project, "tasks.md"), "## Legend", "## Key")
    result = ondas_cli(
        "pipeline", "detect-completion", "--stage", "create-tasks", "--project", str(good_project)
    )
    assert result.returncode == 0
    assert result.stdout.startswith("FINDING|warning|tasks.legend|")


def test_detect_completion_json(ondas_cli: Runner, good_project: Path) -> None:
    (good_project / "docs/briefing.md").unlink()
    result = ondas_cli(
        "pipeline",
        "detect-completion",
        "--stage",
        "briefing",
        "--project",
        str(good_project),
        "--json",
    )
    assert result.returncode == 1
    doc = json.loads(result.stdout)
    assert doc["ok"] is False
    assert doc["findings"][0]["rule"] == "briefing.missing"
    assert doc["artifact"].endswith("docs/briefing.md")


def test_detect_completion_unknown_stage_exits_2(ondas_cli: Runner, good_project: Path) -> None:
    result = ondas_cli(
        "pipeline", "detect-completion", "--stage", "deploy", "--project", str(good_project)
    )
    assert result.returncode == 2
    assert result.stderr.startswith("ondas: unknown stage")


def test_validate_tasks_runs_the_tasks_rules_alone(ondas_cli: Runner) -> None:
    bad = ondas_cli("pipeline", "validate-tasks", str(FIXTURES / "bad/tasks_no_phases.md"))
    assert bad.returncode == 1
    assert "FINDING|critical|tasks.phase|" in bad.stdout
    good = ondas_cli(
        "pipeline", "validate-tasks", str(FIXTURES / "project/docs/specs/expense-approval/tasks.md")
    )
    assert (good.returncode, good.stdout) == (0, "")


def test_template_and_rules_render_from_the_same_source(ondas_cli: Runner) -> None:
    template = ondas_cli("pipeline", "template", "--stage", "plan")
    assert template.returncode == 0
    assert "## Testing Strategy" in template.stdout
    rules = ondas_cli("pipeline", "rules", "--stage", "plan")
    assert "Testing Strategy" in rules.stdout


def test_every_pipeline_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    commands = ["stages", "next-stage", "prev-stage", "detect-completion", "validate-tasks",
                "template", "rules"]  # fmt: skip
    for command in commands:
        assert run(["pipeline", command, "--help"]) == 0, command
        assert "Usage" in capsys.readouterr().out
