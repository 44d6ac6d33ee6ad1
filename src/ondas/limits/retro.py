"""Retro-executions: going back a stage is allowed at most :data:`MAX_PER_FEATURE` times per
feature; the next attempt aborts with ``retro_limit_reached``."""

from __future__ import annotations

from ondas.errors import LimitAbort
from ondas.limits._common import execution_id, require_live
from ondas.limits.result import ABORT, OK, WARN, TriggerResult
from ondas.state.execution import TOKEN_RE
from ondas.state.store import Tx, utcnow

# Not ``typing.TYPE_CHECKING``: importing this module imports no typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.interface import StateStore

MAX_PER_FEATURE = 2
REASON = "retro_limit_reached"


def _feature(feature: str) -> str:
    from ondas.errors import UsageError

    if not TOKEN_RE.match(feature):
        raise UsageError(f"feature must be a token of [A-Za-z0-9._-], got {feature!r}")
    return feature


def used(store: StateStore | Tx, exec_id: str, feature: str) -> int:
    """Retro-executions already consumed for ``feature``."""
    row = store.one(
        "SELECT used FROM limit_retro WHERE execution_id = ? AND feature = ?", (exec_id, feature)
    )
    return int(row["used"]) if row else 0


def _judge(feature: str, count: int) -> TriggerResult:
    details = {"feature": feature, "used": count, "max": MAX_PER_FEATURE}
    if count > MAX_PER_FEATURE:
        return TriggerResult(
            "retro",
            ABORT,
            f"{count} retro-executions on {feature} (max {MAX_PER_FEATURE})",
            REASON,
            details,
        )
    if count == MAX_PER_FEATURE:
        return TriggerResult(
            "retro",
            WARN,
            f"{feature} used {count} of {MAX_PER_FEATURE} retro-executions; none left",
            None,
            details,
        )
    return TriggerResult(
        "retro", OK, f"{feature} used {count} of {MAX_PER_FEATURE} retro-executions", None, details
    )


def check(store: StateStore, feature: str, execution: str | None = None) -> TriggerResult:
    """How many retro-executions ``feature`` has used."""
    exec_id = execution_id(store, execution)
    return _judge(feature, used(store, exec_id, _feature(feature)))


def consume(store: StateStore, feature: str, execution: str | None = None) -> TriggerResult:
    """Use one retro-execution of ``feature``; refused (nothing recorded) when none is left."""
    exec_id = execution_id(store, execution)
    _feature(feature)
    with store.transaction("limit_retro_consume", execution_id=exec_id, description=feature) as tx:
        require_live(tx, exec_id)
        count = used(tx, exec_id, feature) + 1
        if count > MAX_PER_FEATURE:
            raise LimitAbort(
                f"[{REASON}] {feature} already went back {MAX_PER_FEATURE} times "
                f"(max {MAX_PER_FEATURE})"
            )
        tx.upsert(
            "limit_retro",
            {"execution_id": exec_id, "feature": feature},
            {"used": count, "updated_at": utcnow()},
        )
    return _judge(feature, count)


def check_all(store: StateStore, execution: str | None = None) -> TriggerResult:
    """The feature closest to its limit (ok when no retro-execution was used)."""
    exec_id = execution_id(store, execution)
    row = store.one(
        "SELECT feature, used FROM limit_retro WHERE execution_id = ? "
        "ORDER BY used DESC, feature LIMIT 1",
        (exec_id,),
    )
    if row is None:
        return TriggerResult("retro", OK, "no retro-execution used", None, {"used": 0})
    return _judge(str(row["feature"]), int(row["used"]))
