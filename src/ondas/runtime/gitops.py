"""Local git commits of a wave's files: explicit paths only, never ``add -A``, never a push.

Every git process goes through the hardened runner (:mod:`ondas.git`). A nested
repository the agent made inside the project is never staged (it would become a gitlink whose
own configuration, ``core.fsmonitor`` included, every later ``git status`` runs): it is left
out of the commit and reported to the caller, which records it.

Every git child runs in a session of its own (see :mod:`ondas.git`): a terminal's
Ctrl-C reaches ondas, which finishes the step, never a git half-way through a commit.
"""

from __future__ import annotations

import os
import re
import stat as stat_mod
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from ondas import git as rgit
from ondas.state import atomic, proc

AUTHOR = rgit.AUTHOR
available = rgit.available


_REPOS: dict[str, tuple[tuple[object, ...], Path]] = {}
"""Git directory of each project found to be the top of a work tree, with the identity of
its ``.git`` when it was asked: a wave asks "is this a repository, where is its git dir"
several times and the answer stays the same while ``.git`` is the same file."""


def _dot_git_identity(project: Path) -> tuple[object, ...] | None:
    """What identifies ``project/.git`` (and the environment that could redirect git)."""
    try:
        st = os.stat(project / ".git")
    except OSError:
        return None
    # A .git directory's mtime changes with every commit; a .git file (a worktree's link)
    # only when it is rewritten, which may point it elsewhere.
    content = () if stat_mod.S_ISDIR(st.st_mode) else (st.st_size, st.st_mtime_ns)
    env = tuple(os.environ.get(k) for k in ("GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR"))
    return (st.st_dev, st.st_ino, *content, *env)


def _repo_git_dir(project: Path) -> Path | None:
    """The git directory when ``project`` is the top of a work tree, else ``None``.

    One ``git rev-parse`` answers both questions; a positive answer is reused while
    ``project/.git`` stays the same (a negative one is not: ``ensure_repo`` may create it).
    """
    top = project.resolve()
    key = str(top)
    identity = _dot_git_identity(project)
    cached = _REPOS.get(key)
    if identity is not None and cached is not None and cached[0] == identity:
        return cached[1]
    _REPOS.pop(key, None)
    out = rgit.run(project, "rev-parse", "--show-toplevel", "--absolute-git-dir", check=False)
    lines = out.stdout.splitlines()
    if out.returncode != 0 or len(lines) < 2 or Path(lines[0]).resolve() != top:
        return None
    gdir = Path(lines[1])
    if identity is not None:
        _REPOS[key] = (identity, gdir)
    return gdir


def is_repo(project: Path) -> bool:
    """True when ``project`` is the top of a git work tree."""
    return _repo_git_dir(project) is not None


def ensure_repo(project: Path) -> bool:
    """Initialise a repository in ``project`` when it has none; True when one was created.

    Two processes racing to initialise the same directory both end with the repository: a
    failed ``git init`` is fine when a repository is there afterwards.
    """
    if not available() or is_repo(project):
        return False
    out = rgit.run(project, "init", "-q", check=False)
    if (
        out.returncode != 0
        and not is_repo(project)
        and _drop_stale(project / ".git" / "config.lock")
    ):
        # A git init killed midway leaves config.lock behind; every later init then fails.
        out = rgit.run(project, "init", "-q", check=False)
    if out.returncode != 0:
        if is_repo(project):
            return False
        raise rgit.GitError(f"git init failed in {project}: {out.stderr.strip()[-300:]}")
    return True


def git_dir(project: Path) -> Path | None:
    """The repository's git directory (``.git`` or a worktree's), or ``None``."""
    if not available():
        return None
    known = _repo_git_dir(project)
    if known is not None:
        return known
    out = rgit.run(project, "rev-parse", "--absolute-git-dir", check=False)
    return Path(out.stdout.strip()) if out.returncode == 0 and out.stdout.strip() else None


RUN_DIRECTORIES = (".ondas", ".claude")
"""ondas' own directories in a project: run records and the hooks it installs."""


