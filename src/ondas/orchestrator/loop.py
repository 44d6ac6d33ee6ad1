"""The deterministic wave loop.

Each wave: check integrity, open the wave, run the current stage through the backend, check
the artifact, close the wave (advancing only when the stage completed), export the state,
write the partial report and commit the wave's files locally. The loop goes on until the
execution is completed, aborted or awaiting a human, or ``max_waves`` waves have run.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from ondas import stopping
from ondas.audit import events as events_mod
from ondas.audit import waves as waves_mod
from ondas.config import KEEP_CURRENT
from ondas.errors import IntegrityError
from ondas.limits import check as limits_check
from ondas.limits import cycles, drift, routing
from ondas.limits.result import WARN, TriggerResult
from ondas.orchestrator import (
    aspects,
    clarify,
    constitution_check,
    gates,
    preflight,
    retrospective,
    wave_end,
    wavecommit,
)
from ondas.orchestrator import report as report_mod
from ondas.orchestrator.context import layout_for
from ondas.orchestrator.stage import (
    StageEnv,
    StageRun,
    pending_blocks,
    run_execute_tasks,
    run_stage,
)
from ondas.pathpolicy import read_text
from ondas.pipeline import living_spec
from ondas.pipeline.stages import STAGES, terminal_stage
from ondas.runtime import gitops, integrity, protected
from ondas.state.execution import get_execution, terminate
from ondas.state.export import atomic_write, export
from ondas.state.store import Store

MODE = "default"
STATE_FILES = (
    ".ondas/.gitignore",
    ".ondas/state.json",
    ".ondas/state.json.sha256",
    ".ondas/report.md",
    ".ondas/report.html",
)
GITIGNORE = "state.db\nstate.db-*\n*.tmp\n.*.tmp\n.*.tmp-wal\n.*.tmp-shm\n"


RUNNERS: dict[str, Callable[[Store, StageEnv, str], StageRun]] = {
    "prose": lambda store, env, stage: run_stage(store, env, stage),
    "tasks": lambda store, env, _stage: run_execute_tasks(store, env),
    "clarify": lambda store, env, _stage: clarify.run_clarify(store, env),
    "constitution": lambda store, env, _stage: constitution_check.run_constitution(store, env),
}
"""How the wave loop runs a stage, by the ``runner`` of its row in the stage table."""


@dataclass
class LoopResult:
    """Why the loop stopped and where the execution stands."""

    stopped_by: str
    status: str
    current_stage: str
    waves_run: int
    report: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def state_dir(project: Path) -> Path:
    """``<project>/.ondas``."""
    return project / ".ondas"


def write_report(store: Store, backend_label: str) -> None:
    """Write the run's report into its project's ``.ondas`` (after a failed integrity check)."""
    ex = get_execution(store)
    report_mod.write(store, state_dir(Path(ex.project_path)), backend_label=backend_label)


def check_integrity(store: Store, *, backend_label: str) -> None:
    """Verify the chain and validate the invariants; on failure block, report, raise."""
    integrity.check(store, backend_label=backend_label, report=write_report)


class IntegrityCheck(integrity.IntegrityCheck):
    """The pipeline's incremental check at each wave start (see
    :class:`ondas.runtime.integrity.IntegrityCheck`); a failure writes the run's report."""

    def __init__(self) -> None:
        super().__init__(write_report)


def protected_files_unchanged(store: Store, project: Path, backend_label: str) -> None:
    """The files that decide what runs outside the sandbox (``.claude/``, ``.mcp.json``, git's
    config, hooks and attributes) are as the run left them; else block, report and raise
    :class:`~ondas.errors.IntegrityError` (exit 4). See :mod:`ondas.runtime.protected`."""
    try:
        protected.require_unchanged(store, project)
    except IntegrityError:
        report_mod.write(store, state_dir(project), backend_label=backend_label)
        raise


dirty_paths = wavecommit.dirty_paths


