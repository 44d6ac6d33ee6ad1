"""Clarify as asker + answerer, the answerer's score rules enforced by code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ondas.agents import sample
from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend
from ondas.app import run as commands
from ondas.orchestrator import clarify
from tests.orchestrator.conftest import SAMPLE, one, rows

TIER = "internal-network"  # clarify gate "light": the round runs


def _answers(**overrides: dict[str, Any]) -> Any:
    def answer(request: AgentRequest) -> AgentResult:
        items = sample.clarify_answers(list(request.context["questions"]))
        for item in items:
            item.update(overrides.get(item["id"], {}))
        return AgentResult(text="answers", structured={"answers": items})

    return answer


def _stages(backend: ScriptedBackend) -> list[str]:
    return [r.stage for r in backend.requests]


def test_asker_and_answerer_settle_questions_and_a_structural_axis_goes_to_a_person(
    project: Path,
) -> None:
    backend = ScriptedBackend()
    first = commands.run(project, description=SAMPLE, backend=backend, tier=TIER)
    assert first.status == "awaiting_human" and first.current_stage == "clarify"
    assert _stages(backend)[-2:] == ["clarify-ask", "clarify-answer"]
    settled = one(project, "SELECT * FROM decisions WHERE agent = 'scripted:clarify-answer'")
    assert settled["choice"] == "oldest first, numbered" and settled["score"] == 2
    block = one(project, "SELECT * FROM blocks WHERE status = 'awaiting'")
    assert block["subject_key"] == "axis:persistence"
    event = one(project, "SELECT * FROM events WHERE type = 'clarify_round'")
    assert event["description"] == "2 question(s), 1 settled, 1 to a person"

    second = commands.resume(project, answer="an SQLite database", backend=backend)
    assert second.status == "completed"
    assert _stages(backend).count("clarify-ask") == 1
    writer = [r for r in backend.requests if r.stage == "clarify"][-1]
    assert "oldest first, numbered" in writer.prompt and "an SQLite database" in writer.prompt
    spec = (project / "docs/specs/project/spec.md").read_text()
    assert "an SQLite database" in spec
    report = (project / ".ondas" / "report.md").read_text()
    assert "Clarify: 2 question(s) asked, 1 answered by the answerer, 1 sent to a person" in report


def test_a_score_zero_answer_blocks_for_a_person(project: Path) -> None:
    backend = ScriptedBackend({"clarify-answer": _answers(Q2={"score": 0, "choice": ""})})
    first = commands.run(project, description=SAMPLE, backend=backend, tier=TIER, auto_answer=True)
    assert first.status == "awaiting_human" and first.current_stage == "clarify"
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'clarify:Q2'")
    assert block["status"] == "awaiting" and "score 0" in block["context_for_answer"]
    pause = one(project, "SELECT * FROM decisions WHERE id = ?", (block["decision_id"],))
    assert pause["choice"] == "pause-human" and pause["score"] == 0
    assert "clarify" not in _stages(backend)  # the writer waits for the person
    second = commands.resume(project, answer="newest first, numbered", backend=backend)
    assert second.status == "completed"


def test_a_score_three_without_evidence_is_refused_and_then_blocks(project: Path) -> None:
    backend = ScriptedBackend({"clarify-answer": _answers(Q2={"score": 3, "evidence": ""})})
    result = commands.run(project, description=SAMPLE, backend=backend, tier=TIER, auto_answer=True)
    assert result.status == "awaiting_human"
    assert _stages(backend).count("clarify-answer") == 2
    retry = [r for r in backend.requests if r.stage == "clarify-answer"][-1]
    assert "score 3 needs evidence" in retry.prompt
    block = one(project, "SELECT * FROM blocks WHERE status = 'awaiting'")
    assert block["subject_key"] == "stage:clarify:clarify-answer"
    assert not rows(project, "SELECT * FROM decisions WHERE agent = 'scripted:clarify-answer'")


def test_the_local_tier_skips_the_round(project: Path) -> None:
    backend = ScriptedBackend()
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "completed"
    assert "clarify-ask" not in _stages(backend)


def test_question_and_answer_rules() -> None:
    questions = [dict(q) for q in sample.CLARIFY_QUESTIONS]
    assert clarify.question_problems({"questions": questions}, 3) == []
    assert clarify.question_problems({"questions": questions}, 1)
    bad = [{"id": "Q1", "question": "x?", "options": ["only one"], "axis": "colour"}]
    assert len(clarify.question_problems({"questions": bad}, 3)) == 2
    good = {"answers": sample.clarify_answers(questions)}
    assert clarify.answer_problems(good, questions) == []
    assert clarify.answer_problems({"answers": good["answers"][:1]}, questions)
    wrong = [{**a, "choice": "elsewhere"} for a in good["answers"]]
    assert clarify.answer_problems({"answers": wrong}, questions)
    scored = [{**a, "score": 4} for a in good["answers"]]
    assert clarify.answer_problems({"answers": scored}, questions)
