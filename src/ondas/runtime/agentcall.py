"""What both engines do around one agent call: read its structured answer, account its usage.

The pipeline's stages (:mod:`ondas.orchestrator.stage`) and both engines' roles (asked through
:mod:`ondas.runtime.roles`) read an answer and record an agent run (``agent_usage`` event, run
metrics, cost against the budget) one way.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ondas.agents.base import AgentResult
from ondas.limits import budget
from ondas.state.store import Store

JSON_BLOCK = re.compile(r"```json\s*(\{.*?\})\s*```", re.S)


def structured_answer(result: AgentResult) -> dict[str, Any]:
    """The agent's structured answer, or the last fenced JSON object of its text."""
    if isinstance(result.structured, dict):
        return result.structured
    for raw in reversed(JSON_BLOCK.findall(result.text or "")):
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            return value
    return {}


def record_usage(
    store: Store,
    execution_id: str,
    result: AgentResult,
    what: str,
    *,
    step: str | None = None,
) -> None:
    """Record one agent run as reported: an ``agent_usage`` event (``"<backend> <what>"``),
    the run's metrics, and its cost against the budget; ``step`` names a sovai step."""
    with store.transaction(
        "agent_usage", execution_id=execution_id, description=f"{result.backend} {what}"
    ) as tx:
        tx.add_metrics(
            execution_id,
            {
                "agent_runs": 1,
                "tokens_in": result.tokens_in,
                "tokens_out": result.tokens_out,
                "agent_tool_calls": len(result.tool_calls),
            },
        )
        tx.data.update(
            {
                "backend": result.backend,
                **({"step": step} if step is not None else {}),
                "session_id": result.session_id,
                "tokens_in": result.tokens_in,
                "tokens_out": result.tokens_out,
                "cost_usd": result.cost_usd,
                "tool_calls": [c.name for c in result.tool_calls],
                "is_error": result.is_error,
            }
        )
    budget.record_cost(store, result.cost_usd)