def finish_wave(
    store: Store,
    project: Path,
    label: str,
    message: str,
    wave_paths: list[str] | None = None,
    wave_id: str | None = None,
    integrity: IntegrityCheck | None = None,
    *,
    recovering: bool = False,
) -> None:
    """Export the state, rewrite the report and commit the wave's files (explicit paths).

    ``wave_paths`` are the files the wave changed; files that were already dirty when the
    wave started are the person's work and are left alone. With ``wave_id`` the commit is
    recorded with the wave (made once, found again after a crash). The report's integrity
    line comes from the loop's ``integrity`` check when given (incremental), else from a full
    verify. The WAL is checkpointed at the end so that a lost ``-wal`` file costs at most one
    wave. ``recovering``: the wave was closed by a process that died before recording its
    commit (see :func:`ondas.orchestrator.wavecommit.commit_wave`).
    """
    sdir = state_dir(project)
    preflight.track(store, project, wave_paths or [])
    export(store, sdir / "state.json")
    found = integrity.findings(store) if integrity is not None else None
    report_mod.write(store, sdir, backend_label=label, integrity=found)
    stopping.point("wave-exported")
    ex = get_execution(store)
    paths = [*layout_for(ex).artifact_files(), *(wave_paths or []), *STATE_FILES]
    if wave_id is not None:
        wavecommit.commit_wave(
            store,
            project,
            wave_id,
            with_chain_head(store, message),
            paths,
            recovering=recovering,
            rewritten=STATE_FILES,
        )
    else:
        wavecommit.clear_stale_git_lock(store, project)
        paths = wavecommit.withhold_secrets(store, project, paths)
        gitops.commit_paths(project, paths, with_chain_head(store, message), rewritten=STATE_FILES)
    store.checkpoint()


def with_chain_head(store: Store, message: str) -> str:
    """The commit message with the audit log's head as a trailer: a second anchor, in git.

    The same head is anchored outside the database first, so every trailer names an anchor;
    the WAL checkpoint that follows the commit makes it durable in the store too.
    """
    from ondas.state.anchors import head, record

    current = head(store.conn)
    if current is None:
        return message
    with suppress(OSError):
        record(store.state_dir, store.conn, "wave commit")
    return f"{message}\n\nOndas-Chain-Head: {current.seq}:{current.hash}"


def prepare_project(project: Path) -> None:
    """A git repository, a ``.ondas/.gitignore`` that keeps the database out of it, and ondas'
    own directories out of ``git status`` (:func:`gitops.exclude_run_directories`)."""
    gitops.ensure_repo(project)
    gitops.exclude_run_directories(project)
    ignore = state_dir(project) / ".gitignore"
    try:
        present = read_text(ignore, what=".gitignore").splitlines()
    except FileNotFoundError:
        present = []
    missing = [line for line in GITIGNORE.splitlines() if line not in present]
    if missing:
        ignore.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(ignore, "".join(f"{line}\n" for line in [*present, *missing]).encode())


def _close(
    store: Store, env: StageEnv, stage: str, run: StageRun, delay: float, wave_id: str = ""
) -> waves_mod.WaveEnd:
    if run.transport_error and not pending_blocks(store):
        return wave_end.close_transport(store, env, stage, run.transport_error)
    if not run.transport_error:
        wave_end.transport_failures(store, 0)
    if run.completed and not pending_blocks(store):
        back = wave_end.close_review(store, env, stage, run, wave_id)
        if back is not None:
            return back
        last = stage == terminal_stage(MODE)
        if last:
            unverified = wave_end.close_unverified(store, env, MODE)
            if unverified is not None:
                return unverified
        when = None
        if delay > 0 and not last:
            when = (datetime.now(UTC) + timedelta(seconds=delay)).isoformat()
        return waves_mod.end_wave(
            store,
            "stage_completed_advancing",
            advance=True,
            terminal_phase=terminal_stage(MODE),
            next_instruction=None if last else f"run the stage after {stage}",
            next_scheduled_for=when,
        )
    if pending_blocks(store):
        return waves_mod.end_wave(
            store,
            "human_block",
            next_instruction="answer the pending block: ondas resume --answer TEXT",
        )
    why = f"budget reached ({run.budget_reached})" if run.budget_reached else "not finished"
    return waves_mod.end_wave(
        store,
        "threshold_proxy_reached",
        next_instruction=f"stage {stage} {why}; the next wave continues it",
    )


def _route(store: Store, env: StageEnv) -> None:
    """Pick the wave's model from the stage map (recorded once per wave) for real models."""
    env.wave_model = None
    if getattr(env.backend, "offline", False) or env.model:
        return
    choice = routing.wave_select(store)
    env.wave_model = None if choice.model == KEEP_CURRENT else choice.model


