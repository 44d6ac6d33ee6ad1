"""The store interface every backend offers: protocols for the store and its transaction.

:class:`ondas.state.store.Store` and :class:`ondas.state.store.Tx` implement them over any
:class:`~ondas.state.dialect.Dialect`; ``ondas.testing.store_conformance`` checks a backend
against them.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ondas.state.dialect import Connection, Dialect, Row
from ondas.state.schema import Schema

if TYPE_CHECKING:
    from ondas.state.store import Event, Store, Tx


class Transaction(Protocol):
    """An open audited write transaction: every change lands in the event appended at commit."""

    execution_id: str | None
    changes: list[dict[str, Any]]
    data: dict[str, Any]

    def insert(self, table: str, row: Mapping[str, Any]) -> None: ...

    def update(self, table: str, key: Mapping[str, Any], values: Mapping[str, Any]) -> int: ...

    def delete(self, table: str, key: Mapping[str, Any]) -> int: ...

    def upsert(self, table: str, key: Mapping[str, Any], values: Mapping[str, Any]) -> None: ...

    def next_value(self, scope: str, name: str) -> int: ...

    def next_id(self, scope: str, prefix: str, width: int = 3) -> str: ...

    def one(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Row | None: ...

    def all(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[Row]: ...

    def savepoint(self) -> AbstractContextManager[None]: ...


class StateStore(Protocol):
    """A state store: audited transactions, portable reads, the hash-chained log."""

    schema: Schema
    dialect: Dialect
    directory: str
    """The state directory as text (reads that must not import pathlib)."""
    conn: Connection
    """The backend connection (the chain anchors read the head through it)."""

    @property
    def state_dir(self) -> Path: ...

    def transaction(
        self, event_type: str, *, execution_id: str | None = None, description: str | None = None
    ) -> AbstractContextManager[Tx]: ...

    def snapshot(self) -> AbstractContextManager[Connection]: ...

    def one(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Row | None: ...

    def all(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[Row]: ...

    def events(
        self,
        *,
        execution_id: str | None = None,
        type_: str | None = None,
        since: int = 0,
        limit: int | None = None,
    ) -> list[Event]: ...

    @property
    def schema_version(self) -> int: ...

    def tables(self) -> list[str]: ...

    def columns(self, table: str) -> list[str]: ...

    def size_bytes(self) -> int: ...

    def close(self) -> None: ...


if TYPE_CHECKING:

    def _store_conforms(store: Store) -> StateStore:
        return store

    def _tx_conforms(tx: Tx) -> Transaction:
        return tx
