"""The Postgres backend (psycopg 3), selected by ``ONDAS_STORE_URL=postgresql://...``.

One server holds many stores: each ``.ondas`` directory maps to its own Postgres schema
(``ONDAS_STORE_SCHEMA`` names it explicitly, e.g. for workers that clone a project into
different paths). Writers serialise on ``pg_advisory_xact_lock`` of the schema, so the hash
chain grows one event at a time exactly as with SQLite's ``BEGIN IMMEDIATE``. Portable SQL
from above is translated here: ``?`` placeholders, ``instr``, and the DDL types.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

from ondas.errors import StateMissing, StoreBusy, StoreUnreachable, UsageError
from ondas.state.dialect import Connection, Cursor, SQLDialect, quote

if TYPE_CHECKING:
    from ondas.state.migrations import Migration

T = TypeVar("T")
RETRIES = 8
_DDL = re.compile(r"^\s*(CREATE\s+TABLE|ALTER\s+TABLE)\b", re.IGNORECASE)
_DDL_TYPES = (
    (re.compile(r"\bREAL\b", re.IGNORECASE), "DOUBLE PRECISION"),
    (re.compile(r"\bINTEGER\b", re.IGNORECASE), "BIGINT"),
)
_INSTR = re.compile(r"\binstr\s*\(", re.IGNORECASE)


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError as exc:
        raise UsageError("the Postgres store needs psycopg: pip install 'ondas[postgres]'") from exc
    return psycopg


def translate(sql: str) -> str:
    """Portable SQL as psycopg expects it: ``?`` -> ``%s`` outside quotes, ``%`` doubled."""
    out: list[str] = []
    quote_char: str | None = None
    for ch in sql:
        if ch == "%":
            out.append("%%")
            continue
        if quote_char is not None:
            if ch == quote_char:
                quote_char = None
        elif ch in ("'", '"'):
            quote_char = ch
        elif ch == "?":
            out.append("%s")
            continue
        out.append(ch)
    text = "".join(out)
    if _DDL.match(text):
        for pattern, replacement in _DDL_TYPES:
            text = pattern.sub(replacement, text)
    return _INSTR.sub("strpos(", text)


class PgRow:
    """A row readable by position and by column name, like ``sqlite3.Row``."""

    __slots__ = ("_index", "_names", "_values")

    def __init__(self, values: tuple[Any, ...], names: tuple[str, ...], index: dict[str, int]):
        self._values = values
        self._names = names
        self._index = index

    def __getitem__(self, key: int | str, /) -> Any:
        if isinstance(key, str):
            try:
                return self._values[self._index[key]]
            except KeyError:
                raise IndexError(f"no column {key!r}") from None
        return self._values[key]

    def keys(self) -> list[str]:
        """Column names, in order."""
        return list(self._names)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PgRow):
            return self._values == other._values and self._names == other._names
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values)

    def __repr__(self) -> str:
        return f"PgRow({dict(zip(self._names, self._values, strict=True))!r})"


def _row_factory(cursor: Any) -> Callable[[Sequence[Any]], PgRow]:
    names = tuple(c.name for c in (cursor.description or ()))
    index: dict[str, int] = {}
    for position, name in enumerate(names):
        index.setdefault(name, position)

    def make(values: Sequence[Any]) -> PgRow:
        return PgRow(tuple(values), names, index)

    return make


class PgConnection:
    """A psycopg connection speaking the store's portable SQL."""

    def __init__(self, raw: Any, schema: str) -> None:
        self.raw = raw
        self.schema = schema

    def execute(self, sql: str, parameters: Any = (), /) -> Cursor:
        """Translate and run one statement."""
        cursor: Cursor = self.raw.execute(translate(sql), tuple(parameters))
        return cursor

    def close(self) -> None:
        """Close the server connection."""
        self.raw.close()


def _lock_key(schema: str) -> int:
    return int.from_bytes(hashlib.sha256(schema.encode()).digest()[:8], "big", signed=True)


def schema_for(state_dir: Path | str) -> str:
    """The Postgres schema of the store of ``state_dir``."""
    explicit = os.environ.get("ONDAS_STORE_SCHEMA", "").strip()
    if explicit:
        if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", explicit):
            raise UsageError("ONDAS_STORE_SCHEMA must be lowercase letters, digits and _")
        return explicit
    resolved = str(Path(state_dir).expanduser().resolve(strict=False))
    digest = hashlib.sha256(resolved.encode()).hexdigest()[:12]
    stem = re.sub(r"[^a-z0-9]+", "_", Path(resolved).parent.name.lower()).strip("_")[:30]
    return f"ondas_{stem}_{digest}" if stem else f"ondas_{digest}"


