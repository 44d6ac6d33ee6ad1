"""A worker's own clone of a project remote: fetch the submission's branch, push it back.

The branch ``ondas/<submission>`` holds every wave's commits; a worker resets its clone to
the remote branch before a wave (so whichever worker ran the last wave, the next one starts
from its pushed result) and pushes after it.
"""

from __future__ import annotations

from pathlib import Path

from ondas import git as rgit


def checkout(remote: str, branch: str, path: Path) -> Path:
    """``path`` as a clone of ``remote`` at ``branch`` (created from the default branch).

    Local changes are discarded: the remote branch holds every wave's committed result.
    """
    if not (path / ".git").is_dir():
        path.parent.mkdir(parents=True, exist_ok=True)
        rgit.run(path.parent, "clone", "-q", remote, path.name)
        rgit.run(path, "config", "user.name", "ondas-fleet")
        rgit.run(path, "config", "user.email", "ondas-fleet@localhost")
    rgit.run(path, "fetch", "-q", "origin")
    has_branch = rgit.run(path, "rev-parse", "-q", "--verify", f"origin/{branch}", check=False)
    start = f"origin/{branch}" if has_branch.returncode == 0 else "origin/HEAD"
    # The clone is scratch: what the last wave left uncommitted here (the report rewritten
    # after the wave's commit) is discarded, the remote branch is the truth.
    rgit.run(path, "checkout", "-q", "-f", "-B", branch, start)
    rgit.run(path, "reset", "-q", "--hard", start)
    rgit.run(path, "clean", "-q", "-fd", "-e", ".ondas")
    return path


def push(path: Path, branch: str) -> None:
    """Push ``branch`` back to the remote (fast-forward only)."""
    rgit.run(path, "push", "-q", "origin", f"{branch}:{branch}")
