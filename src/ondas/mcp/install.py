"""Where Claude Code finds the ondas MCP server: the project's ``.mcp.json`` and the wave's
``mcp_servers`` option.

Neither holds the capability token. The server entry names the variable instead
(``"ONDAS_MCP_TOKEN": "${ONDAS_MCP_TOKEN}"``), which Claude Code expands from its own
environment when it starts the server, so the token travels only through process
environments and never through a file or a command line.
"""

from __future__ import annotations

import json
import shlex
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ondas import jsonfile
from ondas.errors import UsageError
from ondas.mcp.token import ENV_VAR

MCP_JSON = ".mcp.json"
SERVER_KEY = "ondas"
TOOL_PREFIX = f"mcp__{SERVER_KEY}__"


def launcher_parts(launcher: str | None = None) -> list[str]:
    """The program and leading arguments that start ondas (default: this interpreter).

    ``-P``: Claude Code starts the server in the project, which the agent writes; without it
    ``python -m`` would put that directory first on ``sys.path`` and run a module planted
    there (an ``enum.py``) in the server, outside the OS sandbox.
    """
    if launcher is None:
        return [sys.executable, "-P", "-m", "ondas"]
    try:
        parts = shlex.split(launcher)
    except ValueError as exc:
        raise UsageError(f"cannot parse the ondas command {launcher!r}: {exc}") from exc
    if not parts:
        raise UsageError("the ondas command must not be empty")
    return parts


def server_entry(
    project: Path, *, launcher: str | None = None, interactive: bool = False
) -> dict[str, Any]:
    """A stdio server entry for Claude Code that runs ``ondas mcp serve`` on ``project``."""
    program, *lead = launcher_parts(launcher)
    args = [*lead, "mcp", "serve", "--project", str(project)]
    if interactive:
        args.append("--interactive")
    return {
        "type": "stdio",
        "command": program,
        "args": args,
        "env": {ENV_VAR: "${" + ENV_VAR + "}"},
    }


def mcp_json_path(project: Path) -> Path:
    """``<project>/.mcp.json``."""
    return project / MCP_JSON


def read_mcp_json(path: Path) -> dict[str, Any]:
    """The file as a dict (empty when absent); a malformed file is a usage error."""
    value = jsonfile.read_object(path)
    servers = value.get("mcpServers", {})
    if not isinstance(servers, dict):
        raise UsageError(f"{path}: mcpServers must be an object")
    return value


@dataclass
class InstallResult:
    """What ``install`` did."""

    path: str
    changed: bool
    backup: str | None
    entry: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return asdict(self)


def install(project: Path, *, launcher: str | None = None) -> InstallResult:
    """Add (or update) the ``ondas`` server in ``<project>/.mcp.json``; idempotent.

    Every other server and key is kept; the old file is backed up first; the write is atomic.
    The entry starts the server with ``--interactive``: ``.mcp.json`` is what a person's own
    Claude Code session reads, so questions may be put to that person.
    """
    if not project.is_dir():
        raise UsageError(f"project {project} is not a directory")
    path = mcp_json_path(project)
    before = read_mcp_json(path)
    entry = server_entry(project, launcher=launcher, interactive=True)
    if before.get("mcpServers", {}).get(SERVER_KEY) == entry:
        return InstallResult(str(path), False, None, entry)
    after = dict(before)
    after["mcpServers"] = {**before.get("mcpServers", {}), SERVER_KEY: entry}
    data = (json.dumps(after, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    backup = jsonfile.replace_with_backup(path, data)
    return InstallResult(str(path), True, backup, entry)
