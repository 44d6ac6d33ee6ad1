"""Flat reads of the audit layer's ``waves`` table: the open wave and the latest ones.

Every query is bounded by ``LIMIT`` over the ``(execution_id, number)`` index, so the cost
of a check does not grow with the number of waves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ondas.state.store import Tx

if TYPE_CHECKING:
    from ondas.state.interface import StateStore


def open_wave(store: StateStore | Tx, exec_id: str) -> Any | None:
    """The open wave row of the execution, or ``None``."""
    return store.one(
        "SELECT * FROM waves WHERE execution_id = ? AND ended_at IS NULL "
        "ORDER BY number DESC LIMIT 1",
        (exec_id,),
    )


def latest_wave(store: StateStore | Tx, exec_id: str) -> Any | None:
    """The wave with the highest number (open or closed), or ``None``."""
    return store.one(
        "SELECT * FROM waves WHERE execution_id = ? ORDER BY number DESC LIMIT 1", (exec_id,)
    )
