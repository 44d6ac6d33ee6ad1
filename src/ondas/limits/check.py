"""Run every abort trigger in order: spawn, cycles, circular, drift, retro."""

from __future__ import annotations

from ondas.limits import circular, cycles, drift, retro, spawn
from ondas.limits._common import execution_id
from ondas.limits.result import TriggerResult

# Not ``typing.TYPE_CHECKING``: importing this module imports no typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.interface import StateStore

ORDER = ("spawn", "cycles", "circular", "drift", "retro")


def check_all(store: StateStore, execution: str | None = None) -> list[TriggerResult]:
    """Every trigger's result, in :data:`ORDER` (all are evaluated, even after an abort)."""
    exec_id = execution_id(store, execution)
    return [
        spawn.check(store, exec_id),
        cycles.check(store, exec_id),
        circular.check(store, exec_id),
        drift.check(store, exec_id),
        retro.check_all(store, exec_id),
    ]


def first_abort(results: list[TriggerResult]) -> TriggerResult | None:
    """The first result that aborts, if any."""
    return next((r for r in results if r.aborts), None)
