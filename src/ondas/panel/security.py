"""The panel's access token and CSRF check, as one pure-ASGI middleware.

Every request needs the access token printed at start: in the query (``?token=``, the link
the panel prints), an ``Authorization: Bearer`` header, or the cookie the panel sets when a
browser first comes with the link (the token is then dropped from the address bar by a
redirect). A write (any method but GET/HEAD) also needs the CSRF value (form field ``csrf``
or header ``X-CSRF-Token``; it is derived from the token, shown in the panel's forms and at
``/api/session``) and, when the browser says where it comes from, the same origin.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl, urlencode

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

TOKEN_BYTES = 24
SAFE_METHODS = ("GET", "HEAD")
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"


def new_token() -> str:
    """A fresh random access token (URL-safe)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def csrf_for(token: str) -> str:
    """The CSRF value that goes with ``token`` (a keyed hash: it does not reveal the token)."""
    return hmac.new(token.encode(), b"ondas-panel-csrf", hashlib.sha256).hexdigest()[:40]


def cookie_name(port: int) -> str:
    """The cookie holding the token; cookies are shared across ports, so the port is in it."""
    return f"ondas_panel_{port}"


def same(a: str | None, b: str) -> bool:
    """Constant-time comparison of an optional presented value with the expected one."""
    return a is not None and hmac.compare_digest(a.encode(), b.encode())


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _cookies(header: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in header.split(";"):
        name, _, value = part.strip().partition("=")
        if name:
            out[name] = value
    return out


async def _respond(send: Send, status: int, body: dict[str, Any], extra: list[Any]) -> None:
    data = json.dumps(body).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(data)).encode()),
        (b"cache-control", b"no-store"),
        *extra,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})


class TokenGuard:
    """Refuse requests without the access token; refuse writes without the CSRF value."""

    def __init__(self, app: ASGIApp, *, token: str, cookie: str) -> None:
        self.app = app
        self.token = token
        self.csrf = csrf_for(token)
        self.cookie = cookie

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        from_query = next((v for k, v in query if k == "token"), None)
        bearer = headers.get("authorization", "")
        from_header = bearer[7:].strip() if bearer.lower().startswith("bearer ") else None
        from_cookie = _cookies(headers.get("cookie", "")).get(self.cookie)
        if not any(same(v, self.token) for v in (from_query, from_header, from_cookie)):
            await _respond(
                send,
                401,
                {"error": "missing or wrong access token: open the link 'ondas panel' printed"},
                [],
            )
            return
        method = scope.get("method", "GET")
        if method not in SAFE_METHODS and not self._same_origin(headers):
            await _respond(send, 403, {"error": "cross-origin write refused"}, [])
            return
        if (
            method == "GET"
            and same(from_query, self.token)
            and not scope["path"].startswith("/api/")
        ):
            # A browser followed the printed link: keep the token in a cookie, out of the URL.
            rest = urlencode([(k, v) for k, v in query if k != "token"])
            location = scope["path"] + (f"?{rest}" if rest else "")
            cookie = f"{self.cookie}={self.token}; HttpOnly; SameSite=Strict; Path=/"
            await send(
                {
                    "type": "http.response.start",
                    "status": 303,
                    "headers": [
                        (b"location", location.encode()),
                        (b"set-cookie", cookie.encode()),
                        (b"content-length", b"0"),
                        (b"cache-control", b"no-store"),
                        (b"referrer-policy", b"same-origin"),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": b""})
            return
        await self.app(scope, receive, send)

    @staticmethod
    def _same_origin(headers: dict[str, str]) -> bool:
        """A write whose browser names another site or origin is refused.

        ``Sec-Fetch-Site`` (sent by current browsers) decides when present; otherwise an
        ``Origin`` must name this host (``null``, sent by privacy settings, is refused then).
        """
        site = headers.get("sec-fetch-site")
        if site is not None:
            return site in ("same-origin", "none")
        origin = headers.get("origin")
        if origin is None:
            return True
        return origin.split("://", 1)[-1] == headers.get("host", "")


def check_csrf(presented: str | None, expected: str) -> bool:
    """True when the write carries the CSRF value."""
    return same(presented, expected)
