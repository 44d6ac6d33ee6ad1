"""The real ``claude`` CLI calling ondas' MCP tools, against the scripted model server.

The scripted model calls ``mcp__ondas__get_status`` and ``mcp__ondas__record_decision``;
the decision lands in the store with actor ``mcp``, and the capability token is found in no
file ondas, Claude Code or git wrote. A run serves the tools from its own process (the run
server, a token per wave kept in memory only); ``.mcp.json`` starts ``ondas mcp serve``, whose
token only the store knows, by its sha256.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ondas.mcp import token as token_mod
from ondas.mcp.wiring import BLOCKING_CONNECT_ENV
from ondas.runtime.runserver import RunServer
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from ondas.state.verify import verify
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
from tests.orchestrator.conftest import SAMPLE

pytestmark = pytest.mark.e2e

DECISION: dict[str, Any] = {
    "agent": "claude",
    "stage": "briefing",
    "context": "how long should the briefing be",
    "options": ["one page", "three pages"],
    "choice": "one page",
    "justification": "the project is small",
    "score": 2,
}


def mcp_rules(opening: Rule, after: Turn) -> list[Rule]:
    """get_status, then record_decision, then ``after``."""
    return [
        Rule(after_tool_result("toolu_mcp_decision"), after),
        Rule(
            after_tool_result("toolu_mcp_status"),
            Turn.tool_use("mcp__ondas__record_decision", DECISION, "toolu_mcp_decision"),
        ),
        opening,
    ]


def assert_nowhere_on_disk(token: str, *roots: Path) -> None:
    """No file under ``roots`` holds ``token``, nor any commit of a git repository there."""
    needle = token.encode()
    for root in roots:
        for path in root.rglob("*"):
            if path.is_file() and not path.is_symlink():
                assert needle not in path.read_bytes(), path
        for git_dir in root.rglob(".git"):
            history = subprocess.run(
                ["git", "-C", str(git_dir.parent), "log", "-p", "--all"],
                capture_output=True,
                check=False,
            )
            assert needle not in history.stdout


def mcp_decision(store: Store) -> Any:
    """The one decision recorded through MCP (actor ``mcp``), as a row."""
    (event,) = [
        e
        for e in store.events(type_="decision_registered")
        if e.payload["data"].get("actor") == "mcp"
    ]
    return store.one(
        "SELECT * FROM decisions WHERE id = ?", (event.payload["data"]["decision_id"],)
    )


def test_a_wave_of_claude_code_calls_the_run_servers_mcp_tools_and_the_token_stays_in_memory(
    claude_bin: str,
    fake_anthropic: FakeAnthropicServer,
    project: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.e2e.test_orchestrator_claude_pipeline import (
        STAGE_MARKERS,
        opening,
        pipeline_script,
    )

    base = pipeline_script(project)
    # the briefing's usual first move (Write) comes after the two MCP calls
    write = next(r.turn for r in base.rules if _writes_briefing(r))
    assert isinstance(write, Turn)
    status = Turn.tool_use("mcp__ondas__get_status", {}, "toolu_mcp_status")
    fake_anthropic.script = Script(
        [*mcp_rules(Rule(opening(STAGE_MARKERS["briefing"]), status), write), *base.rules]
    )
    for key, value in fake_anthropic.env().items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("ONDAS_HOME", str(tmp_path / "ondas-home"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    issued: list[str] = []
    real_open_wave = RunServer.open_wave

    def keep(self: RunServer, *args: Any, **kwargs: Any) -> str:
        issued.append(real_open_wave(self, *args, **kwargs))
        return issued[-1]

    monkeypatch.setattr(RunServer, "open_wave", keep)
    from ondas.agents.claude_code import ClaudeCodeBackend
    from ondas.app import run as commands

    result = commands.run(
        project,
        description=SAMPLE,
        backend=ClaudeCodeBackend(cli_path=claude_bin),
        tier="local",
        max_waves=1,
    )
    assert result.current_stage == "constitution", result
    results = {r["tool_use_id"]: r for r in fake_anthropic.tool_results()}
    status_text = json.dumps(results["toolu_mcp_status"]["content"])
    assert "exec-001" in status_text and "wave-001" in status_text
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        assert verify(store).ok
        decision = mcp_decision(store)
        assert decision["choice"] == "one page" and decision["wave_id"] == "wave-001"
        assert store.all("SELECT token_hash FROM mcp_tokens") == []
    assert len(issued) == 2  # before the first wave, then wave-001's
    for token in issued:
        assert token not in json.dumps([r.body for r in fake_anthropic.requests])
        assert_nowhere_on_disk(token, tmp_path)


def _writes_briefing(rule: Rule) -> bool:
    """The pipeline script's briefing move: a Write of docs/briefing.md."""
    turn = rule.turn
    return isinstance(turn, Turn) and any(
        b.get("name") == "Write"
        and str(b.get("input", {}).get("file_path", "")).endswith("docs/briefing.md")
        for b in turn.content
    )


