"""The durable state store: SQLite (WAL), migrations, hash-chained audit log, lock, export."""

from ondas.state.execution import (
    Execution,
    create_execution,
    get_execution,
    terminate,
    update_execution,
)
from ondas.state.store import Event, Store, Tx

__all__ = [
    "Event",
    "Execution",
    "Store",
    "Tx",
    "create_execution",
    "get_execution",
    "terminate",
    "update_execution",
]