def add_excludes(project: Path, patterns: list[str] | tuple[str, ...]) -> list[str]:
    """Append the missing ``patterns`` to the repository's ``info/exclude`` (shared by its
    worktrees, never committed); returns those added."""
    if not available() or not is_repo(project):
        return []
    out = rgit.run(project, "rev-parse", "--git-common-dir", check=False)
    if out.returncode != 0 or not out.stdout.strip():
        return []
    exclude = (project / out.stdout.strip()).resolve() / "info" / "exclude"
    present = exclude.read_text(encoding="utf-8").splitlines() if exclude.is_file() else []
    missing = [p for p in dict.fromkeys(patterns) if p not in present]
    if missing:
        exclude.parent.mkdir(parents=True, exist_ok=True)
        with exclude.open("a", encoding="utf-8") as fh:
            if present and present[-1] != "":
                fh.write("\n")
            fh.write("\n".join(missing) + "\n")
    return missing


def exclude_run_directories(project: Path) -> list[str]:
    """Keep ondas' own directories out of ``git status`` (:func:`add_excludes`).

    ``.claude/settings.json`` carries this machine's interpreter path and ``.ondas/`` the
    run's records: neither is the person's work, and an ``?? .claude/`` after every run is
    noise. Only a directory the repository tracks nothing under is excluded (a project that
    commits its ``.claude/`` keeps seeing its changes). The pipeline still commits its own
    ``.ondas`` files (it adds them with ``-f``). Returns the patterns added.
    """
    if not available() or not is_repo(project):
        return []
    listed = rgit.run(project, "ls-files", "-z", "--", *RUN_DIRECTORIES, check=False).stdout
    tracked = {p.split("/", 1)[0] for p in listed.split("\0") if p}
    return add_excludes(project, [f"/{name}/" for name in RUN_DIRECTORIES if name not in tracked])


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


def commit_for(project: Path, marker: str, since: str | None = None) -> str | None:
    """The newest commit whose subject starts with ``marker`` (finds a wave's own commit).

    With ``since`` only the commits made after it are searched (a wave's base: an earlier
    execution's wave of the same number is never taken for this one's).
    """
    if not available():
        return None
    # Before the first commit the log fails and lists nothing: no separate HEAD check.
    span = [f"{since}..HEAD"] if since else []
    out = rgit.run(project, "log", "--format=%H%x09%s", "-n", "200", *span, check=False)
    if out.returncode != 0:
        return None
    for line in out.stdout.splitlines():
        sha, _, subject = line.partition("\t")
        if subject.startswith(marker):
            return sha
    return None


def head(project: Path) -> str | None:
    """The current commit, or ``None`` before the first one (or without git)."""
    if not available():
        return None
    out = rgit.run(project, "rev-parse", "-q", "--verify", "HEAD", check=False)
    return out.stdout.strip() or None


@dataclass(frozen=True)
class _Entry:
    """One line of ``git status --porcelain=v2``: ``kind`` is ``1`` (tracked, changed), ``u``
    (unmerged), ``?`` (untracked) or ``!`` (ignored); ``xy`` the index and work-tree states."""

    kind: str
    xy: str
    sub: str
    path: str


@dataclass(frozen=True)
class _Status:
    head: str | None
    entries: list[_Entry]


@dataclass(frozen=True)
class _Seen:
    """A whole-tree status (ignored paths listed too) and when it started: the wave's commit
    reads the states of the wave's paths from it while neither they nor the refs changed."""

    status: _Status
    started_ns: int
    stamp: tuple[object, ...]


_SEEN: dict[str, _Seen] = {}
"""The last whole-tree status of each project (see :func:`_fresh_entries`)."""


