"""The milestone retrospective runs when answered yes; spawn depth comes from subagent calls."""

from __future__ import annotations

import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import anyio
import pytest

from ondas.agents.base import AgentRequest, AgentResult, ToolCall, spawn_depth
from ondas.agents.scripted import ScriptedBackend, builtin_script
from ondas.app import run as commands
from ondas.limits import spawn
from tests.conftest import run_ondas
from tests.orchestrator.conftest import SAMPLE, one, rows


def _milestones_every(project: Path, n: int) -> None:
    (project / ".ondas").mkdir()
    (project / ".ondas" / "config.toml").write_text(f"[audit]\nmilestone_every = {n}\n")


def test_answering_yes_run_retro_runs_a_retro_stage_and_the_run_goes_on(project: Path) -> None:
    _milestones_every(project, 3)
    first = run_ondas(
        "run", str(project), "--description", SAMPLE, "--backend", "scripted",
        "--tier", "local", "--auto-answer", "--max-waves", "4",
    )  # fmt: skip
    # Unattended (--auto-answer): the milestone pauses the run for real, at wave 3 of 4.
    assert first.returncode == 5, first.stderr
    assert len(rows(project, "SELECT * FROM waves")) == 3
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'milestone:3'")
    ex = one(project, "SELECT status, next_instruction FROM executions")
    assert ex["status"] == "awaiting_human" and block["id"] in ex["next_instruction"]
    stage_before = one(project, "SELECT current_stage FROM executions")[0]

    second = run_ondas(
        "resume", str(project), "--answer", "yes-run-retro", "--block", block["id"],
        "--max-waves", "1",
    )  # fmt: skip
    assert second.returncode == 0, second.stderr
    retro = project / "docs" / "retro" / "wave-003.md"
    assert "## Actions" in retro.read_text()
    event = one(project, "SELECT * FROM events WHERE type = 'retro_run'")
    assert "docs/retro/wave-003.md" in event["description"]
    wave = one(project, "SELECT * FROM waves ORDER BY number DESC LIMIT 1")
    assert wave["start_stage"] == stage_before and wave["end_stage"] == stage_before
    assert one(project, "SELECT current_stage FROM executions")[0] == stage_before
    log = subprocess.run(
        ["git", "-C", str(project), "log", "-2", "--name-only", "--format=%s"],  # + the report
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert "docs/retro/wave-003.md" in log

    third = run_ondas("resume", str(project))
    while third.returncode == 5:  # unattended: every later milestone pauses it again
        pending = one(project, "SELECT * FROM blocks WHERE status = 'awaiting'")
        assert pending["subject_key"].startswith("milestone:")
        third = run_ondas("resume", str(project), "--answer", "no-continue")
    assert third.returncode == 0, third.stderr
    assert one(project, "SELECT status FROM executions")[0] == "completed"
    assert len(rows(project, "SELECT * FROM events WHERE type = 'retro_run'")) == 1
    report = (project / ".ondas" / "report.md").read_text()
    assert "Retrospective at milestone 3: docs/retro/wave-003.md" in report


def test_answering_no_continue_runs_no_retro(project: Path) -> None:
    _milestones_every(project, 2)
    backend = ScriptedBackend()
    commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True, max_waves=2
    )
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'milestone:2'")
    result = commands.resume(project, answer="no-continue", block_id=block["id"], backend=backend)
    pauses = 1
    while result.status == "awaiting_human":  # every milestone pauses the unattended run
        pauses += 1
        result = commands.resume(project, answer="no-continue", backend=backend)
    assert result.status == "completed"
    waves = len(rows(project, "SELECT * FROM waves"))
    assert pauses == waves // 2
    assert "retro" not in [r.stage for r in backend.requests]
    assert not (project / "docs" / "retro").exists()


def _nested(depth: int) -> Any:
    """A plan stage whose agent starts subagents nested ``depth`` deep (Task inside Task)."""

    def plan(request: AgentRequest) -> AgentResult:
        result = builtin_script(request)
        parent = None
        for level in range(depth):
            call_id = f"toolu_task_{level}"
            result.tool_calls.append(
                ToolCall("Task", {"description": f"level {level}"}, id=call_id, parent_id=parent)
            )
            result.tool_calls.append(
                ToolCall("Read", {"file_path": "x"}, id=f"toolu_read_{level}", parent_id=call_id)
            )
            parent = call_id
        return result

    return plan


def test_subagents_nested_deeper_than_the_limit_abort_the_run(project: Path) -> None:
    backend = ScriptedBackend({"plan": _nested(spawn.MAX_DEPTH + 1)})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "aborted" and result.current_stage == "plan"
    ex = one(project, "SELECT * FROM executions")
    assert ex["termination_reason"] == spawn.REASON
    assert one(project, "SELECT depth FROM limit_spawn")["depth"] == spawn.MAX_DEPTH + 1
    assert "Subagents: depth 4 seen in plan" in (project / ".ondas" / "report.md").read_text()


def test_shallow_subagents_are_recorded_and_the_depth_resets(project: Path) -> None:
    backend = ScriptedBackend({"plan": _nested(2)})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "completed"
    observed = rows(
        project, "SELECT description, payload FROM events WHERE type = 'spawn_observed'"
    )
    assert [r["description"] for r in observed] == ["plan", "checklist"]
    assert one(project, "SELECT depth FROM limit_spawn")["depth"] == 0


def test_spawn_depth_follows_parent_tool_use_ids() -> None:
    calls = [
        ToolCall("Task", id="a"),
        ToolCall("Read", id="r", parent_id="a"),
        ToolCall("Agent", id="b", parent_id="a"),
        ToolCall("Task", id="c"),
    ]
    assert spawn_depth(calls) == 2
    assert spawn_depth([ToolCall("Read", id="x")]) == 0
    assert spawn_depth([ToolCall("Task", id="a", parent_id="a")]) == 1


def test_the_claude_code_backend_reports_subagent_parents(tmp_path: Path) -> None:
    """The SDK's own message types, as the CLI's stream yields them for a subagent."""
    sdk = pytest.importorskip("claude_agent_sdk")
    from ondas.agents.base import AgentRequest as Request
    from ondas.agents.claude_code import ClaudeCodeBackend

    messages = [
        sdk.AssistantMessage(
            content=[sdk.ToolUseBlock(id="toolu_1", name="Task", input={"prompt": "go"})],
            model="m",
        ),
        sdk.AssistantMessage(
            content=[sdk.ToolUseBlock(id="toolu_2", name="Task", input={"prompt": "deeper"})],
            model="m",
            parent_tool_use_id="toolu_1",
        ),
    ]

    async def query(**_: Any) -> Any:
        for message in messages:
            yield message

    stream = SimpleNamespace(
        query=query,
        AssistantMessage=sdk.AssistantMessage,
        ResultMessage=sdk.ResultMessage,
        TextBlock=sdk.TextBlock,
        ToolUseBlock=sdk.ToolUseBlock,
        ClaudeAgentOptions=sdk.ClaudeAgentOptions,
    )
    backend = ClaudeCodeBackend(cli_path="claude")
    result = AgentResult()
    request = Request(prompt="p", cwd=tmp_path, stage="plan")
    anyio.run(backend._consume, stream, request, result, [], [])
    assert [(c.id, c.parent_id) for c in result.tool_calls] == [
        ("toolu_1", None),
        ("toolu_2", "toolu_1"),
    ]
    assert spawn_depth(result.tool_calls) == 2