@contextmanager
def store_schema(name: str) -> Iterator[None]:
    """Within the block, stores open in schema ``name`` (``ONDAS_STORE_SCHEMA``), then as before."""
    previous = os.environ.get("ONDAS_STORE_SCHEMA")
    os.environ["ONDAS_STORE_SCHEMA"] = name
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("ONDAS_STORE_SCHEMA", None)
        else:
            os.environ["ONDAS_STORE_SCHEMA"] = previous


def redact(url: str) -> str:
    """``url`` without its password, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port:
        host += f":{parts.port}"
    user = f"{parts.username}:***@" if parts.username else ""
    return urlunsplit((parts.scheme, user + host, parts.path, parts.query, parts.fragment))


_TABLE_OID = "to_regclass(format('%I.%I', current_schema(), ?::text))"
"""The oid of the store's table named by the one parameter, in the current schema. Resolved
through ``regclass`` (one index probe), never a join of ``pg_class`` by name: a database holding
many stores has a table of each name per schema, and psycopg's prepared (generic) plan of such a
join visits them all (6 ms a lookup beside 186 stores, against 0.1 ms), and verification asks
per table per wave."""


class PostgresDialect(SQLDialect):
    """A schema of a Postgres database per store."""

    name = "postgres"

    def __init__(self, url: str) -> None:
        psycopg = _psycopg()
        self.url = url
        self.error: type[Exception] = psycopg.Error
        self.integrity_error: type[Exception] = psycopg.IntegrityError
        self._psycopg = psycopg

    def location(self, state_dir: Path | str) -> str:
        """The server and schema."""
        return f"{redact(self.url)} (schema {schema_for(state_dir)})"

    def exists(self, state_dir: Path | str) -> bool:
        """The schema is there and holds the migration bookkeeping.

        A server that cannot be reached is said so (:class:`StoreUnreachable`), never taken
        for a store that does not exist.
        """
        try:
            conn = self.connect(state_dir, create=False, readonly=True)
        except StoreUnreachable:
            raise
        except StateMissing:
            return False
        try:
            return "_migrations" in self.tables(conn)
        finally:
            conn.close()

    def connect(
        self,
        state_dir: Path | str,
        *,
        create: bool,
        readonly: bool,
        steps: Sequence[Migration] = (),
    ) -> Connection:
        """Connect, create the schema when asked, and point ``search_path`` at it.

        The steps are applied by the store afterwards, under the schema's advisory lock.
        """
        schema = schema_for(state_dir)
        psycopg = self._psycopg
        try:
            raw = psycopg.connect(self.url, autocommit=True, row_factory=_row_factory)
        except psycopg.Error as exc:
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise StoreUnreachable(
                f"cannot reach the store server {redact(self.url)}: {reason}"
            ) from exc
        self._adapt(raw)
        conn = PgConnection(raw, schema)
        try:
            exists = conn.execute(
                "SELECT 1 FROM information_schema.schemata WHERE schema_name = ?", (schema,)
            ).fetchone()
            if exists is None:
                if not create or readonly:
                    raise StateMissing(
                        f"no state store at {self.location(state_dir)} (start one with 'ondas run')"
                    )
                # Concurrent CREATE ... IF NOT EXISTS can still collide in Postgres' catalogue:
                # one opener at a time makes the schema and the migration bookkeeping, in one
                # transaction, so nobody sees the schema without its bookkeeping table.
                conn.execute("BEGIN")
                try:
                    conn.execute("SELECT pg_advisory_xact_lock(?)", (_lock_key(schema),))
                    conn.execute(f"CREATE SCHEMA IF NOT EXISTS {quote(schema)}")
                    conn.execute(
                        f"CREATE TABLE IF NOT EXISTS {quote(schema)}._migrations "
                        "(name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
                    )
                    conn.execute("COMMIT")
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
            conn.execute(f"SET search_path TO {quote(schema)}")
            if create and not readonly:
                # The directory still holds what is not in the store: config, reports, locks.
                Path(state_dir).mkdir(parents=True, exist_ok=True)
            if readonly:
                conn.execute("SET default_transaction_read_only = on")
        except BaseException:
            raw.close()
            raise
        return conn

    def _adapt(self, raw: Any) -> None:
        """Python booleans travel as 0/1, as SQLite stores them."""
        from psycopg.adapt import Dumper

        int8 = self._psycopg.adapters.types["int8"].oid

        class BoolAsInt(Dumper):
            oid = int8

            def dump(self, obj: Any) -> bytes:
                return b"1" if obj else b"0"

        raw.adapters.register_dumper(bool, BoolAsInt)

    def _raw(self, conn: Connection) -> Any:
        if not isinstance(conn, PgConnection):
            raise TypeError("the Postgres dialect needs a PgConnection")
        return conn.raw

    def in_transaction(self, conn: Connection) -> bool:
        """The server-reported transaction status."""
        status = self._raw(conn).info.transaction_status
        return bool(status != self._psycopg.pq.TransactionStatus.IDLE)

    def begin_write(self, conn: Connection) -> None:
        """BEGIN, then the schema's advisory lock: writers append to the chain one at a time."""
        key = _lock_key(conn.schema if isinstance(conn, PgConnection) else "")
        conn.execute("BEGIN")
        try:
            conn.execute("SELECT pg_advisory_xact_lock(?)", (key,))
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def begin_read(self, conn: Connection) -> None:
        """A repeatable-read snapshot."""
        conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")

    def is_busy(self, exc: BaseException) -> bool:
        """Lock timeouts, serialisation failures and deadlocks."""
        errors = self._psycopg.errors
        return isinstance(
            exc, errors.LockNotAvailable | errors.SerializationFailure | errors.DeadlockDetected
        )

    def is_unique(self, exc: BaseException) -> bool:
        """A unique or primary-key violation."""
        return isinstance(exc, self._psycopg.errors.UniqueViolation)

    def with_retry(self, fn: Callable[[], T]) -> T:
        """Retry ``fn`` with jittered backoff while the server reports contention."""
        delay = 0.01
        for attempt in range(RETRIES + 1):
            try:
                return fn()
            except self._psycopg.Error as exc:
                if not self.is_busy(exc):
                    raise
                if attempt == RETRIES:
                    raise StoreBusy(f"state store stayed busy after {RETRIES} retries") from exc
                time.sleep(delay * (1 + random.random()))
                delay = min(delay * 2, 1.0)
        raise AssertionError("unreachable")  # pragma: no cover

    def tables(self, conn: Connection) -> list[str]:
        """Base tables of the store's schema."""
        rows = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = "
            "current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name"
        )
        return [str(r[0]) for r in rows]

    def columns(self, conn: Connection, table: str) -> list[str]:
        """From ``pg_attribute``, in column order: what ``information_schema.columns`` says
        for a table the store's role owns, without the view's privilege checks."""
        rows = conn.execute(
            "SELECT a.attname FROM pg_catalog.pg_attribute a "
            f"WHERE a.attrelid = {_TABLE_OID} AND a.attnum > 0 AND NOT a.attisdropped "
            "ORDER BY a.attnum",
            (table,),
        )
        return [str(r[0]) for r in rows]

    def key_columns(self, conn: Connection, table: str) -> list[str]:
        """The primary key's columns in key order (from ``pg_index``)."""
        rows = conn.execute(
            "SELECT a.attname FROM pg_catalog.pg_index i JOIN pg_catalog.pg_attribute a "
            "ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) "
            f"WHERE i.indisprimary AND i.indrelid = {_TABLE_OID} "
            "ORDER BY array_position(i.indkey::int2[], a.attnum)",
            (table,),
        )
        return [str(r[0]) for r in rows] or self.columns(conn, table)

    def stored_rows(self, conn: Connection, table: str) -> list[tuple[Any, ...]]:
        """Rows ordered by primary key (Postgres keeps no write order)."""
        cols = ", ".join(quote(c) for c in self.columns(conn, table))
        order = ", ".join(quote(c) for c in self.key_columns(conn, table))
        return [
            tuple(r) for r in conn.execute(f"SELECT {cols} FROM {quote(table)} ORDER BY {order}")
        ]

    def foreign_key_problems(self, conn: Connection) -> list[tuple[str, Any, str]]:
        """None: Postgres enforces every reference when it is written."""
        return []

    def checkpoint(self, conn: Connection) -> None:
        """Nothing to do: the server makes commits durable itself."""

    def size_bytes(self, conn: Connection, state_dir: Path | str) -> int:
        """Bytes of every relation of the store's schema, indexes and TOAST included."""
        row = conn.execute(
            "SELECT COALESCE(SUM(pg_total_relation_size(quote_ident(table_schema) || '.' || "
            "quote_ident(table_name))), 0) FROM information_schema.tables "
            "WHERE table_schema = current_schema()"
        ).fetchone()
        return int(row[0]) if row else 0
