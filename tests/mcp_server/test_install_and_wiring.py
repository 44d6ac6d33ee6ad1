"""``ondas mcp install`` and the orchestrator handing the server and token to each wave."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend
from ondas.app import run as commands
from ondas.mcp.token import ENV_VAR
from ondas.runtime.schema import default_schema
from ondas.skills import ROLES
from ondas.state.store import Store
from ondas.state.verify import verify
from tests.mcp_server.conftest import TIMEOUT, data_of, text_of
from tests.orchestrator.conftest import SAMPLE


def ondas(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args], capture_output=True, text=True, cwd=cwd
    )


def test_install_writes_the_server_for_claude_code_idempotently_without_a_token(
    tmp_path: Path,
) -> None:
    target = tmp_path / "proj"
    target.mkdir()
    other = {"mcpServers": {"docs": {"command": "docs-server"}}, "extra": 1}
    (target / ".mcp.json").write_text(json.dumps(other))
    first = ondas("mcp", "install", "--project", str(target), "--json")
    assert first.returncode == 0, first.stderr
    result = json.loads(first.stdout)
    assert result["changed"] is True and Path(result["backup"]).read_text() == json.dumps(other)
    written = json.loads((target / ".mcp.json").read_text())
    assert written["extra"] == 1 and written["mcpServers"]["docs"] == {"command": "docs-server"}
    entry = written["mcpServers"]["ondas"]
    assert entry["command"] == sys.executable
    assert entry["args"] == [
        "-P",
        "-m",
        "ondas",
        "mcp",
        "serve",
        "--project",
        str(target),
        "--interactive",
    ]
    assert entry["env"] == {ENV_VAR: "${" + ENV_VAR + "}"}
    again = ondas("mcp", "install", "--project", str(target))
    assert again.returncode == 0 and "already current" in again.stdout
    assert len(list(target.glob(".mcp.json.bak.*"))) == 1


def test_install_refuses_a_malformed_file_and_leaves_it_alone(tmp_path: Path) -> None:
    (tmp_path / ".mcp.json").write_text("{not json")
    proc = ondas("mcp", "install", "--project", str(tmp_path))
    assert proc.returncode == 2
    assert (
        len(proc.stderr.strip().splitlines()) == 1 and ".mcp.json is not valid JSON" in proc.stderr
    )
    assert (tmp_path / ".mcp.json").read_text() == "{not json"
    missing = ondas("mcp", "serve", "--project", str(tmp_path / "nowhere"))
    assert missing.returncode == 2 and "is not a directory" in missing.stderr


def test_claude_code_requests_carrying_a_server_allow_its_tools_and_only_its_servers(
    tmp_path: Path,
) -> None:
    pytest.importorskip("claude_agent_sdk", reason="needs the 'claude' extra")
    from ondas.agents.claude_code import ClaudeCodeBackend

    entry = {"type": "stdio", "command": "ondas", "args": [], "env": {}}
    request = AgentRequest(prompt="go", cwd=tmp_path, stage="plan", mcp_servers={"ondas": entry})
    options = ClaudeCodeBackend(cli_path="/bin/true").options(request)
    assert "mcp__ondas" in options.allowed_tools and "Write" in options.allowed_tools
    assert options.mcp_servers == {"ondas": entry} and options.strict_mcp_config is True
    plain = ClaudeCodeBackend(cli_path="/bin/true").options(
        AgentRequest(prompt="go", cwd=tmp_path, stage="plan")
    )
    assert not any(t.startswith("mcp__") for t in plain.allowed_tools)


class McpCallingBackend(ScriptedBackend):
    """The scripted agent, plus one MCP decision per wave through the server it was given.

    It starts the server as Claude Code does: the entry's command and arguments, with the
    entry's ``${VAR}`` environment expanded from the agent's own environment.
    """

    accepts_mcp = True

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[dict[str, Any]] = []

    def run(self, request: AgentRequest) -> AgentResult:
        if request.stage in ROLES:  # a role answers JSON and gets no MCP server
            return super().run(request)
        seen: dict[str, Any] = {"servers": request.mcp_servers, "env": dict(request.env)}
        if request.mcp_servers:
            seen["answer"] = anyio.run(self._decide, request)
        self.seen.append(seen)
        return super().run(request)

    async def _decide(self, request: AgentRequest) -> Any:
        entry = request.mcp_servers["ondas"]
        agent_env = {**os.environ, **request.env}
        env = {**agent_env}
        for key, value in entry["env"].items():
            env[key] = agent_env.get(value[2:-1], value) if value.startswith("${") else value
        params = StdioServerParameters(command=entry["command"], args=entry["args"], env=env)
        async with (
            stdio_client(params) as (read, write),
            ClientSession(read, write, read_timeout_seconds=TIMEOUT) as session,
        ):
            await session.initialize()
            result = await session.call_tool(
                "record_decision",
                {
                    "agent": "briefing-agent",
                    "stage": request.stage,
                    "context": "how to write the briefing",
                    "options": ["short", "long"],
                    "choice": "short",
                    "justification": "a small project",
                    "score": 2,
                },
            )
            return data_of(result)


def test_each_wave_gets_the_server_and_a_live_token_revoked_when_the_run_stops(
    tmp_path: Path,
) -> None:
    target = tmp_path / "proj"
    target.mkdir()
    backend = McpCallingBackend()
    result = commands.run(target, description=SAMPLE, backend=backend, tier="local", max_waves=1)
    assert result.waves_run == 1
    (seen,) = backend.seen
    assert seen["servers"]["ondas"]["env"] == {ENV_VAR: "${" + ENV_VAR + "}"}
    token = seen["env"][ENV_VAR]
    assert seen["answer"]["id"] == "dec-001" and seen["answer"]["agent"] == "briefing-agent"
    with Store.open(target / ".ondas", schema=default_schema()) as store:
        assert verify(store).ok
        registered = store.events(type_="decision_registered")
        (event,) = [e for e in registered if e.payload["data"].get("decision_id") == "dec-001"]
        assert event.payload["data"]["actor"] == "mcp"
        (row,) = store.all("SELECT issued_for, revoked_at FROM mcp_tokens")
        assert row["issued_for"] == "agent" and row["revoked_at"] is not None

    async def late_call() -> str:
        params = StdioServerParameters(
            command=sys.executable,
            args=["-m", "ondas", "mcp", "serve", "--project", str(target)],
            env={**os.environ, ENV_VAR: token},
        )
        async with (
            stdio_client(params) as (read, write),
            ClientSession(read, write, read_timeout_seconds=TIMEOUT) as session,
        ):
            await session.initialize()
            return text_of(await session.call_tool("get_status", {}))

    assert anyio.run(late_call) == "[mcp-token-refused] the capability token was revoked"
    leaks = subprocess.run(["grep", "-rl", token, str(tmp_path)], capture_output=True, text=True)
    assert leaks.stdout == ""


def test_an_unavailable_server_degrades_to_the_cli_path_with_an_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "proj"
    target.mkdir()
    monkeypatch.setenv("ONDAS_MCP_COMMAND", str(tmp_path / "no-such-ondas"))
    backend = McpCallingBackend()
    result = commands.run(target, description=SAMPLE, backend=backend, tier="local", max_waves=1)
    assert result.waves_run == 1 and result.current_stage == "constitution"
    assert backend.seen == [{"servers": {}, "env": {}}]
    with Store.open(target / ".ondas", schema=default_schema()) as store:
        (event,) = store.events(type_="mcp_unavailable")
        assert "no-such-ondas" in event.payload["data"]["reason"]
        assert store.all("SELECT * FROM mcp_tokens") == []


def test_token_command_prints_a_fresh_operator_token_and_stores_only_its_hash(
    tmp_path: Path,
) -> None:
    from ondas.mcp.token import token_hash

    assert (
        ondas(
            "state", "init", "--project", str(tmp_path), "--state-dir", str(tmp_path / ".ondas")
        ).returncode
        == 0
    )
    first = ondas("mcp", "token", "--project", str(tmp_path))
    second = ondas("mcp", "token", "--project", str(tmp_path))
    assert first.returncode == second.returncode == 0
    tokens = [first.stdout.strip(), second.stdout.strip()]
    assert tokens[0] != tokens[1] and all(len(t) >= 43 for t in tokens)
    with Store.open(tmp_path / ".ondas", schema=default_schema()) as store:
        stored = store.all("SELECT token_hash, issued_for FROM mcp_tokens ORDER BY rowid")
    assert [(r["token_hash"], r["issued_for"]) for r in stored] == [
        (token_hash(t), "operator") for t in tokens
    ]
    leaks = subprocess.run(
        ["grep", "-rl", tokens[0], str(tmp_path)], capture_output=True, text=True
    )
    assert leaks.stdout == ""
    nowhere = ondas("mcp", "token", "--project", str(tmp_path / "x"))
    assert nowhere.returncode == 2
