"""The delivery tier: how exposed the delivered system will be, and so how strict the gates.

The tier lives only in ``executions.delivery_tier`` and changes only through :func:`set_tier`,
an operator action that records a decision and is refused inside an open wave. Reading is
fail-safe: anything but one of the four exact values, or any error, reads as the strictest
tier, ``cloud-public``. Nothing read from an artifact or from config.toml can change it.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from ondas.errors import RuleViolation, UsageError
from ondas.limits._common import execution_id, require_live
from ondas.limits._waves import open_wave
from ondas.state.execution import TIERS, apply_execution_changes
from ondas.state.schema import Schema
from ondas.state.store import Store

# Not ``typing.TYPE_CHECKING``: importing this module imports no typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.interface import StateStore

STRICTEST = "cloud-public"
GATE_MODES = ("full", "light", "skip")
SAFE_MODE = "full"
OPERATOR = "operator"


def coerce(value: object) -> str:
    """``value`` when it is exactly one of :data:`TIERS`, else ``cloud-public``."""
    return value if isinstance(value, str) and value in TIERS else STRICTEST


def get_tier(store: StateStore | None, execution: str | None = None) -> str:
    """The execution's tier; ``cloud-public`` for a bad stored value or any error."""
    if store is None:
        return STRICTEST
    try:
        exec_id = execution_id(store, execution)
        row = store.one("SELECT delivery_tier FROM executions WHERE id = ?", (exec_id,))
        return coerce(row["delivery_tier"] if row else None)
    except Exception:
        return STRICTEST


def get_tier_at(state_dir: Path, schema: Schema, execution: str | None = None) -> str:
    """:func:`get_tier` for the store in ``state_dir``; never raises."""
    try:
        with Store.open(state_dir, schema=schema) as store:
            return get_tier(store, execution)
    except Exception:
        return STRICTEST


def set_tier(
    store: StateStore, tier: str, *, justification: str, execution: str | None = None
) -> str:
    """Change the tier as an operator action; returns the id of the recorded decision."""
    from ondas.audit.decisions import register_in_tx

    if tier not in TIERS:
        raise UsageError(f"tier must be one of {', '.join(TIERS)}; got {tier!r}")
    if not justification.strip():
        raise UsageError("a justification is required to change the tier")
    from ondas.audit.operator import refuse_inside_agent

    refuse_inside_agent("tier set")
    exec_id = execution_id(store, execution)
    with store.transaction("tier_set", execution_id=exec_id, description=tier) as tx:
        require_live(tx, exec_id)
        wave = open_wave(tx, exec_id)
        if wave is not None:
            raise RuleViolation(
                "tier-in-wave", f"{wave['id']} is open; the tier changes only between waves"
            )
        row = tx.one("SELECT current_stage, delivery_tier FROM executions WHERE id = ?", (exec_id,))
        assert row is not None
        previous = coerce(row["delivery_tier"])
        decision_id = register_in_tx(
            tx,
            exec_id,
            agent=OPERATOR,
            stage=str(row["current_stage"]),
            context=f"Operator changes the delivery tier from {previous} to {tier}",
            options=list(TIERS),
            choice=tier,
            justification=justification,
            score=2,
            class_="structural",
            axis="delivery-tier",
            by_operator=True,
        )
        apply_execution_changes(tx, exec_id, {"delivery_tier": tier})
        tx.data.update({"previous": previous, "decision_id": decision_id})
    return str(decision_id)


def _table() -> dict[str, object]:
    try:
        text = resources.files("ondas.limits").joinpath("gate_modes.toml").read_text("utf-8")
        return tomllib.loads(text)
    except Exception:
        return {}


def gate_mode(tier: str, gate: str) -> str:
    """``full``, ``light`` or ``skip`` for ``gate`` at ``tier``; anything unexpected is
    ``full`` (the tier is coerced first, so a bad tier reads as cloud-public)."""
    row = _table().get(coerce(tier))
    mode = row.get(gate) if isinstance(row, dict) else None
    return mode if isinstance(mode, str) and mode in GATE_MODES else SAFE_MODE
