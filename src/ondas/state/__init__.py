"""The durable state store: SQLite (WAL), migrations, hash-chained audit log, lock, export.

The names below are loaded on first use: importing a submodule (``ondas.state.dialect``,
as every hook does to find the store) does not import the store and the execution model.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.execution import (
        Execution,
        create_execution,
        get_execution,
        terminate,
        update_execution,
    )
    from ondas.state.store import Event, Store, Tx

_EXPORTS = {
    "Event": "ondas.state.store",
    "Execution": "ondas.state.execution",
    "Store": "ondas.state.store",
    "Tx": "ondas.state.store",
    "create_execution": "ondas.state.execution",
    "get_execution": "ondas.state.execution",
    "terminate": "ondas.state.execution",
    "update_execution": "ondas.state.execution",
}

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


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'ondas.state' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(module), name)
