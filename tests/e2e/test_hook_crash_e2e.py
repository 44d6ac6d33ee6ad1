"""Inside the real ``claude`` CLI, a PreToolUse hook process killed by SIGSEGV blocks the call."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from ondas.hooks.install import install
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

SEGFAULTING_ONDAS = """\
import os, signal, sys
sys.stdin.read()
if sys.argv[2:] == ["pre-tool-use"]:
    os.kill(os.getpid(), signal.SIGSEGV)
"""


def test_a_segfaulting_guard_process_refuses_the_call(
    project: Path, claude_bin: str, fake_anthropic: FakeAnthropicServer, tmp_path: Path
) -> None:
    script = tmp_path / "bin" / "ondas"
    script.parent.mkdir()
    script.write_text(SEGFAULTING_ONDAS)
    assert install(project, f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}").changed
    marker = project / "ran.txt"
    fake_anthropic.script = Script(
        [
            Rule(after_tool_result("toolu_crash"), Turn.text("over")),
            Rule(
                first_turn(),
                Turn.tool_use("Bash", {"command": f"echo ran > {marker}"}, id="toolu_crash"),
            ),
        ]
    )
    run = run_claude("do the scripted thing", server=fake_anthropic, cwd=project)
    assert run.returncode == 0, run.stderr
    assert run.result["result"] == "over"
    (result,) = fake_anthropic.tool_results()
    assert result.get("is_error") is True
    assert "ondas guard failed closed, the tool call is refused" in tool_result_text(result)
    assert not marker.exists()
