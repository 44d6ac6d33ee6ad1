"""The MCP tools' operations: each one calls the library function its CLI command calls.

Nothing here enforces a rule of its own, except one: the lifecycle and evidence writes
(``open_wave``, ``close_wave``, ``record_task``) are refused while a runtime drives the
execution (:func:`ondas.state.lock.require_not_driven`). ``record_decision`` runs
``ondas.audit.decisions.register_decision`` exactly as ``ondas decision register`` does, so
the rules, their names in refusals and the audit events are the same whoever calls; the only
difference is the store handle, whose ``actor`` is ``mcp`` (recorded in every event).
"""

from __future__ import annotations

from typing import Any

from ondas.audit import blocks, decisions, tasks, waves
from ondas.errors import UsageError
from ondas.state.lock import require_not_driven
from ondas.state.store import Store


def open_wave(store: Store) -> dict[str, Any]:
    """``ondas wave start``."""
    require_not_driven(store, "opening a wave")
    return {"wave_id": waves.start_wave(store)}


def close_wave(
    store: Store,
    *,
    reason: str,
    advance: bool = False,
    terminal_phase: str | None = None,
    mode: str | None = None,
    next_instruction: str | None = None,
    add_stage: str | None = None,
    next_scheduled_for: str | None = None,
    next_stage: str | None = None,
) -> dict[str, Any]:
    """``ondas wave end``."""
    require_not_driven(store, "closing a wave")
    if mode is not None and not advance:
        raise UsageError("mode needs advance")
    result = waves.end_wave(
        store,
        reason,
        advance=advance,
        terminal_phase=terminal_phase,
        mode=mode,
        next_instruction=next_instruction,
        add_stage=add_stage,
        next_scheduled_for=next_scheduled_for,
        next_stage=next_stage,
    )
    return result.to_dict()


def record_skill(
    store: Store, *, skill: str, kind: str = "skill", decision: str | None = None
) -> dict[str, Any]:
    """``ondas wave record-skill``."""
    position = waves.record_skill(store, skill, kind, decision)
    return {"skill": skill, "kind": kind, "position": position}


def record_task(
    store: Store,
    *,
    task_id: str,
    title: str | None,
    outcome: str,
    tests_run: int,
    tests_passed: int,
    lint_ok: bool,
    files: list[str] | None = None,
) -> dict[str, Any]:
    """``ondas wave record-task``."""
    require_not_driven(store, "recording a task")
    task = tasks.record_task(
        store,
        task_id,
        title,
        outcome,
        tests_run,
        tests_passed,
        lint_ok,
        files or [],
        recorded_by="mcp",
    )
    return task.to_dict()


def record_decision(store: Store, **fields: Any) -> dict[str, Any]:
    """``ondas decision register``; ``class`` is the decision class (operational/structural)."""
    decision_id = decisions.register_decision(
        store,
        agent=fields.get("agent"),
        stage=fields.get("stage"),
        context=fields.get("context"),
        options=fields.get("options"),
        choice=fields.get("choice"),
        justification=fields.get("justification"),
        score=fields["score"],
        evidence=fields.get("evidence"),
        references=fields.get("references"),
        class_=fields.get("class") or "operational",
        axis=fields.get("axis"),
        consent=fields.get("consent"),
    )
    return decisions.get_decision(store, decision_id).to_dict()


def register_human_block(
    store: Store,
    *,
    question: str | None,
    decision: str | None = None,
    context_for_answer: str | None = None,
    options: list[str] | None = None,
    subject_key: str | None = None,
    severity: str = "normal",
) -> dict[str, Any]:
    """``ondas block register``."""
    block_id = blocks.register_block(
        store,
        question=question,
        decision_id=decision,
        context_for_answer=context_for_answer,
        options=options,
        subject_key=subject_key,
        severity=severity,
    )
    return blocks.get_block(store, block_id).to_dict()


def get_status(store: Store) -> dict[str, Any]:
    """``ondas wave status``, plus the blocks that await a person."""
    status = waves.wave_status(store)
    status["awaiting_blocks"] = [
        {"id": b.id, "question": b.question, "severity": b.severity, "options": b.options}
        for b in blocks.list_blocks(store, status="awaiting")
    ]
    return status
