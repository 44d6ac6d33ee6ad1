"""Asking an agent as a role: one call whose JSON answer code validates, with one retry.

Both engines ask roles this one way: the pipeline's (key aspects, clarify asker and answerer,
security reviewer, retrospective: :mod:`ondas.orchestrator.roles`) and sovai's (decompose,
executors, reviewer, diagnosis, docs: :mod:`ondas.sovai.roles`). :func:`ask` runs the agent
(a crash of the agent is an error result, never a dead run: :func:`run_agent`), stops at a
failure of the model API, reads the structured answer, validates it, and asks once more with
the problems shown. :func:`routed_model` picks a role's model by the role rule of
:mod:`ondas.limits.routing` (one audited decision per role per wave).

Each engine passes only what differs: how a request is built (its prompt template, tools,
model), how an answer is validated, and where the usage of each agent run is recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ondas.agents.base import AgentRequest, AgentResult, Backend
from ondas.config import KEEP_CURRENT
from ondas.errors import OndasError
from ondas.limits import routing
from ondas.runtime.agentcall import structured_answer
from ondas.state.store import Store

T = TypeVar("T")


class InvalidAnswer(ValueError):
    """An agent's answer fails its validator; ``problems`` lists every finding."""

    def __init__(self, problems: list[str], message: str | None = None) -> None:
        self.problems = problems
        super().__init__(message if message is not None else "; ".join(problems))

    @property
    def reported(self) -> list[str]:
        """What :attr:`RoleAnswer.problems` says of a refused answer (every finding)."""
        return list(self.problems)


@dataclass
class RoleAnswer(Generic[T]):
    """One role's agent runs (every attempt) and its validated answer, or why there is none."""

    results: list[AgentResult] = field(default_factory=list)
    answer: dict[str, Any] = field(default_factory=dict)
    """The structured answer of the last attempt, as read (valid or not)."""
    value: T | None = None
    """What the validator made of a valid answer (``None`` when none validated)."""
    problems: list[str] = field(default_factory=list)
    transport_error: str | None = None

    @property
    def result(self) -> AgentResult | None:
        """The last agent run."""
        return self.results[-1] if self.results else None

    @property
    def ok(self) -> bool:
        """True when the answer passed its validator."""
        return not self.problems and self.transport_error is None


def run_agent(backend: Backend, request: AgentRequest) -> AgentResult:
    """Run the backend; a crash of the agent becomes an error result, never a dead run."""
    try:
        return backend.run(request)
    except OndasError:
        raise
    except Exception as exc:
        return AgentResult(text=f"{type(exc).__name__}: {exc}", is_error=True, backend=backend.name)


def routed_model(
    store: Store,
    backend: Backend,
    role: str,
    keep: str | None,
    models: dict[str, str] | None = None,
) -> str | None:
    """``role``'s model by the role rule (recorded once per wave), or ``keep`` when the rule
    keeps the current model; an offline backend is never routed (``keep``, nothing recorded)."""
    if getattr(backend, "offline", False):
        return keep
    choice = routing.role_select(store, role, models)
    return keep if choice.model == KEEP_CURRENT else choice.model


def refuse_problems(validate: Callable[[dict[str, Any]], list[str]]) -> Callable[[Any], Any]:
    """A validator that lists problems, as one that returns the answer or raises
    :class:`InvalidAnswer` (the form :func:`ask` takes)."""

    def parse(answer: dict[str, Any]) -> dict[str, Any]:
        problems = validate(answer)
        if problems:
            raise InvalidAnswer(problems)
        return answer

    return parse


def ask(
    backend: Backend,
    request: Callable[[list[str]], AgentRequest],
    parse: Callable[[Any], T],
    *,
    shown: int | None = None,
    on_result: Callable[[AgentResult], None] | None = None,
    on_invalid: Callable[[int, list[str]], None] | None = None,
) -> RoleAnswer[T]:
    """Ask a role: ``request(findings)`` builds each attempt's request (no findings the first
    time, the first ``shown`` problems of the refused answer the second), ``parse`` validates
    the answer (raising :class:`InvalidAnswer`). ``on_result`` sees every agent run as it
    ends (accounting in the caller's thread), ``on_invalid`` every refused attempt (its
    number and problems). A failure of the model API ends the asking at once."""
    out: RoleAnswer[T] = RoleAnswer()
    findings: list[str] = []
    for attempt in (1, 2):
        result = run_agent(backend, request(findings))
        out.results.append(result)
        if on_result is not None:
            on_result(result)
        if result.transport_error:
            out.transport_error = result.transport_error
            return out
        out.answer = structured_answer(result)
        try:
            out.value = parse(out.answer)
        except InvalidAnswer as bad:
            out.problems = bad.reported
            findings = list(bad.problems if shown is None else bad.problems[:shown])
            if on_invalid is not None:
                on_invalid(attempt, bad.problems)
            continue
        out.problems = []
        return out
    return out
