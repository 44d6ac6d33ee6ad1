"""The store interface: what a backend must provide, and the SQLite dialect that provides it.

Above this module every query is portable SQL with ``?`` placeholders, read through
:class:`Connection` objects whose rows answer ``row[0]`` and ``row["name"]``. What differs
between backends lives in one :class:`Dialect`: opening a connection, serialising the writers
that append to the hash chain (``BEGIN IMMEDIATE`` on SQLite, ``pg_advisory_xact_lock`` on
Postgres), classifying busy and constraint errors, savepoints, catalogue queries and the
storage order of rows.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress

from ondas.pathtext import path_text
from ondas.state import db

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, Protocol, TypeVar

    from ondas.state.migrations import Migration

    T = TypeVar("T")
else:
    Protocol = object


DB_NAME = "state.db"


class Row(Protocol):
    """A result row: by position and by column name, and ``dict(row)``-able."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def keys(self) -> list[str]: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class Cursor(Protocol):
    """The result of one statement."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """A DB-API-like connection taking portable SQL with ``?`` placeholders."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Cursor: ...

    def close(self) -> None: ...


class Dialect(Protocol):
    """Everything that differs between store backends."""

    name: str
    # Base class of the driver's errors, and of its constraint violations.
    error: type[Exception]
    integrity_error: type[Exception]

    def connect(
        self,
        state_dir: Path | str,
        *,
        create: bool,
        readonly: bool,
        steps: Sequence[Migration] = (),
    ) -> Connection:
        """Open the store of ``state_dir`` (``StateMissing`` when it has none); a new store
        may be built with ``steps`` already applied."""
        ...

    def location(self, state_dir: Path | str) -> str:
        """Where the store of ``state_dir`` lives, for messages."""
        ...

    def exists(self, state_dir: Path | str) -> bool:
        """True when ``state_dir`` has a store (without creating anything)."""
        ...

    def in_transaction(self, conn: Connection) -> bool:
        """True while a transaction is open on ``conn``."""
        ...

    def begin_write(self, conn: Connection) -> None:
        """Begin a transaction that excludes every other writer until it ends."""
        ...

    def begin_read(self, conn: Connection) -> None:
        """Begin a transaction that sees one consistent snapshot."""
        ...

    def commit(self, conn: Connection) -> None:
        """Commit the open transaction."""
        ...

    def rollback(self, conn: Connection) -> None:
        """Roll the open transaction back."""
        ...

    def savepoint(self, conn: Connection, name: str) -> Any:
        """A context manager: a failure inside undoes only what the block did."""
        ...

    def is_busy(self, exc: BaseException) -> bool:
        """True when ``exc`` means another writer holds the store."""
        ...

    def is_unique(self, exc: BaseException) -> bool:
        """True when ``exc`` is a unique or primary-key violation."""
        ...

    def with_retry(self, fn: Callable[[], T]) -> T:
        """Call ``fn``, retrying with backoff while the store is busy."""
        ...

    def tables(self, conn: Connection) -> list[str]:
        """Every table of the store, sorted by name."""
        ...

    def columns(self, conn: Connection, table: str) -> list[str]:
        """The columns of ``table`` in definition order."""
        ...

    def key_columns(self, conn: Connection, table: str) -> list[str]:
        """The primary-key columns of ``table`` (every column when it has none)."""
        ...

    def stored_rows(self, conn: Connection, table: str) -> list[tuple[Any, ...]]:
        """Every row of ``table`` in the backend's storage order."""
        ...

    def foreign_key_problems(self, conn: Connection) -> list[tuple[str, Any, str]]:
        """``(table, row, referenced table)`` of each dangling reference."""
        ...

    def size_bytes(self, conn: Connection, state_dir: Path | str) -> int:
        """Bytes the store occupies."""
        ...

    def checkpoint(self, conn: Connection) -> None:
        """Make committed writes durable in the main store file (a no-op where moot)."""
        ...


def quote(name: str) -> str:
    """``name`` as a quoted SQL identifier (letters, digits and ``_`` only)."""
    if not name.replace("_", "").isalnum():
        from ondas.errors import UsageError

        raise UsageError(f"bad identifier {name!r}")
    return f'"{name}"'


class SQLDialect:
    """What every SQL backend shares: plain COMMIT/ROLLBACK and standard savepoints.

    A backend subclasses it and overrides only what its server does differently.
    """

    def commit(self, conn: Connection) -> None:
        """COMMIT."""
        conn.execute("COMMIT")

    def rollback(self, conn: Connection) -> None:
        """ROLLBACK."""
        conn.execute("ROLLBACK")

    @contextmanager
    def savepoint(self, conn: Connection, name: str) -> Iterator[None]:
        """SAVEPOINT / RELEASE, rolled back to on failure (the transaction stays usable)."""
        conn.execute(f"SAVEPOINT {quote(name)}")
        try:
            yield
        except BaseException:
            conn.execute(f"ROLLBACK TO SAVEPOINT {quote(name)}")
            conn.execute(f"RELEASE SAVEPOINT {quote(name)}")
            raise
        conn.execute(f"RELEASE SAVEPOINT {quote(name)}")