def test_claude_with_the_installed_mcp_config_records_a_decision_as_mcp(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path, tmp_path: Path
) -> None:
    def ondas(*args: str) -> str:
        proc = subprocess.run(
            [sys.executable, "-m", "ondas", *args], capture_output=True, text=True, check=True
        )
        return proc.stdout.strip()

    (tmp_path / "tmp").mkdir()
    ondas("state", "init", "--project", str(project), "--state-dir", str(project / ".ondas"))
    ondas("mcp", "install", "--project", str(project))
    token = ondas("mcp", "token", "--project", str(project))
    fake_anthropic.script = Script(
        mcp_rules(
            Rule(first_turn(), Turn.tool_use("mcp__ondas__get_status", {}, "toolu_mcp_status")),
            Turn.text("recorded"),
        )
    )
    run = run_claude(
        "record the briefing decision",
        server=fake_anthropic,
        cwd=project,
        permission_mode="acceptEdits",
        allowed_tools=["mcp__ondas"],
        extra_args=["--mcp-config", str(project / ".mcp.json"), "--strict-mcp-config"],
        env={
            token_mod.ENV_VAR: token,
            "ONDAS_HOME": str(tmp_path / "ondas-home"),
            "TMPDIR": str(tmp_path / "tmp"),
            **BLOCKING_CONNECT_ENV,
        },
    )
    assert run.returncode == 0 and run.result.get("result") == "recorded", run.stderr[-2000:]
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        decision = mcp_decision(store)
        assert decision["agent"] == "claude" and decision["choice"] == "one page"
    assert_nowhere_on_disk(token, tmp_path)


def test_headless_claude_cancels_the_form_and_the_question_stays_a_durable_block(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path, tmp_path: Path
) -> None:
    from ondas.audit import blocks
    from ondas.mcp.install import server_entry
    from ondas.state.execution import create_execution

    with Store.open(project / ".ondas", create=True, schema=default_schema()) as store:
        create_execution(store, project_path=project, description="headless")
        token = token_mod.issue(store)
    entry = server_entry(project, interactive=True)
    entry["args"] += ["--elicit-timeout", "120"]
    fake_anthropic.script = Script(
        [
            Rule(after_tool_result("toolu_ask"), Turn.text("asked")),
            Rule(
                first_turn(),
                Turn.tool_use(
                    "mcp__ondas__ask_operator", {"question": "SQLite or JSON files?"}, "toolu_ask"
                ),
            ),
        ]
    )
    run = run_claude(
        "ask the operator",
        server=fake_anthropic,
        cwd=project,
        permission_mode="acceptEdits",
        allowed_tools=["mcp__ondas"],
        extra_args=["--mcp-config", json.dumps({"mcpServers": {"ondas": entry}})],
        env={token_mod.ENV_VAR: token, **BLOCKING_CONNECT_ENV},
    )
    assert run.returncode == 0, run.stderr[-2000:]
    (result,) = fake_anthropic.tool_results()
    answer = json.loads(tool_result_text(result))
    assert answer["status"] == "awaiting" and answer["block_id"] == "block-001"
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        assert blocks.get_block(store, "block-001").status == "awaiting"