def _status(project: Path, *options: str, pathspecs: list[str] | None = None) -> _Status | None:
    """One ``git status`` of the work tree: the HEAD commit and every changed path.

    ``--no-optional-locks``: like ``git diff``, the status never rewrites the index, so it
    never holds ``index.lock`` (the stale-lock handling and a concurrent git are unaffected).
    ``None`` when git fails (callers then ask the way they did before).

    A status of the whole tree lists ignored paths too and is remembered: what it says of
    HEAD serves the report (:func:`ondas.git.known_head`), its entries the wave's commit.
    """
    whole = pathspecs is None
    args = ["--no-optional-locks", "status", "--porcelain=v2", "-z", "--branch"]
    # No ahead/behind count: a branch tracking a remote ondas never pushes to would walk
    # every commit of the run at every status.
    args += ["--no-ahead-behind", "--untracked-files=all", "--no-renames", *options]
    if pathspecs is None:
        args.append("--ignored=matching")
    else:
        args += ["--", *pathspecs]
    stamp = rgit.ref_stamp(project) if whole else None
    started = _file_clock_ns()
    proc = rgit.run_bytes(project, *args)
    if proc.returncode != 0:
        return None
    out = proc.stdout.decode("utf-8", errors="surrogateescape")
    head: str | None = None
    upstream: str | None = None
    live = False
    entries: list[_Entry] = []
    fields = iter(out.split("\0"))
    for field in fields:
        kind = field[:1]
        if field.startswith("# branch.oid "):
            oid = field.removeprefix("# branch.oid ")
            head = None if oid == "(initial)" else oid
        elif field.startswith("# branch.upstream "):
            upstream = field.removeprefix("# branch.upstream ")
        elif field.startswith("# branch.ab "):  # only while the upstream's ref exists
            live = True
        elif kind == "1":
            parts = field.split(" ", 8)
            entries.append(_Entry(kind, parts[1], parts[2], parts[8]))
        elif kind == "2":  # a rename (only if --no-renames is ever dropped): path, then origin
            parts = field.split(" ", 9)
            entries.append(_Entry(kind, parts[1], parts[2], parts[9]))
            next(fields, None)
        elif kind == "u":
            parts = field.split(" ", 10)
            entries.append(_Entry(kind, parts[1], parts[2], parts[10]))
        elif kind in ("?", "!"):
            entries.append(_Entry(kind, "", "", field[2:]))
    status = _Status(head, entries)
    if whole:
        _remember(project, status, stamp, started, upstream, live and upstream is not None)
    return status


def _remember(
    project: Path,
    status: _Status,
    stamp: tuple[object, ...] | None,
    started: int,
    upstream: str | None,
    live: bool,
) -> None:
    key = str(project.resolve())
    _SEEN.pop(key, None)
    remembered = rgit.remember_head(project, stamp, status.head, upstream, live)
    if remembered and stamp is not None:
        _SEEN[key] = _Seen(status, started, stamp)


_COARSE_CLOCK = 5
"""Linux's ``CLOCK_REALTIME_COARSE``: the clock the kernel stamps file times with."""


def _file_clock_ns() -> int:
    """Now, on the clock file times are stamped with: a path written after this reading has
    a time at or after it (elsewhere: the fine clock, less a margin for the coarse one)."""
    if sys.platform.startswith("linux"):
        try:
            return time.clock_gettime_ns(_COARSE_CLOCK)
        except OSError:
            pass
    return time.time_ns() - 50_000_000


def _fresh_entries(project: Path, paths: list[str]) -> list[_Entry] | None:
    """The entries of the remembered whole-tree status under ``paths`` when it still holds
    for them: the refs and the index unchanged, and no path (nor, for a missing one, its
    directory) changed since shortly before it ran. ``None``: ask git again.

    A path the status listed is staged as it is at the commit (one gone or back to HEAD's
    content since makes the commit fail, and git is asked). One it did not list was clean,
    ignored or missing: it must not have changed since. A path under an ignored directory is
    not listed by that status on its own: ``None``.
    """
    seen = _SEEN.get(str(project.resolve()))
    if seen is None or rgit.ref_stamp(project) != seen.stamp:
        return None
    limit = seen.started_ns
    ignored_dirs = [e.path for e in seen.status.entries if e.kind == "!" and e.path.endswith("/")]
    listed = {e.path for e in seen.status.entries}
    for rel in paths:
        if rel in listed:
            continue  # staged as it is now; gone or back to HEAD since: the commit fails
        if _covers_any(rel, [d.rstrip("/") for d in ignored_dirs]):
            return None
        if not _settled(project, rel, limit):
            return None
    return [e for e in seen.status.entries if any(_covers(p, {e.path}) for p in paths)]


def _settled(project: Path, rel: str, limit: int) -> bool:
    """True when ``rel`` has not changed since ``limit`` (a missing path: its nearest
    directory); a time equal to ``limit`` may be after it."""
    target = project / rel
    try:
        st = target.lstat()
    except OSError:
        st = None
    if st is not None:
        return max(st.st_mtime_ns, st.st_ctime_ns) < limit
    parent = target.parent
    while parent != project and not parent.exists():
        parent = parent.parent
    try:
        pst = parent.lstat()
    except OSError:
        return False
    return max(pst.st_mtime_ns, pst.st_ctime_ns) < limit


