"""Waves: start, tick, close (with the advance in the same write), milestone, reconcile.

Closing a wave adds its figures to the execution's accumulated metrics exactly once: only an
open wave can be closed, and the close is one transaction.
"""

from __future__ import annotations

import os
from contextlib import suppress
from datetime import datetime

from ondas.audit import blocks as blocks_mod
from ondas.audit._common import (
    RUNTIME_AGENT,
    current_execution_id,
    dumps,
    iso_time,
    loads_list,
    open_wave_id,
    require_active,
    require_token,
    tick_in,
)
from ondas.audit.inputs import require_advance
from ondas.errors import RuleViolation, StateMissing, UsageError
from ondas.record import Record, asdict, field, replace
from ondas.state.execution import apply_execution_changes
from ondas.state.store import Tx, utcnow

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from ondas.state.interface import StateStore

REASONS = (
    "stage_completed_advancing",
    "threshold_proxy_reached",
    "human_block",
    "abort",
    "completed",
)
ADVANCING_REASONS = ("stage_completed_advancing", "threshold_proxy_reached")
ADVANCE_ALLOWED = ("stage_completed_advancing", "completed")
SKILL_KINDS = ("skill", "gate")
DEFAULT_MILESTONE_EVERY = 25
RETRO_OPTIONS = ("yes-run-retro", "no-continue")


class Wave(Record, frozen=True):
    """One wave of an execution."""

    id: str
    execution_id: str
    number: int
    started_at: str
    ended_at: str | None
    reason: str | None
    start_stage: str | None
    end_stage: str | None
    stages: list[str]
    tool_calls: int
    wallclock_seconds: float | None
    decisions: int | None
    skills: int | None
    next_scheduled_for: str | None
    reconciled: bool

    @property
    def is_open(self) -> bool:
        """True until the wave is closed."""
        return self.ended_at is None

    @classmethod
    def from_row(cls, row: Any) -> Wave:
        """The wave of its row."""
        return cls(
            id=row["id"],
            execution_id=row["execution_id"],
            number=row["number"],
            started_at=row["started_at"],
            ended_at=row["ended_at"],
            reason=row["reason"],
            start_stage=row["start_stage"],
            end_stage=row["end_stage"],
            stages=[str(s) for s in loads_list(row["stages"])],
            tool_calls=row["tool_calls"],
            wallclock_seconds=row["wallclock_seconds"],
            decisions=row["decisions"],
            skills=row["skills"],
            next_scheduled_for=row["next_scheduled_for"],
            reconciled=bool(row["reconciled"]),
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


class Milestone(Record, frozen=True):
    """A milestone retrospective fired by the runtime."""

    threshold: int
    decision_id: str
    block_id: str


class WaveEnd(Record, frozen=True):
    """What closing a wave did."""

    wave_id: str
    number: int
    reason: str
    advanced_to: str | None = None
    completed: bool = False
    status: str = "in_progress"
    milestone: Milestone | None = None
    stages: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def milestone_every(store: StateStore) -> int:
    """Waves between milestone retrospectives: ``[audit] milestone_every`` in config.toml."""
    path = os.path.join(store.directory, "config.toml")  # ``ondas status``: no pathlib
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, ValueError):
        return DEFAULT_MILESTONE_EVERY
    import tomllib  # only when there is a config file: most reads have none

    try:
        config = tomllib.loads(text)
    except ValueError:
        return DEFAULT_MILESTONE_EVERY
    value = config.get("audit", {}).get("milestone_every", DEFAULT_MILESTONE_EVERY)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return DEFAULT_MILESTONE_EVERY
    return value


def start_wave(store: StateStore) -> str:
    """Open the next wave of the current execution; refused while one is open."""
    execution_id = current_execution_id(store)
    with store.transaction("wave_started", execution_id=execution_id) as tx:
        status = require_active(tx, execution_id)
        if status == "awaiting_human":
            raise RuleViolation("awaiting-human", f"execution {execution_id} awaits a human answer")
        opened = open_wave_id(tx, execution_id)
        if opened is not None:
            raise RuleViolation("wave-open", f"{opened} is still open; end it first")
        row = tx.one("SELECT current_stage FROM executions WHERE id = ?", (execution_id,))
        assert row is not None
        number = tx.next_value(execution_id, "wave")
        wave_id = f"wave-{number:03d}"
        tx.insert(
            "waves",
            {
                "execution_id": execution_id,
                "id": wave_id,
                "number": number,
                "started_at": utcnow(),
                "ended_at": None,
                "reason": None,
                "start_stage": row["current_stage"],
                "end_stage": None,
                "stages": dumps([row["current_stage"]]),
                "tool_calls": 0,
                "reconciled": 0,
            },
        )
        tx.data["wave_id"] = wave_id
    return wave_id


