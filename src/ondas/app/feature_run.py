"""``ondas run --feature`` and ``ondas resume <feature>``: one feature's execution, published.

The feature runs in its worktree (:mod:`ondas.orchestrator.features`) through the ordinary
wave loop, so its lock, its store and its wave commits are those of any project; only the
branch is fixed (``ondas/<short>``). When the execution completes, its branch is published
(:mod:`ondas.orchestrator.publish`); a failed push turns the result into ``awaiting_human``
with git's error, and resuming the feature retries the push.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from ondas.orchestrator import features, publish
from ondas.orchestrator.loop import LoopResult
from ondas.state.store import Store


def write_index(project: Path) -> Path | None:
    """``.ondas/features.md``: the project's features, also when it has no run of its own."""
    from ondas.state.export import atomic_write

    text = features.features_markdown(project)
    if not text:
        return None
    path = project / ".ondas" / "features.md"
    atomic_write(path, f"# Features of {project.name}\n\n{text}\n".encode())
    return path


def _publish(worktree: Path, short: str, result: LoopResult) -> LoopResult:
    """Publish a completed feature (a failed push makes the result await a person)."""
    result = _published(worktree, short, result)
    write_index(worktree.parent.parent.parent)
    return result


def _published(worktree: Path, short: str, result: LoopResult) -> LoopResult:
    if result.status != "completed":
        return result
    previous = publish.load(worktree / ".ondas")
    if previous.get("status") in ("pushed", "pr_opened", "local"):
        return result
    outcome = publish.publish(worktree, features.branch(short), f"ondas: {short}")
    publish.record(worktree, outcome)
    if outcome.get("status") == "push_failed":
        return replace(result, status="awaiting_human", stopped_by="push_failed")
    return result


def publish_state(project: Path, short: str) -> dict[str, Any]:
    """The feature's last publishing outcome."""
    return publish.load(features.feature_path(project, short) / ".ondas")


def run_feature(
    project: Path,
    short: str,
    *,
    description: str,
    base: str | None = None,
    pacing: Callable[[Store], float] | None = None,
    **run_args: Any,
) -> LoopResult:
    """Start feature ``short`` of ``project`` in its worktree and run its waves."""
    from ondas.app.run import _validate_target, run

    features.check_short(short)
    target = _validate_target(project)
    worktree = features.create_worktree(target, short, base)
    result = run(
        worktree,
        description=description,
        start_stage=features.start_stage(worktree),
        atomic_commit=True,
        pacing=pacing,
        **run_args,
    )
    return _publish(worktree, short, result)


def resume_feature(
    project: Path,
    short: str,
    *,
    pacing: Callable[[Store], float] | None = None,
    **resume_args: Any,
) -> LoopResult:
    """Resume feature ``short``; a completed feature whose push failed retries the push."""
    from ondas.app.run import open_project_store, resume
    from ondas.orchestrator import report as report_mod
    from ondas.state.execution import get_execution

    worktree = features.require_feature(project.resolve(), features.check_short(short))
    if publish.load(worktree / ".ondas").get("status") == "push_failed":
        store = open_project_store(worktree)
        try:
            ex = get_execution(store)
            if ex.status == "completed":
                label = features.backend_label(store)
                path = report_mod.write(store, worktree / ".ondas", backend_label=label)
                done = LoopResult("completed", ex.status, ex.current_stage, 0, str(path))
                (worktree / ".ondas" / publish.PUBLISH_FILE).unlink()
                return _publish(worktree, short, done)
        finally:
            store.close()
    result = resume(worktree, pacing=pacing, **resume_args)
    return _publish(worktree, short, result)
