"""Calling sovai's agents: one request per role, its model and effort, its answer validated.

:meth:`Agents.ask` runs one role (in any thread: it touches no store) and returns the raw
result with its validated answer; an answer that fails its schema is asked for once more
with the problems shown, then given up as :class:`~ondas.sovai.schemas.AnswerInvalid`.
Accounting (usage, cost, tool calls) happens in the calling thread through
:meth:`Agents.account`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ondas.agents.base import AgentRequest, AgentResult, Backend
from ondas.errors import OndasError
from ondas.runtime.agentcall import record_usage, structured_answer
from ondas.sovai import prompts
from ondas.sovai.schemas import AnswerInvalid
from ondas.sovai.settings import SovaiSettings
from ondas.state.store import Store

T = TypeVar("T")

STEPS: dict[str, tuple[str, Callable[[dict[str, Any]], str]]] = {
    "decompose": ("decompose", prompts.decompose),
    "execute": ("executor", prompts.execute),
    "review": ("coordinate", prompts.review),
    "confirm": ("finalize", prompts.review),
    "diagnose": ("diagnose", prompts.diagnose),
    "fix": ("executor", prompts.fix),
    "docs": ("finalize", prompts.docs),
}


@dataclass
class Answer:
    """One role's results (every attempt) and its validated answer (or why there is none)."""

    results: list[AgentResult] = field(default_factory=list)
    value: Any = None
    problems: list[str] = field(default_factory=list)
    transport_error: str | None = None


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
        parse: Callable[[Any], T],
        *,
        cwd: Path | None = None,
        role: str | None = None,
    ) -> Answer:
        """Run ``step``; validate its answer with ``parse``; one retry that shows the problems."""
        who = role or STEPS[step][0]
        answer = Answer()
        findings: list[str] = []
        for _attempt in (1, 2):
            request = self.request(step, {**ctx, "findings": findings}, cwd or self.project, who)
            result = self._call(request)
            answer.results.append(result)
            if result.transport_error:
                answer.transport_error = result.transport_error
                return answer
            try:
                answer.value = parse(structured_answer(result))
                answer.problems = []
                return answer
            except AnswerInvalid as bad:
                findings = bad.problems[:8]
                answer.problems = [str(bad)]
        return answer

    def _call(self, request: AgentRequest) -> AgentResult:
        try:
            return self.backend.run(request)
        except OndasError:
            raise
        except Exception as exc:  # an agent crash is an answer without value, never a dead run
            return AgentResult(
                text=f"{type(exc).__name__}: {exc}", is_error=True, backend=self.backend.name
            )

    def account(self, store: Store, execution_id: str, step: str, answer: Answer) -> None:
        """Record usage and cost as the backend reported them (one event per agent run)."""
        for result in answer.results:
            record_usage(store, execution_id, result, step, step=step)
