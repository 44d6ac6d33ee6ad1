"""The execution: one autonomous run over one target project."""

from __future__ import annotations

import json
import re

from ondas.errors import RuleViolation, StateMissing, UsageError
from ondas.record import Record, asdict, field
from ondas.state.store import Store, Tx, utcnow

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from ondas.state.interface import StateStore

STATUSES = ("in_progress", "awaiting_human", "aborted", "completed")
TERMINAL_STATUSES = ("aborted", "completed")
ASPECT_KINDS = ("product", "technical", "operational")
TIERS = ("local", "internal-network", "cloud-internal", "cloud-public")
TOKEN_RE = re.compile(r"^[A-Za-z0-9._-]+$")

# Columns of ``executions`` in a stable order.
COLUMNS = (
    "id",
    "status",
    "termination_reason",
    "started_at",
    "finished_at",
    "project_path",
    "project_name",
    "description",
    "suggested_stack",
    "invocation_type",
    "current_stage",
    "next_instruction",
    "delivery_tier",
    "roadmap_mode",
    "atomic_commit",
)

# The seq of the event that created each row of ``executions``: creation order, portably.
CREATED_SEQ = "(SELECT COALESCE(MIN(v.seq), 0) FROM events v WHERE v.execution_id = executions.id)"


class Execution(Record, frozen=True):
    """The materialised view of one execution (a :class:`~ondas.record.Record`: ``ondas
    status`` and ``ondas state get`` import no dataclasses)."""

    id: str
    status: str
    termination_reason: str | None
    started_at: str
    finished_at: str | None
    project_path: str
    project_name: str
    description: str
    suggested_stack: str | None
    invocation_type: str
    current_stage: str
    next_instruction: str | None
    delivery_tier: str
    roadmap_mode: bool
    atomic_commit: bool
    key_aspects: dict[str, list[str]] = field(default_factory=dict)
    metrics: dict[str, float] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    """Imported keys ondas has no column for (legacy or unknown), kept verbatim."""

    @classmethod
    def from_row(
        cls,
        row: Any,
        key_aspects: dict[str, list[str]],
        metrics: dict[str, float],
        extra: dict[str, Any],
    ) -> Execution:
        """The execution of an ``executions`` row and its child tables' values."""
        data = {c: row[c] for c in COLUMNS}
        data["roadmap_mode"] = bool(data["roadmap_mode"])
        data["atomic_commit"] = bool(data["atomic_commit"])
        return cls(**data, key_aspects=key_aspects, metrics=metrics, extra=extra)

    @property
    def is_terminal(self) -> bool:
        """True once the execution is aborted or completed."""
        return self.status in TERMINAL_STATUSES

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict with canonical English keys (values deep-copied)."""
        return asdict(self)


def canonical_project_name(path: Path) -> str:
    """A filesystem-safe lower-case name derived from the project directory."""
    name = re.sub(r"[^a-z0-9._-]+", "-", path.name.lower()).strip("-.")
    return name or "project"


def _validate_str(name: str, value: Any, *, nullable: bool = True) -> str | None:
    if value is None and nullable:
        return None
    if not isinstance(value, str):
        raise UsageError(f"{name} must be a string")
    return value


def _validate_token(name: str, value: Any) -> str:
    if not isinstance(value, str) or not TOKEN_RE.match(value):
        raise UsageError(f"{name} must be a token of [A-Za-z0-9._-], got {value!r}")
    return value


def _validate_bool(name: str, value: Any) -> int:
    if not isinstance(value, bool):
        raise UsageError(f"{name} must be true or false")
    return int(value)


def _validate_enum(name: str, allowed: tuple[str, ...]) -> Any:
    def check(_: str, value: Any) -> str:
        if value not in allowed:
            raise UsageError(f"{name} must be one of {', '.join(allowed)}; got {value!r}")
        return str(value)

    return check


def _validate_time(name: str, value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise UsageError(f"{name} must be an ISO-8601 timestamp")
    try:
        from datetime import datetime

        datetime.fromisoformat(value)
    except ValueError as exc:
        raise UsageError(f"{name} must be an ISO-8601 timestamp, got {value!r}") from exc
    return value


# Fields a caller may change, each with its validator; the rest are set by the runtime.
SETTABLE: dict[str, Any] = {
    "status": _validate_enum("status", STATUSES),
    "termination_reason": lambda n, v: _validate_str(n, v),
    "finished_at": _validate_time,
    "description": lambda n, v: _validate_str(n, v, nullable=False),
    "suggested_stack": lambda n, v: _validate_str(n, v),
    "invocation_type": _validate_token,
    "current_stage": _validate_token,
    "next_instruction": lambda n, v: _validate_str(n, v),
    "delivery_tier": _validate_enum("delivery_tier", TIERS),
    "roadmap_mode": _validate_bool,
    "atomic_commit": _validate_bool,
}


def _row_to_execution(store_or_tx: StateStore | Tx, row: Any) -> Execution:
    aspects: dict[str, list[str]] = {k: [] for k in ASPECT_KINDS}
    for a in store_or_tx.all(
        "SELECT kind, aspect FROM key_aspects WHERE execution_id = ? ORDER BY kind, position",
        (row["id"],),
    ):
        aspects[a["kind"]].append(a["aspect"])
    metrics = {
        m["name"]: m["value"]
        for m in store_or_tx.all(
            "SELECT name, value FROM metrics WHERE execution_id = ? ORDER BY name", (row["id"],)
        )
    }
    extra = {
        x["key"]: json.loads(x["value"])
        for x in store_or_tx.all(
            "SELECT key, value FROM extras WHERE execution_id = ? ORDER BY key", (row["id"],)
        )
    }
    return Execution.from_row(row, aspects, metrics, extra)


def get_execution(store: StateStore | Tx, execution_id: str | None = None) -> Execution:
    """The execution ``execution_id``, or the most recent one when ``None`` (one snapshot)."""
    if isinstance(store, Store):
        with store.snapshot():
            return _get_execution(store, execution_id)
    return _get_execution(store, execution_id)


def _get_execution(store: StateStore | Tx, execution_id: str | None) -> Execution:
    if execution_id is None:
        row = store.one(f"SELECT * FROM executions ORDER BY {CREATED_SEQ} DESC LIMIT 1")
        if row is None:
            raise StateMissing("the state store holds no execution (start one with 'ondas run')")
    else:
        row = store.one("SELECT * FROM executions WHERE id = ?", (execution_id,))
        if row is None:
            raise StateMissing(f"no execution {execution_id!r}")
    return _row_to_execution(store, row)


def list_executions(store: Store) -> list[Execution]:
    """All executions, oldest first."""
    return [
        _row_to_execution(store, r)
        for r in store.all(f"SELECT * FROM executions ORDER BY {CREATED_SEQ}")
    ]


def create_execution(
    store: Store,
    *,
    project_path: Path | str,
    description: str = "",
    suggested_stack: str | None = None,
    invocation_type: str = "cli",
    current_stage: str = "briefing",
    delivery_tier: str = "cloud-public",
    roadmap_mode: bool = False,
    atomic_commit: bool = False,
    key_aspects: dict[str, list[str]] | None = None,
    execution_id: str | None = None,
    extras: dict[str, str] | None = None,
) -> Execution:
    """Create a new execution; refused while another one is still active.

    ``extras`` (key -> JSON text) are stored in the same transaction, so settings a later
    ``resume`` needs can never be missing from an execution that exists.
    """
    from pathlib import Path  # here: reading an execution (``ondas state get``) needs none

    resolved = Path(project_path).expanduser().resolve(strict=False)
    aspects = check_new_execution(
        description=description,
        suggested_stack=suggested_stack,
        invocation_type=invocation_type,
        current_stage=current_stage,
        delivery_tier=delivery_tier,
        key_aspects=key_aspects,
    )
    with store.transaction("execution_created", description=description[:200] or None) as tx:
        active = tx.one(
            "SELECT id FROM executions WHERE status IN ('in_progress', 'awaiting_human')"
        )
        if active is not None:
            raise RuleViolation(
                "execution-active",
                f"execution {active['id']} is still active; abort or complete it first",
            )
        new_id = execution_id or tx.next_id("", "exec")
        tx.execution_id = new_id
        tx.insert(
            "executions",
            {
                "id": new_id,
                "status": "in_progress",
                "termination_reason": None,
                "started_at": utcnow(),
                "finished_at": None,
                "project_path": str(resolved),
                "project_name": canonical_project_name(resolved),
                "description": description,
                "suggested_stack": suggested_stack,
                "invocation_type": invocation_type,
                "current_stage": current_stage,
                "next_instruction": None,
                "delivery_tier": delivery_tier,
                "roadmap_mode": int(roadmap_mode),
                "atomic_commit": int(atomic_commit),
            },
        )
        for kind, items in aspects.items():
            for pos, aspect in enumerate(items):
                tx.insert(
                    "key_aspects",
                    {"execution_id": new_id, "kind": kind, "position": pos, "aspect": aspect},
                )
        for key, value in (extras or {}).items():
            tx.insert("extras", {"execution_id": new_id, "key": key, "value": value})
    return get_execution(store, new_id)


def check_new_execution(
    *,
    description: Any = "",
    suggested_stack: Any = None,
    invocation_type: Any = "cli",
    current_stage: Any = "briefing",
    delivery_tier: Any = "cloud-public",
    key_aspects: Any = None,
) -> dict[str, list[str]]:
    """Validate the arguments of a new execution (no I/O); return the key aspects."""
    _validate_str("description", description, nullable=False)
    _validate_str("suggested_stack", suggested_stack)
    _validate_token("invocation_type", invocation_type)
    _validate_token("current_stage", current_stage)
    SETTABLE["delivery_tier"]("delivery_tier", delivery_tier)
    aspects = key_aspects or {}
    if not isinstance(aspects, dict):
        raise UsageError("key aspects must be an object of product/technical/operational lists")
    for kind, items in aspects.items():
        if kind not in ASPECT_KINDS:
            raise UsageError(f"key aspect kind must be one of {', '.join(ASPECT_KINDS)}")
        if not isinstance(items, list) or not all(isinstance(i, str) and i for i in items):
            raise UsageError(f"key aspects {kind!r} must be a list of non-empty strings")
    return dict(aspects)


def validate_changes(changes: dict[str, Any]) -> dict[str, Any]:
    """Check each field and value of ``changes``; return the DB-ready values."""
    if not changes:
        raise UsageError("nothing to change")
    out: dict[str, Any] = {}
    for name, value in changes.items():
        if name not in SETTABLE:
            settable = ", ".join(sorted(SETTABLE))
            raise UsageError(f"field {name!r} cannot be set (settable: {settable})")
        out[name] = SETTABLE[name](name, value)
    return out


def apply_execution_changes(tx: Tx, execution_id: str, changes: dict[str, Any]) -> None:
    """Apply validated ``changes`` inside ``tx`` enforcing the status rules."""
    values = validate_changes(changes)
    row = tx.one("SELECT status, finished_at FROM executions WHERE id = ?", (execution_id,))
    if row is None:
        raise StateMissing(f"no execution {execution_id!r}")
    if row["status"] in TERMINAL_STATUSES:
        raise RuleViolation(
            "execution-terminal", f"execution {execution_id} is {row['status']}; it is final"
        )
    new_status = values.get("status", row["status"])
    finished = values.get("finished_at", row["finished_at"])
    if new_status in TERMINAL_STATUSES and not finished:
        raise RuleViolation(
            "terminal-needs-finished-at",
            f"status {new_status} requires finished_at in the same update",
        )
    if new_status not in TERMINAL_STATUSES and "finished_at" in values and finished:
        raise RuleViolation(
            "finished-at-needs-terminal", "finished_at may only be set with a terminal status"
        )
    tx.update("executions", {"id": execution_id}, values)


def update_execution(
    store: StateStore,
    changes: dict[str, Any],
    *,
    execution_id: str | None = None,
    event_type: str = "execution_updated",
    description: str | None = None,
) -> Execution:
    """Change several fields of one execution in one audited transaction."""
    target = get_execution(store, execution_id).id
    with store.transaction(event_type, execution_id=target, description=description) as tx:
        apply_execution_changes(tx, target, changes)
    return get_execution(store, target)


def terminate(
    store: Store,
    *,
    status: str,
    reason: str,
    execution_id: str | None = None,
    current_stage: str | None = None,
    next_instruction: str | None = None,
) -> Execution:
    """End an execution: status, reason, finished_at, stage and instruction in one write."""
    if status not in TERMINAL_STATUSES:
        raise UsageError(f"terminal status must be one of {', '.join(TERMINAL_STATUSES)}")
    changes: dict[str, Any] = {
        "status": status,
        "termination_reason": reason,
        "finished_at": utcnow(),
        "next_instruction": next_instruction,
    }
    if current_stage is not None:
        changes["current_stage"] = current_stage
    return update_execution(
        store, changes, execution_id=execution_id, event_type=f"execution_{status}"
    )


def read_field(execution: Execution, path: str) -> Any:
    """Read a dotted ``path`` (``metrics.tool_calls``, ``key_aspects.product.0``)."""
    value: Any = execution.to_dict()
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise UsageError(f"no field {path!r}")
    return value
