"""The durable store, mutated only through audited transactions.

Every mutation is a :class:`Tx` opened with :meth:`Store.transaction`. The transaction records
each row change it makes (insert / update / delete with literal values, secrets redacted
before they are written: :mod:`ondas.state.scrub`) and, at commit,
appends one event whose payload carries those changes and whose hash chains to the previous
event. Materialised tables and the log therefore change together or not at all, and
``verify`` can rebuild every audited table from the log alone.

The store speaks portable SQL; what differs between backends (the embedded SQLite file, a
shared Postgres server) lives in its :class:`~ondas.state.dialect.Dialect`.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager
from itertools import count

from ondas.errors import StateMissing, StoreBusy, UsageError
from ondas.pathtext import path_text
from ondas.record import Record
from ondas.state import migrations
from ondas.state.chain import append_event
from ondas.state.clock import utcnow
from ondas.state.db import open_error
from ondas.state.dialect import (
    DB_NAME,
    SQLITE,
    Connection,
    Dialect,
    Row,
    dialect_for,
    quote,
    store_url,
)
from ondas.state.schema import Schema
from ondas.state.scrub import clean_row, clean_value

# Not ``typing.TYPE_CHECKING``: reading the store imports neither typing nor dataclasses.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping
    from pathlib import Path
    from typing import Any

__all__ = ["DB_NAME", "Event", "Store", "Tx", "utcnow"]
_SAVEPOINTS = count(1)


_ident = quote


class Tx:
    """An open write transaction; every change is recorded for the audit event."""

    def __init__(
        self,
        conn: Connection,
        execution_id: str | None = None,
        changes: list[dict[str, Any]] | None = None,
        data: dict[str, Any] | None = None,
        dialect: Dialect = SQLITE,
    ) -> None:
        self.conn = conn
        self.execution_id = execution_id
        self.changes: list[dict[str, Any]] = [] if changes is None else changes
        self.data: dict[str, Any] = {} if data is None else data
        self.dialect = dialect

    def __repr__(self) -> str:
        return (
            f"Tx(conn={self.conn!r}, execution_id={self.execution_id!r}, "
            f"changes={self.changes!r}, data={self.data!r}, dialect={self.dialect!r})"
        )

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        """A nested step: when it raises, only its own changes are undone (and unrecorded)."""
        recorded = len(self.changes)
        try:
            with self.dialect.savepoint(self.conn, f"sp{next(_SAVEPOINTS)}"):
                yield
        except BaseException:
            del self.changes[recorded:]
            raise

    def insert(self, table: str, row: Mapping[str, Any]) -> None:
        """Insert one row (secrets in its text redacted first)."""
        row = clean_row(row)
        cols = list(row)
        sql = (
            f"INSERT INTO {_ident(table)} ({', '.join(_ident(c) for c in cols)}) "
            f"VALUES ({', '.join('?' for _ in cols)})"
        )
        self.conn.execute(sql, [row[c] for c in cols])
        self.changes.append({"op": "insert", "table": table, "row": dict(row)})

    def update(self, table: str, key: Mapping[str, Any], values: Mapping[str, Any]) -> int:
        """Set literal ``values`` (secrets redacted) on the rows matching ``key``; the count."""
        if not values:
            return 0
        values = clean_row(values)
        if not key:
            raise UsageError(f"update of {table} needs a key (refusing to change every row)")
        sets = ", ".join(f"{_ident(c)} = ?" for c in values)
        where = " AND ".join(f"{_ident(c)} = ?" for c in key)
        cur = self.conn.execute(
            f"UPDATE {_ident(table)} SET {sets} WHERE {where}",
            [*values.values(), *key.values()],
        )
        if cur.rowcount:
            self.changes.append(
                {"op": "update", "table": table, "key": dict(key), "values": dict(values)}
            )
        return cur.rowcount

    def delete(self, table: str, key: Mapping[str, Any]) -> int:
        """Delete the row(s) matching ``key``; returns the row count."""
        if not key:
            raise UsageError(f"delete from {table} needs a key (refusing to delete every row)")
        where = " AND ".join(f"{_ident(c)} = ?" for c in key)
        cur = self.conn.execute(f"DELETE FROM {_ident(table)} WHERE {where}", list(key.values()))
        if cur.rowcount:
            self.changes.append({"op": "delete", "table": table, "key": dict(key)})
        return cur.rowcount

    def upsert(self, table: str, key: Mapping[str, Any], values: Mapping[str, Any]) -> None:
        """Update the row matching ``key`` or insert it, recording literal values."""
        if not self.update(table, key, values):
            self.insert(table, {**key, **values})

    def next_value(self, scope: str, name: str) -> int:
        """Increment and return the counter ``(scope, name)``: gap-free, unique per store."""
        row = self.conn.execute(
            "SELECT value FROM counters WHERE scope = ? AND name = ?", (scope, name)
        ).fetchone()
        value = (row[0] if row else 0) + 1
        self.upsert("counters", {"scope": scope, "name": name}, {"value": value})
        return value

    def next_id(self, scope: str, prefix: str, width: int = 3) -> str:
        """Return the next id such as ``dec-001`` for ``(scope, prefix)``."""
        return f"{prefix}-{self.next_value(scope, prefix):0{width}d}"

    def add_metrics(self, execution_id: str, deltas: Mapping[str, float]) -> None:
        """Add ``deltas`` to the execution's accumulated metrics."""
        for name, delta in deltas.items():
            row = self.conn.execute(
                "SELECT value FROM metrics WHERE execution_id = ? AND name = ?",
                (execution_id, name),
            ).fetchone()
            total = (row[0] if row else 0) + delta
            self.upsert("metrics", {"execution_id": execution_id, "name": name}, {"value": total})

    def one(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Row | None:
        """Read one row inside the transaction."""
        row: Row | None = self.conn.execute(sql, params).fetchone()
        return row

    def all(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[Row]:
        """Read all rows inside the transaction."""
        return list(self.conn.execute(sql, params).fetchall())


class Event(Record, frozen=True):
    """One row of the audit log (immutable); ``event.__dict__`` holds exactly its fields."""

    seq: int
    ts: str
    execution_id: str | None
    type: str
    description: str | None
    payload: dict[str, Any]
    prev_hash: str
    hash: str

    @classmethod
    def from_row(cls, row: Row) -> Event:
        """The event of an ``events`` row."""
        import json

        return cls(
            seq=row["seq"],
            ts=row["ts"],
            execution_id=row["execution_id"],
            type=row["type"],
            description=row["description"],
            payload=json.loads(row["payload"]),
            prev_hash=row["prev_hash"],
            hash=row["hash"],
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the fields in column order)."""
        return dict(self.__dict__)


class Store:
    """A state store rooted at a ``.ondas`` directory."""

    def __init__(
        self, state_dir: Path | str, conn: Connection, schema: Schema, dialect: Dialect = SQLITE
    ) -> None:
        # Kept as text: reading the store (``ondas status``) imports no pathlib.
        self.directory = path_text(state_dir)
        self.conn = conn
        self.schema = schema
        self.dialect = dialect

    @property
    def state_dir(self) -> Path:
        """The ``.ondas`` directory."""
        from pathlib import Path

        return Path(self.directory)

    @property
    def path(self) -> Path:
        """The SQLite file of the store (``state_dir/state.db``)."""
        return self.state_dir / DB_NAME

    @classmethod
    def open(
        cls,
        state_dir: Path | str,
        *,
        schema: Schema,
        create: bool = False,
        readonly: bool = False,
    ) -> Store:
        """Open the store in ``state_dir``; with ``create`` make it (and migrate) if absent.

        ``readonly`` opens the file without migrating it or writing anything, for the checks
        (``verify``, ``validate``) that must observe the store exactly as it is. ``schema`` is
        the list of parts to open with, handed in by the caller (the application's is
        :func:`ondas.runtime.schema.default_schema`).
        The backend is the SQLite file ``state_dir/state.db`` unless ``ONDAS_STORE_URL``
        names a shared server. A file that is empty or not SQLite, or a store written by a
        newer ondas, is refused before anything is written to it. A new SQLite store is built
        aside and moved into place whole, so a crash while creating one never leaves a
        half-made ``state.db``.
        """
        state_dir = path_text(state_dir)
        dialect = dialect_for(store_url())
        where = dialect.location(state_dir)
        conn = dialect.connect(state_dir, create=create, readonly=readonly, steps=schema.migrations)
        try:
            is_store = migrations.is_store(dialect, conn)
            if not create and not is_store:
                raise StateMissing(f"{where} is not an ondas state store")
            if is_store:
                _refuse_newer(conn, schema, where)
            if not readonly:
                steps = schema.migrations
                dialect.with_retry(lambda: migrations.migrate(conn, steps, dialect))
        except dialect.error as exc:
            conn.close()
            if dialect.is_busy(exc):
                raise StoreBusy(f"state store {where} stayed busy") from exc
            if isinstance(exc, sqlite3.DatabaseError):
                raise open_error(os.path.join(state_dir, DB_NAME), exc) from exc
            raise StateMissing(f"cannot open state store {where}: {exc}") from exc
        except BaseException:
            conn.close()
            raise
        return cls(state_dir, conn, schema, dialect)

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """Number of applied migrations."""
        return migrations.schema_version(self.conn)

    @contextmanager
    def snapshot(self) -> Iterator[Connection]:
        """Run several reads against one consistent snapshot (a read transaction).

        Without it each query sees the latest commit, so a reader can pair a counter read
        before a concurrent write with rows read after it. Inside an open transaction this
        is a no-op (that transaction is already a snapshot).
        """
        if self.dialect.in_transaction(self.conn):
            yield self.conn
            return
        self.dialect.begin_read(self.conn)
        try:
            yield self.conn
        finally:
            if self.dialect.in_transaction(self.conn):
                self.dialect.rollback(self.conn)

    @contextmanager
    def transaction(
        self,
        event_type: str,
        *,
        execution_id: str | None = None,
        description: str | None = None,
    ) -> Iterator[Tx]:
        """Open an audited write transaction that appends one chained event at commit.

        The dialect serialises writers (``BEGIN IMMEDIATE`` retried with backoff on SQLite,
        an advisory lock on Postgres). Anything raised inside the block rolls back both the
        tables and the event.
        """
        if self.dialect.in_transaction(self.conn):
            raise RuntimeError("store.transaction() cannot be nested; use the open Tx")
        if (
            not event_type
            or not event_type.replace("_", "").replace("-", "").replace(".", "").isalnum()
        ):
            raise UsageError(f"event type must be a token, got {event_type!r}")
        self.dialect.begin_write(self.conn)
        tx = Tx(self.conn, execution_id=execution_id, dialect=self.dialect)
        try:
            yield tx
            append_event(
                self.conn,
                tx.execution_id,
                event_type,
                clean_value(description),
                tx.changes,
                clean_value(tx.data),
            )
            self.dialect.commit(self.conn)
        except BaseException:
            if self.dialect.in_transaction(self.conn):
                self.dialect.rollback(self.conn)
            raise

    def one(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> Row | None:
        """Read one row (outside any write transaction)."""
        row: Row | None = self.dialect.with_retry(lambda: self.conn.execute(sql, params).fetchone())
        return row

    def all(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[Row]:
        """Read all rows (outside any write transaction)."""
        return self.dialect.with_retry(lambda: list(self.conn.execute(sql, params).fetchall()))

    def events(
        self,
        *,
        execution_id: str | None = None,
        type_: str | None = None,
        since: int = 0,
        limit: int | None = None,
    ) -> list[Event]:
        """Events in log order, optionally filtered."""
        sql = "SELECT * FROM events WHERE seq > ?"
        params: list[Any] = [since]
        if execution_id is not None:
            sql += " AND execution_id = ?"
            params.append(execution_id)
        if type_ is not None:
            sql += " AND type = ?"
            params.append(type_)
        sql += " ORDER BY seq"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        return [Event.from_row(r) for r in self.all(sql, params)]

    def checkpoint(self) -> None:
        """Make committed writes durable in the main store file (SQLite: a PASSIVE WAL
        checkpoint), run at the end of each wave so a lost ``-wal`` costs at most one wave."""
        self.dialect.checkpoint(self.conn)

    def size_bytes(self) -> int:
        """Bytes the store occupies (the SQLite file and its WAL)."""
        return self.dialect.size_bytes(self.conn, self.directory)

    def tables(self) -> list[str]:
        """Every table of the store, sorted by name."""
        return self.dialect.tables(self.conn)

    def columns(self, table: str) -> list[str]:
        """The columns of ``table`` in definition order."""
        return self.dialect.columns(self.conn, table)


class SchemaTooNew(StateMissing):
    """The store was written by a newer ondas: its migrations are unknown here."""


def _refuse_newer(conn: Connection, schema: Schema, where: str) -> None:
    known = schema.known_names()
    rows = conn.execute("SELECT name FROM _migrations").fetchall()
    unknown = [r[0] for r in rows if r[0] not in known]
    if unknown:
        raise SchemaTooNew(
            f"{where} was written by a newer ondas (unknown schema steps: "
            f"{', '.join(unknown[:3])}); upgrade ondas to use it — nothing was written"
        )
    try:
        version = migrations.schema_version(conn)
    except (TypeError, ValueError):
        return  # not a number: the validation names it
    if version > len(schema.migrations):
        raise SchemaTooNew(
            f"{where} was written by a newer ondas (schema_version {version}, this ondas knows "
            f"{len(schema.migrations)}); upgrade ondas to use it — nothing was written"
        )