def after_stage(
    store: Store, env: StageEnv, stage: str, run: StageRun, paths: list[str]
) -> TriggerResult | None:
    """Aspects touched by the wave's diff, a cycle tick, then every abort trigger.

    The living spec and its archive are copies the runtime writes after review-features, not
    the agent's work: they touch no aspect (else archiving a spec would reset the drift count).
    """
    paths = [p for p in paths if not p.startswith(RUNTIME_COPIES)]
    touched = drift.infer(store, paths, texts=_documents(env.project, paths))
    if touched:
        env.progress.emit("note", message=f"key aspects touched: {', '.join(touched)}")
    if not run.transport_error:  # no agent work happened: not a cycle of the agent's
        cycles.tick(store, progress=run.completed, stage=stage)
    results = limits_check.check_all(store)
    for result in results:
        if result.status == WARN and not result.disabled:
            env.progress.emit("note", message=result.line())
    return limits_check.first_abort(results)


MAX_DOCUMENT = 200_000
RUNTIME_COPIES = (f"{living_spec.LIVING_DIR}/", f"{living_spec.ARCHIVE}/")


def _documents(project: Path, paths: list[str]) -> list[str]:
    """The text of the Markdown documents a wave wrote (for the drift check)."""
    out: list[str] = []
    for rel in paths:
        if not rel.endswith(".md") or rel.startswith(".ondas/"):
            continue
        try:
            path = project / rel
            if path.stat().st_size <= MAX_DOCUMENT:
                out.append(path.read_text(encoding="utf-8", errors="replace"))
        except OSError:
            continue
    return out


def run_one_wave(
    store: Store,
    env: StageEnv,
    label: str,
    delay: float = 0.0,
    integrity: IntegrityCheck | None = None,
) -> waves_mod.WaveEnd:
    """Run one wave of the current stage and close it; Ctrl-C closes it cleanly and re-raises.

    ``integrity`` is the loop's check, reused (incrementally) for the wave-end report."""
    ex = get_execution(store)
    stage = ex.current_stage
    retro_at: int | None = None
    base, before = wavecommit.snapshot(env.project)
    wave_id = waves_mod.start_wave(store)
    if env.wave_opened is not None:
        env.agent_env.update(env.wave_opened(wave_id))
    wavecommit.record_start(store, env.project, wave_id, before, base)
    stopping.point("wave-started")
    env.progress.emit("wave_started", wave=wave_id, stage=stage)
    try:
        with stopping.interruptible():
            _route(store, env)
            retro_at = retrospective.pending(store)
            if retro_at is not None:
                run = retrospective.run_retro(store, env, retro_at)
            else:
                run = RUNNERS[STAGES[stage].runner](store, env, stage)
            if run.completed and not run.transport_error and not pending_blocks(store):
                if aspects.ROLE in STAGES[stage].roles:
                    aspects.extract(store, env)
                gated = gates.run_after(store, env, stage)
                if gated.transport_error:
                    run.completed, run.transport_error = False, gated.transport_error
            stopping.point("agent-worked")
    except KeyboardInterrupt:
        end = waves_mod.end_wave(
            store,
            "threshold_proxy_reached",
            next_instruction=f"interrupted during {stage}; ondas resume continues it",
        )
        stopping.point("wave-ended")
        changed = wavecommit.wave_paths(store, env.project, ex.id, wave_id)
        finish_wave(
            store,
            env.project,
            label,
            f"ondas {wave_id}: {stage} interrupted",
            changed,
            wave_id,
            integrity,
        )
        env.progress.emit(
            "wave_closed", wave=wave_id, reason=end.reason, advanced=False, next_stage=stage
        )
        raise
    changed = wavecommit.wave_paths(store, env.project, ex.id, wave_id)
    changed = wavecommit.withhold_secrets(store, env.project, changed)
    abort = after_stage(store, env, stage, run, changed)
    if abort is not None:
        end = waves_mod.end_wave(store, "abort")
        terminate(
            store,
            status="aborted",
            reason=abort.reason or abort.trigger,
            next_instruction=f"aborted by the {abort.trigger} trigger: {abort.message}",
        )
        env.progress.emit("note", message=f"ABORT {abort.line()}")
    elif retro_at is not None and not run.transport_error:
        end = waves_mod.end_wave(
            store,
            "threshold_proxy_reached",
            next_instruction=f"retrospective of wave {retro_at} written; the next wave "
            f"continues {stage}",
        )
    else:
        end = _close(store, env, stage, run, delay, wave_id)
    stopping.point("wave-ended")
    finish_wave(
        store,
        env.project,
        label,
        f"ondas {wave_id}: {stage} ({end.reason})",
        changed,
        wave_id,
        integrity,
    )
    after = get_execution(store)
    env.progress.emit(
        "wave_closed",
        wave=wave_id,
        reason=end.reason,
        advanced=bool(end.advanced_to or end.completed),
        next_stage=after.current_stage,
        status=after.status,
    )
    return end


