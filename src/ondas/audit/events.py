"""Free-form events, and the observed tool outputs that back score-3 evidence.

An observed output is what a tool really printed, as the runtime saw it: secrets scrubbed,
capped in size and hashed. The Claude Code PostToolUse hook calls :func:`observe`, and a
score-3 decision's evidence must be a literal substring of one of these outputs.
"""

from __future__ import annotations

from ondas.audit._common import current_execution_id, open_wave_id, require_token
from ondas.audit.observed_text import MAX_OUTPUT_CHARS as MAX_OUTPUT_CHARS
from ondas.audit.observed_text import env_values, observed_row, prepare, scrub
from ondas.errors import RuleViolation, StateMissing, UsageError
from ondas.record import Record
from ondas.state.store import Event, Tx

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ondas.state.interface import StateStore


RUNTIME_EVENT_TYPES = (
    "lock_contention",
    "validation_failed",
    "wave_retry",
    "schedule_wait",
    "recall_consulted",
)
"""Event types the runtime itself emits; callers may add any other token too."""

RESERVED_EVENT_TYPES = frozenset(
    {
        "decision_registered",
        "decision_invalidated",
        "block_registered",
        "block_answered",
        "wave_started",
        "wave_ended",
        "wave_tick",
        "wave_reconciled",
        "skill_recorded",
        "task_recorded",
        "tasks_backfilled",
        "output_observed",
        "execution_created",
        "execution_updated",
        "execution_completed",
        "execution_aborted",
        "state_imported",
        "lock_acquired",
        "lock_released",
        "lock_renewed",
        "refusal",
    }
)
"""Types of the events that carry the runtime's own row changes; ``add_event`` refuses them."""


def add_event(
    store: StateStore,
    type_: str,
    description: str | None = None,
    *,
    data: dict[str, Any] | None = None,
) -> Event:
    """Append one event of type ``type_`` to the current execution's log."""
    require_token("type", type_)
    if type_ in RESERVED_EVENT_TYPES:
        raise RuleViolation(
            "reserved-event-type", f"{type_} is written by the runtime itself, never by a caller"
        )
    execution_id = current_execution_id(store)
    with store.transaction(type_, execution_id=execution_id, description=description) as tx:
        tx.data.update(data or {})
    row = store.one(
        "SELECT * FROM events WHERE execution_id = ? AND type = ? ORDER BY seq DESC LIMIT 1",
        (execution_id, type_),
    )
    assert row is not None
    return Event.from_row(row)


def list_events(
    store: StateStore, *, type_: str | None = None, limit: int | None = None, all_: bool = False
) -> list[Event]:
    """Events of the current execution (or of the whole store with ``all_``)."""
    execution_id = None if all_ else current_execution_id(store)
    return store.events(execution_id=execution_id, type_=type_, limit=limit)


class Observed(Record, frozen=True):
    """What :func:`observe` stored."""

    id: str
    execution_id: str
    wave_id: str | None
    tool: str
    sha256: str
    original_size: int
    truncated: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return dict(self.__dict__)


def _env_values(store: StateStore | Tx, execution_id: str) -> list[str]:
    row = store.one("SELECT project_path FROM executions WHERE id = ?", (execution_id,))
    return [] if row is None else env_values(row["project_path"])


def observe(
    store: StateStore,
    tool: str,
    output: str,
    *,
    execution_id: str | None = None,
    tick: bool = False,
) -> Observed | None:
    """Store ``output`` of ``tool`` (scrubbed, capped, hashed) on the active execution.

    With ``tick`` the call is also counted on the open wave in the same transaction, so a
    call at a wave boundary is never stored without being counted (or counted twice).
    Returns ``None`` and records nothing when there is no active execution.
    """
    if not tool or not isinstance(tool, str):
        raise UsageError("tool must be a non-empty name")
    try:
        target = execution_id or current_execution_id(store)
    except StateMissing:
        return None
    status = store.one("SELECT status FROM executions WHERE id = ?", (target,))
    if status is None or status["status"] in ("aborted", "completed"):
        return None
    prepared = prepare(output, _env_values(store, target))
    _, truncated, original_size, digest = prepared
    with store.transaction("output_observed", execution_id=target, description=tool[:100]) as tx:
        obs_id = tx.next_id(target, "obs")
        wave = open_wave_id(tx, target)
        if tick:
            from ondas.audit._common import tick_in

            tx.data["tool_calls"] = tick_in(tx, target)
        tx.insert("observed_outputs", observed_row(target, obs_id, wave, tool, prepared))
    return Observed(obs_id, target, wave, tool, digest, original_size, truncated)


def has_observed_outputs(store: StateStore | Tx, execution_id: str) -> bool:
    """True once ``execution_id`` has recorded at least one observed output."""
    return (
        store.one("SELECT 1 FROM observed_outputs WHERE execution_id = ? LIMIT 1", (execution_id,))
        is not None
    )


def observed_sources(store: StateStore | Tx, execution_id: str) -> list[tuple[str, str, str]]:
    """``(observed:<id>, tool, output)`` of every output observed in ``execution_id``, in order.

    The fact check looks identifiers up in those that read documentation.
    """
    rows = store.all(
        "SELECT id, tool, output FROM observed_outputs WHERE execution_id = ? "
        "ORDER BY observed_at, id",
        (execution_id,),
    )
    return [(f"observed:{row['id']}", str(row["tool"]), str(row["output"])) for row in rows]


def evidence_observed_in(store: StateStore | Tx, execution_id: str, evidence: str) -> bool:
    """True when a tool output observed in ``execution_id`` contains ``evidence`` literally.

    The evidence is also tried scrubbed, since stored outputs carry redaction markers.
    """
    candidates = {evidence, evidence.strip()}
    candidates.add(scrub(evidence, _env_values(store, execution_id)).strip())
    for needle in candidates:
        if needle and store.one(
            "SELECT 1 FROM observed_outputs WHERE execution_id = ? AND instr(output, ?) > 0 "
            "LIMIT 1",
            (execution_id, needle),
        ):
            return True
    return False


def evidence_observed(store: StateStore, evidence: str) -> bool:
    """True when a tool output observed in the current execution contains ``evidence``."""
    return evidence_observed_in(store, current_execution_id(store), evidence)


def observed_count(store: StateStore) -> int:
    """How many outputs the current execution has observed."""
    row = store.one(
        "SELECT COUNT(*) AS n FROM observed_outputs WHERE execution_id = ?",
        (current_execution_id(store),),
    )
    return int(row["n"]) if row else 0
