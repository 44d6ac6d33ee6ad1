"""Budget proxies: tool calls and wallclock per wave, state size, and real cost in USD.

A budget is *reached* when its measured value is at or above its threshold
(``[budget]`` in config.toml). Reaching one is not an abort: the loop ends the wave
gracefully with ``threshold_proxy_reached`` and the next wave starts fresh.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ondas.config import Budget
from ondas.errors import RuleViolation, UsageError
from ondas.limits._common import execution_id, require_live
from ondas.limits._waves import latest_wave, open_wave
from ondas.record import Record, asdict
from ondas.state.store import utcnow

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

REASON = "threshold_proxy_reached"
NAMES = (
    "tool_calls_per_wave",
    "wallclock_seconds_per_wave",
    "state_bytes",
    "cost_usd_per_wave",
    "cost_usd_per_execution",
)


class BudgetItem(Record):
    """One proxy: its value (``None`` when not measured) against its threshold."""

    name: str
    value: float | None
    threshold: float

    @property
    def reached(self) -> bool:
        """True when the value is at or above the threshold."""
        return self.value is not None and self.value >= self.threshold

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {**asdict(self), "reached": self.reached}

    def line(self) -> str:
        """``name: value / threshold`` with REACHED when it is."""
        value = "not reported" if self.value is None else f"{self.value:g}"
        flag = " REACHED" if self.reached else ""
        return f"{self.name}: {value} / {self.threshold:g}{flag}"


def _elapsed(started_at: str) -> float:
    try:
        start = datetime.fromisoformat(started_at)
    except ValueError:
        return 0.0
    return max(0.0, (datetime.now(UTC) - start).total_seconds())


def measure(store: StateStore, execution: str | None = None) -> dict[str, float | None]:
    """Current values of every proxy for the open wave (else the latest one)."""
    exec_id = execution_id(store, execution)
    wave = open_wave(store, exec_id) or latest_wave(store, exec_id)
    values: dict[str, float | None] = dict.fromkeys(NAMES)
    values["state_bytes"] = float(store.size_bytes())
    if wave is not None:
        values["tool_calls_per_wave"] = float(wave["tool_calls"])
        if wave["ended_at"] is None:
            values["wallclock_seconds_per_wave"] = _elapsed(wave["started_at"])
        elif wave["wallclock_seconds"] is not None:
            values["wallclock_seconds_per_wave"] = float(wave["wallclock_seconds"])
        cost = store.one(
            "SELECT cost_usd FROM wave_costs WHERE execution_id = ? AND wave_id = ?",
            (exec_id, wave["id"]),
        )
        values["cost_usd_per_wave"] = float(cost["cost_usd"]) if cost else None
    total = store.one(
        "SELECT value FROM metrics WHERE execution_id = ? AND name = 'cost_usd'", (exec_id,)
    )
    values["cost_usd_per_execution"] = float(total["value"]) if total else None
    return values


def check(store: StateStore, budget: Budget, execution: str | None = None) -> list[BudgetItem]:
    """Every proxy against its threshold, in :data:`NAMES` order."""
    values = measure(store, execution)
    return [BudgetItem(name, values[name], float(getattr(budget, name))) for name in NAMES]


def first_reached(items: list[BudgetItem]) -> BudgetItem | None:
    """The first proxy at or above its threshold, if any."""
    return next((i for i in items if i.reached), None)


def raise_if_reached(items: list[BudgetItem]) -> None:
    """Raise ``[threshold_proxy_reached]`` naming the first budget reached."""
    hit = first_reached(items)
    if hit is not None:
        raise RuleViolation(REASON, f"{hit.name} reached: {hit.value:g} >= {hit.threshold:g}")


def record_cost(store: StateStore, usd: float, execution: str | None = None) -> dict[str, float]:
    """Add ``usd`` reported by the backend to the open wave and to the execution."""
    if isinstance(usd, bool) or not isinstance(usd, int | float) or usd < 0 or usd != usd:
        raise UsageError("cost must be a non-negative number of USD")
    exec_id = execution_id(store, execution)
    with store.transaction("cost_recorded", execution_id=exec_id) as tx:
        require_live(tx, exec_id)
        wave = open_wave(tx, exec_id)
        if wave is None:
            raise RuleViolation("no-open-wave", "cost is recorded against an open wave")
        row = tx.one(
            "SELECT cost_usd FROM wave_costs WHERE execution_id = ? AND wave_id = ?",
            (exec_id, wave["id"]),
        )
        wave_total = (float(row["cost_usd"]) if row else 0.0) + float(usd)
        tx.upsert(
            "wave_costs", {"execution_id": exec_id, "wave_id": wave["id"]}, {"cost_usd": wave_total}
        )
        tx.add_metrics(exec_id, {"cost_usd": float(usd)})
        tx.data["recorded_at"] = utcnow()
    values = measure(store, exec_id)
    return {
        "cost_usd_per_wave": values["cost_usd_per_wave"] or 0.0,
        "cost_usd_per_execution": values["cost_usd_per_execution"] or 0.0,
    }
