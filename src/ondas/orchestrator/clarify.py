"""Clarify as an asker and an answerer, the answerer's scores judged by code.

Before the clarify stage writes the clarified specification, two role calls run once per
execution: the *asker* lists the open questions with options (JSON), the *answerer* picks an
option for each and scores its confidence 0..3 (JSON). The runtime then applies the rules,
not the prompt: a score 0 opens a human block; a question on a structural axis opens the
axis block (a person decides, whatever the answerer chose); any other answer is recorded as
a decision through the audit layer, whose rules refuse a score 3 without evidence (and
evidence not seen in the tool outputs) — a refused answer goes to a person too. The round is
an audited ``clarify_round`` event; the writer then runs with the settled answers.

How many questions the asker may raise follows the clarify gate of the delivery tier:
``skip`` runs no round (the writer alone, as before), ``light`` up to
:data:`LIGHT_QUESTIONS`, ``full`` up to :data:`FULL_QUESTIONS`.
"""

from __future__ import annotations

from typing import Any

from ondas.audit import blocks as blocks_mod
from ondas.audit import decisions as decisions_mod
from ondas.audit import events as events_mod
from ondas.errors import OndasError
from ondas.limits import tier as tier_mod
from ondas.orchestrator import roles
from ondas.orchestrator.context import stage_context
from ondas.orchestrator.stage import (
    HUMAN_TOKEN,
    StageEnv,
    StageRun,
    pending_blocks,
    run_stage,
    structural,
)
from ondas.state.execution import get_execution
from ondas.state.store import Store

STAGE = "clarify"
ASKER = "clarify-ask"
ANSWERER = "clarify-answer"
ROUND_EVENT = "clarify_round"
LIGHT_QUESTIONS = 3
FULL_QUESTIONS = 7
MAX_OPTIONS = 5
QUESTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "questions": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "string"},
                    "question": {"type": "string"},
                    "options": {"type": "array", "items": {"type": "string"}},
                    "axis": {"type": "string"},
                },
                "required": ["id", "question", "options"],
            },
        }
    },
    "required": ["questions"],
}
ANSWERS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "answers": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "string"},
                    "choice": {"type": "string"},
                    "score": {"type": "integer", "minimum": 0, "maximum": 3},
                    "justification": {"type": "string"},
                    "evidence": {"type": "string"},
                    "references": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "option": {"type": "string"},
                                "violates": {"type": "string"},
                            },
                        },
                    },
                },
                "required": ["id", "choice", "score", "justification"],
            },
        }
    },
    "required": ["answers"],
}


def question_problems(answer: dict[str, Any], limit: int) -> list[str]:
    """Everything wrong with the asker's answer."""
    questions = answer.get("questions")
    if not isinstance(questions, list):
        return ['"questions" must be a list']
    found: list[str] = []
    if len(questions) > limit:
        found.append(f"at most {limit} questions, got {len(questions)}")
    ids: set[str] = set()
    for i, q in enumerate(questions, 1):
        if not isinstance(q, dict):
            found.append(f"question {i} is not an object")
            continue
        qid = str(q.get("id") or "").strip()
        if not qid or qid in ids:
            found.append(f"question {i} needs a unique id")
        ids.add(qid)
        if not str(q.get("question") or "").strip():
            found.append(f"question {qid or i} has no text")
        options = q.get("options")
        if (
            not isinstance(options, list)
            or not 2 <= len(options) <= MAX_OPTIONS
            or not all(isinstance(o, str) and o.strip() for o in options)
            or len(set(options)) != len(options)
        ):
            found.append(f"question {qid or i} needs 2 to {MAX_OPTIONS} distinct text options")
        axis = q.get("axis") or ""
        if axis and axis not in decisions_mod.AXES:
            found.append(
                f"question {qid or i}: axis {axis!r} is not one of {', '.join(decisions_mod.AXES)}"
            )
    return found


