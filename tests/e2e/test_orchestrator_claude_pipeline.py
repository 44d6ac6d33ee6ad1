"""The wave loop driving the real ``claude`` CLI (through claude-agent-sdk) offline.

The scripted model server plays an agent that writes each stage's artifact with the Write
tool and, for every task, writes the code and runs the tests with Bash. ondas' hooks are
installed in the project by ``ondas run`` and count every tool call.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("claude_agent_sdk", reason="needs the 'claude' extra")

from ondas.agents import sample
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from ondas.state.verify import verify
from ondas.testing.fake_anthropic import (
    FakeAnthropicServer,
    Request,
    Rule,
    Script,
    Turn,
    after_tool_result,
)
from tests.orchestrator.conftest import SAMPLE, one, rows

# Every stage of the pipeline is a real claude session with real hooks: minutes.
pytestmark = [pytest.mark.e2e, pytest.mark.slow]

STAGE_MARKERS = {
    "briefing": "## Your task: the briefing",
    "constitution": "## Your task: the constitution",
    "specify": "## Your task: the specification",
    "clarify": "## Your task: clarification",
    "plan": "## Your task: the technical plan",
    "checklist": "## Your task: the requirements checklist",
    "create-tasks": "## Your task: the task list",
    "converge": "## Your task: convergence",
    "review-task": "## Your task: task review",
    "review-features": "## Your task: feature review",
}


def opening(marker: str) -> Callable[[Request], bool]:
    """The first agent turn of a conversation whose prompt holds ``marker``."""

    def match(request: Request) -> bool:
        if not request.tool_names or request.all_tool_results():
            return False
        return marker in request.last_user_text()

    return match


def final(summary: str, decisions: list[dict[str, Any]] | None = None) -> Turn:
    body = json.dumps({"summary": summary, "decisions": decisions or []})
    return Turn.text(f"{summary}\n\n```json\n{body}\n```")


def pipeline_script(project: Path) -> Script:
    """Every stage's agent turns for the notes sample, keyed on the stage prompts."""
    name = project.name
    ctx: dict[str, Any] = {
        "project_name": name,
        "description": SAMPLE,
        "paths": {
            "briefing": "docs/briefing.md",
            "constitution": "docs/constitution.md",
            "spec": f"docs/specs/{name}/spec.md",
            "plan": f"docs/specs/{name}/plan.md",
            "checklist": f"docs/specs/{name}/checklist.md",
            "tasks": f"docs/specs/{name}/tasks.md",
            "review": f"docs/specs/{name}/review.md",
            "features_review": "docs/features-review.md",
        },
        "answers": [],
    }
    paths = ctx["paths"]
    writes: dict[str, tuple[str, str]] = {
        "briefing": (paths["briefing"], sample.briefing(ctx)),
        "constitution": (paths["constitution"], sample.constitution(ctx)),
        "specify": (paths["spec"], sample.spec(ctx)),
        "clarify": (paths["spec"], sample.clarified_spec(ctx)),
        "plan": (paths["plan"], sample.plan(ctx)),
        "checklist": (paths["checklist"], sample.checklist(ctx)),
        "create-tasks": (paths["tasks"], sample.tasks(ctx)),
        "converge": (paths["checklist"], sample.converged_checklist(sample.checklist(ctx))),
        "review-task": (paths["review"], sample.review(ctx)),
        "review-features": (paths["features_review"], sample.features_review(ctx)),
    }
    rules: list[Rule] = []
    for stage, (rel, content) in writes.items():
        slug = stage.replace("-", "_")
        write_id, read_id = f"toolu_{slug}_write", f"toolu_{slug}_read"
        write = Turn.tool_use(
            "Write", {"file_path": str(project / rel), "content": content}, write_id
        )
        decisions = [dict(sample.PERSISTENCE_DECISION)] if stage == "clarify" else []
        rules.append(Rule(after_tool_result(write_id), final(f"wrote {rel}", decisions)))
        if stage in ("clarify", "converge"):
            # Claude Code's Write refuses to replace a file the agent has not read.
            rules.append(Rule(after_tool_result(read_id), write))
            first = Turn.tool_use("Read", {"file_path": str(project / rel)}, read_id)
        else:
            first = write
        rules.append(Rule(opening(STAGE_MARKERS[stage]), first))
    test_cmd = f"{sys.executable} -m unittest discover -s tests -t ."
    for task_id, _title in sample.TASKS:
        key = task_id.replace(".", "_")
        files = sample.TASK_FILES[task_id]
        blocks = [
            {
                "type": "tool_use",
                "id": f"toolu_t{key}_w{i}",
                "name": "Write",
                "input": {"file_path": str(project / rel), "content": content},
            }
            for i, (rel, content) in enumerate(files.items())
        ]
        last_write = f"toolu_t{key}_w{len(files) - 1}"
        bash_id = f"toolu_t{key}_bash"
        rules.append(Rule(after_tool_result(bash_id), final(f"task {task_id} done")))
        rules.append(
            Rule(
                after_tool_result(last_write),
                Turn.tool_use("Bash", {"command": test_cmd, "description": "run tests"}, bash_id),
            )
        )
        rules.append(
            Rule(opening(f"Implement task **{task_id}**"), Turn(blocks, stop_reason="tool_use"))
        )
    return Script(rules)


def test_claude_code_takes_the_sample_from_briefing_to_review_features(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path
) -> None:
    fake_anthropic.script = pipeline_script(project)
    args = ["run", str(project), "--description", SAMPLE, "--backend", "claude-code"]
    out = subprocess.run(
        [sys.executable, "-m", "ondas", *args, "--tier", "local", "--auto-answer"],
        env={**os.environ, **fake_anthropic.env()},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    execution = one(project, "SELECT * FROM executions")
    assert execution["status"] == "completed", execution["next_instruction"]
    waves = rows(project, "SELECT * FROM waves ORDER BY number")
    assert [w["start_stage"] for w in waves] == [
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
    ]
    assert all(w["reason"] == "stage_completed_advancing" for w in waves)
    tasks = rows(project, "SELECT * FROM tasks ORDER BY task_id")
    assert [t["task_id"] for t in tasks] == [t for t, _ in sample.TASKS]
    assert all(t["outcome"] == "pass" and t["tests_passed"] == t["tests_run"] > 0 for t in tasks)
    # 10 artifact writes, 2 reads (clarify, converge), and per task its files plus one Bash:
    # every one of them seen by ondas' PostToolUse hook.
    expected_calls = 10 + 2 + sum(len(f) + 1 for f in sample.TASK_FILES.values())
    assert sum(w["tool_calls"] for w in waves) == expected_calls
    metrics = {r["name"]: r["value"] for r in rows(project, "SELECT name, value FROM metrics")}
    assert metrics["tool_calls"] == expected_calls
    assert metrics["cost_usd"] > 0
    assert metrics["tokens_in"] > 0 and metrics["tokens_out"] > 0
    assert (project / ".claude" / "settings.json").is_file()
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        assert verify(store).ok