def _anchor(store: StateStore, note: str) -> None:
    """Record the chain head outside the database (:mod:`ondas.state.anchors`).

    Best effort: the wave's own write is already committed, and an unwritable data
    directory must not undo it; ``verify`` checks the anchors that were written.
    """
    from ondas.state import anchors

    try:
        anchors.record(store.state_dir, store.conn, note)
    except OSError:
        return


def current_wave(store: StateStore) -> Wave | None:
    """The open wave of the current execution, or ``None``."""
    try:
        execution_id = current_execution_id(store)
    except StateMissing:
        return None
    row = store.one(
        "SELECT * FROM waves WHERE execution_id = ? AND ended_at IS NULL "
        "ORDER BY number DESC LIMIT 1",
        (execution_id,),
    )
    return None if row is None else Wave.from_row(row)


def list_waves(store: StateStore) -> list[Wave]:
    """Every wave of the current execution, in order."""
    execution_id = current_execution_id(store)
    rows = store.all("SELECT * FROM waves WHERE execution_id = ? ORDER BY number", (execution_id,))
    return [Wave.from_row(r) for r in rows]


class _Nothing(Exception):
    """Raised inside a transaction to roll it back when there is nothing to record."""


def tick(store: StateStore, count: int = 1) -> int | None:
    """Count ``count`` tool calls on the open wave; ``None`` (no write) when none is open."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise UsageError("count must be a positive integer")
    try:
        execution_id = current_execution_id(store)
    except StateMissing:
        return None
    if open_wave_id(store, execution_id) is None:
        return None
    try:
        with store.transaction("wave_tick", execution_id=execution_id) as tx:
            total = tick_in(tx, execution_id, count)
            if total is None:
                raise _Nothing
    except _Nothing:
        return None
    return total


def record_skill(
    store: StateStore, skill: str, kind: str = "skill", decision_id: str | None = None
) -> int:
    """Record that a skill (or gate) ran in the open wave; return its position."""
    require_token("skill", skill)
    if kind not in SKILL_KINDS:
        raise UsageError(f"kind must be one of {', '.join(SKILL_KINDS)}; got {kind!r}")
    execution_id = current_execution_id(store)
    with store.transaction("skill_recorded", execution_id=execution_id, description=skill) as tx:
        require_active(tx, execution_id)
        wave_id = open_wave_id(tx, execution_id)
        if wave_id is None:
            raise RuleViolation("no-open-wave", "no wave is open; start one first")
        # Imported here: ``ondas status`` reads waves, not decisions (or their evidence).
        from ondas.audit import decisions as decisions_mod

        if decision_id is not None and not decisions_mod.decision_exists(
            tx, execution_id, decision_id
        ):
            raise RuleViolation("decision-not-found", f"no decision {decision_id}")
        row = tx.one(
            "SELECT COUNT(*) AS n FROM wave_skills WHERE execution_id = ? AND wave_id = ?",
            (execution_id, wave_id),
        )
        position = int(row["n"]) + 1 if row else 1
        tx.insert(
            "wave_skills",
            {
                "execution_id": execution_id,
                "wave_id": wave_id,
                "position": position,
                "skill": skill,
                "kind": kind,
                "decision_id": decision_id,
                "recorded_at": utcnow(),
            },
        )
    return position


def _seconds_between(start: str, end: str) -> float:
    try:
        delta = datetime.fromisoformat(end) - datetime.fromisoformat(start)
    except ValueError:
        return 0.0
    return max(0.0, delta.total_seconds())


def _fire_milestone(
    tx: Tx, execution_id: str, wave: Wave, stage: str, every: int
) -> Milestone | None:
    row = tx.one(
        "SELECT MAX(threshold) AS t FROM milestones WHERE execution_id = ?", (execution_id,)
    )
    last = int(row["t"]) if row and row["t"] is not None else 0
    threshold = last + every
    if wave.number < threshold:
        return None
    from ondas.audit import decisions as decisions_mod

    decision_id = decisions_mod.register_in_tx(
        tx,
        execution_id,
        agent=RUNTIME_AGENT,
        stage=stage,
        context=f"Milestone of {threshold} waves reached",
        options=[*RETRO_OPTIONS, "pause-human"],
        choice="pause-human",
        justification=(
            f"The runtime asks for a retrospective every {every} waves; "
            f"{wave.id} closed at wave count {wave.number}."
        ),
        score=2,
    )
    block_id = blocks_mod.register_in_tx(
        tx,
        execution_id,
        question=f"Milestone of {threshold} waves reached: run a retrospective before going on?",
        decision_id=decision_id,
        context_for_answer="Answer yes-run-retro to review the run so far, or no-continue.",
        options=list(RETRO_OPTIONS),
        subject_key=f"milestone:{threshold}",
        severity="light",
    )
    tx.insert(
        "milestones",
        {
            "execution_id": execution_id,
            "threshold": threshold,
            "wave_id": wave.id,
            "decision_id": decision_id,
            "block_id": block_id,
            "fired_at": utcnow(),
        },
    )
    return Milestone(threshold, decision_id, block_id)


def _awaiting_ids(tx: Tx, execution_id: str) -> list[str]:
    """Ids of the execution's blocks still awaiting an answer (any severity)."""
    rows = tx.all(
        "SELECT id FROM blocks WHERE execution_id = ? AND status = 'awaiting' "
        "ORDER BY length(id), id",
        (execution_id,),
    )
    return [str(r["id"]) for r in rows]


