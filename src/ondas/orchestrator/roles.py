"""Role calls: one agent call that must answer a JSON object the runtime validates with code.

The key-aspects extractor, the clarify asker and answerer, the security reviewer and the
retrospective are roles, not stages: they run inside a stage's wave, their prompt is a skill
template of their own, and their answer is refused (one retry that shows the problems) unless
it passes its validator. Roles get read-only tools and no MCP server.

The asking itself (the retry, the model API's failures, the role's routed model) is the
kernel's, :mod:`ondas.runtime.roles`, as for sovai's roles; this module passes the pipeline's
part: the skill template, the tools, the validator, and the stage accounting of each run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ondas.agents.base import AgentRequest, AgentResult
from ondas.orchestrator.stage import StageEnv, account, record_invalid, system_text
from ondas.runtime import roles as kernel
from ondas.skills import render
from ondas.state.execution import get_execution
from ondas.state.store import Store

Validator = Callable[[dict[str, Any]], list[str]]
READ_ONLY_TOOLS = ("Read", "Glob", "Grep")
"""A role reads and answers; the runtime writes whatever comes of its answer."""

RoleAnswer = kernel.RoleAnswer[dict[str, Any]]
"""The validated answer of a role (``answer`` with ``problems`` when it never validated)."""


def ask(
    store: Store,
    env: StageEnv,
    role: str,
    context: dict[str, Any],
    validate: Validator,
    schema: dict[str, Any] | None = None,
) -> RoleAnswer:
    """Call the agent as ``role`` (its skill template, read-only tools, its routed model unless
    the run names one); validate its JSON answer; retry once with the problems."""
    ex = get_execution(store)
    model = env.model or kernel.routed_model(store, env.backend, role, env.wave_model)

    def request(problems: list[str]) -> AgentRequest:
        ctx = {**context, "findings": problems, "role": role}
        return AgentRequest(
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

    def accounted(result: AgentResult) -> None:
        account(store, env, ex, result)

    def refused(attempt: int, problems: list[str]) -> None:
        record_invalid(store, env, "role", role, attempt, problems)

    return kernel.ask(
        env.backend,
        request,
        kernel.refuse_problems(validate),
        on_result=accounted,
        on_invalid=refused,
    )
