"""Local git commits of a wave's files: explicit paths only, never ``add -A``, never a push."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from ondas.state import atomic, proc

AUTHOR = ("ondas", "ondas@localhost")


def _git(project: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", *args], cwd=project, capture_output=True, text=True, check=check, timeout=60
    )


def available() -> bool:
    """True when a ``git`` executable is on PATH (without it, waves are not committed)."""
    return shutil.which("git") is not None


def is_repo(project: Path) -> bool:
    """True when ``project`` is the top of a git work tree."""
    out = _git(project, "rev-parse", "--show-toplevel", check=False)
    return out.returncode == 0 and Path(out.stdout.strip()).resolve() == project.resolve()


def ensure_repo(project: Path) -> bool:
    """Initialise a repository in ``project`` when it has none; True when one was created.

    Two processes racing to initialise the same directory both end with the repository: a
    failed ``git init`` is fine when a repository is there afterwards.
    """
    if not available() or is_repo(project):
        return False
    out = _git(project, "init", "-q", check=False)
    if (
        out.returncode != 0
        and not is_repo(project)
        and _drop_stale(project / ".git" / "config.lock")
    ):
        # A git init killed midway leaves config.lock behind; every later init then fails.
        out = _git(project, "init", "-q", check=False)
    if out.returncode != 0:
        if is_repo(project):
            return False
        raise subprocess.CalledProcessError(out.returncode, ["git", "init"], out.stdout, out.stderr)
    return True


def git_dir(project: Path) -> Path | None:
    """The repository's git directory (``.git`` or a worktree's), or ``None``."""
    if not available():
        return None
    out = _git(project, "rev-parse", "--absolute-git-dir", check=False)
    return Path(out.stdout.strip()) if out.returncode == 0 and out.stdout.strip() else None


LOCK_FILES = ("index.lock", "HEAD.lock")


def stale_index_lock(project: Path) -> Path | None:
    """``index.lock`` (or ``HEAD.lock``, or the branch ref's lock) when no live git process
    can own it (it is older than all of them).

    A process killed inside ``git add`` or ``git commit`` leaves the lock behind and every
    later git write fails ("cannot lock ref 'HEAD'" for a commit killed while it moved the
    branch). A lock is left alone while a git process that started before it was written is
    alive: that process may still be using it.
    """
    gdir = git_dir(project)
    if gdir is None:
        return None
    candidates = [gdir / name for name in LOCK_FILES]
    try:
        head_ref = (gdir / "HEAD").read_text(encoding="utf-8").strip()
    except OSError:
        head_ref = ""
    if head_ref.startswith("ref: refs/"):
        candidates.append(gdir / f"{head_ref[5:]}.lock")
    for lock in candidates:
        if _is_stale(project, lock):
            return lock
    return None


def _is_stale(project: Path, lock: Path) -> bool:
    """``lock`` exists and no live git process working in ``project`` is older than it.

    Only git processes working in ``project`` (their working directory is it or below it)
    count. Many unrelated git processes come and go on a busy machine: one that has exited,
    is exiting (its directory already released) or is a zombie by the time its ``/proc``
    entry is read runs no more code, so it is skipped rather than taken for a possible
    owner. A live process whose directory this user may not read still counts.
    """
    try:
        written = lock.stat().st_mtime
    except OSError:
        return False
    top = project.resolve()
    for pid in proc.processes_named("git"):
        cwd = proc.cwd_of(pid)
        if cwd is None:
            if not (proc.cwd_is_private(pid) and proc.is_live(pid)):
                continue  # exited, exiting or a zombie since the listing
        elif cwd != top and top not in cwd.parents:
            continue
        started = proc.start_epoch(pid)
        if started is None:
            continue  # gone since the listing: it holds nothing
        if started <= written + 1.0:
            return False
    return True


def _drop_stale(lock: Path) -> bool:
    """Remove ``lock`` (a file under ``<project>/.git``) when stale; True when removed."""
    if not _is_stale(lock.parent.parent, lock):
        return False
    try:
        lock.unlink()
    except FileNotFoundError:
        return False
    return True


def remove_stale_index_lock(project: Path) -> dict[str, object] | None:
    """Remove a stale ``index.lock``; returns what was removed (for the audit) or ``None``."""
    lock = stale_index_lock(project)
    if lock is None:
        return None
    try:
        written = lock.stat().st_mtime
        lock.unlink()
    except FileNotFoundError:
        return None
    return {"path": str(lock), "mtime": written}


def commit_for(project: Path, marker: str) -> str | None:
    """The newest commit whose subject starts with ``marker`` (finds a wave's own commit)."""
    if not available() or head(project) is None:
        return None
    out = _git(project, "log", "--format=%H%x09%s", "-n", "200", check=False)
    for line in out.stdout.splitlines():
        sha, _, subject = line.partition("\t")
        if subject.startswith(marker):
            return sha
    return None


def head(project: Path) -> str | None:
    """The current commit, or ``None`` before the first one (or without git)."""
    if not available():
        return None
    out = _git(project, "rev-parse", "-q", "--verify", "HEAD", check=False)
    return out.stdout.strip() or None


def changed_paths(project: Path, since: str | None) -> list[str]:
    """Files changed since commit ``since`` (committed or not) plus untracked files."""
    paths: set[str] = set()
    if not available() or not is_repo(project):
        return []
    if since:
        out = _git(project, "diff", "--name-only", since, check=False)
        paths.update(p for p in out.stdout.splitlines() if p)
    else:
        out = _git(project, "ls-files", check=False)
        paths.update(p for p in out.stdout.splitlines() if p)
    out = _git(project, "ls-files", "--others", "--exclude-standard", check=False)
    paths.update(p for p in out.stdout.splitlines() if p)
    return sorted(paths)


def _clean_message(project: Path, message: str) -> str:
    from ondas.guards.secrets import sanitize_commit_message
    from ondas.orchestrator.report import project_env_values

    return str(sanitize_commit_message(message, env_values=project_env_values(project)))


def commit_paths(project: Path, paths: list[str], message: str) -> str | None:
    """Stage exactly ``paths`` (those that exist or were deleted) and commit them locally.

    Temp files of atomic writes (:mod:`ondas.state.atomic`) are never staged.

    Returns the new commit, or ``None`` when nothing changed or git is not installed. The
    message goes through the secrets filter (the project's ``.env`` values included).
    """
    if not available() or not is_repo(project):
        return None
    message = _clean_message(project, message)
    wanted = [p for p in dict.fromkeys(paths) if p and not atomic.is_temp_path(p)]
    present = [p for p in wanted if (project / p).exists()]
    gone = [p for p in wanted if not (project / p).exists()]
    if present:
        _git(project, "add", "-f", "--", *present)
    if gone:
        _git(project, "rm", "-q", "--cached", "--ignore-unmatch", "--", *gone)
    existing = present + gone
    if not existing:
        return None
    diff = _git(project, "diff", "--cached", "--name-only", "--", *existing, check=False)
    staged = [p for p in diff.stdout.splitlines() if p]
    if not staged:
        return None
    name, email = AUTHOR
    _git(
        project,
        "-c",
        f"user.name={name}",
        "-c",
        f"user.email={email}",
        "commit",
        "-q",
        "--no-verify",
        "-m",
        message,
        "--",
        *staged,
    )
    return head(project)