def _close(
    tx: Tx,
    execution_id: str,
    wave: Wave,
    reason: str,
    *,
    advance: bool,
    terminal_phase: str | None,
    mode: str | None,
    next_instruction: str | None,
    add_stage: str | None,
    next_scheduled_for: str | None,
    next_stage: str | None,
    every: int,
    reconciled: bool,
) -> WaveEnd:
    row = tx.one(
        "SELECT status, current_stage, roadmap_mode FROM executions WHERE id = ?",
        (execution_id,),
    )
    assert row is not None
    status = str(row["status"])
    stage = str(row["current_stage"])
    stages = list(wave.stages)
    if add_stage is not None and add_stage not in stages:
        stages.append(add_stage)
    changes: dict[str, Any] = {}
    result = WaveEnd(wave_id=wave.id, number=wave.number, reason=reason, status=status)
    if advance:
        from ondas.audit.stages import stage_after  # here: ``ondas status`` needs no stages

        chain_mode = mode or ("roadmap" if row["roadmap_mode"] else "default")
        upcoming = None if stage == terminal_phase else next_stage or stage_after(stage, chain_mode)
        waiting = _awaiting_ids(tx, execution_id) if upcoming is None else []
        if upcoming is None and waiting:
            # A run never says completed while a block (light ones too) awaits a person:
            # it waits for the answer, and the answered run finishes its last stage again.
            changes = {
                "status": "awaiting_human",
                "next_instruction": f"answer {', '.join(waiting)} (ondas resume --answer TEXT "
                "--block ID); the run completes after",
            }
            result = replace(result, status="awaiting_human")
        elif upcoming is None:
            now = utcnow()
            changes = {
                "status": "completed",
                "termination_reason": "completed",
                "finished_at": now,
                "current_stage": stage,
                "next_instruction": next_instruction,
            }
            result = replace(result, completed=True, status="completed")
        else:
            changes = {"current_stage": upcoming, "next_instruction": next_instruction}
            result = replace(result, advanced_to=upcoming)
            stage = upcoming
            if upcoming not in stages:
                stages.append(upcoming)
    elif next_instruction is not None:
        changes["next_instruction"] = next_instruction
    if reason == "human_block" and status == "in_progress":
        pending = tx.one(
            "SELECT 1 FROM blocks WHERE execution_id = ? AND status = 'awaiting' "
            "AND severity = 'normal' LIMIT 1",
            (execution_id,),
        )
        if pending is not None:
            changes["status"] = "awaiting_human"
            result = replace(result, status="awaiting_human")
    if changes:
        apply_execution_changes(tx, execution_id, changes)
    ended = utcnow()
    wallclock = _seconds_between(wave.started_at, ended)
    counted = tx.one(
        "SELECT COUNT(*) AS n FROM decisions WHERE execution_id = ? AND wave_id = ?",
        (execution_id, wave.id),
    )
    skills = tx.one(
        "SELECT COUNT(*) AS n FROM wave_skills WHERE execution_id = ? AND wave_id = ?",
        (execution_id, wave.id),
    )
    n_decisions = int(counted["n"]) if counted else 0
    n_skills = int(skills["n"]) if skills else 0
    tx.update(
        "waves",
        {"execution_id": execution_id, "id": wave.id},
        {
            "ended_at": ended,
            "reason": reason,
            "end_stage": stage,
            "stages": dumps(stages),
            "wallclock_seconds": wallclock,
            "decisions": n_decisions,
            "skills": n_skills,
            "next_scheduled_for": next_scheduled_for,
            "reconciled": int(reconciled),
        },
    )
    tx.add_metrics(
        execution_id,
        {
            "waves": 1,
            "tool_calls": wave.tool_calls,
            "wallclock_seconds": wallclock,
            "decisions": n_decisions,
            "skills": n_skills,
        },
    )
    result = replace(result, stages=stages)
    if reason in ADVANCING_REASONS and not result.completed and result.status != "awaiting_human":
        result = replace(result, milestone=_fire_milestone(tx, execution_id, wave, stage, every))
    tx.data.update({"wave_id": wave.id, "reason": reason, "advanced_to": result.advanced_to})
    return result


