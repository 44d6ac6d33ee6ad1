"""The run server: a run's hooks and MCP tools served from the ``ondas run``/``resume`` process.

Claude Code starts a hook process per hook event and an MCP server process per session; with
Python that is a bare interpreter start (90-130 ms here) on every tool call, twice, and about
a second of imports per session. The process driving the waves has the guards, the scrubber
and the store warm already, so it serves them itself while it runs: an HTTP server on
``127.0.0.1`` (an ephemeral port) in a daemon thread, which dies with the process.

- ``POST /hook/NAME`` runs the hook exactly as its process form does (the same
  :func:`ondas.hooks.entry.run_hook`, given the variables of Claude Code's environment the
  forwarder sends as ``X-Ondas-Env-*`` headers) and answers ``CODE\\nTEXT``: the exit code, then
  what the process would print (stdout for 0, stderr otherwise). Claude Code reaches it through
  ``hook_forward.sh`` (bash, exec form: no Python starts), which fails closed: Claude Code 2.1.197
  lets a call through when an ``http`` hook's server is unreachable, slow, answers 5xx or
  garbage (``bench/hook_latency.py`` and ``tests/e2e/test_run_server_e2e.py`` record it), so
  ``http`` hooks are not used.
- ``/mcp``: the MCP tools over streamable HTTP, when the caller mounts them (the adapter in
  :mod:`ondas.mcp.http`); the kernel knows nothing of MCP.

Every request carries ``Authorization: Bearer TOKEN``: a random token made for one wave and one
role (:meth:`RunServer.open_wave`), kept in memory only (compared in constant time), handed to
the agent's Claude Code in ``ONDAS_RUN_TOKEN`` (unset for its sandboxed commands). A wrong or
missing token is refused (403) and recorded as a ``refusal`` event (source ``runserver``).
Request bodies are bounded (:data:`MAX_BODY`).
"""

from __future__ import annotations

import hmac
import io
import os
import secrets
import socket
import threading
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
TOKEN_ENV = "ONDAS_RUN_TOKEN"
TOKEN_BYTES = 32
MAX_BODY = 8 * 1024 * 1024
"""Largest request body accepted (a PostToolUse payload carries the tool's whole output)."""
MAX_RECORDED_REFUSALS = 100
"""Refused requests recorded per server; later ones are counted, so a flood cannot fill the log."""
FORWARD_TIMEOUT = 30
"""Seconds the forwarder waits for an answer before it refuses (below the hook's timeout)."""
HOOK_TIMEOUT = 60
REFUSAL_SOURCE = "runserver"
REFUSAL_RULE = "run-token-refused"
ENV_HEADER = "x-ondas-env-"
FORWARDER = Path(__file__).with_name("hook_forward.sh")

HookRunner = Callable[[str, str, Mapping[str, str]], tuple[int, str, str]]
"""(hook name, stdin text, Claude Code's environment) -> (exit code, stdout, stderr)."""


class RunServerError(RuntimeError):
    """The run server could not start."""


@dataclass(frozen=True)
class Grant:
    """What a live token allows: calls during ``wave_id`` of ``execution_id`` in ``role``."""

    execution_id: str
    wave_id: str
    role: str


def run_hook_text(name: str, stdin: str, environ: Mapping[str, str]) -> tuple[int, str, str]:
    """:func:`ondas.hooks.entry.run_hook` on text: the process form's very code path."""
    from ondas.hooks.entry import run_hook

    out, err = io.StringIO(), io.StringIO()
    code = run_hook([name], io.StringIO(stdin), out, err, environ)
    return code, out.getvalue(), err.getvalue()


def bearer(headers: Mapping[str, str]) -> str | None:
    """The bearer token of ``Authorization``, if any."""
    value = headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


