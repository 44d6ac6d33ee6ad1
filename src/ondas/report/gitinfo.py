"""What git knows about a run: the commit of each wave and the diff stat of its files."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ondas import git as rgit

WAVE_COMMIT = re.compile(r"^ondas (wave-\d+)\b")


@dataclass
class Commit:
    """One commit of the project, with its per-file line counts."""

    sha: str
    subject: str
    numstat: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def short(self) -> str:
        """The abbreviated hash shown in reports."""
        return self.sha[:10]

    def stat(self, files: list[str] | None = None) -> tuple[int, int, int]:
        """(files changed, lines added, lines deleted), over ``files`` when given."""
        chosen = (
            self.numstat
            if files is None
            else {f: self.numstat[f] for f in files if f in self.numstat}
        )
        return (
            len(chosen),
            sum(a for a, _ in chosen.values()),
            sum(d for _, d in chosen.values()),
        )


def _output(project: Path, *args: str) -> str:
    """What a hardened git call printed, empty when it failed (or git is missing)."""
    if not rgit.available():
        return ""
    out = rgit.run(project, *args, check=False)
    return out.stdout if out.returncode == 0 else ""


_NUMSTATS: dict[str, dict[str, tuple[int, int]]] = {}
"""Per-file line counts by commit id: a commit's diff never changes, so the report rebuilt
after every wave asks git only for the commits it has not seen yet."""


_WAVE_LOGS: dict[str, tuple[str, dict[str, tuple[str, str]]]] = {}
"""Per project, a HEAD commit and the (sha, subject) of each wave's last commit reachable
from it: what ``git log --grep`` said, carried forward over the commits ondas makes."""


def wave_commits(project: Path) -> dict[str, Commit]:
    """The last commit made for each wave (``ondas wave-NNN: ...``), by wave id.

    Asked of git once per HEAD: while HEAD is the one the last whole-tree status saw
    (:func:`ondas.git.known_head`), the list of the last report stands, with the commits
    ondas made since added (:func:`head_with_numstat`).
    """
    found: dict[str, Commit] = {}
    if not (project / ".git").exists():
        return found
    key = str(project.resolve())
    known = rgit.known_head(project)
    cached = _WAVE_LOGS.get(key)
    head = None if known is None else (known[0] or "")  # "": unborn, no commit yet
    if head is not None and cached is not None and cached[0] == head:
        found = {wave: Commit(sha, subject) for wave, (sha, subject) in cached[1].items()}
    elif head == "":
        _WAVE_LOGS[key] = (head, {})  # no commit yet: no wave's either
    else:
        log = _output(project, "log", "--grep=^ondas wave-", "--format=%H%x1f%s")
        for line in log.splitlines():
            sha, _, subject = line.partition("\x1f")
            match = WAVE_COMMIT.match(subject)
            if match is None or match.group(1) in found:
                continue
            found[match.group(1)] = Commit(sha.strip(), subject.strip())
        if head is not None and rgit.known_head(project) == known:
            _WAVE_LOGS[key] = (head, {w: (c.sha, c.subject) for w, c in found.items()})
    _load_numstats(project, [c.sha for c in found.values() if c.sha not in _NUMSTATS])
    for commit in found.values():
        commit.numstat = dict(_NUMSTATS.get(commit.sha, {}))
    return found


def _load_numstats(project: Path, shas: list[str]) -> list[tuple[str, str, str]]:
    """Read the line counts of ``shas`` (as ``git log --numstat`` shows them) into the cache;
    returns (commit id, parents, subject) of each commit read."""
    if not shas:
        return []
    out = _output(
        project,
        "log",
        "--no-walk=unsorted",
        "--numstat",
        "--no-renames",
        "--format=%x1e%H%x1f%P%x1f%s",
        *shas,
    )
    read: list[tuple[str, str, str]] = []
    for record in out.split("\x1e"):
        if not record.strip():
            continue
        first, _, rest = record.partition("\n")
        sha, parents, subject = [*first.split("\x1f", 2), "", ""][:3]
        numstat: dict[str, tuple[int, int]] = {}
        for line in rest.splitlines():
            parts = line.split("\t")
            if len(parts) == 3:
                added = int(parts[0]) if parts[0].isdigit() else 0
                deleted = int(parts[1]) if parts[1].isdigit() else 0
                numstat[parts[2]] = (added, deleted)
        _NUMSTATS[sha.strip()] = numstat
        read.append((sha.strip(), parents.strip(), subject.strip()))
    return read


def head_with_numstat(project: Path) -> str | None:
    """The HEAD commit, its line counts read into the report's cache by the same process.

    Called right after a wave's commit: the report rebuilt after the next wave then finds the
    commit's counts cached instead of asking git again.
    """
    read = _load_numstats(project, ["HEAD"])
    if not read:
        return None
    sha, parents, subject = read[0]
    key = str(project.resolve())
    cached = _WAVE_LOGS.pop(key, None)
    if cached is not None and parents == cached[0]:  # made on the HEAD listed last (or first)
        match = WAVE_COMMIT.match(subject)
        waves = dict(cached[1])
        if match is not None:
            waves.pop(match.group(1), None)
            waves = {match.group(1): (sha, subject), **waves}
        _WAVE_LOGS[key] = (sha, waves)
    return sha


def head(project: Path) -> str | None:
    """The project's HEAD commit, or ``None``."""
    if not (project / ".git").exists():
        return None
    return _output(project, "rev-parse", "-q", "--verify", "HEAD").strip() or None


def branch(project: Path) -> tuple[str | None, bool]:
    """:func:`head` and :func:`has_upstream` from one ``git for-each-ref`` (the current branch's
    line); a detached or unborn HEAD tracks nothing and its commit is asked separately."""
    if not (project / ".git").exists():
        return None, False
    known = rgit.known_head(project)
    if known is not None:  # the last whole-tree status said, and no ref moved since
        return known
    fields = "%(HEAD)%00%(objectname)%00%(upstream)%00%(upstream:track)"
    for line in _output(project, "for-each-ref", f"--format={fields}", "refs/heads/").splitlines():
        current, sha, upstream, track = [*line.split("\0"), "", "", ""][:4]
        if current == "*":
            # A configured upstream whose remote-tracking branch is gone resolves to nothing.
            return sha or None, bool(upstream) and track != "[gone]"
    return head(project), False


def has_upstream(project: Path) -> bool:
    """True when the current branch tracks a remote branch."""
    if not (project / ".git").exists():
        return False
    return bool(_output(project, "rev-parse", "--abbrev-ref", "@{upstream}").strip())
