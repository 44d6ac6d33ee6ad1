"""Helpers shared by the limits modules: which execution, and refusing finished ones."""

from __future__ import annotations

from ondas.errors import RuleViolation, StateMissing
from ondas.state.execution import CREATED_SEQ, TERMINAL_STATUSES
from ondas.state.store import Tx

# Not ``typing.TYPE_CHECKING``: importing this module imports no typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.interface import StateStore


def execution_id(store: StateStore | Tx, given: str | None = None) -> str:
    """``given`` if that execution exists, else the most recent execution's id."""
    if given is not None:
        row = store.one("SELECT id FROM executions WHERE id = ?", (given,))
        if row is None:
            raise StateMissing(f"no execution {given!r}")
        return given
    row = store.one(f"SELECT id FROM executions ORDER BY {CREATED_SEQ} DESC LIMIT 1")
    if row is None:
        raise StateMissing("the state store holds no execution (start one with 'ondas run')")
    return str(row["id"])


def require_live(tx: Tx, exec_id: str) -> None:
    """Refuse to change the limits of an aborted or completed execution."""
    row = tx.one("SELECT status FROM executions WHERE id = ?", (exec_id,))
    if row is None:
        raise StateMissing(f"no execution {exec_id!r}")
    if row["status"] in TERMINAL_STATUSES:
        raise RuleViolation("execution-terminal", f"execution {exec_id} is {row['status']}")
