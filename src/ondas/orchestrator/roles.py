"""Role calls: one agent call that must answer a JSON object the runtime validates with code.

The key-aspects extractor, the clarify asker and answerer, the security reviewer and the
retrospective are roles, not stages: they run inside a stage's wave, their prompt is a skill
template of their own, and their answer is refused (one retry that shows the problems) unless
it passes its validator. Roles get read-only tools and no MCP server.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ondas.agents.base import AgentRequest, AgentResult
from ondas.audit import events as events_mod
from ondas.config import KEEP_CURRENT
from ondas.limits import routing
from ondas.orchestrator.stage import (
    StageEnv,
    account,
    call_agent,
    record_retry,
    system_text,
)
from ondas.runtime.agentcall import structured_answer
from ondas.skills import render
from ondas.state.execution import get_execution
from ondas.state.store import Store

Validator = Callable[[dict[str, Any]], list[str]]
READ_ONLY_TOOLS = ("Read", "Glob", "Grep")
"""A role reads and answers; the runtime writes whatever comes of its answer."""


@dataclass
class RoleAnswer:
    """The validated answer of a role (empty with ``problems`` when it never validated)."""

    answer: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    transport_error: str | None = None
    result: AgentResult | None = None

    @property
    def ok(self) -> bool:
        """True when the answer passed its validator."""
        return not self.problems and self.transport_error is None


def _role_model(store: Store, env: StageEnv, role: str) -> str | None:
    """The role's routed model (recorded once per wave); the wave's model when it keeps it,
    and no routing at all for an offline backend (as for the wave's model)."""
    if getattr(env.backend, "offline", False):
        return env.wave_model
    choice = routing.role_select(store, role)
    return env.wave_model if choice.model == KEEP_CURRENT else choice.model


def ask(
    store: Store,
    env: StageEnv,
    role: str,
    context: dict[str, Any],
    validate: Validator,
    schema: dict[str, Any] | None = None,
) -> RoleAnswer:
    """Call the agent as ``role``; validate its JSON answer; retry once with the problems."""
    ex = get_execution(store)
    problems: list[str] = []
    out = RoleAnswer()
    model = env.model or _role_model(store, env, role)
    for attempt in (1, 2):
        ctx = {**context, "findings": problems, "role": role}
        request = AgentRequest(
            prompt=render(role, ctx, env.project).text,
            cwd=env.project,
            stage=role,
            allowed_tools=list(READ_ONLY_TOOLS),
            model=model,
            env=dict(env.agent_env),
            settings=env.agent_settings,
            max_turns=env.max_turns,
            context=ctx,
            system_append=system_text(ex, role),
            output_schema=schema,
        )
        result = call_agent(env, request)
        account(store, env, ex, result)
        out.result = result
        if result.transport_error:
            out.transport_error = result.transport_error
            return out
        answer = structured_answer(result)
        out.answer = answer
        problems = validate(answer)
        if not problems:
            out.problems = []
            return out
        events_mod.add_event(
            store,
            "validation_failed",
            f"{role} attempt {attempt}: {len(problems)} problem(s)",
            data={"role": role, "attempt": attempt, "findings": problems[:20]},
        )
        if attempt == 1:
            record_retry(store, env, "role", role, problems)
    out.problems = problems
    return out
