"""How the orchestrator hands the MCP server and its token to an agent backend.

For a backend that accepts MCP servers (``accepts_mcp``), each run or resume first checks
that the server starts and answers (an MCP handshake over stdio with ``list_tools``). If it
does, a capability token with the ``agent`` role is issued for the execution (agent verbs
only: the server binds the role to the token, so the agent cannot widen it) and every wave's
request carries the server entry and, in the agent's environment, the token; the token is
revoked when the orchestrator stops. If it does not, an ``mcp_unavailable`` event records why
and the waves run without it: the agent still has the CLI path (``ondas decision register`` ...).

:func:`serve` is the resident form: the run server (:mod:`ondas.runtime.runserver`) in this very
process serves the hooks and the tools over HTTP with a token per wave, with no server process
or probe per session; :func:`attach` remains the fallback when it cannot start.
"""

from __future__ import annotations

import os
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ondas.audit import events as events_mod
from ondas.errors import OndasError
from ondas.mcp import token as token_mod
from ondas.mcp.install import SERVER_KEY, server_entry

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

from ondas.runtime.runserver import TOKEN_ENV, RunServer, RunServerError

PROBE_TIMEOUT_SECONDS = 60.0
LAUNCHER_ENV = "ONDAS_MCP_COMMAND"
#: Claude Code connects MCP servers in the background in headless mode, so a first turn that
#: comes back fast can name an ``mcp__ondas__*`` tool before the server is connected ("still
#: connecting"). ``MCP_CONNECTION_NONBLOCKING=0`` makes it connect them before the first turn
#: (bounded by its own ``MCP_TIMEOUT``): the ondas tools are there from the wave's start.
BLOCKING_CONNECT_ENV = {"MCP_CONNECTION_NONBLOCKING": "0"}


@dataclass
class McpWiring:
    """The servers and environment a wave's agent gets; empty when MCP is not used."""

    servers: dict[str, Any] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)
    token: str | None = None
    run_server: RunServer | None = None
    hooks: dict[str, Any] | None = None
    """The settings' ``hooks`` section forwarding to the run server (None: process hooks)."""
    project: Path | None = None
    """The project whose served settings :func:`detach` removes (with the run server)."""

    def open_wave(self, wave_id: str) -> dict[str, str]:
        """The agent's environment for ``wave_id``: a fresh run-server token (earlier ones die)."""
        if self.run_server is None:
            return {}
        self.env[TOKEN_ENV] = self.run_server.open_wave(wave_id)
        return {TOKEN_ENV: self.env[TOKEN_ENV]}

    @property
    def active(self) -> bool:
        """True when the waves carry the MCP server."""
        return bool(self.servers)


async def _handshake(entry: dict[str, Any], timeout: float) -> list[str]:
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    env = {k: v for k, v in os.environ.items() if k != token_mod.ENV_VAR}
    params = StdioServerParameters(command=entry["command"], args=entry["args"], env=env)
    with anyio.fail_after(timeout):
        async with (
            stdio_client(params) as (read, write),
            ClientSession(read, write, read_timeout_seconds=timedelta(seconds=timeout)) as session,
        ):
            await session.initialize()
            listed = await session.list_tools()
    return [t.name for t in listed.tools]


def probe(
    project: Path, *, launcher: str | None = None, timeout: float = PROBE_TIMEOUT_SECONDS
) -> str | None:
    """``None`` when the server starts and lists its tools, else why it is unavailable."""
    import anyio  # here: a run without MCP (the scripted backend) does not import it

    from ondas.mcp.roles import AGENT_TOOLS

    try:
        entry = server_entry(project, launcher=launcher)
        names = anyio.run(_handshake, entry, timeout)
    except Exception as exc:  # anything at all means: no MCP for these waves
        text = " ".join(str(exc).split())[:300]
        return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    missing = sorted(set(AGENT_TOOLS) - set(names))
    return f"the server does not offer {', '.join(missing)}" if missing else None


def attach(
    store: StateStore, project: Path, backend: Any, *, launcher: str | None = None
) -> McpWiring:
    """The wiring for ``backend``'s waves: server + token, or nothing (with an event)."""
    if not getattr(backend, "accepts_mcp", False):
        return McpWiring()
    launcher = launcher or os.environ.get(LAUNCHER_ENV) or None
    problem = probe(project, launcher=launcher)
    if problem is not None:
        events_mod.add_event(
            store,
            "mcp_unavailable",
            "the MCP server did not start; the agent uses the CLI path",
            data={"reason": problem, "backend": getattr(backend, "name", "")},
        )
        return McpWiring()
    token = token_mod.issue(store, token_mod.AGENT)
    return McpWiring(
        servers={SERVER_KEY: server_entry(project, launcher=launcher)},
        env={token_mod.ENV_VAR: token, **BLOCKING_CONNECT_ENV},
        token=token,
    )


def serve(store: StateStore, project: Path, backend: Any) -> McpWiring:
    """The run server's wiring for ``backend``'s waves: hooks and tools served in process.

    Falls back to :func:`attach` (process hooks, stdio server) when the backend is not one
    whose hooks ondas writes, or when the server does not start (recorded as an event).
    """
    if not (getattr(backend, "hooked", False) and getattr(backend, "accepts_mcp", False)):
        return attach(store, project, backend)
    from ondas.audit._common import current_execution_id
    from ondas.hooks.install import served_hooks
    from ondas.mcp import http

    server = RunServer(project / ".ondas", current_execution_id(store))
    server.mcp_app = http.app(project, server.grant)
    try:
        server.start()
    except (RunServerError, OSError) as exc:
        events_mod.add_event(
            store,
            "run_server_unavailable",
            "the run server did not start; hooks and MCP run as processes",
            data={"reason": f"{type(exc).__name__}: {exc}"[:300]},
        )
        return attach(store, project, backend)
    wiring = McpWiring(
        servers={SERVER_KEY: server.mcp_entry()},
        env=dict(BLOCKING_CONNECT_ENV),
        run_server=server,
        hooks=served_hooks(server.hook_entry),
        project=project,
    )
    wiring.open_wave("")  # calls before the first wave (none is open yet)
    return wiring


def detach(store: StateStore, wiring: McpWiring) -> None:
    """Stop the run server; revoke the wiring's stored token (a store that cannot be written
    keeps it; it dies unused)."""
    if wiring.run_server is not None:
        wiring.run_server.stop()
    if wiring.project is not None:  # the forwarder's settings name a port no longer served
        from ondas.hooks.sandbox import remove_served

        with suppress(OSError):
            remove_served(wiring.project)
    if wiring.token is None:
        return
    with suppress(OndasError):
        token_mod.revoke(store, wiring.token)
