"""Read-only invariants of the limits tables, checked by ``ondas state validate``."""

from __future__ import annotations

from ondas.limits.retro import MAX_PER_FEATURE
from ondas.limits.spawn import MAX_DEPTH
from ondas.state.schema import TYPE_CHECKING

if TYPE_CHECKING:
    from ondas.state.schema import Invariant

TABLES = (
    "limit_spawn",
    "limit_cycles",
    "limit_circular",
    "limit_drift",
    "limit_drift_touches",
    "limit_retro",
    "wave_costs",
    "wave_models",
)

LIMITS_INVARIANTS: list[Invariant] = [
    *[
        (
            f"{table} row of an unknown execution",
            f"SELECT execution_id FROM {table} "
            "WHERE execution_id NOT IN (SELECT id FROM executions)",
        )
        for table in TABLES
    ],
    *[
        (
            f"{table} row of an unknown wave",
            f"SELECT t.execution_id FROM {table} t WHERE NOT EXISTS (SELECT 1 FROM waves w "
            "WHERE w.execution_id = t.execution_id AND w.id = t.wave_id)",
        )
        for table in ("limit_drift_touches", "wave_costs", "wave_models")
    ],
    (
        f"spawn depth recorded above {MAX_DEPTH}",
        f"SELECT execution_id FROM limit_spawn WHERE depth > {MAX_DEPTH}",
    ),
    (
        f"more than {MAX_PER_FEATURE} retro-executions recorded for a feature",
        f"SELECT execution_id FROM limit_retro WHERE used > {MAX_PER_FEATURE}",
    ),
    (
        "drift touch of an aspect that is not a key aspect",
        "SELECT t.execution_id FROM limit_drift_touches t WHERE NOT EXISTS (SELECT 1 "
        "FROM key_aspects k WHERE k.execution_id = t.execution_id AND k.aspect = t.aspect)",
    ),
]