def answer_problems(answer: dict[str, Any], questions: list[dict[str, Any]]) -> list[str]:
    """Everything wrong with the answerer's answer (scores and evidence included)."""
    answers = answer.get("answers")
    if not isinstance(answers, list):
        return ['"answers" must be a list']
    by_id = {str(q["id"]): q for q in questions}
    found: list[str] = []
    seen: set[str] = set()
    for a in answers:
        if not isinstance(a, dict):
            found.append("an answer is not an object")
            continue
        qid = str(a.get("id") or "")
        if qid not in by_id:
            found.append(f"answer to unknown question {qid!r}")
            continue
        if qid in seen:
            found.append(f"question {qid} answered twice")
        seen.add(qid)
        score = a.get("score")
        if isinstance(score, bool) or not isinstance(score, int) or not 0 <= score <= 3:
            found.append(f"{qid}: score must be an integer 0..3")
            continue
        if score > 0 and a.get("choice") not in by_id[qid]["options"]:
            found.append(f"{qid}: choice must be one of its options")
        if not str(a.get("justification") or "").strip():
            found.append(f"{qid}: justification is required")
        evidence = str(a.get("evidence") or "").strip()
        if score == 3 and len(evidence) < decisions_mod.MIN_EVIDENCE:
            found.append(
                f"{qid}: score 3 needs evidence of at least {decisions_mod.MIN_EVIDENCE} "
                "characters (a literal quote)"
            )
    missing = [qid for qid in by_id if qid not in seen]
    if missing:
        found.append(f"unanswered: {', '.join(missing)}")
    return found


def question_limit(store: Store) -> int:
    """How many questions the asker may raise at this tier (0: no round)."""
    mode = tier_mod.gate_mode(tier_mod.get_tier(store), "clarify")
    return {"skip": 0, "light": LIGHT_QUESTIONS}.get(mode, FULL_QUESTIONS)


def _settled(store: Store) -> list[dict[str, Any]]:
    for event in reversed(events_mod.list_events(store, type_=ROUND_EVENT)):
        data = event.payload.get("data") if isinstance(event.payload, dict) else None
        if isinstance(data, dict):
            return list(data.get("settled") or [])
    return []


def _round_done(store: Store) -> bool:
    return bool(events_mod.list_events(store, type_=ROUND_EVENT, limit=1))


def run_clarify(store: Store, env: StageEnv) -> StageRun:
    """The clarify stage: the asker/answerer round once, then the writer."""
    limit = question_limit(store)
    if limit and not _round_done(store):
        held = _round(store, env, limit)
        if held is not None:
            return held
    return run_stage(store, env, STAGE, {"clarifications": _settled(store)})


def _ask_block(store: Store, env: StageEnv, role: str, problems: list[str]) -> StageRun:
    block_id = blocks_mod.register_block(
        store,
        question=f"The clarify {role} answered invalid JSON twice; fix the prompt or the "
        "specification and answer to run the round again.",
        context_for_answer="; ".join(problems[:8]),
        subject_key=f"stage:{STAGE}:{role}",
    )
    env.progress.emit("block", message=f"{block_id}: {role} invalid: {problems[:1]}")
    return StageRun(blocked=True, findings=problems)