def run_waves(
    store: Store,
    env: StageEnv,
    *,
    label: str,
    max_waves: int | None = None,
    wave_delay: float = 0.0,
    pacing: Callable[[Store], float] | None = None,
) -> LoopResult:
    """Run waves until the execution stops being in progress or ``max_waves`` is reached.

    ``pacing`` (a detached run's continuation delays) gives the pause before the next wave
    instead of ``wave_delay``.
    """
    waves_run = 0
    stopped_by = ""
    integrity = IntegrityCheck()
    with stopping.handled():
        try:
            while True:
                ex = get_execution(store)
                if ex.status != "in_progress":
                    stopped_by = ex.status
                    break
                if max_waves is not None and waves_run >= max_waves:
                    stopped_by = "max_waves"
                    break
                if stopping.requested():
                    stopped_by = "interrupted"
                    break
                integrity.run(store, backend_label=label)
                protected_files_unchanged(store, env.project, label)
                warnings: list[str] = []
                held = preflight.hold(store, env.project, warnings)
                for warning in warnings:
                    env.progress.emit("note", message=f"WARNING: {warning}")
                if held:
                    env.progress.emit("block", message=f"preflight: {', '.join(held)}")
                    major = preflight.major_error(store, held)
                    if major is not None:  # the finally below closes the check and progress
                        commit_final_report(store, env.project, label)
                        raise major
                    continue
                try:
                    end = run_one_wave(store, env, label, wave_delay, integrity)
                except KeyboardInterrupt:
                    stopped_by = "interrupted"
                    break
                if end.milestone is not None and (env.auto_answer or pacing is not None):
                    retrospective.pause_unattended(store, end.milestone)
                waves_run += 1
                backoff, env.pending_backoff = env.pending_backoff, 0.0
                pause = max(pacing(store) if pacing else wave_delay, backoff)
                if pause > 0 and get_execution(store).status == "in_progress":
                    why = "backoff" if backoff >= pause else "pacing" if pacing else "delay"
                    try:
                        events_mod.add_event(
                            store,
                            "schedule_wait",
                            f"{pause:.1f} s before the next wave",
                            data={"seconds": pause, "why": why},
                        )
                        with stopping.interruptible():
                            time.sleep(pause)
                    except KeyboardInterrupt:
                        stopped_by = "interrupted"
                        break
        finally:
            integrity.close()
            env.progress.close()
        if stopped_by == "interrupted":
            stopping.acted_on()
        stopping.point("loop-ended")
    ex = get_execution(store)
    path = commit_final_report(store, env.project, label)
    return LoopResult(stopped_by, ex.status, ex.current_stage, waves_run, str(path))


def commit_final_report(store: Store, project: Path, label: str) -> Path:
    """Write the report (and state export) as the run stops, and commit them.

    A wave's commit is recorded after its report was written, so the last wave's report
    cannot name its own commit: the report written here names every wave commit and goes
    into a commit of its own, after which the working tree is clean. Nothing is committed
    when nothing changed (the person's own dirty files are never among these paths).
    """
    sdir = state_dir(project)
    export(store, sdir / "state.json")
    path = report_mod.write(store, sdir, backend_label=label)
    ex = get_execution(store)
    wavecommit.clear_stale_git_lock(store, project)
    message = with_chain_head(store, f"ondas: report of {ex.id} ({ex.status})")
    gitops.commit_paths(project, list(STATE_FILES), message)
    return path
