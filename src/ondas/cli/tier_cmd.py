"""``ondas tier``: the delivery tier (fail-safe reads, operator-only changes)."""

from __future__ import annotations

from pathlib import Path

from ondas.cli._common import (
    JsonOption,
    StateDirOption,
    call,
    emit_json,
    open_store,
    state_dir_or_default,
)
from ondas.cli.framework import App, Option
from ondas.limits import tier as tier_mod
from ondas.runtime.schema import default_schema
from ondas.state.execution import TIERS

app = App(
    help=f"The delivery tier: {', '.join(TIERS)}. Reads fail safe to cloud-public.",
    no_args_is_help=True,
)


@app.command("get")
def get_cmd(
    execution: str = Option(None, "--execution", help="Execution id (default: latest)."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Print the tier; anything unexpected (or any error) prints cloud-public, exit 0."""
    value = tier_mod.get_tier_at(state_dir_or_default(state_dir), default_schema(), execution)
    if as_json:
        emit_json({"tier": value})
    else:
        print(value)


@app.command("set")
def set_cmd(
    tier: str = Option(..., "--tier", help=f"One of {', '.join(TIERS)}."),
    justification: str = Option(..., "--justification", help="Why the operator changes it."),
    execution: str = Option(None, "--execution", help="Execution id (default: latest)."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Operator action: change the tier, recording a decision; refused inside an open wave."""
    with open_store(state_dir) as store:
        decision_id = call(
            lambda: tier_mod.set_tier(store, tier, justification=justification, execution=execution)
        )
    if as_json:
        emit_json({"tier": tier, "decision_id": decision_id})
    else:
        print(decision_id)


@app.command("gate-mode")
def gate_mode_cmd(
    gate: str = Option(..., "--gate", help="The gate, e.g. plan, review, security."),
    tier: str = Option(None, "--tier", help="Tier to ask about (default: the stored one)."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Print full, light or skip for the gate at the tier; anything unexpected is full."""
    current = (
        tier
        if tier is not None
        else tier_mod.get_tier_at(state_dir_or_default(state_dir), default_schema())
    )
    mode = tier_mod.gate_mode(current, gate)
    if as_json:
        emit_json({"tier": tier_mod.coerce(current), "gate": gate, "mode": mode})
    else:
        print(mode)
