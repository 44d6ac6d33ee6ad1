"""The git side of a sovai run: feature branch, task worktrees, merges, commits, push.

Everything is a plain ``git`` call with explicit paths. Nothing here ever pushes with
``--force``, pushes to the default branch, or commits on it: a run that starts on the
default branch first creates a feature branch.
"""

from __future__ import annotations

import re
import shutil
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path

from ondas import git as rgit
from ondas.runtime import gitops, pool

AUTHOR = gitops.AUTHOR
WORKTREES = Path(".ondas") / "tmp" / "worktrees"
"""Where task worktrees live: inside the project (the sandbox and guards allow it)."""
DEFAULT_NAMES = ("main", "master", "trunk", "develop")


def _out(cwd: Path, *args: str, check: bool = True) -> str:
    """The stripped output of a hardened git call made as ondas."""
    return rgit.run(cwd, *args, check=check, author=True).stdout.strip()


def current_branch(project: Path) -> str | None:
    """The checked-out branch, or ``None`` on a detached HEAD."""
    out = _out(project, "symbolic-ref", "-q", "--short", "HEAD", check=False)
    return out or None


def default_branch(project: Path) -> str:
    """The default branch: origin's HEAD (the local ref, else asked of the remote with
    ``git ls-remote --symref``), else ``init.defaultBranch``, else main/master."""
    remote_head = _out(project, "symbolic-ref", "-q", "refs/remotes/origin/HEAD", check=False)
    if remote_head:
        return remote_head.rsplit("/", 1)[-1]
    url = gitops.origin_url(project)
    if url is not None:
        named, _how = gitops.default_branch(project, url)
        if named:
            return named
    configured = _out(project, "config", "--get", "init.defaultBranch", check=False)
    branches = set(_out(project, "branch", "--format=%(refname:short)", check=False).split())
    if configured and configured in branches:
        return configured
    for name in DEFAULT_NAMES:
        if name in branches:
            return name
    return configured or "main"


def slug(text: str) -> str:
    """A branch-safe short name."""
    cleaned = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return cleaned[:40].strip("-") or "plan"


@dataclass
class BranchChoice:
    """The branch the run works on, whether it was created for it, and its commit."""

    branch: str
    default: str
    created: bool
    head: str | None = None


@dataclass(frozen=True)
class StartFacts:
    """What a run reads of the repository before it starts: HEAD, the paths already changed
    (the person's own work), the default branch and the checked-out one."""

    head: str | None
    dirty: tuple[str, ...]
    default: str
    branch: str | None


def start_facts(project: Path) -> StartFacts:
    """Read :class:`StartFacts` (read-only git: one status, the default-branch lookup)."""
    head, dirty = gitops.head_and_changes(project)
    return StartFacts(head, tuple(dirty), default_branch(project), current_branch(project))


def prefetch_start_facts(project: Path) -> Future[StartFacts]:
    """:func:`start_facts` read in the background (while the run opens its store)."""
    return pool.background(lambda: start_facts(project), "sovai-start-facts")


def ensure_feature_branch(
    project: Path, name: str, *, facts: StartFacts | None = None
) -> BranchChoice:
    """Work on a feature branch: create and check out ``name`` when on the default branch.

    In a repository without a commit the feature branch starts unborn and gets an empty
    first commit (worktrees need a base); the default branch is never written. ``facts``:
    what the caller already read of the repository.
    """
    facts = facts or start_facts(project)
    head, default = facts.head, facts.default
    if head is None:
        _out(project, "checkout", "-q", "-b", name)
        _out(project, "commit", "-q", "--allow-empty", "--no-verify", "-m", "chore: start build")
        return BranchChoice(name, default, True, gitops.head(project))
    branch = facts.branch
    if branch is not None and branch != default:
        return BranchChoice(branch, default, False, head)
    made = rgit.run(project, "checkout", "-q", "-b", name, check=False, author=True)
    if made.returncode == 0:  # a new branch at the same commit (the usual case: one git)
        return BranchChoice(name, default, True, head)
    existing = _out(project, "branch", "--list", name, "--format=%(refname:short)", check=False)
    if not existing:
        _out(project, "checkout", "-q", "-b", name)  # raises git's own error
    _out(project, "checkout", "-q", name)
    return BranchChoice(name, default, True, gitops.head(project))


def worktree_dir(project: Path, execution_id: str, task_id: str) -> Path:
    """Where task ``task_id``'s worktree lives."""
    return project / WORKTREES / f"{execution_id}-{task_id}"


def _ignore_worktrees(project: Path) -> None:
    root = project / WORKTREES
    root.mkdir(parents=True, exist_ok=True)
    ignore = root / ".gitignore"
    if not ignore.exists():
        ignore.write_text("*\n", encoding="utf-8")


def add_worktree(project: Path, execution_id: str, task_id: str) -> Path:
    """A fresh worktree of HEAD on branch ``sovai-wt/<execution>/<task>`` (a leftover is reset)."""
    _ignore_worktrees(project)
    path = worktree_dir(project, execution_id, task_id)
    branch = f"sovai-wt/{execution_id}/{task_id}"
    remove_worktree(project, path, branch)
    _out(project, "worktree", "add", "-q", "-b", branch, str(path), "HEAD")
    return path