def _open_wave(tx: Tx, execution_id: str) -> Wave | None:
    row = tx.one(
        "SELECT * FROM waves WHERE execution_id = ? AND ended_at IS NULL "
        "ORDER BY number DESC LIMIT 1",
        (execution_id,),
    )
    return None if row is None else Wave.from_row(row)


def end_wave(
    store: StateStore,
    reason: str,
    *,
    advance: bool = False,
    terminal_phase: str | None = None,
    mode: str | None = None,
    next_instruction: str | None = None,
    add_stage: str | None = None,
    next_scheduled_for: str | None = None,
    next_stage: str | None = None,
) -> WaveEnd:
    """Close the open wave; with ``advance`` move the stage (or complete) in the same write."""
    if reason not in REASONS:
        raise UsageError(f"reason must be one of {', '.join(REASONS)}; got {reason!r}")
    require_advance(advance, mode=mode, terminal_phase=terminal_phase, next_stage=next_stage)
    from ondas.audit.stages import MODES

    if mode is not None and mode not in MODES:
        raise UsageError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
    for name, token in (
        ("add-stage", add_stage),
        ("terminal-phase", terminal_phase),
        ("next-stage", next_stage),
    ):
        if token is not None:
            require_token(name, token)
    iso_time("next-scheduled-for", next_scheduled_for)
    if advance and reason not in ADVANCE_ALLOWED:
        raise RuleViolation(
            "advance-needs-completion",
            f"a wave ending in {reason} cannot advance the stage",
        )
    execution_id = current_execution_id(store)
    every = milestone_every(store)
    with store.transaction("wave_ended", execution_id=execution_id, description=reason) as tx:
        require_active(tx, execution_id)
        wave = _open_wave(tx, execution_id)
        if wave is None:
            raise RuleViolation("no-open-wave", "no wave is open")
        ended = _close(
            tx,
            execution_id,
            wave,
            reason,
            advance=advance,
            terminal_phase=terminal_phase,
            mode=mode,
            next_instruction=next_instruction,
            add_stage=add_stage,
            next_scheduled_for=next_scheduled_for,
            next_stage=next_stage,
            every=every,
            reconciled=False,
        )
    _anchor(store, f"{wave.id} ended")
    return ended


