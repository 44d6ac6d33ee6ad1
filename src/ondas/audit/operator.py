"""Operator-only changes: the agent cannot rewrite its own run.

While an execution is active, ``state set`` of the fields that steer it (delivery tier,
status, current stage) is refused unless the operator says ``--as-operator``; the change is
then recorded as a decision in the same audited transaction. ``--as-operator`` (and every
other operator action) is refused from inside a Claude Code session: Claude Code sets
``CLAUDECODE=1`` in the environment of every Bash command and hook it runs (seen with
2.1.197, together with ``CLAUDE_CODE_ENTRYPOINT``; ``SANDBOX_RUNTIME=1`` inside its sandbox).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ondas.audit.decisions import register_in_tx
from ondas.errors import RuleViolation
from ondas.state.execution import (
    Execution,
    apply_execution_changes,
    get_execution,
    validate_changes,
)

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

OPERATOR = "operator"
PROTECTED_FIELDS = ("delivery_tier", "status", "current_stage")
"""Fields that steer the run: changing them mid-run is the operator's call."""
ACTIVE_STATUSES = ("in_progress", "awaiting_human")
AGENT_ENV = ("CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "SANDBOX_RUNTIME")
"""Variables Claude Code sets for the commands and hooks it runs."""


def agent_session(environ: Mapping[str, str] | None = None) -> str | None:
    """The Claude Code variable found in ``environ`` (default: this process), or None."""
    env = os.environ if environ is None else environ
    for name in AGENT_ENV:
        if env.get(name):
            return name
    return None


def refuse_inside_agent(action: str, environ: Mapping[str, str] | None = None) -> None:
    """Raise ``[operator-only]`` when called from inside a Claude Code session."""
    found = agent_session(environ)
    if found is not None:
        raise RuleViolation(
            "operator-only",
            f"{action} is an operator action and is refused inside a Claude Code session "
            f"({found} is set)",
        )


def set_fields(
    store: StateStore,
    changes: dict[str, Any],
    *,
    execution_id: str | None = None,
    as_operator: bool = False,
    justification: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> Execution:
    """``state set``: apply ``changes``; the steering fields of an active run need the operator."""
    validate_changes(changes)
    execution = get_execution(store, execution_id)
    steering = [name for name in PROTECTED_FIELDS if name in changes]
    if as_operator:
        refuse_inside_agent("state set --as-operator", environ)
    if not steering or execution.status not in ACTIVE_STATUSES:
        with store.transaction("execution_updated", execution_id=execution.id) as tx:
            apply_execution_changes(tx, execution.id, changes)
        return get_execution(store, execution.id)
    if not as_operator:
        raise RuleViolation(
            "run-change-refused",
            f"{', '.join(steering)} of the active execution {execution.id} change only by the "
            "operator: pass --as-operator (recorded as a decision)",
        )
    reason = (justification or "").strip() or "operator override through state set"
    with store.transaction(
        "execution_updated", execution_id=execution.id, description="operator override"
    ) as tx:
        for name in steering:
            before = getattr(execution, name)
            after = changes[name]
            axis = "delivery-tier" if name == "delivery_tier" else None
            register_in_tx(
                tx,
                execution.id,
                agent=OPERATOR,
                stage=execution.current_stage,
                context=f"Operator changes {name} from {before} to {after}",
                options=[str(before), str(after)] if str(before) != str(after) else [str(after)],
                choice=str(after),
                justification=reason,
                score=2,
                class_="structural" if axis else "operational",
                axis=axis,
                by_operator=True,
            )
        apply_execution_changes(tx, execution.id, changes)
    return get_execution(store, execution.id)
