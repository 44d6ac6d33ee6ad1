"""The MCP tools over streamable HTTP, served by the run server (:mod:`ondas.runtime.runserver`).

The same tools and role rules as ``ondas mcp serve`` (:func:`ondas.mcp.server.build_server`):
only the authorisation differs. The caller's token is the run server's per-wave token, read
from the request's ``Authorization`` header (the run server has refused a request without a
live one before it gets here) and its role, bound to the token in the run server's memory,
decides which tools are listed and callable, exactly as a stored token's role does for stdio.
Stateless JSON responses: a session's start-up is one ``initialize`` round trip.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ondas.errors import RuleViolation
from ondas.mcp import token as token_mod
from ondas.mcp.server import OndasMCP, ServerConfig, build_server
from ondas.runtime.runserver import Grant, bearer

GrantOf = Callable[[str | None], Grant | None]


class RunServedMCP(OndasMCP):
    """:class:`OndasMCP` authorised by the run server's tokens instead of stored ones."""

    def __init__(self, config: ServerConfig, grant_of: GrantOf) -> None:
        super().__init__(config)
        self.grant_of = grant_of

    def authorise(self) -> token_mod.Grant:
        """The grant of the request's token.

        No store read: the run server serves one execution, holds its lock, and dies with it.
        """
        request = self.get_context().request_context.request
        headers = getattr(request, "headers", None) or {}
        grant = self.grant_of(bearer(headers))
        if grant is None:
            raise RuleViolation("mcp-token-refused", "the run server's token is not live")
        return token_mod.Grant(grant.execution_id, token_mod.role_of(grant.role))


def app(project: Path, grant_of: GrantOf) -> Any:
    """The Starlette app serving the tools at ``/mcp`` (its lifespan runs the sessions)."""
    config = ServerConfig(state_dir=project / ".ondas", token=None)
    mcp = build_server(config, lambda c: RunServedMCP(c, grant_of))
    mcp.settings.stateless_http = True
    mcp.settings.json_response = True
    return PostOnly(mcp.streamable_http_app())


class PostOnly:
    """ASGI wrapper: ``GET /mcp`` (a client's stream for messages the server starts) answers
    405, which the streamable HTTP transport allows. A stateless server never starts a
    message, yet the SDK held each session's ``GET`` open until Claude Code exited: a
    connection and a task per session for nothing."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.router = app.router

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope.get("method") == "GET" and scope["path"] == "/mcp":
            body = b"this server sends no messages of its own: POST only\n"
            await send(
                {
                    "type": "http.response.start",
                    "status": 405,
                    "headers": [
                        (b"allow", b"POST"),
                        (b"content-type", b"text/plain"),
                        (b"content-length", b"%d" % len(body)),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)
