"""Refusals: every tool call a guard refused, as an audited ``refusal`` event.

The payload is ``{"source", "rule", "tool", "subject", "wave_id"}`` (source: one of
:data:`SOURCES`); ``subject`` is the refused command or path with secrets scrubbed and its length
capped. A reviewer reads them in the report to learn what the agent attempted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ondas.audit._common import current_execution_id, open_wave_id
from ondas.audit.refusal_fields import (
    MAX_SUBJECT_CHARS,
    REFUSAL_EVENT,
    SOURCES,
    description,
    refusal_fields,
    require_source,
)
from ondas.errors import StateMissing
from ondas.record import Record

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

__all__ = [
    "MAX_SUBJECT_CHARS",
    "REFUSAL_EVENT",
    "SOURCES",
    "Refusal",
    "list_refusals",
    "record_refusal",
]


class Refusal(Record, frozen=True):
    """One refused tool call, as recorded."""

    source: str
    rule: str
    tool: str
    subject: str
    wave_id: str | None

    def to_dict(self) -> dict[str, Any]:
        """The event payload."""
        return dict(self.__dict__)


def record_refusal(
    store: StateStore, *, source: str, rule: str, tool: str, subject: str
) -> Refusal | None:
    """Append a ``refusal`` event to the active execution; ``None`` when none is active.

    The hooks write the same event without the store
    (:func:`ondas.audit.observe_lean.refuse_call`).
    """
    require_source(source)
    try:
        execution_id = current_execution_id(store)
    except StateMissing:
        return None
    row = store.one("SELECT status FROM executions WHERE id = ?", (execution_id,))
    if row is None or row["status"] in ("aborted", "completed"):
        return None
    with store.transaction(
        REFUSAL_EVENT, execution_id=execution_id, description=description(source, rule)
    ) as tx:
        fields = refusal_fields(source, rule, tool, subject, open_wave_id(tx, execution_id))
        tx.data.update(fields)
    return Refusal(
        source, str(fields["rule"]), str(fields["tool"]), str(fields["subject"]), fields["wave_id"]
    )


def list_refusals(store: StateStore, execution_id: str | None = None) -> list[Refusal]:
    """The refusals of ``execution_id`` (default: the current execution), oldest first."""
    target = execution_id or current_execution_id(store)
    events = store.events(execution_id=target, type_=REFUSAL_EVENT)
    out = []
    for event in events:
        data = event.payload.get("data", {}) if isinstance(event.payload, dict) else {}
        out.append(
            Refusal(
                str(data.get("source", "")),
                str(data.get("rule", "")),
                str(data.get("tool", "")),
                str(data.get("subject", "")),
                data.get("wave_id"),
            )
        )
    return out
