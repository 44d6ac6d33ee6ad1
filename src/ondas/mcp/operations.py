"""The MCP tools' operations: each one calls the library function its CLI command calls.

Nothing here enforces a rule of its own, except one: the lifecycle and evidence writes
(``open_wave``, ``close_wave``, ``record_task``) are refused while a runtime drives the
execution (:func:`ondas.state.lock.require_not_driven`). ``record_decision`` runs
``ondas.audit.decisions.register_decision`` exactly as ``ondas decision register`` does, so
the rules, their names in refusals and the audit events are the same whoever calls; the only
difference is the store handle, whose ``actor`` is ``mcp`` (recorded in every event).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ondas.audit import blocks, decisions, tasks, waves
from ondas.errors import UsageError
from ondas.state.lock import require_not_driven

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

SURFACE_NAMES: dict[str, str] = {"decision": "decision_id", "class": "class_"}
"""Argument spelled on the surfaces (MCP argument, CLI flag) -> the library's parameter:
``class`` is a Python keyword; a block's or skill's ``decision`` is a decision id."""


@dataclass(frozen=True)
class Operation:
    """One store operation: the library function both surfaces call, and its CLI command."""

    library: Callable[..., Any]
    cli: tuple[str, ...]


OPERATIONS: dict[str, Operation] = {
    "open_wave": Operation(waves.start_wave, ("wave", "start")),
    "close_wave": Operation(waves.end_wave, ("wave", "end")),
    "record_skill": Operation(waves.record_skill, ("wave", "record-skill")),
    "record_task": Operation(tasks.record_task, ("wave", "record-task")),
    "record_decision": Operation(decisions.register_decision, ("decision", "register")),
    "register_human_block": Operation(blocks.register_block, ("block", "register")),
    "get_status": Operation(waves.wave_status, ("wave", "status")),
}
"""MCP tool -> its operation; a test checks the tool's arguments, the CLI command's flags and
the library function's parameters are spelled alike (through :data:`SURFACE_NAMES`)."""


def library_arguments(fields: dict[str, Any]) -> dict[str, Any]:
    """The surface's arguments renamed to the library's parameters."""
    return {SURFACE_NAMES.get(name, name): value for name, value in fields.items()}


def open_wave(store: StateStore) -> dict[str, Any]:
    """``ondas wave start``."""
    require_not_driven(store, "opening a wave")
    return {"wave_id": waves.start_wave(store)}


def close_wave(store: StateStore, **fields: Any) -> dict[str, Any]:
    """``ondas wave end``."""
    require_not_driven(store, "closing a wave")
    if fields.get("mode") is not None and not fields.get("advance"):
        raise UsageError("mode needs advance")
    return waves.end_wave(store, **fields).to_dict()


def record_skill(store: StateStore, **fields: Any) -> dict[str, Any]:
    """``ondas wave record-skill``."""
    position = waves.record_skill(store, **library_arguments(fields))
    return {"skill": fields["skill"], "kind": fields.get("kind", "skill"), "position": position}


def record_task(store: StateStore, **fields: Any) -> dict[str, Any]:
    """``ondas wave record-task``."""
    require_not_driven(store, "recording a task")
    fields["files"] = fields.get("files") or []
    return tasks.record_task(store, **fields, recorded_by="mcp").to_dict()


def record_decision(store: StateStore, **fields: Any) -> dict[str, Any]:
    """``ondas decision register``; ``class`` is the decision class (operational/structural)."""
    arguments = library_arguments(fields)
    arguments["class_"] = arguments.get("class_") or "operational"
    decision_id = decisions.register_decision(store, **arguments)
    return decisions.get_decision(store, decision_id).to_dict()


def register_human_block(store: StateStore, **fields: Any) -> dict[str, Any]:
    """``ondas block register``."""
    block_id = blocks.register_block(store, **library_arguments(fields))
    return blocks.get_block(store, block_id).to_dict()


def get_status(store: StateStore) -> dict[str, Any]:
    """``ondas wave status``, plus the blocks that await a person."""
    status = waves.wave_status(store)
    status["awaiting_blocks"] = [
        {"id": b.id, "question": b.question, "severity": b.severity, "options": b.options}
        for b in blocks.list_blocks(store, status="awaiting")
    ]
    return status
