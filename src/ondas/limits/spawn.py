"""Spawn depth: agents spawning agents may nest at most :data:`MAX_DEPTH` deep."""

from __future__ import annotations

from ondas.errors import LimitAbort, RuleViolation
from ondas.limits._common import execution_id, require_live
from ondas.limits.result import ABORT, OK, WARN, TriggerResult
from ondas.state.store import Tx, utcnow

# Not ``typing.TYPE_CHECKING``: importing this module imports no typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.interface import StateStore

MAX_DEPTH = 3
REASON = "spawn_depth_exceeded"


def depth(store: StateStore | Tx, exec_id: str) -> int:
    """The current spawn depth (0 when nothing was entered)."""
    row = store.one("SELECT depth FROM limit_spawn WHERE execution_id = ?", (exec_id,))
    return int(row["depth"]) if row else 0


def _judge(value: int) -> TriggerResult:
    details = {"depth": value, "max": MAX_DEPTH}
    if value > MAX_DEPTH:
        return TriggerResult(
            "spawn", ABORT, f"spawn depth {value} is above {MAX_DEPTH}", REASON, details
        )
    if value == MAX_DEPTH:
        return TriggerResult("spawn", WARN, f"spawn depth {value} is at the maximum", None, details)
    return TriggerResult("spawn", OK, f"spawn depth {value} of {MAX_DEPTH}", None, details)


def check(store: StateStore, execution: str | None = None) -> TriggerResult:
    """Judge the recorded depth: abort above :data:`MAX_DEPTH`."""
    return _judge(depth(store, execution_id(store, execution)))


def enter(store: StateStore, execution: str | None = None) -> TriggerResult:
    """Record one more level of spawning; refused (nothing recorded) above the maximum."""
    exec_id = execution_id(store, execution)
    with store.transaction("limit_spawn_enter", execution_id=exec_id) as tx:
        require_live(tx, exec_id)
        new = depth(tx, exec_id) + 1
        result = _judge(new)
        if result.aborts:
            raise LimitAbort(
                f"[{REASON}] entering would make the spawn depth {new}, above {MAX_DEPTH}"
            )
        tx.upsert("limit_spawn", {"execution_id": exec_id}, {"depth": new, "updated_at": utcnow()})
    return result


def leave(store: StateStore, execution: str | None = None) -> TriggerResult:
    """Record leaving one level; refused at depth 0."""
    exec_id = execution_id(store, execution)
    with store.transaction("limit_spawn_leave", execution_id=exec_id) as tx:
        require_live(tx, exec_id)
        current = depth(tx, exec_id)
        if current == 0:
            raise RuleViolation("spawn-not-entered", "spawn depth is already 0")
        tx.update(
            "limit_spawn", {"execution_id": exec_id}, {"depth": current - 1, "updated_at": utcnow()}
        )
    return _judge(current - 1)


def observe(
    store: StateStore, observed: int, stage: str, execution: str | None = None
) -> TriggerResult:
    """Record the subagent nesting an agent run reached (from the backend's tool calls).

    The depth becomes the deepest nesting of the last agent run that had subagents (an agent
    run without any resets it to 0); :func:`check` then judges it like an entered depth.
    """
    exec_id = execution_id(store, execution)
    if observed <= 0 and depth(store, exec_id) == 0:
        return _judge(0)
    with store.transaction("spawn_observed", execution_id=exec_id, description=stage) as tx:
        require_live(tx, exec_id)
        tx.upsert(
            "limit_spawn", {"execution_id": exec_id}, {"depth": observed, "updated_at": utcnow()}
        )
        tx.data.update({"depth": observed, "stage": stage})
    return _judge(observed)
