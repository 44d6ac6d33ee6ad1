"""Is the model API usable with the credentials Claude Code will use? Asked before a run starts.

Claude Code reads ``ANTHROPIC_AUTH_TOKEN`` (a bearer token), then ``ANTHROPIC_API_KEY``, then
its own login (``claude`` then ``/login``, kept in ``$CLAUDE_CONFIG_DIR/.credentials.json``),
and sends requests to ``ANTHROPIC_BASE_URL`` (default ``https://api.anthropic.com``). Without
this check a run with a missing or refused key spends waves and commits on failed sessions
before a person is asked anything.

The probe is ``GET /v1/models?limit=1``: authenticated, and it costs no tokens. A refused
key (401/403) or an unreachable server is a failure; any other answer proves the key was
accepted or that the server does not list models (a proxy), which is not a reason to stop.
A Claude Code login is found but not probed (its token is Claude Code's to refresh).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ondas.errors import UsageError

DEFAULT_BASE_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"
PROBE_TIMEOUT_SECONDS = 10.0
NO_CREDENTIALS = (
    "no API key or Claude Code login: set ANTHROPIC_API_KEY (or run 'claude' and /login)"
)


@dataclass(frozen=True)
class Credentials:
    """Which credentials Claude Code would use: ``kind`` is api-key, auth-token or login."""

    kind: str
    secret: str
    where: str


@dataclass(frozen=True)
class ProbeResult:
    """The outcome of the probe: ``ok`` and one line saying what was found (never the key)."""

    ok: bool
    detail: str


def _value(env: Mapping[str, str], name: str) -> str:
    return env.get(name, "").strip()


def base_url(env: Mapping[str, str] | None = None) -> str:
    """``ANTHROPIC_BASE_URL`` without a trailing slash, or the default API."""
    env = os.environ if env is None else env
    return (_value(env, "ANTHROPIC_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")


def login_file(env: Mapping[str, str] | None = None) -> Path:
    """Where Claude Code keeps its login on Linux: ``$CLAUDE_CONFIG_DIR/.credentials.json``."""
    from ondas.guards.paths import claude_dir

    return Path(claude_dir(env)) / ".credentials.json"


def find_credentials(env: Mapping[str, str] | None = None) -> Credentials | None:
    """The credentials Claude Code would use, in its order of precedence; ``None``: none."""
    env = os.environ if env is None else env
    if token := _value(env, "ANTHROPIC_AUTH_TOKEN"):
        return Credentials("auth-token", token, "ANTHROPIC_AUTH_TOKEN")
    if key := _value(env, "ANTHROPIC_API_KEY"):
        return Credentials("api-key", key, "ANTHROPIC_API_KEY")
    if oauth := _value(env, "CLAUDE_CODE_OAUTH_TOKEN"):
        return Credentials("login", oauth, "CLAUDE_CODE_OAUTH_TOKEN")
    path = login_file(env)
    if path.is_file():
        return Credentials("login", "", str(path))
    return None


def _error_message(body: bytes) -> str:
    """The ``error.message`` of an Anthropic error body, or ``""``."""
    try:
        data = json.loads(body.decode("utf-8", "replace"))
    except ValueError:
        return ""
    error = data.get("error") if isinstance(data, dict) else None
    message = error.get("message") if isinstance(error, dict) else None
    return str(message)[:200] if message else ""


def probe(
    env: Mapping[str, str] | None = None, timeout: float = PROBE_TIMEOUT_SECONDS
) -> ProbeResult:
    """Ask the model API whether the credentials are accepted (no tokens spent)."""
    import urllib.error
    import urllib.request

    env = os.environ if env is None else env
    url = base_url(env)
    found = find_credentials(env)
    if found is None:
        return ProbeResult(False, NO_CREDENTIALS)
    if found.kind == "login":
        return ProbeResult(True, f"Claude Code login found ({found.where}; not probed)")
    headers = {"anthropic-version": API_VERSION, "user-agent": "ondas-doctor"}
    if found.kind == "auth-token":
        headers["authorization"] = f"Bearer {found.secret}"
    else:
        headers["x-api-key"] = found.secret
    request = urllib.request.Request(f"{url}/v1/models?limit=1", headers=headers, method="GET")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            status = int(answer.status)
    except urllib.error.HTTPError as err:
        status = int(err.code)
        message = _error_message(err.read())
        if status in (401, 403):
            why = f": {message}" if message else ""
            return ProbeResult(False, f"{url} refused {found.where} (HTTP {status}{why})")
        if status >= 500:
            return ProbeResult(False, f"{url} answered HTTP {status}; the model API is failing")
        return ProbeResult(True, f"{found.where} set; {url} answered HTTP {status}")
    except (urllib.error.URLError, OSError, ValueError) as err:
        reason = getattr(err, "reason", err)
        return ProbeResult(False, f"cannot reach the model API at {url} ({reason})")
    return ProbeResult(True, f"{found.where} accepted by {url} (HTTP {status})")


def require_usable(env: Mapping[str, str] | None = None) -> None:
    """Raise a usage error (exit 2) naming the cause when the model API cannot be used."""
    result = probe(env)
    if not result.ok:
        raise UsageError(f"{result.detail}; nothing was started (see 'ondas doctor')")
