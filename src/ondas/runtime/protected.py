"""Files that decide what runs outside the sandbox, checked unchanged at every wave start.

Claude Code reads ``.claude/`` and ``.mcp.json``; git reads ``.git/config``, ``.git/hooks``,
``.git/info/attributes`` and ``.gitattributes``. The sandbox denies the agent's commands writes
to them, the path guard refuses its file tools, and unattended sessions load no project
settings; this check is the last line: a swap or an edit between two waves (``.claude``
renamed and replaced, a ``.gitattributes`` added, ``.git/config`` gaining ``core.fsmonitor``)
is found at the next wave start, recorded, blocks the run for a person and fails the command
with exit 4 (:class:`~ondas.errors.IntegrityError`). Never ignored: the run goes on only once
a person answered the block, and the files as they are then become the new baseline.

The baseline is taken at the first wave start of an execution (after ondas installed its
hooks and initialised git) and kept in the store. Upstream tracking written by ``git push -u``
(``[branch]`` sections of ``.git/config``) is not part of it; everything else is, byte for
byte, and a directory by its identity too (a replaced ``.claude`` differs even when its
files are copied over).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Any

from ondas.errors import IntegrityError
from ondas.state.store import Store

PROTECTED = (
    ".claude",
    ".mcp.json",
    ".gitattributes",
    ".git",
    ".git/config",
    ".git/config.worktree",
    ".git/hooks",
    ".git/info/attributes",
)
"""Project paths whose change between waves blocks the run (directories walked)."""
EXTRAS_KEY = "protected-files"
SUBJECT = "protected-files"
EVENT_CHANGED = "protected_files_changed"
EVENT_ACCEPTED = "protected_files_accepted"
MAX_FILES = 2000
"""A directory holding more entries than this is fingerprinted by its listing only."""


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


def _git_config(data: bytes) -> bytes:
    """``.git/config`` without its ``[branch ...]`` sections (upstreams set by a push)."""
    kept: list[str] = []
    skipping = False
    for line in data.decode("utf-8", "surrogateescape").splitlines():
        head = line.strip().lower()
        if head.startswith("["):
            skipping = head.startswith(("[branch ", '[branch"', "[branch."))
        if not skipping:
            kept.append(line)
    return "\n".join(kept).encode("utf-8", "surrogateescape")


DOCS_INSIDE_CLAUDE = "docs/"
"""``.claude/docs/``: pages the runtime regenerates for agents to read (sovai's project-doc step);
documentation, never configuration, so not part of the fingerprint."""


def _entry(path: Path, rel: str) -> str:
    """What identifies one path: absent, a link's target, a file's bytes and mode, a
    directory's contents (recursively; git's ``*.sample`` hooks, which never run, left out).

    Not a directory's inode: the same files in another clone (a fleet worker's) are the same
    configuration, and a replaced directory with other files differs by its contents."""
    try:
        st = os.lstat(path)
    except OSError:
        return "absent"
    if stat.S_ISLNK(st.st_mode):
        return f"link:{os.readlink(path)}"
    if stat.S_ISREG(st.st_mode):
        try:
            data = path.read_bytes()
        except OSError as exc:
            return f"unreadable:{exc.errno}"
        if rel == ".git/config":
            data = _git_config(data)
        return f"file:{st.st_mode & 0o7777:o}:{_digest(data)}"
    if stat.S_ISDIR(st.st_mode):
        if rel == ".git":
            return "dir"  # what matters in it: the entries listed after it
        listing: list[str] = []
        for root, dirs, files in os.walk(path):
            dirs.sort()
            for name in sorted(files + dirs):
                if rel == ".git/hooks" and name.endswith(".sample"):
                    continue
                full = Path(root) / name
                inner = full.relative_to(path).as_posix()
                if rel == ".claude" and (inner + "/").startswith(DOCS_INSIDE_CLAUDE):
                    continue
                if len(listing) >= MAX_FILES:
                    listing.append(inner)
                elif full.is_dir() and not full.is_symlink():
                    listing.append(f"{inner}=dir")
                else:
                    listing.append(f"{inner}={_entry(full, f'{rel}/{inner}')}")
        return f"dir:{_digest(chr(10).join(listing).encode())}"
    return f"other:{stat.S_IFMT(st.st_mode):o}"


def fingerprint(project: Path) -> dict[str, str]:
    """Each protected path of ``project`` and what identifies it now."""
    return {rel: _entry(project / rel, rel) for rel in PROTECTED}


def changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """Human-readable differences: ``.claude (changed)``, ``.gitattributes (added)``."""
    found = []
    for rel in sorted(set(before) | set(after)):
        old, new = before.get(rel, "absent"), after.get(rel, "absent")
        if old == new or new == "absent":
            continue  # a path gone adds no code (a fleet worker's clone has no .claude)
        found.append(f"{rel} ({'added' if old == 'absent' else 'changed'})")
    return found


def _load(store: Store, execution_id: str) -> dict[str, Any] | None:
    row = store.one(
        "SELECT value FROM extras WHERE execution_id = ? AND key = ?", (execution_id, EXTRAS_KEY)
    )
    if row is None:
        return None
    data: dict[str, Any] = json.loads(row["value"])
    return data


def _save(store: Store, execution_id: str, record: dict[str, Any], reason: str) -> None:
    with store.transaction(reason, execution_id=execution_id) as tx:
        tx.upsert(
            "extras",
            {"execution_id": execution_id, "key": EXTRAS_KEY},
            {"value": json.dumps(record, sort_keys=True)},
        )


def pending_changes(store: Store, project: Path) -> list[str]:
    """What differs now from the recorded baseline, read-only (``ondas hooks status``)."""
    from ondas.state.execution import get_execution

    record = _load(store, get_execution(store).id)
    return [] if record is None else changes(record["baseline"], fingerprint(project))


def check(store: Store, project: Path) -> list[str]:
    """At a wave start: what changed since the baseline (empty: nothing), recorded and
    blocking. The first check of an execution takes the baseline; a change a person accepted
    by answering the block becomes the new one."""
    from ondas.audit import blocks as blocks_mod
    from ondas.audit import events as events_mod
    from ondas.state.execution import get_execution

    execution_id = get_execution(store).id
    now = fingerprint(project)
    record = _load(store, execution_id)
    if record is None:
        _save(store, execution_id, {"baseline": now}, "protected_files_baseline")
        return []
    pending = record.get("block")
    if pending:
        block = next((b for b in blocks_mod.list_blocks(store) if b.id == pending), None)
        if block is not None and block.status != "awaiting":
            accepted = changes(record["baseline"], now)
            _save(store, execution_id, {"baseline": now}, "protected_files_baseline")
            events_mod.add_event(
                store,
                EVENT_ACCEPTED,
                f"a person answered {pending}; accepted as they are now: "
                + (", ".join(accepted) or "no difference left"),
            )
            return []
    found = changes(record["baseline"], now)
    if not found:
        return []
    detail = ", ".join(found)
    events_mod.add_event(store, EVENT_CHANGED, f"changed between waves: {detail}"[:500])
    if not pending or _still_awaiting(store, pending):
        block_id = pending or blocks_mod.register_block(
            store,
            question="Files that decide what runs outside the sandbox changed between waves "
            f"({detail}). Check them (the agent may have replaced ondas' hooks or git's "
            "configuration); answer to accept them as they are now and go on.",
            context_for_answer=detail[:1000],
            subject_key=SUBJECT,
        )
        _save(store, execution_id, {**record, "block": block_id}, "protected_files_changed")
    return found


def _still_awaiting(store: Store, block_id: str) -> bool:
    from ondas.audit import blocks as blocks_mod

    return any(b.id == block_id for b in blocks_mod.list_blocks(store, status="awaiting"))


def require_unchanged(store: Store, project: Path) -> None:
    """:func:`check`, raising :class:`~ondas.errors.IntegrityError` (exit 4) on a change."""
    found = check(store, project)
    if found:
        raise IntegrityError(
            f"protected files changed between waves: {', '.join(found)}; the run is blocked "
            "until a person answers (see 'ondas status', then 'ondas resume --answer ...')"
        )
