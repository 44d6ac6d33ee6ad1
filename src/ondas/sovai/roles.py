"""Calling sovai's agents: one request per role, its model and effort, its answer validated.

:meth:`Agents.ask` runs one role (in any thread: it touches no store) through the kernel's role
asking (:func:`ondas.runtime.roles.ask`, as the pipeline's roles do) and returns the raw results
with the validated answer; an answer that fails its schema is asked for once more with the
problems shown, then given up as :class:`~ondas.sovai.schemas.AnswerInvalid`. Accounting
(usage, cost, tool calls) happens in the calling thread through :meth:`Agents.account`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ondas.agents.base import AgentRequest, Backend
from ondas.runtime import roles as kernel
from ondas.runtime.agentcall import record_usage
from ondas.sovai import prompts
from ondas.sovai.settings import SovaiSettings
from ondas.state.store import Store

STEPS: dict[str, tuple[str, Callable[[dict[str, Any]], str]]] = {
    "decompose": ("decompose", prompts.decompose),
    "execute": ("executor", prompts.execute),
    "review": ("coordinate", prompts.review),
    "confirm": ("finalize", prompts.review),
    "diagnose": ("diagnose", prompts.diagnose),
    "fix": ("executor", prompts.fix),
    "docs": ("finalize", prompts.docs),
}


Answer = kernel.RoleAnswer[Any]
"""One role's results (every attempt) and its validated answer (or why there is none)."""


@dataclass
class Agents:
    """The backend and how its requests are made for one run."""

    backend: Backend
    project: Path
    settings: SovaiSettings
    project_name: str
    env: dict[str, str] = field(default_factory=dict)
    agent_settings: str | None = None
    routed: dict[str, str] = field(default_factory=dict)
    """role -> the model routing picked for it in the open wave (see :mod:`ondas.sovai.routes`);
    a role not routed runs with the settings' model."""

    def request(self, step: str, ctx: dict[str, Any], cwd: Path, role: str) -> AgentRequest:
        """The request of ``step`` for ``role`` (its routed model, else the settings'; effort
        from the settings)."""
        _, prompt = STEPS[step]
        return AgentRequest(
            prompt=prompt(ctx),
            cwd=cwd,
            stage=f"sovai-{step}",
            model=self.routed.get(role) or self.settings.models.get(role),
            effort=self.settings.effort.get(role),
            env=dict(self.env),
            settings=self.agent_settings,
            context=ctx,
            system_append=(
                f"{prompts.RULES} Role: {role} ({step}) on the project '{self.project_name}'."
            ),
        )

    def ask(
        self,
        step: str,
        ctx: dict[str, Any],
        parse: Callable[[Any], Any],
        *,
        cwd: Path | None = None,
        role: str | None = None,
    ) -> Answer:
        """Run ``step``; validate its answer with ``parse``; one retry that shows the problems."""
        who = role or STEPS[step][0]

        def request(findings: list[str]) -> AgentRequest:
            return self.request(step, {**ctx, "findings": findings}, cwd or self.project, who)

        return kernel.ask(self.backend, request, parse, shown=8)

    def account(self, store: Store, execution_id: str, step: str, answer: Answer) -> None:
        """Record usage and cost as the backend reported them (one event per agent run)."""
        for result in answer.results:
            record_usage(store, execution_id, result, step, step=step)