def _names(out: bytes) -> set[str]:
    return {p for p in out.decode("utf-8", errors="surrogateescape").split("\0") if p}


def _differs_from_head(project: Path, status: _Status) -> set[str]:
    """The paths ``git diff --name-only HEAD`` plus the untracked files would list.

    A path changed both in the index and in the work tree may be back to HEAD's content;
    only for those (rare: a person's partly staged file) is git asked again.
    """
    paths: set[str] = set()
    unsure: list[str] = []
    for entry in status.entries:
        if entry.kind == "?":
            paths.add(entry.path)
        elif entry.kind == "!":
            continue
        elif status.head is None or (entry.kind == "1" and "." in entry.xy):
            paths.add(entry.path)  # before the first commit, every indexed path (ls-files)
        else:
            unsure.append(entry.path)
    if unsure:
        paths |= _names(
            _git_bytes(
                project, "--literal-pathspecs", "diff", "--name-only", "-z", "HEAD", "--", *unsure
            )
        )
    return paths


def head_and_changes(project: Path) -> tuple[str | None, list[str]]:
    """The current commit and the files changed since it (committed or not) plus untracked
    files, from one ``git status``; ``(None, [])`` without git or a repository."""
    if not available() or not is_repo(project):
        return None, []
    status = _status(project)
    if status is None:
        since = head(project)
        return since, _listed(project, since)
    return status.head, sorted(_differs_from_head(project, status))


def changed_paths(project: Path, since: str | None) -> list[str]:
    """Files changed since commit ``since`` (committed or not) plus untracked files."""
    if not available() or not is_repo(project):
        return []
    status = _status(project)
    if status is not None and since == status.head:
        return sorted(_differs_from_head(project, status))
    # HEAD moved since ``since`` (or ``since`` is None after a first commit): diff against it.
    untracked = None if status is None else {e.path for e in status.entries if e.kind == "?"}
    return _listed(project, since, untracked)


def _listed(project: Path, since: str | None, untracked: set[str] | None = None) -> list[str]:
    """Files changed since ``since`` (all tracked files when ``None``) plus untracked ones."""
    args = ["diff", "--name-only", "-z", since] if since else ["ls-files", "-z"]
    paths = _names(_git_bytes(project, *args))
    if untracked is None:
        untracked = _names(_git_bytes(project, "ls-files", "-z", "--others", "--exclude-standard"))
    return sorted(paths | untracked)


def _git_bytes(project: Path, *args: str) -> bytes:
    """The output of a git command that lists paths (``-z``), empty when it fails."""
    out = rgit.run_bytes(project, *args)
    return out.stdout if out.returncode == 0 else b""


def _clean_message(project: Path, message: str) -> str:
    from ondas.guards.secrets import sanitize_commit_message

    return str(sanitize_commit_message(message, env_values=project_env_values(project)))


