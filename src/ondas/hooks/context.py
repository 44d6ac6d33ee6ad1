"""Where a hook runs: the project root and its ``.ondas`` state directory."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

STATE_DIR_NAME = ".ondas"
WHITELIST_NAME = "whitelist"


class HookInputError(ValueError):
    """The hook's stdin is not the JSON Claude Code documents."""


def project_root(payload: Mapping[str, Any]) -> Path:
    """The project the hook guards: ``$CLAUDE_PROJECT_DIR``, else the payload's ``cwd``."""
    root = os.environ.get("CLAUDE_PROJECT_DIR") or payload.get("cwd")
    if not isinstance(root, str) or not root:
        raise HookInputError("no project: neither CLAUDE_PROJECT_DIR nor the payload's cwd is set")
    return Path(root).expanduser().resolve(strict=False)


def working_dir(payload: Mapping[str, Any], project: Path) -> Path:
    """The directory relative tool paths start from (the payload's ``cwd``, else the project)."""
    cwd = payload.get("cwd")
    return Path(cwd) if isinstance(cwd, str) and cwd else project


def state_dir(project: Path) -> Path:
    """``<project>/.ondas``."""
    return project / STATE_DIR_NAME


def tool_input(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The payload's ``tool_input`` object."""
    value = payload.get("tool_input", {})
    if not isinstance(value, dict):
        raise HookInputError("tool_input must be a JSON object")
    return value
