"""``ondas mode`` against the real ``claude`` CLI (headless, no permission flags at all).

The scripted model asks for a benign ``Bash(ls)`` and then a destructive ``Bash(rm -rf
build)``; what happens is decided by Claude Code itself from the settings.json that
``ondas mode activate`` wrote into a temporary ``CLAUDE_CONFIG_DIR``.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ondas.testing.claude_cli import ClaudeRun
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

UNRELATED = {
    "model": "claude-sonnet-4-5",
    "env": {"ONDAS_E2E": "1"},
    "enabledPlugins": {},
    "permissions": {"additionalDirectories": ["/tmp"]},
}


def _config(server: FakeAnthropicServer, tmp_path: Path) -> tuple[dict[str, str], Path]:
    env = server.env(tmp_path / "home")
    config = Path(env["CLAUDE_CONFIG_DIR"])
    (config / "settings.json").write_text(json.dumps(UNRELATED, indent=2))
    return env, config


def _ondas(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ondas", "mode", *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def _claude(claude_bin: str, env: dict[str, str], cwd: Path) -> ClaudeRun:
    # Deliberately no --permission-mode / --allowedTools / --dangerously-*: only settings.json.
    proc = subprocess.run(
        [claude_bin, "-p", "tidy up the project", "--output-format", "json", "--max-turns", "6"],
        cwd=cwd,
        env={**os.environ, **env},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=240,
    )
    return ClaudeRun(proc.returncode, proc.stdout, proc.stderr)


def _ls_mkdir_rm() -> Script:
    return Script(
        [
            Rule(after_tool_result("toolu_rm"), Turn.text("all done")),
            Rule(
                after_tool_result("toolu_mkdir"),
                Turn.tool_use("Bash", {"command": "rm -rf build"}, id="toolu_rm"),
            ),
            Rule(
                after_tool_result("toolu_ls"),
                Turn.tool_use("Bash", {"command": "mkdir notes"}, id="toolu_mkdir"),
            ),
            Rule(first_turn(), Turn.tool_use("Bash", {"command": "ls"}, id="toolu_ls")),
        ]
    )


def _results(server: FakeAnthropicServer) -> dict[str, dict[str, Any]]:
    return {str(r["tool_use_id"]): r for r in server.tool_results()}


def _denied_commands(run: ClaudeRun) -> list[str]:
    return [str(d.get("tool_input", {}).get("command")) for d in run.permission_denials]


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "work"
    (project / "build").mkdir(parents=True)
    (project / "build" / "artifact.bin").write_bytes(b"keep me")
    (project / "unique-marker-file.txt").write_text("x")
    return project


def test_advanced_runs_benign_bash_and_claude_code_denies_rm_rf(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, tmp_path: Path
) -> None:
    env, _config_dir = _config(fake_anthropic, tmp_path)
    project = _project(tmp_path)
    proc = _ondas(env, "activate", "advanced", "--reason", "e2e")
    assert proc.returncode == 0, proc.stderr
    fake_anthropic.script = _ls_mkdir_rm()

    run = _claude(claude_bin, env, project)

    assert run.returncode == 0, run.stderr
    results = _results(fake_anthropic)
    assert "unique-marker-file.txt" in tool_result_text(results["toolu_ls"])
    assert not results["toolu_ls"].get("is_error")
    assert not results["toolu_mkdir"].get("is_error")
    assert (project / "notes").is_dir()
    # Bash is allowed outright in advanced mode, so only the deny list can refuse this.
    assert results["toolu_rm"].get("is_error") is True
    assert "has been denied" in tool_result_text(results["toolu_rm"])
    assert _denied_commands(run) == ["rm -rf build"]
    assert (project / "build" / "artifact.bin").read_bytes() == b"keep me"


def test_default_mode_does_not_run_the_benign_bash(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, tmp_path: Path
) -> None:
    env, _config_dir = _config(fake_anthropic, tmp_path)
    project = _project(tmp_path)
    proc = _ondas(env, "activate", "default")
    assert proc.returncode == 0, proc.stderr
    fake_anthropic.script = _ls_mkdir_rm()

    run = _claude(claude_bin, env, project)

    assert run.returncode == 0, run.stderr
    results = _results(fake_anthropic)
    # Claude Code 2.1.197 auto-approves read-only commands such as `ls` in every mode, so
    # the benign command that must not run in default mode is one that changes something.
    assert not results["toolu_ls"].get("is_error")
    assert results["toolu_mkdir"].get("is_error") is True
    assert not (project / "notes").exists()
    assert results["toolu_rm"].get("is_error") is True
    assert _denied_commands(run) == ["mkdir notes", "rm -rf build"]
    assert (project / "build" / "artifact.bin").read_bytes() == b"keep me"


def test_session_start_check_context_reaches_the_model(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, tmp_path: Path
) -> None:
    env, config = _config(fake_anthropic, tmp_path)
    project = _project(tmp_path)
    command = shlex.join([sys.executable, "-m", "ondas", "mode", "check"])
    proc = _ondas(env, "install-hook", "--command", command)
    assert proc.returncode == 0, proc.stderr
    fake_anthropic.script = Script([Rule(first_turn(), Turn.text("noted"))])

    run = _claude(claude_bin, env, project)

    assert run.returncode == 0, run.stderr
    bodies = [json.dumps(r.body) for r in fake_anthropic.message_requests if r.tool_names]
    assert bodies, "the agent loop request reached the server"
    assert "ondas mode (INITIAL)" in bodies[0]
    assert "ondas mode activate MODE" in bodies[0]

    # Once a mode is activated the hook is silent: no context is added any more.
    assert _ondas(env, "activate", "advanced").returncode == 0
    assert _ondas(env, "check").stdout == ""
    seen = len(fake_anthropic.message_requests)
    run = _claude(claude_bin, env, project)
    assert run.returncode == 0, run.stderr
    later = [json.dumps(r.body) for r in fake_anthropic.message_requests[seen:] if r.tool_names]
    assert later and all("ondas mode (" not in body for body in later)
    assert json.loads((config / "settings.json").read_text())["env"] == {"ONDAS_E2E": "1"}


def test_autonomous_with_a_declared_sandbox_bypasses_prompts_but_keeps_guard_rails(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, tmp_path: Path
) -> None:
    env, config = _config(fake_anthropic, tmp_path)
    (config / "settings.json").write_text(json.dumps({**UNRELATED, "env": {"IS_SANDBOX": "1"}}))
    project = _project(tmp_path)
    proc = _ondas(env, "activate", "autosuficiente")
    assert proc.returncode == 0, proc.stderr
    harmless_if_run = "dd if=/dev/zero of=/dev/null count=1"
    fake_anthropic.script = Script(
        [
            Rule(after_tool_result("toolu_dd"), Turn.text("done")),
            Rule(
                after_tool_result("toolu_mkdir"),
                Turn.tool_use("Bash", {"command": harmless_if_run}, id="toolu_dd"),
            ),
            Rule(first_turn(), Turn.tool_use("Bash", {"command": "mkdir notes"}, id="toolu_mkdir")),
        ]
    )

    run = _claude(claude_bin, env, project)

    assert run.returncode == 0, run.stderr
    results = _results(fake_anthropic)
    assert not results["toolu_mkdir"].get("is_error")
    assert (project / "notes").is_dir()
    assert results["toolu_dd"].get("is_error") is True
    assert _denied_commands(run) == [harmless_if_run]