class SQLiteDialect(SQLDialect):
    """The embedded default: one WAL-mode SQLite file per ``.ondas`` directory."""

    name = "sqlite"
    error: type[Exception] = sqlite3.Error
    integrity_error: type[Exception] = sqlite3.IntegrityError

    # Paths as text (os.path): opening a store for a read imports no pathlib.
    def location(self, state_dir: Path | str) -> str:
        """The database file."""
        return os.path.join(path_text(state_dir), DB_NAME)

    def exists(self, state_dir: Path | str) -> bool:
        """The database file is there."""
        return os.path.isfile(os.path.join(state_dir, DB_NAME))

    def connect(
        self,
        state_dir: Path | str,
        *,
        create: bool,
        readonly: bool,
        steps: Sequence[Migration] = (),
    ) -> Connection:
        """Open ``state_dir/state.db`` with the pragmas every ondas process uses.

        A new file is built aside with ``steps`` applied and linked into place whole; an
        existing file that is empty or not SQLite is refused before anything is written.
        """
        from ondas.errors import StateMissing

        path = self.location(state_dir)
        if not os.path.isfile(path):
            if not create or readonly:
                raise StateMissing(f"no state store at {path} (start one with 'ondas run')")
            from ondas.state import migrations

            db.create_atomically(path, lambda conn: migrations.migrate(conn, list(steps)))
        db.check_file(path)
        try:
            return db.connect(path, readonly=readonly)
        except sqlite3.DatabaseError as exc:
            raise db.open_error(path, exc) from exc

    def in_transaction(self, conn: Connection) -> bool:
        """SQLite's own flag."""
        return bool(getattr(conn, "in_transaction", False))

    def begin_write(self, conn: Connection) -> None:
        """``BEGIN IMMEDIATE`` takes the write lock now, retried while another holds it."""
        self.with_retry(lambda: conn.execute("BEGIN IMMEDIATE"))

    def begin_read(self, conn: Connection) -> None:
        """A deferred transaction whose first read pins one snapshot (WAL mode)."""
        conn.execute("BEGIN")
        try:
            self.with_retry(lambda: conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall())
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def is_busy(self, exc: BaseException) -> bool:
        """'database is locked' / 'busy'."""
        return isinstance(exc, sqlite3.OperationalError) and db.is_busy(exc)

    def is_unique(self, exc: BaseException) -> bool:
        """A UNIQUE or PRIMARY KEY constraint failure."""
        text = str(exc)
        return isinstance(exc, sqlite3.IntegrityError) and (
            "UNIQUE constraint" in text or "PRIMARY KEY" in text
        )

    def with_retry(self, fn: Callable[[], T]) -> T:
        """Jittered exponential backoff while SQLite is busy."""
        return db.with_retry(fn)

    def tables(self, conn: Connection) -> list[str]:
        """From ``sqlite_master``, without SQLite's internal tables."""
        rows = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name"
        )
        return [r[0] for r in rows]

    def columns(self, conn: Connection, table: str) -> list[str]:
        """From ``PRAGMA table_info``."""
        return [r[1] for r in conn.execute(f"PRAGMA table_info({quote(table)})")]

    def key_columns(self, conn: Connection, table: str) -> list[str]:
        """From ``PRAGMA table_info``'s pk position."""
        info = sorted(
            (r[5], r[1]) for r in conn.execute(f"PRAGMA table_info({quote(table)})") if r[5] > 0
        )
        return [name for _, name in info] or self.columns(conn, table)

    def stored_rows(self, conn: Connection, table: str) -> list[tuple[Any, ...]]:
        """Rowid order (the order the writes happened), sorted when the table has no rowid."""
        cols = ", ".join(quote(c) for c in self.columns(conn, table))
        try:
            return [
                tuple(r) for r in conn.execute(f"SELECT {cols} FROM {quote(table)} ORDER BY rowid")
            ]
        except sqlite3.OperationalError:
            return [
                tuple(r) for r in conn.execute(f"SELECT {cols} FROM {quote(table)} ORDER BY {cols}")
            ]

    def foreign_key_problems(self, conn: Connection) -> list[tuple[str, Any, str]]:
        """``PRAGMA foreign_key_check``."""
        return [(r[0], r[1], r[2]) for r in conn.execute("PRAGMA foreign_key_check")]

    def checkpoint(self, conn: Connection) -> None:
        """Copy the WAL into the database file without waiting for readers (PASSIVE)."""
        if not self.in_transaction(conn):
            with suppress(sqlite3.OperationalError):
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def size_bytes(self, conn: Connection, state_dir: Path | str) -> int:
        """The database file and its WAL."""
        total = 0
        for suffix in ("", "-wal"):
            with suppress(OSError):
                total += os.path.getsize(self.location(state_dir) + suffix)
        return total


SQLITE = SQLiteDialect()


def store_url() -> str | None:
    """The shared store's URL from ``ONDAS_STORE_URL`` (None: the embedded SQLite file)."""
    url = os.environ.get("ONDAS_STORE_URL", "").strip()
    return url or None


def is_postgres(conn: Connection) -> bool:
    """True when ``conn`` is a Postgres store's (for the rare step whose DDL must differ)."""
    from ondas.state.postgres import PgConnection

    return isinstance(conn, PgConnection)


def is_store_error(exc: BaseException) -> bool:
    """True when ``exc`` comes from a store driver (sqlite3, or psycopg when loaded)."""
    if isinstance(exc, sqlite3.Error):
        return True
    import sys

    psycopg = sys.modules.get("psycopg")
    return psycopg is not None and isinstance(exc, psycopg.Error)


def store_exists(state_dir: Path | str) -> bool:
    """True when ``state_dir`` has a store on the backend the environment selects."""
    return dialect_for(store_url()).exists(state_dir)


def dialect_for(url: str | None) -> Dialect:
    """The dialect serving ``url``: SQLite without one, Postgres for ``postgresql://``."""
    if url is None or url.startswith("sqlite:"):
        return SQLITE
    if url.startswith(("postgresql://", "postgres://")):
        from ondas.state.postgres import PostgresDialect

        return PostgresDialect(url)
    from ondas.errors import UsageError

    raise UsageError(f"ONDAS_STORE_URL must start with postgresql:// (got {url.split(':')[0]}:)")
