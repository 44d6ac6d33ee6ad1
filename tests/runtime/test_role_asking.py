"""The kernel's role asking: one retry that shows the problems, model API failures end it,
an agent's crash is an answer without value, every run is handed to the caller."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend
from ondas.errors import UsageError
from ondas.runtime.roles import InvalidAnswer, ask, refuse_problems


def _answering(*answers: dict[str, Any] | str) -> ScriptedBackend:
    """A backend whose role answers the given JSON objects in turn (a string is a transport
    error)."""
    queue = list(answers)

    def role(request: AgentRequest) -> AgentResult:
        given = queue.pop(0)
        if isinstance(given, str):
            return AgentResult(text="", is_error=True, transport_error=given)
        return AgentResult(text=f"```json\n{json.dumps(given)}\n```")

    return ScriptedBackend({"role": role})


def _request(tmp_path: Path) -> Any:
    def build(findings: list[str]) -> AgentRequest:
        return AgentRequest(prompt="answer", cwd=tmp_path, stage="role", context={"f": findings})

    return build


def _needs_name(answer: dict[str, Any]) -> list[str]:
    return [] if answer.get("name") else ["answer.name is missing", "answer.name is empty"]


def test_a_refused_answer_is_asked_once_more_with_its_problems_shown(tmp_path: Path) -> None:
    backend = _answering({"other": 1}, {"name": "x"})
    refused: list[tuple[int, list[str]]] = []
    got = ask(
        backend,
        _request(tmp_path),
        refuse_problems(_needs_name),
        shown=1,
        on_invalid=lambda attempt, problems: refused.append((attempt, problems)),
    )
    assert got.ok and got.value == {"name": "x"} and got.answer == {"name": "x"}
    assert [r.context["f"] for r in backend.requests] == [[], ["answer.name is missing"]]
    assert refused == [(1, ["answer.name is missing", "answer.name is empty"])]
    assert len(got.results) == 2 and got.result is got.results[-1]


def test_an_answer_refused_twice_keeps_its_problems_and_no_value(tmp_path: Path) -> None:
    got = ask(_answering({}, {"name": ""}), _request(tmp_path), refuse_problems(_needs_name))
    assert not got.ok and got.value is None
    assert got.problems == ["answer.name is missing", "answer.name is empty"]
    assert got.answer == {"name": ""}


def test_an_engine_reports_a_refusal_its_own_way(tmp_path: Path) -> None:
    class Refused(InvalidAnswer):
        @property
        def reported(self) -> list[str]:
            return [f"schema: {self}"]

    def parse(answer: dict[str, Any]) -> str:
        raise Refused(["bad"])

    got = ask(_answering({}, {}), _request(tmp_path), parse)
    assert got.problems == ["schema: bad"]


def test_a_model_api_failure_ends_the_asking_at_once(tmp_path: Path) -> None:
    seen: list[AgentResult] = []
    backend = _answering("HTTP 529 overloaded", {"name": "x"})
    got = ask(backend, _request(tmp_path), refuse_problems(_needs_name), on_result=seen.append)
    assert got.transport_error == "HTTP 529 overloaded" and not got.ok
    assert len(backend.requests) == 1 and seen == got.results


def test_a_crashing_agent_is_an_error_answer_and_a_refused_run_is_not(tmp_path: Path) -> None:
    def crash(request: AgentRequest) -> AgentResult:
        raise RuntimeError("boom")

    got = ask(ScriptedBackend({"role": crash}), _request(tmp_path), refuse_problems(_needs_name))
    assert [r.text for r in got.results] == ["RuntimeError: boom"] * 2
    assert all(r.is_error for r in got.results) and not got.ok

    def refused(request: AgentRequest) -> AgentResult:
        raise UsageError("not here")

    with pytest.raises(UsageError):
        ask(ScriptedBackend({"role": refused}), _request(tmp_path), refuse_problems(_needs_name))