class RunServer:
    """The server of one run/resume process; ``with RunServer(...) as server:`` serves it."""

    def __init__(
        self,
        state_dir: Path,
        execution_id: str,
        *,
        hook_runner: HookRunner = run_hook_text,
        mcp_app: Any | None = None,
    ) -> None:
        self.state_dir = Path(state_dir)
        self.execution_id = execution_id
        self.hook_runner = hook_runner
        self.mcp_app = mcp_app
        self._grants: dict[str, Grant] = {}
        self._lock = threading.Lock()
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self._socket: socket.socket | None = None
        self.port = 0
        self.refused = 0

    # -- tokens ------------------------------------------------------------------------------

    def open_wave(self, wave_id: str, role: str = "agent") -> str:
        """A fresh token for ``wave_id`` in ``role``; every earlier token stops working."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self._lock:
            self._grants = {token: Grant(self.execution_id, wave_id, role)}
        return token

    def revoke_all(self) -> None:
        """No token works any more."""
        with self._lock:
            self._grants = {}

    def grant(self, token: str | None) -> Grant | None:
        """The grant of ``token``; compared in constant time with every live token."""
        if not token:
            return None
        with self._lock:
            live = list(self._grants.items())
        found = None
        for known, grant in live:
            if hmac.compare_digest(known.encode(), token.encode()):
                found = grant
        return found

    # -- lifecycle ---------------------------------------------------------------------------

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://{HOST}:{self.port}"

    @property
    def running(self) -> bool:
        """True while the server thread serves."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, timeout: float = 30.0) -> RunServer:
        """Bind ``127.0.0.1`` on an ephemeral port and serve in a daemon thread."""
        import uvicorn

        sock = self._listen()
        self._socket = sock
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            self._app(),
            log_level="critical",
            access_log=False,
            lifespan="on",
            loop="asyncio",
            http="h11",
            timeout_graceful_shutdown=2,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run,
            kwargs={"sockets": [sock]},
            name="ondas-run-server",
            daemon=True,
        )
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise RunServerError("the run server did not start")
            time.sleep(0.005)
        return self

    @staticmethod
    def _listen() -> socket.socket:
        """The listening socket, ``IPPROTO_TCP`` named: asyncio turns Nagle off
        (``TCP_NODELAY``) only on connections whose socket says TCP, and with Nagle on, an
        answer's body waits for the client's delayed ACK of its headers (40 ms on Linux) on
        every request of a keep-alive connection but the first: an MCP session's
        ``initialized`` and ``tools/list``."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.bind((HOST, 0))
        sock.listen(128)
        return sock

    def stop(self) -> None:
        """Stop serving (every token revoked); later calls reach a closed port and are refused."""
        self.revoke_all()
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
            if self._thread.is_alive() and self._server is not None:
                self._server.force_exit = True
                self._thread.join(timeout=5)
        if self._socket is not None:
            self._socket.close()
        self._server = self._thread = self._socket = None

    def __enter__(self) -> RunServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the settings Claude Code gets -------------------------------------------------------

    def hook_entry(self, hook: str) -> dict[str, Any]:
        """The command hook (exec form) that forwards ``hook`` to this server."""
        return {
            "type": "command",
            "command": "/bin/bash",
            "args": [str(FORWARDER), str(self.port), hook, str(FORWARD_TIMEOUT)],
            "timeout": HOOK_TIMEOUT,
        }

    def mcp_entry(self) -> dict[str, Any]:
        """The ``http`` MCP server entry; the token stays in Claude Code's environment."""
        return {
            "type": "http",
            "url": f"{self.url}/mcp",
            "headers": {"Authorization": "Bearer ${" + TOKEN_ENV + "}"},
        }

    # -- serving -----------------------------------------------------------------------------

    def _app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.routing import Mount, Route

        routes: list[Any] = [Route("/hook/{name}", self._hook, methods=["POST"])]
        if self.mcp_app is not None:
            routes.append(Mount("/", app=self.mcp_app))
        mcp_app = self.mcp_app

        @asynccontextmanager
        async def lifespan(app: Any) -> AsyncIterator[None]:
            if mcp_app is None:
                yield
                return
            async with mcp_app.router.lifespan_context(mcp_app):
                yield

        return _Guarded(Starlette(routes=routes, lifespan=lifespan), self)

    async def _hook(self, request: Any) -> Any:
        from starlette.responses import PlainTextResponse

        name = request.path_params["name"]
        body = await _read_bounded(request)
        if body is None:
            return PlainTextResponse(f"2\nthe {name} payload exceeds {MAX_BODY} bytes\n", 413)
        environ = {
            key[len(ENV_HEADER) :].upper(): _header_text(value)
            for key, value in request.headers.items()
            if key.startswith(ENV_HEADER)
        }
        text = body.decode("utf-8", "surrogateescape")
        code, out, err = self.hook_runner(name, text, environ)
        return PlainTextResponse(f"{code}\n{out if code == 0 else err}")

    def refuse(self, path: str, why: str) -> None:
        """Record a request refused for its token (at most :data:`MAX_RECORDED_REFUSALS`)."""
        self.refused += 1
        if self.refused > MAX_RECORDED_REFUSALS:
            return
        from ondas.audit.refusals import record_refusal
        from ondas.runtime.schema import default_schema
        from ondas.state.store import Store

        try:
            with Store.open(self.state_dir, schema=default_schema()) as store:
                record_refusal(
                    store, source=REFUSAL_SOURCE, rule=REFUSAL_RULE, tool=path, subject=why
                )
        except Exception as exc:  # the refusal stands; only its record failed
            os.write(2, f"ondas run server: a refusal could not be recorded: {exc}\n".encode())


class _Guarded:
    """ASGI wrapper: every HTTP request needs a live token and a bounded body."""

    def __init__(self, app: Any, server: RunServer) -> None:
        self.app = app
        self.server = server

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        length = headers.get("content-length", "0")
        if not length.isdigit() or int(length) > MAX_BODY:
            await _answer(send, 413, f"2\nrequest body over {MAX_BODY} bytes or unsized\n")
            return
        token = bearer(headers)
        if self.server.grant(token) is None:
            why = "no token" if token is None else "a token that is not live for this wave"
            path = str(scope.get("path", ""))
            import asyncio  # here: a run that never serves its agents does not import asyncio

            await asyncio.to_thread(self.server.refuse, path, f"{path} called with {why}")
            await _answer(send, 403, f"2\nthe ondas run server refused the call ({why})\n")
            return
        await self.app(scope, receive, send)


async def _answer(send: Any, status: int, text: str) -> None:
    body = text.encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain"), (b"content-length", b"%d" % len(body))],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _read_bounded(request: Any) -> bytes | None:
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _header_text(value: str) -> str:
    """A header value as the forwarder's bash had it (bytes, read as latin-1 by the server)."""
    return value.encode("latin-1").decode("utf-8", "surrogateescape")
