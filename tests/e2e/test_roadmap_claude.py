"""Roadmap mode driving the real ``claude`` CLI offline, through the scripted model server.

The scripted agent writes the briefing, the constitution and a roadmap of one feature on the
project; ondas then runs that feature in its own worktree and branch (the agent writes each
stage's artifact, the task code, and runs the tests with Bash) and merges it back.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("claude_agent_sdk", reason="needs the 'claude' extra")

from ondas.agents import sample
from ondas.pipeline.roadmap import parse_roadmap
from ondas.testing.fake_anthropic import FakeAnthropicServer, Rule, Script, Turn, after_tool_result
from tests.e2e.test_orchestrator_claude_pipeline import final, opening, pipeline_script
from tests.orchestrator.conftest import SAMPLE, rows

# A roadmap and a whole feature pipeline, each stage a real claude session: minutes.
pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SLUG = "notes-core"
ROADMAP = f"""# Roadmap: project

## F1: Notes core

- **Slug**: {SLUG}
- **Goal**: Add and list notes from the terminal, kept in a JSON file.
- **Priority**: P1
- **Depends on**: none
"""


def planning_rules(project: Path) -> list[Rule]:
    """The agent turns of the roadmap chain on the project itself."""
    ctx = {"project_name": project.name, "description": SAMPLE, "answers": []}
    writes = {
        "briefing": ("docs/briefing.md", sample.briefing(ctx), "the briefing"),
        "constitution": ("docs/constitution.md", sample.constitution(ctx), "the constitution"),
        "roadmap": ("docs/roadmap.md", ROADMAP, "the roadmap"),
    }
    rules: list[Rule] = []
    for stage, (rel, content, title) in writes.items():
        write_id = f"toolu_plan_{stage}"
        rules.append(Rule(after_tool_result(write_id), final(f"wrote {rel}")))
        turn = Turn.tool_use(
            "Write", {"file_path": str(project / rel), "content": content}, write_id
        )
        rules.append(Rule(opening(f"## Your task: {title}"), turn))
    return rules


def git(project: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=project, capture_output=True, text=True, check=True
    ).stdout


def test_claude_code_plans_a_roadmap_and_its_feature_is_built_and_merged(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path
) -> None:
    worktree = project / ".ondas" / "features" / SLUG
    feature_rules = pipeline_script(worktree).rules
    fake_anthropic.script = Script([*planning_rules(project), *feature_rules])
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "ondas",
            "run",
            str(project),
            "--roadmap",
            "--description",
            SAMPLE,
            "--backend",
            "claude-code",
            "--tier",
            "local",
            "--auto-answer",
            "--json",
        ],
        env={**os.environ, **fake_anthropic.env()},
        capture_output=True,
        text=True,
        timeout=900,
    )
    log = project / ".ondas" / "logs" / f"{SLUG}.log"
    detail = out.stderr[-2000:] + (log.read_text()[-3000:] if log.is_file() else "")
    assert out.returncode == 0, detail
    result = [json.loads(x) for x in out.stdout.splitlines() if x.startswith("{")][-1]
    assert result["status"] == "completed"
    assert result["roadmap"]["order"] == ["F1"]

    planning = rows(project, "SELECT start_stage, reason FROM waves ORDER BY number")
    assert [w["start_stage"] for w in planning] == ["briefing", "constitution", "roadmap"]
    assert all(w["reason"] == "stage_completed_advancing" for w in planning)
    waves = rows(worktree, "SELECT start_stage, reason, tool_calls FROM waves ORDER BY number")
    assert [w["start_stage"] for w in waves] == [
        "specify",
        "clarify",
        "plan",
        "checklist",
        "create-tasks",
        "execute-task",
        "converge",
        "review-task",
        "review-features",
    ]
    assert all(w["reason"] == "stage_completed_advancing" for w in waves)
    assert sum(w["tool_calls"] for w in waves) > 0  # counted by ondas' hooks in the worktree
    tasks = rows(worktree, "SELECT outcome FROM tasks")
    assert [t["outcome"] for t in tasks] == ["pass"] * len(sample.TASKS)

    assert "ondas roadmap: merge F1 notes-core" in git(project, "log", "--format=%s")
    assert (project / "notes" / "store.py").is_file()
    assert (project / "docs" / "specs" / SLUG / "review.md").is_file()
    (entry,) = parse_roadmap((project / "docs" / "roadmap.md").read_text())
    assert entry.status == "merged"
    report = (project / ".ondas" / "report.md").read_text()
    assert f"| {SLUG} | `ondas/{SLUG}` | completed |" in report
