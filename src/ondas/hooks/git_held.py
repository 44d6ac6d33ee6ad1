"""Whether git holds a project directory: the question the bash guard asks before it refuses a
recursive deletion inside the project.

``rm -rf lib/old`` of a directory whose every file is committed and unchanged, with nothing
untracked or ignored under it, loses nothing: ``git checkout -- lib/old`` gives it all back.
The guard itself stays a pure function; the PreToolUse hook hands it this question
(:func:`holds`), answered by one ``git status`` through ondas's hardened runner
(:mod:`ondas.git`: no program named by the repository's configuration or attributes runs,
and the hook runs outside the OS sandbox). Any doubt is a "no": a path outside the project or
in ``.git``, a symlink on the way, no repository, a git error or a slow git.
"""

from __future__ import annotations

import os

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

TIMEOUT = 10.0
"""Seconds one ``git status`` may take before the answer is "no" (the deletion is refused)."""


def held_by_git(project: str) -> Callable[[str], bool]:
    """The question for ``project``: ``held(path)`` for an absolute, normalised path."""

    def held(path: str) -> bool:
        return holds(project, path)

    return held


def holds(project: str, path: str) -> bool:
    """True when git tracks everything under ``path`` (a directory of ``project``, or nothing
    yet) as committed and unchanged, with no untracked or ignored file under it."""
    root = os.path.realpath(project)
    rel = os.path.relpath(path, project)
    parts = rel.split(os.sep)
    if rel == "." or parts[0] in {"..", ".git"} or os.path.isabs(rel):
        return False
    step = root
    for part in parts:  # ``rm -rf link/`` follows a symlink out of what git tracks here
        step = os.path.join(step, part)
        if os.path.islink(step):
            return False
    if not os.path.exists(os.path.join(root, ".git")):
        return False
    from pathlib import Path

    from ondas import git
    from ondas.errors import OndasError

    try:
        out = git.run_bytes(
            Path(root),
            "status",
            "--porcelain=v1",
            "-z",
            "--ignored=matching",
            "--untracked-files=all",
            "--",
            f":(literal){rel}",
            timeout=TIMEOUT,
        )
    except (OSError, OndasError):
        return False
    return out.returncode == 0 and out.stdout == b""
