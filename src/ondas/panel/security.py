"""The panel's access token and CSRF check, as one pure-ASGI middleware.

Every request needs the access token printed at start: in the query (``?token=``, the link
the panel prints), an ``Authorization: Bearer`` header, or the cookie the panel sets when a
browser first comes with the link (the token is then dropped from the address bar by a
redirect). A write (any method but GET/HEAD) also needs the CSRF value (form field ``csrf``
or header ``X-CSRF-Token``; it is derived from the token, shown in the panel's forms and at
``/api/session``) and, when the browser says where it comes from, the same origin.

Every response carries a Content-Security-Policy that runs no inline script but the hashed
ones given (the panel's own script is a file, ``/panel.js``), ``X-Frame-Options: DENY`` and
``nosniff``. The ``Host`` header must name the address the panel is bound to: a page on
another name that resolves to it (DNS rebinding) is refused even with the token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
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


LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost", "127.0.0.1", "::1")


def script_hash(script: str) -> str:
    """The CSP source (``'sha256-...'``) that allows exactly this inline script body."""
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def content_security_policy(script_hashes: tuple[str, ...] = ()) -> str:
    """The panel's CSP: its own script file and the given hashed inline scripts, nothing else.

    Inline styles stay allowed (the report's self-contained page and bar widths use them);
    styles cannot run code.
    """
    scripts = " ".join(("'self'", *script_hashes))
    return (
        "default-src 'none'; "
        f"script-src {scripts}; "
        "style-src 'unsafe-inline'; "
        "img-src 'self' data:; "
        "connect-src 'self'; "
        "form-action 'self'; "
        "base-uri 'none'; "
        "frame-ancestors 'none'"
    )


def _host_name(host: str) -> str:
    """The lower-cased name of a host (brackets of an IPv6 literal removed)."""
    return host.strip().strip("[]").lower()


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def host_allowed(header: str | None, *, bound: str, port: int) -> bool:
    """True when a ``Host`` header names the address the panel listens on.

    Allowed: the bound name itself; any loopback name when bound to a loopback address;
    any IP literal when bound to a wildcard address (``0.0.0.0``, ``::``). A DNS name other
    than these is what a rebinding page sends, and is refused. The port must be the panel's.
    """
    if not header:
        return False
    text = header.strip().lower()
    if text.startswith("["):
        name, _, rest = text[1:].partition("]")
        given_port = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        name, _, given_port = text.partition(":")
    else:
        name, given_port = text, ""
    if given_port and given_port != str(port):
        return False
    want = _host_name(bound)
    if name == want:
        return True
    if want in LOOPBACK_NAMES or (_is_ip(want) and ipaddress.ip_address(want).is_loopback):
        return name in LOOPBACK_NAMES or (_is_ip(name) and ipaddress.ip_address(name).is_loopback)
    if _is_ip(want) and ipaddress.ip_address(want).is_unspecified:
        return _is_ip(name)
    return False


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
    """Refuse a foreign ``Host``, requests without the access token, writes without the CSRF
    value; add the security headers to every response."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        token: str,
        cookie: str,
        host: str = "127.0.0.1",
        port: int = 0,
        script_hashes: tuple[str, ...] = (),
    ) -> None:
        self.app = app
        self.token = token
        self.csrf = csrf_for(token)
        self.cookie = cookie
        self.host = host
        self.port = port
        self.security = [
            (b"content-security-policy", content_security_policy(script_hashes).encode()),
            (b"x-frame-options", b"DENY"),
            (b"x-content-type-options", b"nosniff"),
        ]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.security]
            await send(message)

        await self._guard(scope, receive, secured)

    async def _guard(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = _headers(scope)
        if not host_allowed(headers.get("host"), bound=self.host, port=self.port):
            await _respond(
                send,
                421,
                {"error": "the Host header does not name this panel's address"},
                [],
            )
            return
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