class ReconcileResult(Record, frozen=True):
    """What reconcile did: ``closed`` an abandoned wave or ``nothing``."""

    action: str
    wave: WaveEnd | None = None
    tasks_backfilled: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def reconcile(
    store: StateStore,
    terminal_phase: str | None = None,
    tasks_md: Path | str | None = None,
    *,
    advance: bool = True,
) -> ReconcileResult:
    """Close a wave left open (advancing, or completing at the terminal stage); else nothing.

    A wave left open while a normal block awaits the human closes as ``human_block`` and
    does not advance. With ``tasks_md`` every checked task without a record is back-filled
    first. Running it twice counts nothing twice. ``advance=False`` closes the wave without
    moving the stage.
    """
    from ondas.audit.tasks import reconcile_tasks

    if terminal_phase is not None:
        require_token("terminal-phase", terminal_phase)
    backfilled = reconcile_tasks(store, tasks_md) if tasks_md is not None else []
    execution_id = current_execution_id(store)
    every = milestone_every(store)
    with suppress(_Nothing):
        ended = _reconcile_wave(store, execution_id, terminal_phase, advance, every)
        return ReconcileResult(action="closed", wave=ended, tasks_backfilled=backfilled)
    return ReconcileResult(action="nothing", tasks_backfilled=backfilled)


def _reconcile_wave(
    store: StateStore,
    execution_id: str,
    terminal_phase: str | None,
    advance: bool,
    every: int,
) -> WaveEnd:
    with store.transaction("wave_reconciled", execution_id=execution_id) as tx:
        wave = _open_wave(tx, execution_id)
        if wave is None:
            raise _Nothing
        row = tx.one(
            "SELECT status, current_stage, roadmap_mode FROM executions WHERE id = ?",
            (execution_id,),
        )
        assert row is not None
        status = str(row["status"])
        if status in ("aborted", "completed"):
            reason = "abort" if status == "aborted" else "completed"
            can_advance = False
        elif status == "awaiting_human" or tx.one(
            "SELECT 1 FROM blocks WHERE execution_id = ? AND status = 'awaiting' "
            "AND severity = 'normal' LIMIT 1",
            (execution_id,),
        ):
            reason, can_advance = "human_block", False
        else:
            can_advance = advance and _knows_next(row, terminal_phase)
            reason = "stage_completed_advancing" if can_advance else "threshold_proxy_reached"
        return _close(
            tx,
            execution_id,
            wave,
            reason,
            advance=can_advance,
            terminal_phase=terminal_phase if can_advance else None,
            mode=None,
            next_instruction=None,
            add_stage=None,
            next_scheduled_for=None,
            next_stage=None,
            every=every,
            reconciled=True,
        )


def _knows_next(row: Any, terminal_phase: str | None) -> bool:
    from ondas.audit.stages import stage_after

    if row["current_stage"] == terminal_phase:
        return True
    try:
        stage_after(row["current_stage"], "roadmap" if row["roadmap_mode"] else "default")
    except UsageError:
        return False
    return True


def wave_status(store: StateStore) -> dict[str, Any]:
    """A summary for ``wave status``: stage, open wave, counts, next milestone."""
    execution_id = current_execution_id(store)
    execution = store.one(
        "SELECT status, current_stage, next_instruction FROM executions WHERE id = ?",
        (execution_id,),
    )
    assert execution is not None
    wave = current_wave(store)
    total = store.one("SELECT COUNT(*) AS n FROM waves WHERE execution_id = ?", (execution_id,))
    last = store.one(
        "SELECT MAX(threshold) AS t FROM milestones WHERE execution_id = ?", (execution_id,)
    )
    every = milestone_every(store)
    pending = store.one(
        "SELECT COUNT(*) AS n FROM blocks WHERE execution_id = ? AND status = 'awaiting'",
        (execution_id,),
    )
    open_info: dict[str, Any] | None = None
    if wave is not None:
        decisions = store.one(
            "SELECT COUNT(*) AS n FROM decisions WHERE execution_id = ? AND wave_id = ?",
            (execution_id, wave.id),
        )
        open_info = {
            **wave.to_dict(),
            "elapsed_seconds": _seconds_between(wave.started_at, utcnow()),
            "decisions": int(decisions["n"]) if decisions else 0,
        }
    return {
        "execution_id": execution_id,
        "status": execution["status"],
        "current_stage": execution["current_stage"],
        "next_instruction": execution["next_instruction"],
        "open_wave": open_info,
        "waves": int(total["n"]) if total else 0,
        "next_milestone": (int(last["t"]) if last and last["t"] is not None else 0) + every,
        "pending_blocks": int(pending["n"]) if pending else 0,
    }
