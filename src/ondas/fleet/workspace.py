"""A worker's own clone of a project remote: fetch the submission's branch, push it back.

The branch ``ondas/<submission>`` holds every wave's commits; a worker resets its clone to
the remote branch before a wave (so whichever worker ran the last wave, the next one starts
from its pushed result) and pushes after it.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from ondas.errors import UsageError

GIT_TIMEOUT = 120


def _git(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            ["git", *args],
            cwd=cwd,
            capture_output=True,
            text=True,
            check=check,
            timeout=GIT_TIMEOUT,
        )
    except subprocess.CalledProcessError as exc:
        detail = " ".join((exc.stderr or exc.stdout or "").split())[:300]
        raise UsageError(f"git {' '.join(args[:2])} failed in {cwd}: {detail}") from exc


def checkout(remote: str, branch: str, path: Path) -> Path:
    """``path`` as a clone of ``remote`` at ``branch`` (created from the default branch).

    Local changes are discarded: the remote branch holds every wave's committed result.
    """
    if not (path / ".git").is_dir():
        path.parent.mkdir(parents=True, exist_ok=True)
        _git(path.parent, "clone", "-q", remote, path.name)
        _git(path, "config", "user.name", "ondas-fleet")
        _git(path, "config", "user.email", "ondas-fleet@localhost")
    _git(path, "fetch", "-q", "origin")
    has_branch = _git(path, "rev-parse", "-q", "--verify", f"origin/{branch}", check=False)
    start = f"origin/{branch}" if has_branch.returncode == 0 else "origin/HEAD"
    # The clone is scratch: what the last wave left uncommitted here (the report rewritten
    # after the wave's commit) is discarded, the remote branch is the truth.
    _git(path, "checkout", "-q", "-f", "-B", branch, start)
    _git(path, "reset", "-q", "--hard", start)
    _git(path, "clean", "-q", "-fd", "-e", ".ondas")
    return path


def push(path: Path, branch: str) -> None:
    """Push ``branch`` back to the remote (fast-forward only)."""
    _git(path, "push", "-q", "origin", f"{branch}:{branch}")
