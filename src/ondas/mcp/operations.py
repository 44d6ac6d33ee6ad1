"""The MCP tools' operations: each one calls the library function its CLI command calls.

A tool's arguments are built into the operation's typed input (:mod:`ondas.audit.inputs`)
before the store opens, as the CLI command builds its flags. Nothing here enforces a rule of
its own, except one: the lifecycle and evidence writes (``open_wave``, ``close_wave``,
``record_task``) are refused while a runtime drives the execution
(:func:`ondas.state.lock.require_not_driven`). ``record_decision`` runs
``ondas.audit.decisions.register_decision`` exactly as ``ondas decision register`` does, so
the rules, their names in refusals and the audit events are the same whoever calls; the only
difference is the store handle, whose ``actor`` is ``mcp`` (recorded in every event).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ondas.audit import blocks, decisions, inputs, tasks, waves
from ondas.state.lock import require_not_driven

if TYPE_CHECKING:
    from ondas.state.interface import StateStore


class Rendered(Protocol):
    """What a tool's body returns when it is a record: its JSON is ``to_dict()``."""

    def to_dict(self) -> dict[str, Any]:
        """The tool's structured result."""
        ...  # pragma: no cover


@dataclass(frozen=True)
class Operation:
    """One store operation: the library function both surfaces call, its CLI command, the
    typed input its arguments are built into (none: it takes none) and the tool's body."""

    library: Callable[..., Any]
    cli: tuple[str, ...]
    run: Callable[..., Rendered | dict[str, Any]]
    input: type[inputs.Input] | None = None

    def build(self, given: dict[str, Any]) -> inputs.Input | None:
        """The operation's input of the tool's arguments: checked before the store opens."""
        if self.input is None:
            inputs.Input.from_surface(given)  # takes no argument: refuses any
            return None
        return self.input.from_surface(given)

    def call(self, store: StateStore, given: inputs.Input | None) -> dict[str, Any]:
        """Run the tool's body on ``store`` with its input; its result as the tool's JSON."""
        result = self.run(store) if given is None else self.run(store, given)
        return result if isinstance(result, dict) else result.to_dict()


def open_wave(store: StateStore) -> dict[str, Any]:
    """``ondas wave start``."""
    require_not_driven(store, "opening a wave")
    return {"wave_id": waves.start_wave(store)}


def close_wave(store: StateStore, given: inputs.CloseWave) -> waves.WaveEnd:
    """``ondas wave end``."""
    require_not_driven(store, "closing a wave")
    return waves.end_wave(store, **given.arguments())


def record_skill(store: StateStore, given: inputs.RecordSkill) -> dict[str, Any]:
    """``ondas wave record-skill``."""
    position = waves.record_skill(store, **given.arguments())
    return {"skill": given.skill, "kind": given.kind, "position": position}


def record_task(store: StateStore, given: inputs.RecordTask) -> tasks.Task:
    """``ondas wave record-task``."""
    require_not_driven(store, "recording a task")
    return tasks.record_task(store, **given.arguments(), recorded_by="mcp")


def record_decision(store: StateStore, given: inputs.RecordDecision) -> decisions.Decision:
    """``ondas decision register``; ``class`` is the decision class (operational/structural)."""
    decision_id = decisions.register_decision(store, **given.arguments())
    return decisions.get_decision(store, decision_id)


def register_human_block(store: StateStore, given: inputs.RegisterBlock) -> blocks.Block:
    """``ondas block register``."""
    block_id = blocks.register_block(store, **given.arguments())
    return blocks.get_block(store, block_id)


def get_status(store: StateStore) -> dict[str, Any]:
    """``ondas wave status``, plus the blocks that await a person."""
    status = waves.wave_status(store)
    status["awaiting_blocks"] = [
        {"id": b.id, "question": b.question, "severity": b.severity, "options": b.options}
        for b in blocks.list_blocks(store, status="awaiting")
    ]
    return status


OPERATIONS: dict[str, Operation] = {
    "open_wave": Operation(waves.start_wave, ("wave", "start"), open_wave),
    "close_wave": Operation(waves.end_wave, ("wave", "end"), close_wave, inputs.CloseWave),
    "record_skill": Operation(
        waves.record_skill, ("wave", "record-skill"), record_skill, inputs.RecordSkill
    ),
    "record_task": Operation(
        tasks.record_task, ("wave", "record-task"), record_task, inputs.RecordTask
    ),
    "record_decision": Operation(
        decisions.register_decision,
        ("decision", "register"),
        record_decision,
        inputs.RecordDecision,
    ),
    "register_human_block": Operation(
        blocks.register_block, ("block", "register"), register_human_block, inputs.RegisterBlock
    ),
    "get_status": Operation(waves.wave_status, ("wave", "status"), get_status),
}
"""MCP tool -> its operation; a test checks the input's fields are the library function's
parameters and the tool's arguments and the CLI command's flags are spelled as those fields
(through :data:`ondas.audit.inputs.SURFACE_NAMES`)."""