def commit_paths(
    project: Path,
    paths: list[str],
    message: str,
    left_out: list[str] | None = None,
    *,
    rewritten: tuple[str, ...] | list[str] = (),
) -> str | None:
    """Stage exactly ``paths`` (those that exist or were deleted) and commit them locally.

    Temp files of atomic writes (:mod:`ondas.state.atomic`) are never staged. Nor is a nested
    repository (a directory holding its own ``.git``) or anything in it: ondas never creates
    a gitlink; each one met is appended to ``left_out`` for the caller to report.

    Returns the new commit, or ``None`` when nothing changed or git is not installed. The
    message goes through the secrets filter (the project's ``.env`` values included).

    Four git processes: one ``status`` of the paths says what differs (nothing: no further
    git), one ``add -A -f`` stages the present files and the deletions, one ``commit``, one
    ``log`` (a wave's commit, its line counts kept for the report) or ``rev-parse`` reads the
    new commit. A person's partly staged file among the paths costs one ``diff --cached``.

    ``rewritten``: paths among ``paths`` that ondas itself has just written (the run's state
    files). When the last whole-tree status still holds for the other paths (see
    :func:`_fresh_entries`), it stands in for the ``status`` and the rewritten files are
    staged and committed as they are: three processes.
    """
    if not available() or not is_repo(project):
        return None
    message = _clean_message(project, message)
    wanted = [p for p in dict.fromkeys(paths) if p and not atomic.is_temp_path(p)]
    nested = [p.rstrip("/") for p in wanted if _is_nested_repo(project, p)]
    wanted = [p for p in wanted if not _covers_any(p, nested)]
    if not wanted:
        _report_nested(nested, left_out)
        return None
    if rewritten:
        made = _commit_seen(project, wanted, list(rewritten), message, nested, left_out)
        if made is not _ASK_GIT:
            return made if isinstance(made, str) else None
    status = _status(project, "--ignored=matching", pathspecs=wanted)
    if status is None:
        _report_nested(nested, left_out)
        return _commit_listed(project, wanted, message)
    inner = [e.path.rstrip("/") for e in status.entries if _is_nested_repo(project, e.path)]
    nested += [p for p in inner if p not in nested]
    _report_nested(nested, left_out)
    status = _Status(status.head, [e for e in status.entries if not _covers_any(e.path, nested)])
    if not status.entries:
        return None  # nothing under these paths differs from HEAD, the index or the disk
    present = [p for p in wanted if (project / p).exists()]
    # A missing path is staged (its deletion) only when the index holds it: else ``add``
    # would refuse a pathspec that matches nothing.
    indexed = {e.path for e in status.entries if e.kind == "u" or e.xy[1:] == "D"}
    gone = [p for p in wanted if not (project / p).exists() and _covers(p, indexed)]
    staged, unsure = _staged_after_add(project, status.entries)
    if present or gone:
        keep_out = [f":(exclude){p}" for p in nested]
        rgit.run(project, "add", "-A", "-f", "--", *present, *gone, *keep_out)
    if unsure:  # the index says what differs from HEAD, as the status could not
        staged = _names(_git_bytes(project, "diff", "--cached", "--name-only", "-z", "--", *wanted))
    if not staged:
        return None
    return _commit(project, sorted(staged), message)


_ASK_GIT = object()
"""What :func:`_commit_seen` returns when the remembered status cannot stand in."""


def _commit_seen(
    project: Path,
    wanted: list[str],
    rewritten: list[str],
    message: str,
    nested: list[str],
    left_out: list[str] | None,
) -> object:
    """The commit of :func:`commit_paths` made from the remembered whole-tree status: the
    new commit, ``None`` (nothing differs), or :data:`_ASK_GIT`."""
    ours = [p for p in wanted if p in rewritten]
    theirs = [p for p in wanted if p not in rewritten]
    if not ours or not all((project / p).is_file() for p in ours):
        return _ASK_GIT
    entries = _fresh_entries(project, theirs)
    if entries is None:
        return _ASK_GIT
    inner = [e.path.rstrip("/") for e in entries if _is_nested_repo(project, e.path)]
    if inner:
        return _ASK_GIT
    staged, unsure = _staged_after_add(project, entries)
    if unsure:
        return _ASK_GIT
    present = [p for p in theirs if (project / p).exists()]
    indexed = {e.path for e in entries if e.kind == "u" or e.xy[1:] == "D"}
    gone = [p for p in theirs if not (project / p).exists() and _covers(p, indexed)]
    keep_out = [f":(exclude){p}" for p in nested]
    rgit.run(project, "add", "-A", "-f", "--", *present, *gone, *ours, *keep_out)
    try:
        made = _commit(project, sorted(staged | set(ours)), message)
    except rgit.GitError:
        return _ASK_GIT  # nothing differed (or the tree moved): the status says which
    _report_nested(nested, left_out)
    return made


def _is_nested_repo(project: Path, path: str) -> bool:
    """True when ``path`` is a directory of its own repository (not the project itself)."""
    rel = path.rstrip("/")
    return bool(rel) and os.path.lexists(project / rel / ".git")


def _covers_any(path: str, roots: list[str]) -> bool:
    """True when ``path`` is one of ``roots`` or lies under one."""
    rel = path.rstrip("/")
    return any(rel == r or rel.startswith(r + "/") for r in roots)


def _report_nested(nested: list[str], left_out: list[str] | None) -> None:
    if left_out is not None:
        left_out.extend(p for p in nested if p not in left_out)


def _covers(path: str, names: set[str]) -> bool:
    """True when ``path`` (a pathspec) names one of ``names`` or a directory holding one."""
    prefix = path.rstrip("/") + "/"
    return any(n == path or n.startswith(prefix) for n in names)


