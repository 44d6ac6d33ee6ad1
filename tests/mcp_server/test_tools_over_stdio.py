"""The MCP tools over stdio: listed with schemas, happy paths and refusals, like the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

from ondas.mcp.server import TOOL_NAMES
from ondas.state.verify import verify
from tests.audit.conftest import state_of
from tests.mcp_server.conftest import Project, data_of, stdio_session, text_of

DECISION: dict[str, Any] = {
    "agent": "planner",
    "stage": "plan",
    "context": "which test runner",
    "options": ["pytest", "unittest"],
    "choice": "pytest",
    "justification": "the served already uses it",
    "score": 2,
}


def test_tools_are_listed_with_typed_input_schemas(served: Project) -> None:
    async def main() -> dict[str, Any]:
        async with stdio_session(served.path, served.token) as session:
            listed = await session.list_tools()
        hints = {t.name: t.annotations for t in listed.tools}
        assert hints["get_status"] is not None and hints["get_status"].readOnlyHint is True
        assert (
            hints["record_decision"] is not None and hints["record_decision"].readOnlyHint is False
        )
        return {t.name: t.inputSchema for t in listed.tools}

    schemas = anyio.run(main)
    assert sorted(schemas) == sorted(TOOL_NAMES)
    decision = schemas["record_decision"]
    assert set(decision["required"]) == {
        "agent",
        "context",
        "options",
        "choice",
        "justification",
        "score",
    }
    assert decision["properties"]["score"]["type"] == "integer"
    assert decision["properties"]["options"]["type"] == "array"
    assert decision["properties"]["class"]["enum"] == ["operational", "structural"]
    task = schemas["record_task"]
    assert task["properties"]["outcome"]["enum"] == ["pass", "fail"]
    assert task["properties"]["lint_ok"]["type"] == "boolean"
    assert "stage_completed_advancing" in schemas["close_wave"]["properties"]["reason"]["enum"]
    assert schemas["ask_operator"]["required"] == ["question"]
    # the capability token is never a tool argument: the model never sees it
    assert not [p for s in schemas.values() for p in s.get("properties", {}) if "token" in p]


def test_every_tool_works_and_its_writes_are_audited_with_actor_mcp(served: Project) -> None:
    async def main() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with stdio_session(served.path, served.token) as session:
            call = session.call_tool
            out["open"] = data_of(await call("open_wave", {}))
            out["skill"] = data_of(await call("record_skill", {"skill": "plan", "kind": "skill"}))
            out["decision"] = data_of(await call("record_decision", DECISION))
            out["task"] = data_of(
                await call(
                    "record_task",
                    {
                        "task_id": "1.1",
                        "title": "add a note",
                        "outcome": "pass",
                        "tests_run": 3,
                        "tests_passed": 3,
                        "lint_ok": True,
                        "files": ["notes.py"],
                    },
                )
            )
            out["block"] = data_of(
                await call(
                    "register_human_block",
                    {"question": "which licence?", "severity": "light", "options": ["MIT"]},
                )
            )
            out["status"] = data_of(await call("get_status", {}))
            out["ask"] = data_of(await call("ask_operator", {"question": "ship on Fridays?"}))
            out["optins"] = data_of(await call("collect_optins", {}))
            out["close"] = data_of(await call("close_wave", {"reason": "human_block"}))
        return out

    out = anyio.run(main)
    assert out["open"] == {"wave_id": "wave-001"}
    assert out["skill"]["position"] == 1
    assert out["decision"]["id"] == "dec-001" and out["decision"]["wave_id"] == "wave-001"
    assert out["task"]["task_id"] == "1.1" and out["task"]["tests_passed"] == 3
    assert out["block"]["id"] == "block-001" and out["block"]["severity"] == "light"
    assert out["status"]["open_wave"]["id"] == "wave-001"
    assert [b["id"] for b in out["status"]["awaiting_blocks"]] == ["block-001"]
    assert out["ask"]["status"] == "awaiting" and out["ask"]["block_id"] == "block-002"
    assert out["optins"]["status"] == "awaiting" and out["optins"]["block_id"] == "block-003"
    assert out["close"]["wave_id"] == "wave-001" and out["close"]["reason"] == "human_block"
    with served.store() as store:
        assert verify(store).ok
        ours = [
            e for e in store.events() if e.type not in ("execution_created", "mcp_token_issued")
        ]
        assert [e.type for e in ours] == [
            "wave_started",
            "skill_recorded",
            "decision_registered",
            "task_recorded",
            "block_registered",
            "block_registered",
            "block_registered",
            "wave_ended",
        ]
        assert {e.payload["data"].get("actor") for e in ours} == {"mcp"}
        status = store.one("SELECT status FROM executions")["status"]
    # a normal block was left for a person: the wave closed on it, the run awaits a human
    assert status == "awaiting_human"


REFUSALS: list[tuple[str, dict[str, Any], list[str], str]] = [
    (
        "close_wave",
        {"reason": "completed"},
        ["wave", "end", "--reason", "completed"],
        "no-open-wave",
    ),
    (
        "record_skill",
        {"skill": "plan"},
        ["wave", "record-skill", "--skill", "plan"],
        "no-open-wave",
    ),
    (
        "record_task",
        {
            "task_id": "1.1",
            "title": "t",
            "outcome": "pass",
            "tests_run": 1,
            "tests_passed": 2,
            "lint_ok": True,
        },
        [
            "wave",
            "record-task",
            "--task-id",
            "1.1",
            "--title",
            "t",
            "--outcome",
            "pass",
            "--tests-run",
            "1",
            "--tests-passed",
            "2",
            "--lint-ok",
            "true",
        ],
        "tests-passed-exceeds-run",
    ),
    (
        "record_decision",
        {**DECISION, "choice": "nose"},
        [
            "decision",
            "register",
            "--agent",
            "planner",
            "--context",
            "which test runner",
            "--options",
            '["pytest","unittest"]',
            "--choice",
            "nose",
            "--justification",
            "j",
            "--score",
            "2",
        ],
        "choice-not-in-options",
    ),
    (
        "record_decision",
        {**DECISION, "score": 3},
        [
            "decision",
            "register",
            "--agent",
            "planner",
            "--context",
            "c",
            "--options",
            '["a"]',
            "--choice",
            "a",
            "--justification",
            "j",
            "--score",
            "3",
        ],
        "score3-needs-evidence",
    ),
    (
        "register_human_block",
        {"question": "q", "decision": "dec-042"},
        ["block", "register", "--question", "q", "--decision", "dec-042"],
        "decision-not-found",
    ),
    (
        "ask_operator",
        {"question": "   "},
        ["block", "register", "--question", "   "],
        "missing-field",
    ),
]


def test_each_refusal_names_the_same_rule_as_the_cli_and_changes_nothing(
    served: Project,
) -> None:
    with served.store() as store:
        before = state_of(store)

    async def main() -> list[str]:
        async with stdio_session(served.path, served.token) as session:
            texts = []
            for name, args, _cli, _rule in REFUSALS:
                result = await session.call_tool(name, args)
                assert result.isError, name
                texts.append(text_of(result))
            # the server is still there after every refusal
            data_of(await session.call_tool("get_status", {}))
        return texts

    texts = anyio.run(main)
    for text, (name, _args, cli, rule) in zip(texts, REFUSALS, strict=True):
        assert text.startswith(f"[{rule}] "), (name, text)
        assert "\n" not in text
        proc = subprocess.run(
            [sys.executable, "-m", "ondas", *cli, "--state-dir", str(served.state_dir)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert proc.returncode == 1 and f"[{rule}]" in proc.stderr, (cli, proc.stderr)
    with served.store() as store:
        assert state_of(store) == before


def test_open_wave_twice_and_a_finished_execution_are_refused(served: Project) -> None:
    async def main() -> list[str]:
        async with stdio_session(served.path, served.token) as session:
            data_of(await session.call_tool("open_wave", {}))
            again = text_of(await session.call_tool("open_wave", {}))
            data_of(await session.call_tool("close_wave", {"reason": "abort"}))
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "ondas",
                    "state",
                    "set",
                    "--field",
                    "status",
                    "--value",
                    '"aborted"',
                    "--field",
                    "finished_at",
                    "--value",
                    '"2026-01-01T00:00:00+00:00"',
                    "--state-dir",
                    str(served.state_dir),
                    "--as-operator",
                ],
                check=True,
                capture_output=True,
            )
            late = text_of(await session.call_tool("record_decision", DECISION))
            optins = text_of(await session.call_tool("collect_optins", {}))
        return [again, late, optins]

    again, late, optins = anyio.run(main)
    assert again.startswith("[wave-open] ")
    assert late.startswith("[execution-terminal] ")
    assert optins.startswith("[execution-terminal] ")


def test_bad_arguments_get_one_line_naming_the_fields(served: Project) -> None:
    async def main() -> list[str]:
        async with stdio_session(served.path, served.token) as session:
            return [
                text_of(await session.call_tool("record_decision", {"agent": 5, "score": "x"})),
                text_of(await session.call_tool("close_wave", {"reason": "because"})),
                text_of(await session.call_tool("no_such_tool", {})),
            ]

    texts = anyio.run(main)
    for text in texts:
        assert text.startswith("[invalid-input] ") and "\n" not in text
    assert "agent: Input should be a valid string" in texts[0]
    assert "score: Input should be a valid integer" in texts[0]
    assert "context, options, choice, justification: Field required" in texts[0]
    assert texts[2] == "[invalid-input] Unknown tool: no_such_tool"


@pytest.mark.parametrize("what", ["missing", "other-execution", "revoked", "unexpanded"])
def test_a_call_without_this_executions_live_token_is_refused(
    served: Project, tmp_path: Path, what: str
) -> None:
    from ondas.mcp import token as token_mod
    from ondas.state.execution import create_execution, terminate

    presented: str | None
    if what == "missing":
        presented = None
    elif what == "unexpanded":
        presented = "${ONDAS_MCP_TOKEN}"
    elif what == "revoked":
        with served.store() as store:
            assert token_mod.revoke(store, served.token)
        presented = served.token
    else:
        with served.store() as store:
            terminate(store, status="aborted", reason="next one")
            create_execution(store, project_path=served.path, description="another run")
        presented = served.token
    with served.store() as store:
        before = state_of(store)

    async def main() -> list[str]:
        async with stdio_session(served.path, presented) as session:
            return [
                text_of(await session.call_tool(name, args))
                for name, args in (("get_status", {}), ("record_decision", DECISION))
            ]

    texts = anyio.run(main)
    rule = "mcp-token-missing" if what in ("missing", "unexpanded") else "mcp-token-refused"
    for text in texts:
        assert text.startswith(f"[{rule}] "), text
        assert served.token not in text
    if what == "other-execution":
        assert "exec-001" in texts[0] and "exec-002" in texts[0]
    with served.store() as store:
        assert state_of(store) == before


def test_garbage_on_the_wire_never_stops_the_server(served: Project) -> None:
    from tests.mcp_server.conftest import server_params

    params = server_params(served.path, served.token)
    lines = [
        "garbage",
        "[1, 2]",
        '{"jsonrpc": "2.0", "id": 1, "method": "nope"}',
        '{"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {"protocolVersion": '
        '"2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}',
        '{"jsonrpc": "2.0", "method": "notifications/initialized"}',
        '{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "get_status", '
        '"arguments": "not an object"}}',
        '{"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "get_status"}}',
    ]
    proc = subprocess.Popen(
        [params.command, *params.args],
        env=params.env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("\n".join(lines) + "\n")
    proc.stdin.flush()
    answers: dict[int, Any] = {}
    while 4 not in answers:
        line = proc.stdout.readline()
        assert line, "the server stopped"
        message = json.loads(line)
        if "id" in message:
            answers[message["id"]] = message
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    proc.stdout.close()
    assert "error" in answers[1] and "error" in answers[3]
    assert answers[2]["result"]["serverInfo"]["name"] == "ondas"
    status = answers[4]["result"]
    assert status["isError"] is False and status["structuredContent"]["execution_id"] == "exec-001"


def test_an_agent_session_is_served_agent_verbs_only(agent_served: Project) -> None:
    from ondas.mcp.roles import AGENT_TOOLS

    async def main() -> list[str]:
        async with stdio_session(agent_served.path, agent_served.token) as session:
            return [t.name for t in (await session.list_tools()).tools]

    assert sorted(anyio.run(main)) == sorted(AGENT_TOOLS)


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("close_wave", {"reason": "completed", "advance": True}),
        ("close_wave", {"reason": "human_block", "next_stage": "implement"}),
        ("open_wave", {}),
        (
            "record_task",
            {
                "task_id": "1.1",
                "title": "t",
                "outcome": "pass",
                "tests_run": 9,
                "tests_passed": 9,
                "lint_ok": True,
            },
        ),
        ("collect_optins", {}),
        ("record_skill", {"skill": "review", "kind": "gate"}),
    ],
)
def test_agent_cannot_call_the_runtimes_tools_by_name(
    agent_served: Project, tool: str, args: dict[str, Any]
) -> None:
    from ondas.audit.refusals import list_refusals
    from ondas.audit.waves import start_wave

    with agent_served.store() as store:
        start_wave(store)
        before = state_of(store)

    async def main() -> str:
        async with stdio_session(agent_served.path, agent_served.token) as session:
            return text_of(await session.call_tool(tool, args))

    text = anyio.run(main)
    assert text.startswith("[mcp-role-refused] "), text
    with agent_served.store() as store:
        after = state_of(store)
        found = list_refusals(store)
        assert verify(store).ok
    assert after["tables"] == before["tables"]  # the refusal is one event, nothing else
    assert after["events"] == before["events"] + 1
    assert [(r.source, r.rule, r.tool) for r in found] == [
        ("mcp", "mcp-role-refused", f"mcp__ondas__{tool}")
    ]
    assert found[0].wave_id is not None and tool in found[0].subject


def test_the_role_is_the_tokens_not_the_callers(agent_served: Project) -> None:
    """No argument, flag or variable the agent sets turns its token into a person's."""

    async def main() -> str:
        async with stdio_session(
            agent_served.path, agent_served.token, extra=["--interactive"]
        ) as session:
            return text_of(await session.call_tool("open_wave", {"role": "operator"}))

    assert anyio.run(main).startswith("[mcp-role-refused] ")
