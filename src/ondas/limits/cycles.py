"""Cycles on one stage: more than :data:`MAX_WITHOUT_PROGRESS` ticks without progress abort.

A tick is one pass of the loop over the current stage. ``--progress`` marks a pass that moved
something forward and resets the count; a tick on another stage starts a fresh count.
"""

from __future__ import annotations

from ondas.limits._common import execution_id, require_live
from ondas.limits.result import ABORT, OK, WARN, TriggerResult
from ondas.state.store import Tx, utcnow

# Not ``typing.TYPE_CHECKING``: importing this module imports no typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.interface import StateStore

MAX_WITHOUT_PROGRESS = 5
REASON = "loop_in_stage"


def _row(store: StateStore | Tx, exec_id: str) -> tuple[str | None, int, int]:
    row = store.one(
        "SELECT stage, ticks_without_progress, ticks_total FROM limit_cycles "
        "WHERE execution_id = ?",
        (exec_id,),
    )
    if row is None:
        return None, 0, 0
    return str(row["stage"]), int(row["ticks_without_progress"]), int(row["ticks_total"])


def _judge(stage: str | None, ticks: int, total: int) -> TriggerResult:
    details = {
        "stage": stage,
        "ticks_without_progress": ticks,
        "ticks_total": total,
        "max": MAX_WITHOUT_PROGRESS,
    }
    where = f"on stage {stage}" if stage else "on no stage yet"
    if ticks > MAX_WITHOUT_PROGRESS:
        message = f"{ticks} ticks without progress {where} (max {MAX_WITHOUT_PROGRESS})"
        return TriggerResult("cycles", ABORT, message, REASON, details)
    if ticks == MAX_WITHOUT_PROGRESS:
        message = f"{ticks} ticks without progress {where}; the next one aborts"
        return TriggerResult("cycles", WARN, message, None, details)
    return TriggerResult("cycles", OK, f"{ticks} tick(s) without progress {where}", None, details)


def _current_stage(tx: Tx, exec_id: str) -> str:
    row = tx.one("SELECT current_stage FROM executions WHERE id = ?", (exec_id,))
    return str(row["current_stage"]) if row else ""


def tick(
    store: StateStore,
    *,
    progress: bool = False,
    stage: str | None = None,
    execution: str | None = None,
) -> TriggerResult:
    """Count one pass over ``stage`` (default: the execution's current stage)."""
    exec_id = execution_id(store, execution)
    with store.transaction("limit_cycles_tick", execution_id=exec_id) as tx:
        require_live(tx, exec_id)
        on = stage or _current_stage(tx, exec_id)
        last_stage, ticks, total = _row(tx, exec_id)
        if last_stage != on:
            ticks, total = 0, 0
        ticks = 0 if progress else ticks + 1
        total += 1
        tx.upsert(
            "limit_cycles",
            {"execution_id": exec_id},
            {
                "stage": on,
                "ticks_without_progress": ticks,
                "ticks_total": total,
                "updated_at": utcnow(),
            },
        )
        tx.data["progress"] = progress
    return _judge(on, ticks, total)


def reset(store: StateStore, execution: str | None = None) -> TriggerResult:
    """Forget every tick (a new stage or a human intervention)."""
    exec_id = execution_id(store, execution)
    with store.transaction("limit_cycles_reset", execution_id=exec_id) as tx:
        require_live(tx, exec_id)
        tx.delete("limit_cycles", {"execution_id": exec_id})
    return _judge(None, 0, 0)


def check(store: StateStore, execution: str | None = None) -> TriggerResult:
    """Judge the recorded ticks: abort at the 6th tick without progress."""
    return _judge(*_row(store, execution_id(store, execution)))
