"""Refusals: every tool call a guard refused, as an audited ``refusal`` event.

The payload is ``{"source", "rule", "tool", "subject", "wave_id"}`` (source: one of
:data:`SOURCES`); ``subject`` is the refused command or path with secrets scrubbed and its length
capped. A reviewer reads them in the report to learn what the agent attempted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ondas.audit._common import current_execution_id, open_wave_id
from ondas.errors import StateMissing, UsageError
from ondas.state.store import Store

REFUSAL_EVENT = "refusal"
SOURCES = ("guard", "path", "sandbox", "rules", "mcp", "secrets", "runserver")
MAX_SUBJECT_CHARS = 2_000


@dataclass(frozen=True)
class Refusal:
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
    store: Store, *, source: str, rule: str, tool: str, subject: str
) -> Refusal | None:
    """Append a ``refusal`` event to the active execution; ``None`` when none is active."""
    if source not in SOURCES:
        raise UsageError(f"refusal source must be one of {', '.join(SOURCES)}, got {source!r}")
    try:
        execution_id = current_execution_id(store)
    except StateMissing:
        return None
    row = store.one("SELECT status FROM executions WHERE id = ?", (execution_id,))
    if row is None or row["status"] in ("aborted", "completed"):
        return None
    from ondas.guards.secrets import scrub

    text = scrub(subject)
    if len(text) > MAX_SUBJECT_CHARS:
        text = text[: MAX_SUBJECT_CHARS - 3] + "..."
    with store.transaction(
        REFUSAL_EVENT, execution_id=execution_id, description=f"{source}:{rule}"[:100]
    ) as tx:
        wave = open_wave_id(tx, execution_id)
        refusal = Refusal(source, rule or "unknown", tool or "unknown", text, wave)
        tx.data.update(refusal.to_dict())
    return refusal


def list_refusals(store: Store, execution_id: str | None = None) -> list[Refusal]:
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
