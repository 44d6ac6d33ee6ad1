"""Read-only invariants of the audit tables, checked by ``ondas state validate``."""

from __future__ import annotations

from ondas.state.schema import TYPE_CHECKING
from ondas.state.verify import ids_beyond_counter

if TYPE_CHECKING:
    from ondas.state.interface import StateStore
    from ondas.state.schema import Invariant, InvariantCheck


def _beyond(table: str, prefix: str) -> InvariantCheck:
    def check(store: StateStore) -> list[tuple[str]]:
        return ids_beyond_counter(store, table, prefix)

    return check


AUDIT_INVARIANTS: list[Invariant] = [
    *[
        (
            f"{table} row of an unknown execution",
            f"SELECT execution_id FROM {table} "
            "WHERE execution_id NOT IN (SELECT id FROM executions)",
        )
        for table in (
            "decisions",
            "decision_invalidations",
            "blocks",
            "waves",
            "wave_skills",
            "milestones",
            "tasks",
            "observed_outputs",
        )
    ],
    (
        "more than one open wave in an execution",
        "SELECT execution_id FROM waves WHERE ended_at IS NULL "
        "GROUP BY execution_id HAVING COUNT(*) > 1",
    ),
    (
        "open wave in a finished execution",
        "SELECT w.id FROM waves w JOIN executions e ON e.id = w.execution_id "
        "WHERE w.ended_at IS NULL AND e.status IN ('aborted', 'completed')",
    ),
    (
        "closed wave without a reason",
        "SELECT id FROM waves WHERE ended_at IS NOT NULL AND reason IS NULL",
    ),
    (
        "block linked to a missing decision",
        "SELECT b.id FROM blocks b WHERE b.decision_id IS NOT NULL AND NOT EXISTS "
        "(SELECT 1 FROM decisions d WHERE d.execution_id = b.execution_id "
        "AND d.id = b.decision_id)",
    ),
    (
        "answered block without an answer, or awaiting block with one",
        "SELECT id FROM blocks WHERE (status = 'answered' AND (answer IS NULL OR "
        "answered_at IS NULL)) OR (status = 'awaiting' AND answer IS NOT NULL)",
    ),
    (
        "invalidation of a missing decision",
        "SELECT i.decision_id FROM decision_invalidations i WHERE NOT EXISTS "
        "(SELECT 1 FROM decisions d WHERE d.execution_id = i.execution_id "
        "AND d.id = i.decision_id)",
    ),
    *[
        (f"{table} id beyond its counter", _beyond(table, prefix))
        for table, prefix in (
            ("decisions", "dec"),
            ("blocks", "block"),
            ("waves", "wave"),
            ("observed_outputs", "obs"),
        )
    ],
]
