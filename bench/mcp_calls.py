"""Cost of the MCP path next to the CLI path.

Prints the time to spawn ``python -m ondas mcp serve`` and finish the MCP handshake, the
median latency of ``get_status`` and ``record_decision`` over one stdio session, and the
median of the same decision through one ``python -m ondas decision register`` process.
Then the same over the run server's streamable HTTP (what a run's sessions use): the median
per-session start-up (connect + ``initialize`` + ``list_tools``; target at most 50 ms) and the
two calls, with the ratio to the stdio spawn.

Usage: python3 bench/mcp_calls.py [--repeat N] [--cli-repeat N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

import anyio  # noqa: E402
import httpx  # noqa: E402
from _compat import store_schema  # noqa: E402
from _figures import record  # noqa: E402
from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

from ondas.mcp import token as token_mod  # noqa: E402
from ondas.mcp.roles import AGENT_TOOLS  # noqa: E402
from ondas.state.execution import create_execution  # noqa: E402
from ondas.state.store import Store  # noqa: E402

DECISION = {
    "agent": "bench",
    "stage": "plan",
    "context": "which runner",
    "options": ["pytest", "unittest"],
    "choice": "pytest",
    "justification": "already in use",
    "score": 2,
}


async def over_mcp(project: Path, token: str, repeat: int) -> dict[str, float]:
    env = {**os.environ, token_mod.ENV_VAR: token, "PYTHONPATH": str(SRC)}
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "ondas", "mcp", "serve", "--project", str(project)],
        env=env,
    )
    started = time.perf_counter()
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        handshake = time.perf_counter() - started
        timings: dict[str, list[float]] = {"get_status": [], "record_decision": []}
        for _ in range(repeat):
            for name, args in (("get_status", {}), ("record_decision", DECISION)):
                t0 = time.perf_counter()
                result = await session.call_tool(name, args)
                timings[name].append(time.perf_counter() - t0)
                assert not result.isError, result.content
    return {
        "spawn_and_handshake_s": handshake,
        **{f"{k}_median_ms": statistics.median(v) * 1000 for k, v in timings.items()},
    }


async def calls_over_run_server(url: str, token: str, repeat: int) -> dict[str, float]:
    from mcp.client.streamable_http import streamable_http_client

    headers = {"Authorization": f"Bearer {token}"}
    timings: dict[str, list[float]] = {"get_status": [], "record_decision": []}
    async with (
        httpx.AsyncClient(headers=headers) as client,
        streamable_http_client(f"{url}/mcp", http_client=client) as (read, write, _),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        listed = await session.list_tools()
        assert {t.name for t in listed.tools} == set(AGENT_TOOLS), listed
        for _ in range(repeat):
            for name, args in (("get_status", {}), ("record_decision", DECISION)):
                t0 = time.perf_counter()
                result = await session.call_tool(name, args)
                timings[name].append(time.perf_counter() - t0)
                assert not result.isError, result.content
    return {f"{k}_median_ms": statistics.median(v) * 1000 for k, v in timings.items()}


SESSION_START = (
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "bench", "version": "1"},
        },
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
)


def session_startup(port: int, token: str) -> float:
    """Wall seconds of what a Claude Code session does first: initialize, initialized,
    tools/list, over a fresh keep-alive connection with TCP_NODELAY (as Node's client)."""
    import http.client
    import socket

    headers = {
        "Authorization": f"Bearer {token}",
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
    }
    conn = http.client.HTTPConnection("127.0.0.1", port)
    started = time.perf_counter()
    conn.connect()
    assert conn.sock is not None
    conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    for message in SESSION_START:
        conn.request("POST", "/mcp", json.dumps(message), headers)
        answer = conn.getresponse()
        answer.read()
        assert answer.status in (200, 202), answer.status
    elapsed = time.perf_counter() - started
    conn.close()
    return elapsed


class _ServerCpu:
    """ASGI wrapper adding up the CPU time the server thread spends in the MCP app."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.router = app.router
        self.spent = 0.0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        started = time.thread_time()
        try:
            await self.app(scope, receive, send)
        finally:
            self.spent += time.thread_time() - started


def _nagle_listener() -> Any:
    """The listening socket as the run server made it before 2026-12-04 (protocol 0: asyncio
    left Nagle on for its connections), for the side-by-side figure."""
    import socket

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    return sock


def run_server_figures(project: Path, repeat: int, sessions: int) -> dict[str, float] | None:
    """The run server of ``project`` with the MCP tools mounted, measured from a client;
    sessions alternate with a server whose connections keep Nagle on (the code before);
    ``None`` in a checkout from before the run server (issue 28)."""
    try:
        from ondas.runtime.runserver import RunServer
    except ModuleNotFoundError:
        return None
    from ondas.audit.waves import start_wave
    from ondas.mcp import http

    with Store.open(project / ".ondas", **store_schema()) as store:
        wave = start_wave(store)
        execution_id = str(store.one("SELECT id FROM executions")["id"])
    server = RunServer(project / ".ondas", execution_id)
    before = RunServer(project / ".ondas", execution_id)
    before._listen = _nagle_listener  # type: ignore[method-assign]
    cpu = _ServerCpu(http.app(project, server.grant))
    server.mcp_app = cpu
    before.mcp_app = http.app(project, before.grant)
    with server, before:
        token, old_token = server.open_wave(wave), before.open_wave(wave)
        session_startup(server.port, token)  # warm-up
        session_startup(before.port, old_token)
        cpu.spent = 0.0
        walls: list[float] = []
        old_walls: list[float] = []
        for _ in range(sessions):
            walls.append(session_startup(server.port, token))
            old_walls.append(session_startup(before.port, old_token))
        server_cpu = cpu.spent / sessions
        figures = anyio.run(calls_over_run_server, server.url, token, repeat)
    return {
        "session_startup_ms": statistics.median(walls) * 1000,
        "session_startup_before_ms": statistics.median(old_walls) * 1000,
        "session_server_cpu_ms": server_cpu * 1000,
        **figures,
    }


CLAUDE_REPEATS = int(os.environ.get("ONDAS_BENCH_CLAUDE_REPEATS", "7"))


def claude_session(
    project: Path, mcp_config: Path | None, env: dict[str, str]
) -> tuple[float, float]:
    """One real ``claude -p`` session that answers at once (no tool call), connecting first
    to the MCP server of ``mcp_config`` (waiting for it, as runs do): wall seconds to its first
    model request and to its end."""
    from ondas.testing.claude_cli import run_claude
    from ondas.testing.fake_anthropic import FakeAnthropicServer, Rule, Script, Turn

    home = project.parent / "claude-home"
    home.mkdir(exist_ok=True)
    extra = ["--mcp-config", str(mcp_config), "--strict-mcp-config"] if mcp_config else []
    asked: list[float] = []

    def answer(_request: object) -> Turn:
        asked.append(time.perf_counter())
        return Turn.text("done")

    with FakeAnthropicServer(Script([Rule(lambda _: True, answer)]), home=home) as api:
        start = time.perf_counter()
        run = run_claude("bench", server=api, cwd=project, max_turns=2, extra_args=extra, env=env)
        elapsed = time.perf_counter() - start
    if run.returncode != 0 or not asked:
        raise SystemExit(f"claude session failed: {run.stderr[-500:]}")
    return asked[0] - start, elapsed


class MinimalMCP:
    """A streamable-HTTP MCP server in a few lines (canned JSON answers, one tool, the
    standard library's HTTP server with Nagle off): the floor to set the run server against
    in a real ``claude`` session."""

    def __init__(self) -> None:
        import http.server
        import threading

        results: dict[str, Any] = {
            "tools/list": {
                "tools": [
                    {"name": "ping", "description": "pong", "inputSchema": {"type": "object"}}
                ]
            },
            "prompts/list": {"prompts": []},
            "resources/list": {"resources": []},
        }

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def log_message(self, *args: Any) -> None:
                return

            def _send(self, status: int, body: bytes = b"") -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:
                self._send(405)

            def do_POST(self) -> None:
                message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                if "id" not in message:
                    self._send(202)
                    return
                method = message.get("method")
                if method == "initialize":
                    version = message["params"]["protocolVersion"]
                    result = {
                        "protocolVersion": version,
                        "capabilities": {"tools": {}},
                        "serverInfo": {"name": "minimal", "version": "1"},
                    }
                else:
                    result = results.get(method, {})
                answer = {"jsonrpc": "2.0", "id": message["id"], "result": result}
                self._send(200, json.dumps(answer).encode())

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def entry(self) -> dict[str, Any]:
        """Its ``http`` MCP server entry."""
        return {"type": "http", "url": f"http://127.0.0.1:{self.server.server_address[1]}/mcp"}

    def close(self) -> None:
        """Stop serving."""
        self.server.shutdown()
        self.server.server_close()


def through_claude(project: Path) -> None:
    """What an MCP server over HTTP adds to a real ``claude -p`` session: no MCP server, the
    run server as before (Nagle on, the SDK's GET stream), the run server now, and a minimal
    server of a few lines; interleaved repeats, medians of the time to the first model
    request (Claude Code waits for its MCP servers before it) and of the whole session."""
    import shutil

    if shutil.which("claude") is None:
        print("through claude: skipped (no claude CLI on PATH)")
        return
    from ondas.audit._common import open_wave_id
    from ondas.audit.waves import start_wave
    from ondas.mcp import http
    from ondas.runtime.runserver import TOKEN_ENV, RunServer

    with Store.open(project / ".ondas", **store_schema()) as store:
        execution_id = str(store.one("SELECT id FROM executions")["id"])
        wave = open_wave_id(store, execution_id) or start_wave(store)
    now = RunServer(project / ".ondas", execution_id)
    now.mcp_app = http.app(project, now.grant)
    before = RunServer(project / ".ondas", execution_id)
    before._listen = _nagle_listener  # type: ignore[method-assign]
    before.mcp_app = http.app(project, before.grant).app  # without the GET refusal
    minimal = MinimalMCP()
    work = project.parent / "claude-project"
    work.mkdir(exist_ok=True)
    times: dict[str, list[tuple[float, float]]] = {}
    try:
        with now, before:
            configs: dict[str, tuple[Path | None, dict[str, str]]] = {"no MCP server": (None, {})}
            entries = {
                "run server before": (before.mcp_entry(), {TOKEN_ENV: before.open_wave(wave)}),
                "run server now": (now.mcp_entry(), {TOKEN_ENV: now.open_wave(wave)}),
                "minimal server": (minimal.entry(), {}),
            }
            for label, (entry, extra) in entries.items():
                path = project.parent / f"{label.replace(' ', '-')}.json"
                path.write_text(json.dumps({"mcpServers": {"ondas": entry}}))
                configs[label] = (path, extra)
            env = {"MCP_CONNECTION_NONBLOCKING": "0"}
            claude_session(work, None, env)  # warm-up (disk caches)
            for _ in range(CLAUDE_REPEATS):
                for label, (path, extra) in configs.items():
                    spent = claude_session(work, path, {**env, **extra})
                    times.setdefault(label, []).append(spent)
    finally:
        minimal.close()
    first = {k: statistics.median(a for a, _ in v) for k, v in times.items()}
    whole = {k: statistics.median(b for _, b in v) for k, v in times.items()}
    print(
        f"through the real claude (a session that answers at once; medians of {CLAUDE_REPEATS} "
        "interleaved runs): to the first model request / the whole session, and added over "
        "no MCP server"
    )
    base_first, base_whole = first["no MCP server"], whole["no MCP server"]
    for label in times:
        added_first = (first[label] - base_first) * 1000
        added_whole = (whole[label] - base_whole) * 1000
        print(
            f"  {label:<18} {first[label] * 1000:7.0f} ms (+{added_first:5.0f})"
            f"   {whole[label] * 1000:7.0f} ms (+{added_whole:5.0f})"
        )


def over_cli(project: Path, repeat: int) -> float:
    args = [
        sys.executable,
        "-m",
        "ondas",
        "decision",
        "register",
        "--agent",
        "bench",
        "--context",
        "runner",
        "--options",
        json.dumps(DECISION["options"]),
        "--choice",
        "pytest",
        "--justification",
        "used",
        "--score",
        "2",
        "--state-dir",
        str(project / ".ondas"),
    ]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--cli-repeat", type=int, default=5)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument(
        "--claude", action="store_true", help="also time real claude sessions (slow)"
    )
    ns = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        with Store.open(project / ".ondas", create=True, **store_schema()) as store:
            create_execution(store, project_path=project, description="bench")
            token = token_mod.issue(store)
        figures = anyio.run(over_mcp, project, token, ns.repeat)
        cli = over_cli(project, ns.cli_repeat)
        served = run_server_figures(project, ns.repeat, ns.sessions)
        report(ns, figures, cli, served)
        if ns.claude:
            through_claude(project)


def report(
    ns: argparse.Namespace, figures: dict[str, float], cli: float, served: dict[str, float] | None
) -> None:
    """Print the stdio, CLI and run-server figures."""
    record("mcp serve spawn + handshake", figures["spawn_and_handshake_s"] * 1000, "ms")
    record("get_status over stdio", figures["get_status_median_ms"], "ms")
    record("record_decision over stdio", figures["record_decision_median_ms"], "ms")
    record("decision register CLI process", cli, "ms")
    print(f"mcp serve spawn + handshake: {figures['spawn_and_handshake_s']:.2f} s")
    print(f"get_status over MCP (median of {ns.repeat}): {figures['get_status_median_ms']:.1f} ms")
    print(
        f"record_decision over MCP (median of {ns.repeat}): "
        f"{figures['record_decision_median_ms']:.1f} ms"
    )
    print(f"decision register as a CLI process (median of {ns.cli_repeat}): {cli:.1f} ms")
    print(f"CLI / MCP ratio for one decision: {cli / figures['record_decision_median_ms']:.1f}x")
    if served is None:
        return
    record("run server session start-up", served["session_startup_ms"], "ms")
    record("run server session server CPU", served["session_server_cpu_ms"], "ms")
    startup = served["session_startup_ms"]
    spawn_ms = figures["spawn_and_handshake_s"] * 1000
    print(
        f"run server, per-session start-up over HTTP (initialize + initialized + tools/list, "
        f"median of {ns.sessions}): {startup:.1f} ms wall (target at most 50 ms: "
        f"{startup / 50:.2f}x; {startup / spawn_ms:.3f}x of the stdio spawn), "
        f"{served['session_server_cpu_ms']:.1f} ms of server CPU"
    )
    old = served["session_startup_before_ms"]
    print(
        f"  interleaved with the listener before (Nagle left on): {old:.1f} ms; "
        f"now / before = {startup / old:.2f}x"
    )
    for name in ("get_status", "record_decision"):
        ms = served[f"{name}_median_ms"]
        record(f"{name} over the run server", ms, "ms")
        print(
            f"{name} over the run server (median of {ns.repeat}): {ms:.1f} ms "
            f"({ms / figures[f'{name}_median_ms']:.2f}x of stdio)"
        )


if __name__ == "__main__":
    main()
