"""Helpers shared by the audit modules: the active execution, tokens, JSON list fields."""

from __future__ import annotations

import json
import re
from datetime import datetime

from ondas.errors import RuleViolation, StateMissing, UsageError
from ondas.state.execution import CREATED_SEQ
from ondas.state.store import Tx

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ondas.state.interface import StateStore

TOKEN_RE = re.compile(r"^[A-Za-z0-9._-]+$")
RUNTIME_AGENT = "ondas-runtime"


def current_execution_id(store: StateStore | Tx) -> str:
    """The id of the most recent execution (the one every audit command acts on)."""
    row = store.one(f"SELECT id FROM executions ORDER BY {CREATED_SEQ} DESC LIMIT 1")
    if row is None:
        raise StateMissing("the state store holds no execution (start one with 'ondas run')")
    return str(row["id"])


def require_active(tx: Tx, execution_id: str) -> str:
    """Refuse writes to a finished execution; return its status."""
    row = tx.one("SELECT status FROM executions WHERE id = ?", (execution_id,))
    if row is None:
        raise StateMissing(f"no execution {execution_id!r}")
    status = str(row["status"])
    if status in ("aborted", "completed"):
        raise RuleViolation(
            "execution-terminal", f"execution {execution_id} is {status}; it is final"
        )
    return status


def open_wave_id(store: StateStore | Tx, execution_id: str) -> str | None:
    """The id of the execution's open wave, if any."""
    row = store.one(
        "SELECT id FROM waves WHERE execution_id = ? AND ended_at IS NULL "
        "ORDER BY number DESC LIMIT 1",
        (execution_id,),
    )
    return None if row is None else str(row["id"])


def tick_in(tx: Tx, execution_id: str, count: int = 1) -> int | None:
    """Count ``count`` tool calls on the open wave inside ``tx``; ``None`` when none is open."""
    row = tx.one(
        "SELECT id, tool_calls FROM waves WHERE execution_id = ? AND ended_at IS NULL "
        "ORDER BY number DESC LIMIT 1",
        (execution_id,),
    )
    if row is None:
        return None
    total = int(row["tool_calls"]) + count
    tx.update("waves", {"execution_id": execution_id, "id": row["id"]}, {"tool_calls": total})
    return total


def require_text(name: str, value: str | None) -> str:
    """Refuse an empty or missing required field with ``[missing-field]``."""
    if value is None or not str(value).strip():
        raise RuleViolation("missing-field", f"{name} is required and must not be empty")
    return str(value)


def require_token(name: str, value: str) -> str:
    """A usage error unless ``value`` is a token of ``[A-Za-z0-9._-]``."""
    if not isinstance(value, str) or not TOKEN_RE.match(value):
        raise UsageError(f"{name} must be a token of [A-Za-z0-9._-], got {value!r}")
    return value


def string_list(name: str, value: Any) -> list[str]:
    """Accept a list of strings (or its JSON text); anything else is a usage error."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{name} is not valid JSON: {exc.msg}") from exc
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UsageError(f"{name} must be a JSON list of strings")
    return list(value)


def iso_time(name: str, value: str | None) -> str | None:
    """Validate an optional ISO-8601 timestamp."""
    if value is None:
        return None
    try:
        datetime.fromisoformat(value)
    except (TypeError, ValueError) as exc:
        raise UsageError(f"{name} must be an ISO-8601 timestamp, got {value!r}") from exc
    return value


def dumps(value: Any) -> str:
    """Stable JSON text for list/dict columns."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def loads_list(text: str | None) -> list[Any]:
    """Parse a JSON list column; ``None`` or bad text reads as an empty list."""
    if not text:
        return []
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return [text]
    return value if isinstance(value, list) else [value]
