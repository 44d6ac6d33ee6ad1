"""A wave's files and its commit as one recoverable step.

At wave start the store records which project paths were already dirty (the person's own
work) and the commit the wave started from. Everything else that changes afterwards belongs
to the wave, even when the process that ran it died. Closing a wave commits exactly those
paths and records the commit id in the store; ``resume`` finds closed waves whose commit was
never recorded and makes (or finds) it, so no wave ends without its commit.

No file holding a secret is committed: :func:`withhold_secrets` scans the files about to be
committed (:func:`ondas.guards.file_secrets.file_secrets`), leaves those with a secret out and
blocks the run with a human block naming each file and line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ondas import stopping
from ondas.audit import blocks as blocks_mod
from ondas.audit import events as events_mod
from ondas.audit import refusals
from ondas.audit.refusals import record_refusal
from ondas.errors import RuleViolation
from ondas.guards.file_secrets import FileSecret, file_secrets
from ondas.orchestrator.settings import KEY_PREFIX as KEY_PREFIX
from ondas.orchestrator.settings import uncommitted_waves as uncommitted_waves
from ondas.runtime import gitops
from ondas.state import atomic
from ondas.state.store import Store

NESTED_REPO_RULE = "nested-repo-not-staged"
"""The rule of the refusal recorded for each repository of its own among a wave's files: it is
left out of the commit, never staged as a gitlink (see :mod:`ondas.runtime.gitops`)."""
NO_COMMIT = "none"
"""Recorded when a wave changed nothing git could commit (or git is absent)."""


def _key(wave_id: str) -> str:
    return f"{KEY_PREFIX}{wave_id}"


def snapshot(project: Path) -> tuple[str | None, set[str]]:
    """The current commit and the project files that differ from it (ondas' own directories
    left out), from one ``git status``.

    Temp files of atomic writes are never a wave's files: those a killed writer left behind
    are removed here, those of a live writer are left out.
    """
    head, changed = gitops.head_and_changes(project)
    atomic.remove_dead_temp_files(project, changed)
    return head, {
        p
        for p in changed
        if not p.startswith((".ondas/", ".claude/")) and not atomic.is_temp_path(p)
    }


def dirty_paths(project: Path) -> set[str]:
    """Project files that differ from the last commit (ondas' own directories left out)."""
    return snapshot(project)[1]


_HEAD_NOW = "HEAD"


def record_start(
    store: Store, project: Path, wave_id: str, dirty: set[str], base: str | None = _HEAD_NOW
) -> None:
    """Remember, in the store, the paths already dirty when ``wave_id`` started and the
    commit it started from (``base``, read from git unless the caller's snapshot has it)."""
    from ondas.state.execution import get_execution

    execution_id = get_execution(store).id
    if base == _HEAD_NOW:
        base = gitops.head(project)
    value = {"base": base, "dirty": sorted(dirty), "commit": None}
    with store.transaction("wave_git_started", execution_id=execution_id) as tx:
        tx.upsert(
            "extras",
            {"execution_id": execution_id, "key": _key(wave_id)},
            {"value": json.dumps(value, sort_keys=True)},
        )


def load(store: Store, execution_id: str, wave_id: str) -> dict[str, Any] | None:
    """The recorded git state of ``wave_id`` or ``None`` (waves of older runs have none)."""
    row = store.one(
        "SELECT value FROM extras WHERE execution_id = ? AND key = ?",
        (execution_id, _key(wave_id)),
    )
    if row is None:
        return None
    data: dict[str, Any] = json.loads(row["value"])
    return data


def _previous_dirty(store: Store, execution_id: str, wave_id: str) -> set[str]:
    """The person's paths as recorded by the latest earlier wave (fallback for a lost record)."""
    rows = store.all(
        "SELECT key, value FROM extras WHERE execution_id = ? AND key LIKE ? AND key < ? "
        "ORDER BY key DESC LIMIT 1",
        (execution_id, f"{KEY_PREFIX}%", _key(wave_id)),
    )
    if not rows:
        return set()
    return set(json.loads(rows[0]["value"]).get("dirty") or [])


def wave_paths(store: Store, project: Path, execution_id: str, wave_id: str) -> list[str]:
    """The paths that belong to ``wave_id``: dirty now and not dirty when it started."""
    record = load(store, execution_id, wave_id)
    before = (
        set(record.get("dirty") or [])
        if record is not None
        else _previous_dirty(store, execution_id, wave_id)
    )
    return sorted(dirty_paths(project) - before)


def clear_stale_git_lock(store: Store, project: Path) -> None:
    """Remove a stale ``.git/index.lock`` left by a killed git, recording an event."""
    removed = gitops.remove_stale_index_lock(project)
    if removed is not None:
        events_mod.add_event(
            store,
            "git_index_lock_removed",
            f"removed a stale {removed['path']} left by a git process that no longer runs",
        )


def _set_commit(store: Store, execution_id: str, wave_id: str, commit: str) -> None:
    record = load(store, execution_id, wave_id) or {"base": None, "dirty": []}
    record["commit"] = commit
    with store.transaction("wave_git_committed", execution_id=execution_id) as tx:
        tx.upsert(
            "extras",
            {"execution_id": execution_id, "key": _key(wave_id)},
            {"value": json.dumps(record, sort_keys=True)},
        )


SECRET_RULE = "secret-in-file"
SECRET_SUBJECT = "secret:"


def _texts(project: Path, paths: list[str]) -> list[tuple[str, str]]:
    """The text of each path that is a regular file (ondas' own state files left out)."""
    out: list[tuple[str, str]] = []
    for rel in dict.fromkeys(paths):
        full = project / rel
        if rel.startswith(".ondas/") or full.is_symlink() or not full.is_file():
            continue
        try:
            out.append((rel, full.read_bytes().decode("utf-8", errors="replace")))
        except OSError:
            continue
    return out


def _block_for(store: Store, path: str, found: list[FileSecret]) -> None:
    """One human block per file holding secrets (not repeated while it awaits an answer)."""
    subject = SECRET_SUBJECT + path
    lines = ", ".join(f"line {f.line} ({f.kind})" for f in found)
    for f in found:
        refusals.record_refusal(
            store,
            source="secrets",
            rule=SECRET_RULE,
            tool="wave-commit",
            subject=f"{f.where()} ({f.kind})",
        )
    if any(b.subject_key == subject for b in blocks_mod.list_blocks(store, status="awaiting")):
        return
    question = (
        f"{path} holds a secret at {lines}; the file was left out of the wave's commit. Remove "
        "the secret from the file (read it from the environment instead), then answer to "
        "continue."
    )
    try:
        blocks_mod.register_block(store, question=question, subject_key=subject)
    except RuleViolation:  # a finished execution takes no block: the event still says it
        events_mod.add_event(store, "secret_withheld", question, data={"path": path})


def withhold_secrets(store: Store, project: Path, paths: list[str]) -> list[str]:
    """``paths`` less the files that hold a secret; each such file blocks the run."""
    found = file_secrets(_texts(project, paths))
    if not found:
        return paths
    by_path: dict[str, list[FileSecret]] = {}
    for f in found:
        by_path.setdefault(f.path, []).append(f)
    for path, items in by_path.items():
        _block_for(store, path, items)
    return [p for p in paths if p not in by_path]


def marker(wave_id: str) -> str:
    """The start of every commit message of ``wave_id``."""
    return f"ondas {wave_id}:"


def commit_wave(
    store: Store,
    project: Path,
    wave_id: str,
    message: str,
    paths: list[str],
    *,
    recovering: bool = False,
    rewritten: tuple[str, ...] = (),
) -> str:
    """Commit ``paths`` for ``wave_id`` once; returns the commit id (or :data:`NO_COMMIT`).

    Idempotent: a wave whose commit is recorded is not committed again; a commit made by a
    process that died before recording it is found by its message and recorded. When
    ``recovering`` (a closed wave whose commit was never recorded) that commit is looked for
    first: the wave keeps its one commit, and the state files rewritten since go with the
    next one. ``rewritten``: the paths ondas has just written (see
    :func:`ondas.runtime.gitops.commit_paths`).
    """
    from ondas.state.execution import get_execution

    execution_id = get_execution(store).id
    record = load(store, execution_id, wave_id)
    if record is not None and record.get("commit"):
        return str(record["commit"])
    clear_stale_git_lock(store, project)
    base = (record or {}).get("base")
    found = gitops.commit_for(project, marker(wave_id), base) if recovering else None
    paths = withhold_secrets(store, project, paths)
    text = message if message.startswith(marker(wave_id)) else f"{marker(wave_id)} {message}"
    left_out: list[str] = []
    commit = (
        found
        or gitops.commit_paths(project, paths, text, left_out, rewritten=rewritten)
        or gitops.commit_for(project, marker(wave_id), base)
    )
    for path in left_out:  # a refusal: listed in the report with what the agent attempted
        record_refusal(store, source="rules", rule=NESTED_REPO_RULE, tool="git", subject=path)
    result = commit or NO_COMMIT
    stopping.point("wave-committed")
    _set_commit(store, execution_id, wave_id, result)
    stopping.point("wave-recorded")
    return result
