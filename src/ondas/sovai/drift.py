"""Plan drift: work an executor did on files its decomposition never named is reverted.

The decomposition is the contract of a sovai run: each task lists the files it touches. After
a batch of tasks ran, every file the batch changed that no task of the decomposition names
(a listed file, or anything under a listed directory) drifted from the plan; it is put back
as it was before the batch (a new file removed) and the revert is recorded. A task that lists
no file declared nothing to drift from: work it shares a tree with is not judged. ondas' own
directories are never judged here.
"""

from __future__ import annotations

from collections.abc import Iterable

OWN = (".ondas/", ".claude/")


def declared(files: Iterable[str], path: str) -> bool:
    """True when ``path`` is one of ``files`` or lies under a listed directory."""
    for entry in files:
        entry = entry.strip().removeprefix("./").rstrip("/")
        if entry and (path == entry or path.startswith(entry + "/")):
            return True
    return False


def off_plan(changed: Iterable[str], files: Iterable[str]) -> list[str]:
    """The ``changed`` paths no entry of ``files`` (every task's files) names."""
    listed = list(files)
    return sorted(p for p in set(changed) if not p.startswith(OWN) and not declared(listed, p))
