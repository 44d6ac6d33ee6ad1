"""Both surfaces build the operation's typed input before the store opens, and refuse a bad
one with the same line: the MCP tool over the protocol, the CLI command as a real process."""

from __future__ import annotations

from pathlib import Path

import anyio
from mcp.shared.memory import create_connected_server_and_client_session

from ondas.mcp.server import ServerConfig, build_server
from tests.audit.conftest import state_of
from tests.conftest import run_ondas
from tests.mcp_server.conftest import Project, text_of


def test_the_tool_refuses_a_stage_move_without_advance_and_writes_nothing(
    served: Project,
) -> None:
    server = build_server(ServerConfig(served.state_dir, served.token))
    with served.store() as store:
        before = state_of(store)

    async def main() -> list[str]:
        async with create_connected_server_and_client_session(server) as session:
            texts = []
            for args in ({"mode": "roadmap"}, {"next_stage": "plan"}):
                result = await session.call_tool("close_wave", {"reason": "abort", **args})
                assert result.isError
                texts.append(text_of(result))
            return texts

    assert anyio.run(main) == [
        "[usage-error] --mode needs --advance",
        "[usage-error] --next-stage needs --advance",
    ]
    with served.store() as store:
        assert state_of(store) == before


def test_the_command_refuses_it_before_it_opens_the_store(tmp_path: Path) -> None:
    missing = tmp_path / "no-store-here"
    for flag, value in (("--mode", "roadmap"), ("--next-stage", "plan")):
        proc = run_ondas(
            "wave", "end", "--reason", "abort", flag, value, "--state-dir", str(missing)
        )
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.strip().splitlines() == [f"ondas: {flag} needs --advance"]
    assert not missing.exists()
