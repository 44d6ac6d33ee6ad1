"""Named, append-only schema migrations recorded in the database.

Each migration is a step named by its layer and what it does (``state_tables``,
``audit_task_evidence``), applied once, in order, and recorded in ``_migrations``;
``meta.schema_version`` is the count of applied steps. Never edit a released step: add a new
one. Migrations change *schema* only. Data changes must go through the audit log, so that
``verify`` can replay them.

Each layer owns its steps in its schema part (:mod:`ondas.state.schema`); the store applies
the steps of the parts it opens with, in order: one list. A renamed step lists its
``former_names`` (among them the numbered names of the first releases) so stores that
recorded an old name keep matching and never apply the step again.
"""

from __future__ import annotations

from ondas.state.clock import utcnow

# Not ``typing.TYPE_CHECKING``: reading the store imports neither typing nor dataclasses.
# Nor the dialect module at import: the PostToolUse hook reads the list of steps (to check a
# store is current) without opening a store through it.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ondas.state.dialect import Connection, Dialect

# Tables that are bookkeeping of the store itself and are not reproduced by replaying the log.
NON_AUDITED_TABLES = frozenset({"events", "meta", "_migrations"})


class Migration:
    """One named schema step (immutable).

    ``apply`` receives a :class:`~ondas.state.dialect.Connection` (portable DDL, run in
    order); ``former_names`` are the names this step was recorded under before a rename (a
    store holding one has it applied).
    """

    __slots__ = ("apply", "former_names", "name")

    name: str
    apply: Callable[[Any], None]
    former_names: tuple[str, ...]

    def __init__(
        self, name: str, apply: Callable[[Any], None], former_names: tuple[str, ...] = ()
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "apply", apply)
        object.__setattr__(self, "former_names", former_names)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Migration is immutable (cannot set {name})")

    def _key(self) -> tuple[object, ...]:
        return (self.name, self.apply, self.former_names)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Migration):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Migration(name={self.name!r}, apply={self.apply!r}, "
            f"former_names={self.former_names!r})"
        )


def run_script(conn: Connection, script: str) -> None:
    """Run ``script`` statement by statement inside the caller's transaction.

    ``executescript`` would commit the open transaction first, so it is not used; the
    statement splitting is SQLite's, which holds for the portable DDL every backend runs.
    """
    from sqlite3 import complete_statement  # here: listing the steps needs no sqlite3

    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if complete_statement(buffer):
            conn.execute(buffer)
            buffer = ""
    if buffer.strip():
        raise ValueError(f"incomplete SQL statement in migration: {buffer.strip()[:60]}")


def _state_tables(conn: Connection) -> None:
    run_script(
        conn,
        """
        CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE TABLE events (
            seq INTEGER PRIMARY KEY,
            ts TEXT NOT NULL,
            execution_id TEXT,
            type TEXT NOT NULL,
            description TEXT,
            payload TEXT NOT NULL,
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL UNIQUE
        );
        CREATE INDEX events_by_execution ON events(execution_id, seq);
        CREATE INDEX events_by_type ON events(type, seq);
        CREATE TABLE executions (
            id TEXT PRIMARY KEY,
            status TEXT NOT NULL
                CHECK (status IN ('in_progress', 'awaiting_human', 'aborted', 'completed')),
            termination_reason TEXT,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            project_path TEXT NOT NULL,
            project_name TEXT NOT NULL,
            description TEXT NOT NULL DEFAULT '',
            suggested_stack TEXT,
            invocation_type TEXT NOT NULL DEFAULT 'cli',
            current_stage TEXT NOT NULL,
            next_instruction TEXT,
            delivery_tier TEXT NOT NULL DEFAULT 'cloud-public',
            roadmap_mode INTEGER NOT NULL DEFAULT 0 CHECK (roadmap_mode IN (0, 1)),
            atomic_commit INTEGER NOT NULL DEFAULT 0 CHECK (atomic_commit IN (0, 1)),
            CHECK (status IN ('in_progress', 'awaiting_human') OR finished_at IS NOT NULL)
        );
        CREATE TABLE key_aspects (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            kind TEXT NOT NULL CHECK (kind IN ('product', 'technical', 'operational')),
            position INTEGER NOT NULL,
            aspect TEXT NOT NULL,
            PRIMARY KEY (execution_id, kind, position)
        );
        CREATE TABLE metrics (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            name TEXT NOT NULL,
            value REAL NOT NULL,
            PRIMARY KEY (execution_id, name)
        );
        CREATE TABLE counters (
            scope TEXT NOT NULL,
            name TEXT NOT NULL,
            value INTEGER NOT NULL CHECK (value >= 0),
            PRIMARY KEY (scope, name)
        );
        CREATE TABLE locks (
            execution_id TEXT PRIMARY KEY REFERENCES executions(id),
            pid INTEGER NOT NULL,
            host TEXT NOT NULL,
            acquired_at TEXT NOT NULL
        );
        CREATE TABLE extras (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (execution_id, key)
        );
        """,
    )


