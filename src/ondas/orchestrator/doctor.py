"""``ondas doctor``: what a run needs on this machine, one check per line, before spending.

Each check says ok, warn (works, with a caveat) or fail (``ondas run`` would refuse or fail),
and for a failure how to fix it. The API check is the same probe ``ondas run`` makes before it
creates anything (:mod:`ondas.agents.api_probe`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

OK, WARN, FAIL = "ok", "warn", "fail"
PROBE_TIMEOUT_SECONDS = 10.0

# The line that installs bubblewrap and socat, by /etc/os-release ID (and ID_LIKE).
SANDBOX_INSTALL = {
    "debian": "sudo apt-get install bubblewrap socat",
    "ubuntu": "sudo apt-get install bubblewrap socat",
    "fedora": "sudo dnf install bubblewrap socat",
    "rhel": "sudo dnf install bubblewrap socat",
    "arch": "sudo pacman -S bubblewrap socat",
    "opensuse": "sudo zypper install bubblewrap socat",
    "suse": "sudo zypper install bubblewrap socat",
    "alpine": "sudo apk add bubblewrap socat",
}


@dataclass(frozen=True)
class Check:
    """One line of the doctor's answer."""

    name: str
    status: str
    detail: str
    fix: str = ""

    def line(self) -> str:
        """``ok    git  git version 2.39.5`` (and ``-> fix`` on a failure)."""
        fix = f" -> {self.fix}" if self.fix and self.status != OK else ""
        return f"{self.status:<5} {self.name:<11} {self.detail}{fix}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return asdict(self)


def _os_ids(release: Path = Path("/etc/os-release")) -> list[str]:
    """``ID`` then ``ID_LIKE`` words of the running distribution (empty when unknown)."""
    try:
        text = release.read_text(encoding="utf-8")
    except OSError:
        return []
    ids: list[str] = []
    for line in text.splitlines():
        key, _, value = line.partition("=")
        if key in ("ID", "ID_LIKE"):
            ids += value.strip().strip('"').lower().split()
    return ids


def sandbox_install_line(ids: list[str] | None = None) -> str:
    """How to install bubblewrap and socat here (every known line when the distro is unknown)."""
    for name in _os_ids() if ids is None else ids:
        for known, line in SANDBOX_INSTALL.items():
            if name.startswith(known):
                return line
    return "; ".join(
        sorted({f"{line} ({key})" for key, line in SANDBOX_INSTALL.items() if key != "ubuntu"})
    )


def check_python() -> Check:
    """The interpreter running ondas."""
    version = ".".join(str(p) for p in sys.version_info[:3])
    return Check("python", OK, f"{version} ({sys.executable})")


def _version_of(argv: list[str]) -> str | None:
    """The first line ``argv`` prints, or ``None`` when it cannot run."""
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    return (out.stdout.strip().splitlines() or [""])[0]


def check_git() -> Check:
    """git: ondas commits each wave."""
    version = _version_of(["git", "--version"]) if shutil.which("git") else None
    if version is None:
        return Check("git", FAIL, "git not found", "install git (apt-get install git)")
    return Check("git", OK, version)


def check_claude_cli() -> Check:
    """The Claude Code CLI the claude-code backend drives (on PATH, else the SDK's bundled one)."""
    path = shutil.which("claude")
    if path is None:
        bundled = _bundled_claude()
        if bundled is not None:
            return Check("claude", OK, f"the SDK's bundled Claude Code ({bundled})")
        return Check(
            "claude",
            FAIL,
            "the Claude Code CLI is not on PATH",
            "npm install -g @anthropic-ai/claude-code",
        )
    version = _version_of([path, "--version"])
    if version is None:
        return Check("claude", FAIL, f"{path} does not answer --version", "reinstall Claude Code")
    return Check("claude", OK, f"{version} ({path})")


def _bundled_claude() -> str | None:
    import importlib.util

    spec = importlib.util.find_spec("claude_agent_sdk")
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / "_bundled" / "claude"
    return str(path) if path.is_file() else None