def remove_worktree(project: Path, path: Path, branch: str | None = None) -> None:
    """Remove a worktree and its branch (whatever is left of them)."""
    if path.exists():
        _out(project, "worktree", "remove", "--force", str(path), check=False)
        shutil.rmtree(path, ignore_errors=True)
    _out(project, "worktree", "prune", check=False)
    if branch:
        _out(project, "branch", "-q", "-D", branch, check=False)


def prune_worktrees(project: Path, execution_id: str) -> None:
    """Drop every worktree a crashed run left behind.

    Without the worktrees' directory no sovai worktree was ever added here (it is made
    before the first one and never removed): there is nothing to prune and no git runs.
    """
    root = project / WORKTREES
    if not root.is_dir():
        return
    for path in root.glob(f"{execution_id}-*"):
        task = path.name[len(execution_id) + 1 :]
        remove_worktree(project, path, f"sovai-wt/{execution_id}/{task}")
    _out(project, "worktree", "prune", check=False)


def commit_worktree(path: Path, message: str) -> bool:
    """Commit everything the task changed in its worktree; True when there was a change."""
    _out(path, "add", "-A", "--", ".")
    if not _out(path, "diff", "--cached", "--name-only"):
        return False
    _out(path, "commit", "-q", "--no-verify", "-m", message)
    return True


def merge_worktree(project: Path, execution_id: str, task_id: str) -> str | None:
    """Merge a task's worktree branch into the current branch; the conflict text on failure.

    A conflicting merge is aborted: the current branch is left as it was before.
    """
    branch = f"sovai-wt/{execution_id}/{task_id}"
    name = f"merge task {task_id} from its worktree"
    try:
        _out(project, "merge", "--no-ff", "--no-edit", "-q", "-m", f"chore(sovai): {name}", branch)
    except rgit.GitError as exc:
        conflicted = _out(project, "diff", "--name-only", "--diff-filter=U", check=False)
        _out(project, "merge", "--abort", check=False)
        return f"{exc} (conflicting: {', '.join(conflicted.split()) or 'unknown'})"
    return None


def changed_files(path: Path, base: str) -> list[str]:
    """Files a worktree's branch changed since ``base``."""
    out = _out(path, "diff", "--name-only", base, "HEAD", check=False)
    return [p for p in out.splitlines() if p]


def commit(project: Path, paths: list[str], message: str) -> str | None:
    """Commit exactly ``paths`` with ``message`` (secrets filtered); the new commit or None."""
    return gitops.commit_paths(project, paths, message)


def remote_of(project: Path, branch: str) -> str | None:
    """The remote to push ``branch`` to: its upstream's, else ``origin``, else the only one."""
    upstream = _out(project, "config", "--get", f"branch.{branch}.remote", check=False)
    if upstream:
        return upstream
    remotes = _out(project, "remote", check=False).split()
    if "origin" in remotes:
        return "origin"
    return remotes[0] if len(remotes) == 1 else None


@dataclass
class PushResult:
    """How a push went: ``pushed``, ``no-remote``, ``failed`` with git's error, or
    ``not-pushed`` (the build is not verified; nothing leaves the machine)."""

    status: str
    remote: str | None
    branch: str
    detail: str


def push(
    project: Path, branch: str, default: str, *, remote_found: Future[str | None] | None = None
) -> PushResult:
    """Push ``branch`` (never the default branch, never forced) and set its upstream.

    ``remote_found``: :func:`remote_of` already asked (in the background, while the last
    commit was made)."""
    if branch == default:
        return PushResult("failed", None, branch, f"refusing to push the default branch {branch}")
    remote = remote_found.result() if remote_found else remote_of(project, branch)
    if remote is None:
        return PushResult("no-remote", None, branch, "the repository has no remote")
    proc = rgit.run(
        project,
        "push",
        "--porcelain",
        "-u",
        remote,
        f"refs/heads/{branch}:refs/heads/{branch}",
        check=False,
    )
    if proc.returncode != 0:
        error = (proc.stderr or proc.stdout).strip()
        return PushResult("failed", remote, branch, error[-1500:] or f"exit {proc.returncode}")
    return PushResult("pushed", remote, branch, f"{remote}/{branch}")


def restore(path: Path, paths: list[str], ref: str) -> list[str]:
    """Put ``paths`` of the work tree at ``path`` back as they are in commit ``ref``: a file
    ``ref`` has is checked out from it, one it lacks is removed. Returns the paths restored."""
    if not paths:
        return []
    listed = rgit.run(path, "ls-tree", "-r", "--name-only", "-z", ref, "--", *paths, check=False)
    known = {p for p in listed.stdout.split("\0") if p}
    if known:
        _out(path, "checkout", "-q", ref, "--", *sorted(known))
    for rel in paths:
        if rel in known:
            continue
        target = path / rel
        if target.is_file() or target.is_symlink():
            target.unlink()
    return sorted(paths)


def changed_between(path: Path, base: str) -> list[str]:
    """Files that differ between commit ``base`` and the work tree at ``path`` (untracked
    files included, excluded ones not)."""
    diffed = _out(path, "diff", "--name-only", base, check=False).splitlines()
    untracked = _out(path, "ls-files", "--others", "--exclude-standard", check=False).splitlines()
    return sorted({p for p in [*diffed, *untracked] if p})