def _round(store: Store, env: StageEnv, limit: int) -> StageRun | None:
    ex = get_execution(store)
    ctx = {**stage_context(ex, STAGE), "max_questions": limit}
    asked = roles.ask(
        store, env, ASKER, ctx, lambda a: question_problems(a, limit), QUESTIONS_SCHEMA
    )
    if asked.transport_error:
        return StageRun(transport_error=asked.transport_error)
    if not asked.ok:
        return _ask_block(store, env, ASKER, asked.problems)
    questions = [dict(q) for q in asked.answer.get("questions") or []]
    answers: list[dict[str, Any]] = []
    if questions:
        got = roles.ask(
            store,
            env,
            ANSWERER,
            {**ctx, "questions": questions},
            lambda a: answer_problems(a, questions),
            ANSWERS_SCHEMA,
        )
        if got.transport_error:
            return StageRun(transport_error=got.transport_error)
        if not got.ok:
            return _ask_block(store, env, ANSWERER, got.problems)
        answers = [dict(a) for a in got.answer.get("answers") or []]
    settled, sent = _apply(store, env, questions, answers)
    events_mod.add_event(
        store,
        ROUND_EVENT,
        f"{len(questions)} question(s), {len(settled)} settled, {len(sent)} to a person",
        data={
            "questions": len(questions),
            "decided": len(settled),
            "blocks": sent,
            "settled": settled,
            "asked": questions,
            "answers": answers,
        },
    )
    if pending_blocks(store):
        return StageRun(blocked=True)
    return None


def _apply(
    store: Store, env: StageEnv, questions: list[dict[str, Any]], answers: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[str]]:
    """Apply the score rules; return the settled answers and the blocks opened."""
    by_id = {str(a["id"]): a for a in answers}
    settled: list[dict[str, Any]] = []
    sent: list[str] = []
    for q in questions:
        a = by_id[str(q["id"])]
        options = [str(o) for o in q["options"]]
        score = int(a["score"])
        choice = str(a.get("choice") or "")
        axis = str(q.get("axis") or "") or None
        if axis is not None:
            before = {b.id for b in blocks_mod.list_blocks(store)}
            raw = {
                "context": q["question"],
                "justification": a.get("justification"),
                "axis": axis,
            }
            structural(store, env, STAGE, raw, options, choice or options[0], max(score, 1))
            sent += [b.id for b in blocks_mod.list_blocks(store) if b.id not in before]
            continue
        if score == 0:
            sent.append(_score_zero(store, env, q, a, options))
            continue
        try:
            decisions_mod.register_decision(
                store,
                agent=f"{env.backend.name}:{ANSWERER}",
                stage=STAGE,
                context=str(q["question"]),
                options=options,
                choice=choice,
                justification=str(a.get("justification")),
                score=score,
                evidence=str(a.get("evidence") or "") or None,
                references=a.get("references"),
            )
        except OndasError as err:
            sent.append(_refused(store, env, q, a, options, str(err)))
            continue
        settled.append({"question": q["question"], "choice": choice, "score": score})
    return settled, sent


def _score_zero(
    store: Store, env: StageEnv, q: dict[str, Any], a: dict[str, Any], options: list[str]
) -> str:
    decision_id = decisions_mod.register_decision(
        store,
        agent=f"{env.backend.name}:{ANSWERER}",
        stage=STAGE,
        context=str(q["question"]),
        options=[*options, HUMAN_TOKEN],
        choice=HUMAN_TOKEN,
        justification=f"Score 0: the answerer cannot decide. {a.get('justification') or ''}",
        score=0,
    )
    block_id = blocks_mod.register_block(
        store,
        question=str(q["question"]),
        decision_id=decision_id,
        context_for_answer=f"The clarify answerer could not decide (score 0): "
        f"{a.get('justification') or ''}".strip(),
        options=options,
        subject_key=f"clarify:{q['id']}",
    )
    env.progress.emit("block", message=f"{block_id}: score 0: {q['question']}")
    return block_id


def _refused(
    store: Store,
    env: StageEnv,
    q: dict[str, Any],
    a: dict[str, Any],
    options: list[str],
    why: str,
) -> str:
    events_mod.add_event(
        store,
        "decision_refused",
        why[:200],
        data={"stage": STAGE, "question": q, "answer": a},
    )
    block_id = blocks_mod.register_block(
        store,
        question=str(q["question"]),
        context_for_answer=f"The answerer's choice {a.get('choice')!r} was refused: {why}",
        options=options,
        subject_key=f"clarify:{q['id']}",
    )
    env.progress.emit("block", message=f"{block_id}: answer refused: {why[:120]}")
    return block_id
