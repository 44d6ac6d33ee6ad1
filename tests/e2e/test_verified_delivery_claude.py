"""What ``completed`` means, with the real ``claude`` CLI against the scripted model server.

To stay lean each test starts the execution at the stage under test: the earlier artifacts
are the sample's, written to disk, and the execution is created (with the claude-code backend
and ondas' hooks installed) at that stage; ``ondas resume`` then drives the real loop.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("claude_agent_sdk", reason="needs the 'claude' extra")

from ondas.agents import AgentRequest, sample
from ondas.agents.claude_code import ClaudeCodeBackend
from ondas.app.run import RunSettings, save_settings
from ondas.orchestrator.loop import prepare_project
from ondas.runtime.schema import default_schema
from ondas.state.execution import create_execution, update_execution
from ondas.state.store import Store
from ondas.testing.fake_anthropic import (
    FakeAnthropicServer,
    Rule,
    Script,
    Turn,
    after_tool_result,
    any_request,
    failing,
)
from tests.e2e.test_orchestrator_claude_pipeline import STAGE_MARKERS, final, opening
from tests.orchestrator.conftest import SAMPLE, one, rows

pytestmark = pytest.mark.e2e

ONE_TASK = [("1.1", sample.TASKS[0][1])]
EARLIER: dict[str, list[str]] = {
    "briefing": [],
    "clarify": ["briefing", "constitution", "specify"],
    "execute-task": ["briefing", "constitution", "clarify", "plan", "checklist", "create-tasks"],
}


def ctx(project: Path) -> dict[str, Any]:
    name = project.name
    fdir = f"docs/specs/{name}"
    return {
        "project_name": name,
        "description": SAMPLE,
        "answers": [],
        "paths": {
            "briefing": "docs/briefing.md",
            "constitution": "docs/constitution.md",
            "spec": f"{fdir}/spec.md",
            "plan": f"{fdir}/plan.md",
            "checklist": f"{fdir}/checklist.md",
            "tasks": f"{fdir}/tasks.md",
            "review": f"{fdir}/review.md",
            "features_review": "docs/features-review.md",
        },
    }


def artifact(project: Path, stage: str) -> tuple[str, str]:
    c = ctx(project)
    p = c["paths"]
    one_task = sample.tasks(c).replace(
        "\n".join(f"- [ ] {t} [C] {title}" for t, title in sample.TASKS[1:]), ""
    )
    return {
        "briefing": (p["briefing"], sample.briefing(c)),
        "constitution": (p["constitution"], sample.constitution(c)),
        "specify": (p["spec"], sample.spec(c)),
        "clarify": (p["spec"], sample.clarified_spec(c)),
        "plan": (p["plan"], sample.plan(c)),
        "checklist": (p["checklist"], sample.checklist(c)),
        "create-tasks": (p["tasks"], one_task),
        "converge": (p["checklist"], sample.converged_checklist(sample.checklist(c))),
        "review-task": (p["review"], sample.review(c)),
        "review-features": (p["features_review"], sample.features_review(c)),
    }[stage]


def start_at(project: Path, stage: str, *, auto_answer: bool = False) -> None:
    """An execution of the sample at ``stage``, driven by claude-code, hooks installed."""
    from ondas.hooks.install import install

    for earlier in EARLIER[stage]:
        rel, content = artifact(project, earlier)
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_text(content)
    prepare_project(project)
    install(project)
    with Store.open(project / ".ondas", create=True, schema=default_schema()) as store:
        ex = create_execution(
            store, project_path=project, description=SAMPLE, delivery_tier="local"
        )
        save_settings(store, ex.id, RunSettings("claude-code", auto_answer))
        update_execution(store, {"current_stage": stage})


def resume(
    server_env: dict[str, str], project: Path, *args: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ondas", "resume", str(project), *args],
        env={**os.environ, **server_env, "ONDAS_TRANSPORT_BACKOFF": "0"},
        capture_output=True,
        text=True,
        timeout=900,
    )


def write_then_final(
    project: Path,
    stage: str,
    rel: str,
    content: str,
    tag: str,
    *,
    read_first: bool,
    decisions: list[dict[str, Any]] | None = None,
    marker: str | None = None,
    times: int | None = None,
) -> list[Rule]:
    """Rules for one stage session: (Read,) Write ``rel``, then the final JSON answer."""
    write_id, read_id = f"toolu_{tag}_write", f"toolu_{tag}_read"
    write = Turn.tool_use("Write", {"file_path": str(project / rel), "content": content}, write_id)
    rules = [Rule(after_tool_result(write_id), final(f"wrote {rel}", decisions))]
    first = write
    if read_first:
        rules.append(Rule(after_tool_result(read_id), write))
        first = Turn.tool_use("Read", {"file_path": str(project / rel)}, read_id)
    rules.append(Rule(opening(marker or STAGE_MARKERS[stage]), first, times))
    return rules


def task_rules(
    project: Path, task_id: str, files: dict[str, str], *, run_tests: bool
) -> list[Rule]:
    """One execute-task session: write the files (and run the tests), then answer."""
    key = task_id.replace(".", "_")
    blocks = [
        {
            "type": "tool_use",
            "id": f"toolu_t{key}_w{i}",
            "name": "Write",
            "input": {"file_path": str(project / rel), "content": content},
        }
        for i, (rel, content) in enumerate(files.items())
    ]
    last = f"toolu_t{key}_w{len(files) - 1}"
    rules = [Rule(opening(f"Implement task **{task_id}**"), Turn(blocks, stop_reason="tool_use"))]
    if run_tests:
        bash_id = f"toolu_t{key}_bash"
        command = f"{sys.executable} -m unittest discover -s tests -t ."
        rules += [
            Rule(after_tool_result(bash_id), final(f"task {task_id} done")),
            Rule(
                after_tool_result(last),
                Turn.tool_use("Bash", {"command": command, "description": "run tests"}, bash_id),
            ),
        ]
    else:
        rules.append(Rule(after_tool_result(last), final(f"task {task_id} done, no tests")))
    return rules


def test_code_without_tests_never_ends_completed(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path
) -> None:
    start_at(project, "execute-task")
    code = {k: v for k, v in sample.TASK_FILES["1.1"].items() if not k.startswith("tests/")}
    rel, content = artifact(project, "converge")
    fake_anthropic.script = Script(
        [
            *task_rules(project, "1.1", code, run_tests=False),
            *write_then_final(project, "converge", rel, content, "converge", read_first=True),
        ]
    )
    out = resume(fake_anthropic.env(), project)
    assert out.returncode == 5, out.stderr[-3000:]
    assert one(project, "SELECT status FROM executions")["status"] == "awaiting_human"
    task = one(project, "SELECT * FROM tasks")
    assert (task["outcome"], task["tests_run"], task["test_command"]) == ("unverified", 0, None)
    block = one(project, "SELECT * FROM blocks WHERE status = 'awaiting'")
    assert block["subject_key"] == "stage:converge"
    assert "no test command was detected" in block["context_for_answer"]
    report = (project / ".ondas" / "report.md").read_text()
    assert "1 task(s) UNVERIFIED" in report.split("## Stages")[0]


CHANGES = """# Review: notes CLI

