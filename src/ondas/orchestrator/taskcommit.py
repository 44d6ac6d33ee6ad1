"""Atomic commits: one local commit per task, on top of the one commit per wave.

An execution with ``atomic_commit`` (every feature run) commits each task as soon as it is
ticked: its files and ``tasks.md``, with the audit chain head as the ``Ondas-Chain-Head``
trailer like a wave commit. The wave's own commit then holds the state and report; a crash
between the two is repaired by the wave's reconcile as before (the task's files are already
in git, so nothing is lost or committed twice).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ondas.orchestrator import wavecommit
from ondas.runtime import gitops
from ondas.state.store import Store


def committer(store: Store, project: Path) -> Callable[[str, str, list[str]], None]:
    """The ``after_task`` callback that commits one task's files."""
    from ondas.orchestrator.loop import with_chain_head

    def commit(task_id: str, title: str, paths: list[str]) -> None:
        wavecommit.clear_stale_git_lock(store, project)
        message = with_chain_head(store, f"ondas task {task_id}: {title[:72]}")
        gitops.commit_paths(project, wavecommit.withhold_secrets(store, project, paths), message)

    return commit
