"""``ondas sovai`` with the real ``claude`` CLI against the scripted model server.

One small plan: the decomposer, the executor (two Writes), the reviewer, the confirm pass and
the docs step are real Claude Code sessions whose model turns the server scripts; the engine,
the hooks, the tests, git and the push to a local bare remote are real.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("claude_agent_sdk", reason="needs the 'claude' extra")

from ondas.sovai import sample
from ondas.testing.fake_anthropic import FakeAnthropicServer, Rule, Script, Turn, after_tool_result
from tests.e2e.test_orchestrator_claude_pipeline import opening
from tests.sovai.conftest import git, rows, run_state

pytestmark = pytest.mark.e2e

PLAN = """# Plan: hello

Add a hello function to calc, with its test.
"""
HELLO = 'def hello(name):\n    return f"hello {name}"\n'
HELLO_TEST = (
    "import unittest\n\nfrom calc.hello import hello\n\n\nclass HelloTest(unittest.TestCase):\n"
    "    def test_hello(self):\n        self.assertEqual(hello('you'), 'hello you')\n"
)


def answer(value: dict[str, Any], text: str = "done") -> Turn:
    return Turn.text(f"{text}\n\n```json\n{json.dumps(value)}\n```")


def script(project: Path) -> Script:
    decomp = {
        "tasks": [
            {
                "id": "T1",
                "desc": "hello function with its test",
                "files": ["calc/hello.py", "tests/test_hello.py"],
                "parallelizable": True,
                "dependsOn": [],
                "done": False,
                "complexity": "standard",
            }
        ],
        "blockers": [{"what": "announce the release", "whyNeedsYou": "no mailing-list access"}],
    }
    writes = Turn(
        [
            {
                "type": "tool_use",
                "id": f"toolu_w{i}",
                "name": "Write",
                "input": {"file_path": str(project / rel), "content": content},
            }
            for i, (rel, content) in enumerate(
                [("calc/hello.py", HELLO), ("tests/test_hello.py", HELLO_TEST)]
            )
        ],
        stop_reason="tool_use",
    )
    result = {
        "task_id": "T1",
        "files_touched": ["calc/hello.py", "tests/test_hello.py"],
        "summary": "hello written",
        "done": True,
        "note": "",
    }
    clean = {"complete": True, "cohesive": True, "gaps": [], "missingTasks": []}
    doc = Turn.tool_use(
        "Write",
        {"file_path": str(project / "docs" / "hello.md"), "content": "# hello\n\nhello(name)\n"},
        "toolu_doc",
    )
    return Script(
        [
            Rule(opening("SOVAI DECOMPOSE (round 1)"), answer(decomp)),
            Rule(after_tool_result("toolu_w1"), answer(result)),
            Rule(opening("SOVAI EXECUTE task T1"), writes),
            Rule(opening("SOVAI REVIEW round 1"), answer(clean)),
            Rule(opening("SOVAI CONFIRM"), answer(clean)),
            Rule(
                after_tool_result("toolu_doc"),
                answer({"files_touched": ["docs/hello.md"], "summary": "docs/hello.md"}),
            ),
            Rule(opening("SOVAI DOCS"), doc),
        ]
    )


def test_sovai_builds_a_plan_through_real_claude_sessions(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, tmp_path: Path
) -> None:
    project = sample.make_project(tmp_path / "calc", remote=tmp_path / "remote.git")
    plan = tmp_path / "PLAN.md"
    plan.write_text(PLAN)
    fake_anthropic.script = script(project)
    out = subprocess.run(
        [sys.executable, "-m", "ondas", "sovai", str(plan), str(project), "--parallel", "1"],
        env={**os.environ, **fake_anthropic.env(), "ONDAS_TRANSPORT_BACKOFF": "0"},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    # Built, verified and pushed; the plan's blocker still waits for a person (exit 5).
    assert out.returncode == 5, out.stderr[-3000:]
    assert out.stdout.splitlines()[:2] == [
        "sovai: built after 1 round(s); 1/1 task(s)",
        "  blocker: announce the release",
    ]
    (ex,) = rows(project, "SELECT status FROM executions")
    assert ex["status"] == "awaiting_human"
    assert (project / "calc" / "hello.py").read_text() == HELLO
    (task,) = rows(project, "SELECT * FROM tasks")
    assert (task["task_id"], task["outcome"], task["tests_run"]) == ("T1", "pass", 2)
    state = run_state(project)
    assert state["built"] and state["persistence"]["push"]["status"] == "pushed"
    assert git(tmp_path / "remote.git", "rev-parse", "sovai/hello") == git(
        project, "rev-parse", "HEAD"
    )
    assert (
        git(tmp_path / "remote.git", "log", "-1", "--format=%s", "main") == "chore: calc skeleton"
    )
    usage = rows(project, "SELECT payload FROM events WHERE type = 'agent_usage'")
    steps = [json.loads(r["payload"])["data"]["step"] for r in usage]
    assert steps == ["decompose", "execute", "review", "confirm", "docs"]
    assert all(json.loads(r["payload"])["data"]["backend"] == "claude-code" for r in usage)
    models = {str(r.body.get("model")) for r in fake_anthropic.message_requests}
    assert any("opus" in m for m in models) and any("sonnet" in m for m in models), models


def test_a_model_that_answers_no_usable_decomposition_leaves_the_run_not_completed_and_unpushed(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, tmp_path: Path
) -> None:
    project = sample.make_project(tmp_path / "calc", remote=tmp_path / "remote.git")
    plan = tmp_path / "PLAN.md"
    plan.write_text(PLAN)
    fake_anthropic.script = Script(
        [
            Rule(
                opening("SOVAI DECOMPOSE"),
                Turn.text("Sure! I would start with a hello function. Let me know."),
            ),
            Rule(opening("SOVAI REVIEW"), answer({"complete": True, "cohesive": True})),
        ]
    )
    out = subprocess.run(
        [sys.executable, "-m", "ondas", "sovai", str(plan), str(project), "--max-rounds", "2"],
        env={**os.environ, **fake_anthropic.env(), "ONDAS_TRANSPORT_BACKOFF": "0"},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert out.returncode == 5, out.stderr[-3000:]
    assert "not completed: the plan is not built (0/0 task(s) done" in out.stdout
    assert "blocker: The decomposition of round 1 is unusable" in out.stdout
    (ex,) = rows(project, "SELECT status, finished_at FROM executions")
    assert (ex["status"], ex["finished_at"]) == ("awaiting_human", None)
    assert run_state(project)["persistence"]["push"]["status"] == "not-pushed"
    remote = tmp_path / "remote.git"
    assert git(remote, "branch", "--format=%(refname:short)").split() == ["main"]
    assert git(project, "status", "--porcelain") == ""
    asked = [r for r in fake_anthropic.message_requests if "SOVAI DECOMPOSE" in str(r.body)]
    assert asked, "the real claude CLI asked the scripted model for a decomposition"
