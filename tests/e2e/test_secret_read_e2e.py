"""The settings ondas passes to Claude Code keep its Read tool off secret files, through the
real ``claude`` CLI: the scripted model reads ``.env``, a private key outside the project and
``.env.example``; Claude Code itself refuses the first two (``permissions.deny``, in the
permission mode ondas runs with and in ``bypassPermissions``) and reads the third."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ondas.hooks.sandbox import settings
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

ENV_VALUE = "sk-e2e-env-value-0f3a"
KEY_VALUE = "e2e-private-key-body-77c1"
EXAMPLE_VALUE = "API_KEY=put-yours-here"


def _reads(env: Path, key: Path, example: Path) -> Script:
    return Script(
        [
            Rule(after_tool_result("toolu_example"), Turn.text("done")),
            Rule(
                after_tool_result("toolu_key"),
                Turn.tool_use("Read", {"file_path": str(example)}, id="toolu_example"),
            ),
            Rule(
                after_tool_result("toolu_env"),
                Turn.tool_use("Read", {"file_path": str(key)}, id="toolu_key"),
            ),
            Rule(first_turn(), Turn.tool_use("Read", {"file_path": str(env)}, id="toolu_env")),
        ]
    )


@pytest.mark.parametrize("mode", ["acceptEdits", "bypassPermissions"])
def test_claude_code_refuses_its_read_tool_the_secret_files_and_reads_the_example(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, tmp_path: Path, mode: str
) -> None:
    project = tmp_path / "work"
    (project / "config").mkdir(parents=True)
    env = project / "config" / ".env"
    env.write_text(f"API_KEY={ENV_VALUE}\n")
    example = project / ".env.example"
    example.write_text(EXAMPLE_VALUE + "\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    key = elsewhere / "server.key"
    key.write_text(KEY_VALUE + "\n")
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(settings(project, sandbox=False, hooks={})))
    fake_anthropic.script = _reads(env, key, example)

    run = run_claude(
        "read the config",
        server=fake_anthropic,
        cwd=project,
        permission_mode=mode,
        extra_args=["--settings", str(path), "--setting-sources", "user"],
        home=tmp_path / "home",
    )

    assert run.returncode == 0, run.stderr
    results = {str(r["tool_use_id"]): r for r in fake_anthropic.tool_results()}
    for secret, value in (("toolu_env", ENV_VALUE), ("toolu_key", KEY_VALUE)):
        assert results[secret].get("is_error"), results[secret]
        assert value not in tool_result_text(results[secret])
        assert "denied by your permission settings" in tool_result_text(results[secret])
    assert EXAMPLE_VALUE in tool_result_text(results["toolu_example"])


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="needs bubblewrap")
def test_in_the_sandbox_a_command_still_loads_the_env_file_the_read_tool_may_not_read(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, tmp_path: Path
) -> None:
    """The deny rules stay with the Read tool: the OS sandbox does not turn them into read
    denials, so loading ``.env`` (which the bash guard allows) works in a sandboxed run."""
    project = tmp_path / "work"
    (project / ".ondas").mkdir(parents=True)
    env = project / ".env"
    env.write_text("export GREETING=loaded-from-env\n")
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(settings(project, sandbox=True, hooks={})))
    fake_anthropic.script = Script(
        [
            Rule(after_tool_result("toolu_read"), Turn.text("done")),
            Rule(
                after_tool_result("toolu_load"),
                Turn.tool_use("Read", {"file_path": str(env)}, id="toolu_read"),
            ),
            Rule(
                first_turn(),
                Turn.tool_use(
                    "Bash", {"command": ". ./.env && printenv GREETING"}, id="toolu_load"
                ),
            ),
        ]
    )

    run = run_claude(
        "load the env",
        server=fake_anthropic,
        cwd=project,
        permission_mode="bypassPermissions",
        extra_args=["--settings", str(path), "--setting-sources", "user"],
        home=tmp_path / "home",
    )

    assert run.returncode == 0, run.stderr
    results = {str(r["tool_use_id"]): r for r in fake_anthropic.tool_results()}
    assert "loaded-from-env" in tool_result_text(results["toolu_load"])
    assert results["toolu_read"].get("is_error")
    assert "denied by your permission settings" in tool_result_text(results["toolu_read"])
