"""Where a hook runs: the project root and its ``.ondas`` state directory.

The PreToolUse hook (a new process per tool call) works on plain ``str`` paths through
:func:`project_dir` and :func:`working_directory`, so it never imports :mod:`pathlib` (which
pulls ``fnmatch``, ``urllib.parse`` and ``ipaddress``); :func:`project_root` and friends give
the same answer as a :class:`~pathlib.Path` for the other hooks.
"""

from __future__ import annotations

import os

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path
    from typing import Any

STATE_DIR_NAME = ".ondas"
WHITELIST_NAME = "whitelist"
HOOK_ENV = (
    "CLAUDE_PROJECT_DIR",
    "ONDAS_GUARD_UNKNOWN",
    "ONDAS_GUARD_SANDBOX",
    "VIRTUAL_ENV",
    "CONDA_PREFIX",
)
"""Every variable of Claude Code's environment the hooks read: a hook process reads them from
its own environment, the run server (:mod:`ondas.runtime.runserver`) from what its forwarder
sends, so both give the same verdict."""


class HookInputError(ValueError):
    """The hook's stdin is not the JSON Claude Code documents."""


def project_dir(payload: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> str:
    """The project the hook guards: ``$CLAUDE_PROJECT_DIR``, else the payload's ``cwd``.

    Absolute, with ``~`` expanded and symlinks resolved. ``environ``: Claude Code's
    environment (default: this process's).
    """
    env = os.environ if environ is None else environ
    root = env.get("CLAUDE_PROJECT_DIR") or payload.get("cwd")
    if not isinstance(root, str) or not root:
        raise HookInputError("no project: neither CLAUDE_PROJECT_DIR nor the payload's cwd is set")
    return os.path.realpath(os.path.expanduser(root))


def working_directory(payload: Mapping[str, Any], project: str) -> str:
    """The directory relative tool paths start from (the payload's ``cwd``, else the project)."""
    cwd = payload.get("cwd")
    return cwd if isinstance(cwd, str) and cwd else project


def project_root(payload: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> Path:
    """:func:`project_dir` as a :class:`~pathlib.Path`."""
    from pathlib import Path

    return Path(project_dir(payload, environ))


def state_dir(project: Path) -> Path:
    """``<project>/.ondas``."""
    return project / STATE_DIR_NAME


def tool_input(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The payload's ``tool_input`` object."""
    value = payload.get("tool_input", {})
    if not isinstance(value, dict):
        raise HookInputError("tool_input must be a JSON object")
    return value
