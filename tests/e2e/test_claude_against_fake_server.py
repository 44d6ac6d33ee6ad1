"""The real ``claude`` CLI, driven offline by the scripted model server."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.testing.claude_cli import run_claude
from ondas.testing.fake_anthropic import (
    FakeAnthropicServer,
    Rule,
    Script,
    Turn,
    after_tool_result,
    first_turn,
    tool_result_text,
)

pytestmark = pytest.mark.e2e


def test_scripted_bash_tool_use_runs_and_its_result_reaches_the_server(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path
) -> None:
    fake_anthropic.script = Script(
        [
            Rule(after_tool_result("toolu_bash1"), Turn.text("finished")),
            Rule(
                first_turn(),
                Turn.tool_use(
                    "Bash", {"command": "echo marker-$((6*7)) | tee out.txt"}, id="toolu_bash1"
                ),
            ),
        ]
    )
    run = run_claude("run the command", server=fake_anthropic, cwd=project)
    assert run.returncode == 0, run.stderr
    assert run.result["result"] == "finished"
    assert run.result["total_cost_usd"] > 0
    assert (project / "out.txt").read_text() == "marker-42\n"
    (result,) = fake_anthropic.tool_results()
    assert result["tool_use_id"] == "toolu_bash1"
    assert "marker-42" in tool_result_text(result)


def test_scripted_write_creates_the_file(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path
) -> None:
    target = project / "notes" / "hello.txt"
    fake_anthropic.script = Script(
        [
            Rule(after_tool_result("toolu_w1"), Turn.text("written")),
            Rule(
                first_turn(),
                Turn.tool_use(
                    "Write", {"file_path": str(target), "content": "hi there\n"}, id="toolu_w1"
                ),
            ),
        ]
    )
    run = run_claude("write the file", server=fake_anthropic, cwd=project)
    assert run.returncode == 0, run.stderr
    assert target.read_text() == "hi there\n"
    assert [r["tool_use_id"] for r in fake_anthropic.tool_results()] == ["toolu_w1"]
    assert run.permission_denials == []
