"""The OS sandbox for unattended runs: its settings, where they live, and refusing without it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ondas.agents.base import AgentRequest
from ondas.agents.claude_code import ClaudeCodeBackend
from ondas.app.run import record_no_sandbox, run
from ondas.audit.decisions import list_decisions
from ondas.errors import RuleViolation, SandboxUnavailable
from ondas.hooks import sandbox
from ondas.state.store import Store


def test_the_settings_turn_the_sandbox_on_fail_closed_with_the_hooks(project: Path) -> None:
    data = sandbox.settings(project, ["https://pypi.org/simple/*", "*.github.com"])
    block = data["sandbox"]
    assert (block["enabled"], block["failIfUnavailable"], block["allowUnsandboxedCommands"]) == (
        True,
        True,
        False,
    )
    assert str(project / ".ondas") in block["filesystem"]["denyWrite"]
    assert str(project / ".claude" / "settings.json") in block["filesystem"]["denyWrite"]
    assert block["credentials"]["envVars"] == [
        {"name": "ONDAS_MCP_TOKEN", "mode": "deny"},
        {"name": "ONDAS_RUN_TOKEN", "mode": "deny"},
    ]
    assert block["network"]["allowedDomains"] == ["*.github.com", "pypi.org"]
    commands = json.dumps(data["hooks"])
    assert "hook pre-tool-use" in commands and "hook post-tool-use" in commands


def test_the_sandbox_denies_writes_to_every_file_that_decides_what_runs_outside_it(
    project: Path,
) -> None:
    for name in (".claude", ".git", ".ondas"):
        (project / name).mkdir()
    for name in (".mcp.json", ".gitattributes", ".ondas/state.db", ".ondas/state.db-wal"):
        (project / name).write_text("", encoding="utf-8")
    fs = sandbox.sandbox_block(project)["filesystem"]
    names = (".ondas", ".claude", ".git", ".mcp.json", ".gitattributes")
    assert fs["denyWrite"] == [str(project / n) for n in names]
    assert fs["denyRead"] == [str(project / ".ondas" / n) for n in ("state.db", "state.db-wal")]


def test_without_the_sandbox_the_hooks_still_come_from_outside_the_project(project: Path) -> None:
    data = sandbox.settings(project, sandbox=False)
    assert "sandbox" not in data and "hook pre-tool-use" in json.dumps(data["hooks"])


def test_the_settings_deny_the_read_tool_the_secret_files_with_or_without_the_sandbox(
    project: Path,
) -> None:
    for with_sandbox in (True, False):
        deny = sandbox.settings(project, sandbox=with_sandbox)["permissions"]["deny"]
        for rule in ("Read(//**/.env)", "Read(//**/*.key)", "Read(//**/.netrc)"):
            assert rule in deny, rule
        assert all(r.startswith("Read(//") and r.endswith(")") for r in deny)
        assert not any(
            ".env.example" in r or "cert.pem" in r or r.endswith(".env.*)") for r in deny
        )


def test_a_session_loads_no_project_or_local_settings(project: Path) -> None:
    options = ClaudeCodeBackend(cli_path="claude").options(
        AgentRequest(prompt="p", cwd=project, stage="plan")
    )
    assert options.setting_sources == ["user"]


def test_the_settings_file_lives_under_ondas_home_outside_the_project(
    project: Path, _ondas_home: Path
) -> None:
    path = sandbox.write_settings(project)
    assert path.is_relative_to(_ondas_home) and not path.is_relative_to(project)
    assert json.loads(path.read_text())["sandbox"]["enabled"] is True
    options = ClaudeCodeBackend(cli_path="claude").options(
        AgentRequest(prompt="p", cwd=project, stage="plan", settings=str(path))
    )
    assert options.settings == str(path)


def test_this_machine_can_run_the_sandbox() -> None:
    assert sandbox.unavailable_reason() is None


def test_an_unattended_run_is_refused_where_the_sandbox_cannot_start(
    project: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    assert "bubblewrap and socat not installed" in (sandbox.unavailable_reason() or "")
    with pytest.raises(SandboxUnavailable, match="--no-sandbox"):
        run(project, description="x", backend=ClaudeCodeBackend(cli_path="claude"))
    assert not (project / ".ondas").exists()


def test_no_sandbox_is_an_operator_decision_refused_inside_claude_code(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    execution_id = store.one("SELECT id FROM executions")["id"]
    monkeypatch.setenv("CLAUDECODE", "1")
    with pytest.raises(RuleViolation, match="operator-only"):
        record_no_sandbox(store, execution_id)
    monkeypatch.delenv("CLAUDECODE")
    monkeypatch.delenv("CLAUDE_CODE_ENTRYPOINT", raising=False)
    monkeypatch.delenv("SANDBOX_RUNTIME", raising=False)
    record_no_sandbox(store, execution_id)
    [decision] = list_decisions(store)
    assert (decision.agent, decision.choice) == ("operator", "no-sandbox")
