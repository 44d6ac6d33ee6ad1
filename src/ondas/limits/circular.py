"""Circular movement: the same problem coming back again and again.

Each pushed entry is a (problem, solution) pair; the problem is hashed after normalising case
and whitespace. The same problem hash :data:`REPEATS` times within the last :data:`WINDOW`
entries aborts; twice warns.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import TYPE_CHECKING, Any

from ondas.errors import UsageError
from ondas.limits._common import execution_id, require_live
from ondas.limits.result import ABORT, OK, WARN, TriggerResult
from ondas.state.store import utcnow

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

WINDOW = 6
REPEATS = 3
REASON = "circular_movement"


def fingerprint(text: str) -> str:
    """sha256 of ``text`` lower-cased with whitespace collapsed (first 16 hex digits)."""
    normal = " ".join(text.lower().split())
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()[:16]


def push(
    store: StateStore, problem: str, solution: str, execution: str | None = None
) -> TriggerResult:
    """Record one attempt and judge the window that now ends with it."""
    if not problem.strip() or not solution.strip():
        raise UsageError("problem and solution must not be empty")
    exec_id = execution_id(store, execution)
    with store.transaction("limit_circular_push", execution_id=exec_id) as tx:
        require_live(tx, exec_id)
        position = tx.next_value(exec_id, "limit_circular")
        tx.insert(
            "limit_circular",
            {
                "execution_id": exec_id,
                "position": position,
                "problem_hash": fingerprint(problem),
                "solution_hash": fingerprint(solution),
                "problem": problem,
                "solution": solution,
                "recorded_at": utcnow(),
            },
        )
    return check(store, exec_id)


def entries(store: StateStore, execution: str | None = None, limit: int | None = None) -> list[Any]:
    """Recorded entries, newest first (at most ``limit``)."""
    exec_id = execution_id(store, execution)
    sql = (
        "SELECT position, problem_hash, solution_hash, problem, solution, recorded_at "
        "FROM limit_circular WHERE execution_id = ? ORDER BY position DESC"
    )
    params: list[Any] = [exec_id]
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return [dict(r) for r in store.all(sql, params)]


def clear(store: StateStore, execution: str | None = None) -> int:
    """Forget every entry; returns how many were removed."""
    exec_id = execution_id(store, execution)
    with store.transaction("limit_circular_clear", execution_id=exec_id) as tx:
        require_live(tx, exec_id)
        return tx.delete("limit_circular", {"execution_id": exec_id})


def check(store: StateStore, execution: str | None = None) -> TriggerResult:
    """Judge the last :data:`WINDOW` entries."""
    window = entries(store, execution, WINDOW)
    counts = Counter(e["problem_hash"] for e in window)
    if not counts:
        return TriggerResult("circular", OK, "no problem recorded", None, {"window": 0})
    top, n = counts.most_common(1)[0]
    problem = next(e["problem"] for e in window if e["problem_hash"] == top)
    details = {
        "problem_hash": top,
        "problem": problem,
        "count": n,
        "window": len(window),
        "repeats": REPEATS,
    }
    if n >= REPEATS:
        message = f"problem {problem[:60]!r} seen {n} times in the last {len(window)} entries"
        return TriggerResult("circular", ABORT, message, REASON, details)
    if n == REPEATS - 1:
        message = f"problem {problem[:60]!r} seen {n} times in the last {len(window)} entries"
        return TriggerResult("circular", WARN, message, None, details)
    return TriggerResult(
        "circular", OK, f"no problem repeated in the last {len(window)}", None, details
    )
