"""The MCP tools served by the run server over streamable HTTP keep the stdio server's roles."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from ondas.audit.refusals import list_refusals
from ondas.audit.waves import start_wave
from ondas.mcp import http
from ondas.mcp.roles import AGENT_TOOLS
from ondas.runtime.runserver import RunServer
from ondas.runtime.schema import default_schema
from ondas.state.store import Store


async def _session(url: str, token: str) -> tuple[set[str], Any, Any]:
    headers = {"Authorization": f"Bearer {token}"}
    async with (
        httpx.AsyncClient(headers=headers) as client,
        streamable_http_client(f"{url}/mcp", http_client=client) as (read, write, _),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        listed = await session.list_tools()
        status = await session.call_tool("get_status", {})
        opened = await session.call_tool("open_wave", {})
    return {t.name for t in listed.tools}, status, opened


@contextmanager
def serving(store: Store, project: Path) -> Iterator[tuple[RunServer, str]]:
    """The run server with the MCP tools mounted, and a token for a fresh wave."""
    wave = start_wave(store)
    server = RunServer(project / ".ondas", "exec-001")
    server.mcp_app = http.app(project, server.grant)
    with server:
        yield server, server.open_wave(wave)


def test_an_agent_token_gets_only_agent_tools_and_a_runtime_tool_is_refused_and_recorded(
    store: Store, project: Path
) -> None:
    with serving(store, project) as (server, token):
        names, status, opened = anyio.run(_session, server.url, token)
        answer = httpx.post(
            f"{server.url}/mcp",
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"Authorization": "Bearer " + "w" * 43, "Accept": "application/json"},
        )
    assert names == set(AGENT_TOOLS)
    assert not status.isError
    assert opened.isError and "mcp-role-refused" in opened.content[0].text
    assert answer.status_code == 403
    with Store.open(project / ".ondas", schema=default_schema()) as fresh:
        refusals = list_refusals(fresh)
    assert [(r.source, r.rule) for r in refusals] == [
        ("mcp", "mcp-role-refused"),
        ("runserver", "run-token-refused"),
    ]


def test_a_get_stream_is_refused_with_405_and_the_sessions_post_calls_still_work(
    store: Store, project: Path
) -> None:
    with serving(store, project) as (server, token):
        auth = {"Authorization": f"Bearer {token}"}
        stream = httpx.get(
            f"{server.url}/mcp", headers={**auth, "Accept": "text/event-stream"}, timeout=5
        )
        names, status, _ = anyio.run(_session, server.url, token)
    assert stream.status_code == 405 and stream.headers["allow"] == "POST"
    assert names == set(AGENT_TOOLS) and not status.isError


def test_the_run_servers_listener_names_tcp_so_its_connections_have_nagle_off(
    store: Store, project: Path
) -> None:
    import asyncio
    import socket

    server = RunServer(project / ".ondas", "exec-001")
    with server:
        assert server._socket is not None
        assert server._socket.proto == socket.IPPROTO_TCP
        accepted: list[int] = []

        async def accept_one() -> None:  # what asyncio does with such a listener's connections
            loop = asyncio.get_running_loop()
            listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, server._socket.proto)
            listener.bind(("127.0.0.1", 0))
            listener.listen(1)
            listener.setblocking(False)
            client = socket.create_connection(listener.getsockname())
            conn, _ = await loop.sock_accept(listener)
            transport, _ = await loop.connect_accepted_socket(asyncio.Protocol, conn)
            sock = transport.get_extra_info("socket")
            accepted.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            transport.close()
            client.close()
            listener.close()

        asyncio.run(accept_one())
    assert accepted == [1]