## Summary
Task 1.1 was read against its code and its tests.

## Findings
- High: notes/store.py accepts a note made only of tabs; refuse it like spaces.

## Verdict
CHANGES REQUESTED
"""
FIX = {
    "notes/blank.py": '"""Blank notes."""\n\n\ndef is_blank(text):\n    return not text.strip()\n',
    "tests/test_blank.py": (
        "import unittest\n\nfrom notes.blank import is_blank\n\n\n"
        "class BlankTest(unittest.TestCase):\n    def test_tabs_are_blank(self):\n"
        "        self.assertTrue(is_blank('\\t\\t'))\n"
    ),
}


@pytest.mark.slow  # execute-task to review-features twice over, each stage a claude session
def test_changes_requested_goes_back_to_execute_task_and_the_report_shows_the_findings(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path
) -> None:
    start_at(project, "execute-task")
    review_rel, approved = artifact(project, "review-task")
    conv_rel, converged = artifact(project, "converge")
    feat_rel, features = artifact(project, "review-features")
    fake_anthropic.script = Script(
        [
            *task_rules(project, "1.1", sample.TASK_FILES["1.1"], run_tests=True),
            *task_rules(project, "2.1", FIX, run_tests=True),
            *write_then_final(project, "converge", conv_rel, converged, "conv", read_first=True),
            *write_then_final(
                project, "review-task", review_rel, CHANGES, "rev1", read_first=False, times=1
            ),
            *write_then_final(
                project, "review-task", review_rel, approved, "rev2", read_first=True
            ),
            *write_then_final(
                project, "review-features", feat_rel, features, "feat", read_first=False
            ),
        ]
    )
    out = resume(fake_anthropic.env(), project)
    assert out.returncode == 0, out.stderr[-3000:]
    assert one(project, "SELECT status FROM executions")["status"] == "completed"
    starts = [w["start_stage"] for w in rows(project, "SELECT * FROM waves ORDER BY number")]
    assert starts == [
        "execute-task",
        "converge",
        "review-task",
        "execute-task",
        "converge",
        "review-task",
        "review-features",
    ]
    outcomes = {t["task_id"]: t["outcome"] for t in rows(project, "SELECT * FROM tasks")}
    assert outcomes == {"1.1": "pass", "2.1": "pass"}
    verdicts = [
        json.loads(r["payload"])["data"]
        for r in rows(project, "SELECT payload FROM events WHERE type = 'review_verdict'")
    ]
    assert [v["verdict"] for v in verdicts] == ["CHANGES_REQUESTED", "APPROVED", "APPROVED"]
    report = (project / ".ondas" / "report.md").read_text()
    assert "**CHANGES REQUESTED**" in report
    assert "[high] High: notes/store.py accepts a note made only of tabs" in report


def dead_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_run_whose_api_is_dead_from_the_start_exits_2_and_writes_nothing(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path
) -> None:
    env = {
        **os.environ,
        **fake_anthropic.env(),
        "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{dead_port()}",
    }
    out = subprocess.run(
        [sys.executable, "-m", "ondas", "run", str(project), "--description", SAMPLE,
         "--backend", "claude-code", "--tier", "local", "--no-atomic-commit", "--no-roadmap"],
        env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert out.returncode == 2, out.stderr[-3000:]
    assert "cannot reach the model API" in out.stderr
    assert list(project.iterdir()) == []


def test_an_api_that_dies_during_a_run_ends_in_a_block_naming_the_transport_error(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path
) -> None:
    start_at(project, "briefing")
    env = {
        **fake_anthropic.env(),
        "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{dead_port()}",
        "CLAUDE_CODE_MAX_RETRIES": "0",
    }
    out = resume(env, project)
    assert out.returncode == 5, out.stderr[-3000:]
    waves = rows(project, "SELECT reason FROM waves ORDER BY number")
    assert [w["reason"] for w in waves] == [
        "threshold_proxy_reached",
        "threshold_proxy_reached",
        "human_block",
    ]
    block = one(project, "SELECT * FROM blocks")
    assert block["subject_key"] == "transport"
    assert "Unable to connect to API" in block["question"]
    assert "does not exist" not in out.stderr
    assert not rows(project, "SELECT * FROM events WHERE type = 'wave_retry'")


def clarify_script(project: Path, decision: dict[str, Any]) -> Script:
    rel, content = artifact(project, "clarify")
    return Script(
        write_then_final(project, "clarify", rel, content, "clar", read_first=True,
                         decisions=[decision])
    )  # fmt: skip


def test_an_unknown_axis_becomes_a_block_and_the_request_carries_claude_codes_prompt(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path
) -> None:
    start_at(project, "clarify", auto_answer=True)
    decision = {**sample.PERSISTENCE_DECISION, "axis": "interface"}
    fake_anthropic.script = clarify_script(project, decision)
    out = resume(fake_anthropic.env(), project)
    assert out.returncode == 5, out.stderr[-3000:]
    block = one(project, "SELECT * FROM blocks")
    assert block["subject_key"] == "axis:interface" and block["status"] == "awaiting"
    assert "does not know (interface" in block["question"]
    (request,) = [
        r
        for r in fake_anthropic.message_requests
        if STAGE_MARKERS["clarify"] in r.last_user_text() and not r.all_tool_results()
    ]
    system = request.body["system"]
    text = system if isinstance(system, str) else " ".join(b.get("text", "") for b in system)
    assert "ondas pipeline" in text and "clarify" in text
    assert len(text) > 3000  # Claude Code's own system prompt, not an empty one


def test_an_answered_axis_is_not_asked_again(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path
) -> None:
    start_at(project, "clarify")
    fake_anthropic.script = clarify_script(project, sample.PERSISTENCE_DECISION)
    first = resume(fake_anthropic.env(), project)
    assert first.returncode == 5, first.stderr[-3000:]
    second = resume(
        fake_anthropic.env(), project, "--answer", "an SQLite database", "--max-waves", "1"
    )
    assert second.returncode == 0, second.stderr[-3000:]
    assert one(project, "SELECT current_stage FROM executions")["current_stage"] == "plan"
    axis = rows(project, "SELECT * FROM blocks WHERE subject_key = 'axis:persistence'")
    assert len(axis) == 1
    prompts = [
        r.last_user_text()
        for r in fake_anthropic.message_requests
        if "## Your task: clarification" in r.last_user_text()
    ]
    assert "[structural axis persistence, block-001]" in prompts[-1]
    assert "an SQLite database" in prompts[-1]


@pytest.mark.parametrize(
    ("status", "kind", "transport"),
    [
        (429, "rate_limit_error", True),
        (529, "overloaded_error", True),
        (401, "authentication_error", True),
        (400, "invalid_request_error", False),
    ],
)
def test_the_backend_recognises_api_failures_from_the_real_cli(
    claude_bin: str,
    fake_anthropic: FakeAnthropicServer,
    tmp_path: Path,
    status: int,
    kind: str,
    transport: bool,
) -> None:
    fake_anthropic.script = Script([Rule(any_request(), failing(status, kind, "scripted"))])
    request = AgentRequest(
        prompt="hi",
        cwd=tmp_path,
        stage="briefing",
        env={**fake_anthropic.env(), "CLAUDE_CODE_MAX_RETRIES": "0"},
        max_turns=2,
    )
    result = ClaudeCodeBackend(cli_path=claude_bin).run(request)
    assert result.is_error
    if transport:
        assert result.transport_error is not None and str(status) in result.transport_error
    else:
        assert result.transport_error is None
