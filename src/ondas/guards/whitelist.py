"""URL whitelist: which hosts (and paths) the agents may reach over the network.

A whitelist file holds one pattern a line; ``#`` starts a comment. A pattern is a host
(``pypi.org``), a subdomain wildcard (``*.githubusercontent.com``), or a URL with optional
scheme and path globs (``https://github.com/myorg/*``). Patterns that would open the door to
most of the internet (``*``, ``**``, ``*://*``, ``https://*``, ``*.com``) are refused by
:func:`check_patterns` and ignored by :func:`url_allowed`. Loopback hosts are always allowed.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ondas.errors import UsageError

LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0", "[::1]"})
"""Hosts always reachable: the machine itself."""

# Second-level labels under which registrations happen (``*.co.uk`` is as broad as ``*.com``).
_REGISTRY_LABELS = frozenset({"co", "com", "org", "net", "gov", "edu", "ac", "ne", "or", "go"})
_HOST_LABEL = re.compile(r"^[a-z0-9]([a-z0-9\-]*[a-z0-9])?$")


@dataclass(frozen=True)
class Problem:
    """A refused whitelist line: its 1-based ``line`` number, the ``pattern`` and why."""

    line: int
    pattern: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return asdict(self)


@dataclass(frozen=True)
class _Pattern:
    scheme: str | None
    host: str
    port: int | None
    path: str | None


def load(path: str | Path) -> list[str]:
    """The patterns of a whitelist file, comments and blank lines dropped, in file order."""
    from ondas.pathpolicy import read_text

    try:
        text = read_text(path, what="whitelist")
    except OSError as exc:
        raise UsageError(f"cannot read whitelist {path}: {exc}") from exc
    return [p for p in (_strip(line) for line in text.splitlines()) if p]


def check_patterns(lines: Iterable[str]) -> list[Problem]:
    """Every line that is malformed or too broad; empty when the whole list is acceptable."""
    problems: list[Problem] = []
    for number, line in enumerate(lines, start=1):
        pattern = _strip(line)
        if not pattern:
            continue
        reason = _problem(pattern)
        if reason:
            problems.append(Problem(number, pattern, reason))
    return problems


def url_allowed(url: str, patterns: Sequence[str]) -> bool:
    """True when ``url`` (a URL, or a bare host) is loopback or matches an acceptable pattern."""
    target = _parse_url(url)
    if target is None:
        return False
    scheme, host, port, path = target
    if host in LOOPBACK_HOSTS or host.startswith("127."):
        return True
    for raw in patterns:
        pattern = _compile(_strip(raw))
        if pattern is None:
            continue
        if pattern.scheme is not None and not fnmatch.fnmatchcase(scheme, pattern.scheme):
            continue
        if pattern.port is not None and pattern.port != port:
            continue
        if not _host_matches(host, pattern.host):
            continue
        if pattern.path is not None and not fnmatch.fnmatchcase(path, pattern.path):
            continue
        return True
    return False


def host_of(url: str) -> str | None:
    """The lower-cased host of ``url`` (a URL or a bare host), or None when it has none."""
    target = _parse_url(url)
    return target[1] if target else None


def _strip(line: str) -> str:
    return line.split("#", 1)[0].strip() if not line.lstrip().startswith("#") else ""


def _parse_url(url: str) -> tuple[str, str, int | None, str] | None:
    url = url.strip()
    if not url or any(c in url for c in "\\ \t\r\n\"'<>^`{|}"):
        return None
    if "://" not in url:
        url = "http://" + url.lstrip("/")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    host = (parts.hostname or "").rstrip(".").lower()
    if not host:
        return None
    scheme = parts.scheme.lower()
    if port is None:
        port = {"http": 80, "https": 443, "ftp": 21, "ssh": 22, "git": 9418}.get(scheme)
    return scheme, host, port, parts.path or "/"


def _compile(pattern: str) -> _Pattern | None:
    if not pattern or _problem(pattern):
        return None
    scheme: str | None = None
    rest = pattern
    if "://" in pattern:
        scheme, rest = pattern.split("://", 1)
        scheme = scheme.lower()
    hostport, slash, path = rest.partition("/")
    host, _, port_text = hostport.partition(":")
    port = int(port_text) if port_text else None
    full_path = ("/" + path) if slash else None
    if full_path in {"/", "/*", "/**"}:
        full_path = None
    if full_path is not None and full_path.endswith("/**"):
        full_path = full_path[:-1]
    return _Pattern(scheme, host.lower().rstrip("."), port, full_path)


def _problem(pattern: str) -> str | None:
    if any(c.isspace() for c in pattern):
        return "patterns hold no spaces"
    if pattern.strip("*/:") == "":
        return "too broad: matches every URL"
    scheme = None
    rest = pattern
    if "://" in pattern:
        scheme, rest = pattern.split("://", 1)
        if not scheme or not re.fullmatch(r"[A-Za-z][A-Za-z0-9+.\-*]*", scheme):
            return "malformed scheme"
    hostport = rest.split("/", 1)[0]
    host, _, port = hostport.partition(":")
    host = host.lower().rstrip(".")
    if port and not port.isdigit():
        return "malformed port"
    if pattern.strip("*/:") == "" or host in {"", "*", "**", "*.*"}:
        return "too broad: matches every host"
    if "@" in hostport:
        return "user names do not belong in a whitelist pattern"
    labels = host.split(".")
    if host.startswith("*."):
        labels = labels[1:]
        if "*" in ".".join(labels):
            return "only one leading '*.' wildcard is allowed in a host"
        if len(labels) < 2:
            return "too broad: a wildcard over a whole top-level domain"
        if len(labels) == 2 and labels[0] in _REGISTRY_LABELS and len(labels[1]) == 2:
            return "too broad: a wildcard over a whole registry domain"
    elif "*" in host or "?" in host or "[" in host:
        return "a host wildcard must be a leading '*.' followed by a domain"
    if not all(_HOST_LABEL.match(label) for label in labels):
        return "malformed host"
    return None


def _host_matches(host: str, pattern: str) -> bool:
    if pattern.startswith("*."):
        return host.endswith(pattern[1:]) and len(host) > len(pattern) - 1
    return host == pattern