def _state_lock_identity(conn: Connection) -> None:
    # A pid alone does not name a process (pids are reused; a restarted container has the same
    # hostname): the lock also records the holder's boot id and start time (clock ticks).
    run_script(
        conn,
        """
        ALTER TABLE locks ADD COLUMN boot_id TEXT;
        ALTER TABLE locks ADD COLUMN process_start INTEGER;
        """,
    )


def _state_lock_lease(conn: Connection) -> None:
    # A holder on another host cannot be checked for life: on a shared store it renews a lease
    # (ISO UTC time) and a lock whose lease ran out may be taken over. NULL: no lease.
    run_script(conn, "ALTER TABLE locks ADD COLUMN lease_until TEXT;")


def _state_event_count_index(conn: Connection) -> None:
    # The integrity check between waves counts the log's events (a deleted one shows as a gap
    # between the count and the last seq). SQLite counts on its narrowest index: without this
    # one that is the 64-character hash index, which at 50k events no longer fits the page
    # cache (3 ms a count, twice a wave); on this one the count is a few microseconds.
    run_script(conn, "CREATE INDEX events_by_seq ON events(seq);")


# The state core's own steps; the audit and limits layers keep theirs in their schema part.
MIGRATIONS: list[Migration] = [
    Migration("state_tables", _state_tables, former_names=("m001_initial",)),
    Migration(
        "state_lock_identity",
        _state_lock_identity,
        former_names=("m005_i12_lock_identity", "m004_i12_lock_identity"),
    ),
    Migration("state_lock_lease", _state_lock_lease, former_names=("m008_i19_lock_lease",)),
    Migration(
        "state_event_count_index",
        _state_event_count_index,
        former_names=("m009_i18_event_count_index",),
    ),
]


def _or_sqlite(dialect: Dialect | None) -> Dialect:
    """``dialect``, by default the embedded SQLite one."""
    if dialect is not None:
        return dialect
    from ondas.state.dialect import SQLITE

    return SQLITE


def is_store(dialect: Dialect, conn: Connection) -> bool:
    """True when ``conn`` holds the migration bookkeeping of an ondas store."""
    names = set(dialect.with_retry(lambda: dialect.tables(conn)))
    return {"_migrations", "meta", "events"} <= names


def applied(conn: Connection) -> list[str]:
    """Names of the migrations already applied to ``conn``, in the order they were applied."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
    )
    return [r[0] for r in conn.execute("SELECT name FROM _migrations ORDER BY applied_at, name")]


def is_applied(migration: Migration, done: set[str] | list[str]) -> bool:
    """True when ``migration`` is recorded in ``done`` under its name or a former name."""
    return any(n in done for n in (migration.name, *migration.former_names))


def migrate(
    conn: Connection, steps: list[Migration] | None = None, dialect: Dialect | None = None
) -> list[str]:
    """Apply every pending step, each in its own transaction; return the names applied."""
    dialect = _or_sqlite(dialect)
    done = set(applied(conn))
    ran: list[str] = []
    for migration in MIGRATIONS if steps is None else steps:
        if is_applied(migration, done):
            continue
        dialect.begin_write(conn)
        try:
            # Another process may have applied it between our read and our lock.
            if is_applied(migration, {r[0] for r in conn.execute("SELECT name FROM _migrations")}):
                dialect.commit(conn)
                continue
            migration.apply(conn)
            conn.execute(
                "INSERT INTO _migrations (name, applied_at) VALUES (?, ?)",
                (migration.name, utcnow()),
            )
            count = conn.execute("SELECT COUNT(*) FROM _migrations").fetchone()[0]
            conn.execute(
                "INSERT INTO meta (key, value) VALUES ('schema_version', ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (str(count),),
            )
            dialect.commit(conn)
        except BaseException:
            if dialect.in_transaction(conn):
                dialect.rollback(conn)
            raise
        ran.append(migration.name)
    return ran


def schema_version(conn: Connection) -> int:
    """The number of applied migrations, as recorded in ``meta``."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(row[0]) if row else 0


def audited_tables(conn: Connection, dialect: Dialect | None = None) -> list[str]:
    """Every table whose content is reproduced by replaying the audit log."""
    dialect = _or_sqlite(dialect)
    return [t for t in dialect.tables(conn) if t not in NON_AUDITED_TABLES]