def _staged_after_add(project: Path, entries: list[_Entry]) -> tuple[set[str], list[str]]:
    """Which changed paths differ from HEAD once ``add -A -f`` made the index match the disk.

    Read from the status states; a path whose outcome they do not settle (changed in both
    the index and the work tree, a directory entry, a submodule, a conflict) is ``unsure``:
    the index is asked about it after the add.
    """
    staged: set[str] = set()
    unsure: list[str] = []
    for entry in entries:
        x, y = entry.xy[:1], entry.xy[1:]
        if entry.kind in "?!" and not entry.path.endswith("/"):
            staged.add(entry.path)  # untracked (or ignored: -f), now added
        elif entry.kind != "1" or not entry.sub.startswith("N"):
            unsure.append(entry.path)
        elif y == "D":
            if x != "A":  # in HEAD, removed by the add
                staged.add(entry.path)
        elif x == "." or (y == "." and not (x == "D" and (project / entry.path).exists())):
            staged.add(entry.path)  # only one side changed: the disk differs from HEAD
        else:
            unsure.append(entry.path)
    return staged, unsure


def _commit(project: Path, staged: list[str], message: str) -> str | None:
    rgit.run(project, "commit", "-q", "--no-verify", "-m", message, "--", *staged, author=True)
    from ondas.report import gitinfo

    if gitinfo.WAVE_COMMIT.match(message):
        # The report shows each wave commit's line counts: read them with the new commit's id.
        made = gitinfo.head_with_numstat(project)
        if made:
            return made
    return head(project)


def _commit_listed(project: Path, wanted: list[str], message: str) -> str | None:
    """The commit as made when ``git status`` cannot say what changed: add, rm, diff."""
    present = [p for p in wanted if (project / p).exists()]
    gone = [p for p in wanted if not (project / p).exists()]
    if present:
        rgit.run(project, "add", "-f", "--", *present)
    if gone:
        rgit.run(project, "rm", "-q", "--cached", "--ignore-unmatch", "--", *gone)
    diff = rgit.run(project, "diff", "--cached", "--name-only", "--", *wanted, check=False)
    staged = [p for p in diff.stdout.splitlines() if p]
    return _commit(project, staged, message) if staged else None


def project_env_values(project: Path) -> list[str]:
    """The values of the project's ``.env`` worth redacting (empty without one)."""
    from ondas.errors import UsageError
    from ondas.guards.secrets import load_env_values

    env_file = project / ".env"
    try:
        return list(load_env_values(env_file)) if env_file.is_file() else []
    except (OSError, UnicodeDecodeError, UsageError):
        return []


def origin_url(worktree: Path) -> str | None:
    """The URL of the ``origin`` remote, resolved against the project, or ``None``.

    A relative local path (``../origin.git``) is relative to the project's top directory,
    where the person added it; ondas pushes from a feature worktree inside ``.ondas/``,
    where the same text names another place, so it is made absolute here.
    """
    out = rgit.run(worktree, "remote", "get-url", "origin", check=False)
    url = out.stdout.strip() if out.returncode == 0 else ""
    if not url:
        return None
    return resolve_url(url, project_top(worktree) or worktree)


def project_top(worktree: Path) -> Path | None:
    """The project's main working tree (the parent of the common git directory)."""
    out = rgit.run(worktree, "rev-parse", "--path-format=absolute", "--git-common-dir", check=False)
    common = out.stdout.strip()
    return Path(common).parent if out.returncode == 0 and common else None


def resolve_url(url: str, top: Path) -> str:
    """``url`` with a relative local path made absolute against ``top`` (other URLs as is)."""
    if "://" in url or url.startswith("/") or re.match(r"^[^/]+:", url):
        return url  # a URL, an absolute path, or scp-like host:path
    return str((top / url).resolve())


def default_branch(worktree: Path, url: str) -> tuple[str | None, str]:
    """The remote's default branch, read from the remote (``git ls-remote --symref URL
    HEAD``), with how it was found; ``None`` with the reason when the remote does not say."""
    out = rgit.run(worktree, "ls-remote", "--symref", url, "HEAD", check=False)
    for line in out.stdout.splitlines() if out.returncode == 0 else []:
        if line.startswith("ref: refs/heads/") and line.endswith("\tHEAD"):
            return line[len("ref: refs/heads/") : -len("\tHEAD")], f"the remote's HEAD ({url})"
    why = (out.stderr or "").strip().splitlines()[-1:] or ["it names no HEAD branch"]
    return None, f"could not read the default branch of {url}: {why[0]}"