def check_sdk() -> Check:
    """The ``claude`` extra: claude-agent-sdk, through which the backend runs Claude Code."""
    import importlib.util

    if importlib.util.find_spec("claude_agent_sdk") is None:
        return Check(
            "sdk",
            FAIL,
            "claude-agent-sdk is not installed (the claude-code backend needs it)",
            "pipx install 'ondas[claude]' (or pip install 'ondas[claude]')",
        )
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("claude-agent-sdk")
    except PackageNotFoundError:
        found = "installed"
    return Check("sdk", OK, f"claude-agent-sdk {found}")


def check_sandbox() -> Check:
    """bubblewrap and socat: Claude Code's OS sandbox, which every unattended run turns on."""
    from ondas.hooks.sandbox import unavailable_reason

    reason = unavailable_reason()
    if reason is None:
        where = ", ".join(p for p in (shutil.which("bwrap"), shutil.which("socat")) if p)
        return Check("sandbox", OK, f"Claude Code's OS sandbox can start ({where or 'macOS'})")
    fix = sandbox_install_line() if "not installed" in reason else ""
    return Check("sandbox", FAIL, f"{reason.split(';')[0]} (run --no-sandbox to go without)", fix)


def check_api(env: Mapping[str, str] | None = None) -> Check:
    """The API key or login, with the probe ``ondas run`` makes."""
    from ondas.agents.api_probe import NO_CREDENTIALS, probe

    result = probe(env, timeout=PROBE_TIMEOUT_SECONDS)
    if result.ok:
        return Check("api", WARN if "not probed" in result.detail else OK, result.detail)
    if result.detail == NO_CREDENTIALS:
        return Check(
            "api",
            FAIL,
            "no API key or Claude Code login found",
            "export ANTHROPIC_API_KEY=... (or run 'claude' and /login)",
        )
    fix = "check the key" if "refused" in result.detail else "check ANTHROPIC_BASE_URL"
    return Check("api", FAIL, result.detail, fix)


def check_store() -> list[Check]:
    """The store backend (SQLite file, or Postgres from ``ONDAS_STORE_URL``, reached)."""
    url = os.environ.get("ONDAS_STORE_URL", "").strip()
    if not url or url.startswith("sqlite:"):
        import sqlite3

        return [Check("store", OK, f"SQLite {sqlite3.sqlite_version} (.ondas/state.db)")]
    if not url.startswith(("postgresql://", "postgres://")):
        return [Check("store", FAIL, "ONDAS_STORE_URL is not a postgresql:// URL", "fix the URL")]
    return [Check("store", OK, "Postgres (ONDAS_STORE_URL)"), _reach("postgres", url, _pg_ping)]


def check_broker() -> list[Check]:
    """The fleet's Redis broker, when ``ONDAS_BROKER_URL`` is set."""
    url = os.environ.get("ONDAS_BROKER_URL", "").strip()
    if not url:
        return []
    return [_reach("redis", url, _redis_ping)]


def _shown(url: str) -> str:
    """``url`` without its password."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}{parts.path}"


def _reach(name: str, url: str, ping: Callable[[str], None]) -> Check:
    try:
        ping(url)
    except ImportError as exc:
        extra = "postgres" if name == "postgres" else "fleet"
        return Check(name, FAIL, f"{exc.name} is not installed", f"pip install 'ondas[{extra}]'")
    except Exception as exc:
        detail = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
        return Check(name, FAIL, f"cannot reach {_shown(url)}: {detail}", "is the server up?")
    return Check(name, OK, f"{_shown(url)} answers")


def _pg_ping(url: str) -> None:
    import psycopg

    with psycopg.connect(url, connect_timeout=int(PROBE_TIMEOUT_SECONDS)) as conn:
        conn.execute("SELECT 1")


def _redis_ping(url: str) -> None:
    import redis

    client = redis.Redis.from_url(
        url, socket_timeout=PROBE_TIMEOUT_SECONDS, socket_connect_timeout=PROBE_TIMEOUT_SECONDS
    )
    try:
        client.ping()
    finally:
        client.close()


def run_checks() -> list[Check]:
    """Every check, in the order a newcomer fixes them."""
    return [
        check_python(),
        check_git(),
        check_claude_cli(),
        check_sdk(),
        check_sandbox(),
        check_api(),
        *check_store(),
        *check_broker(),
    ]
