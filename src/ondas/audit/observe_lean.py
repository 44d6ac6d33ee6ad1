"""The hooks' write path: one observed output counted on the open wave, or one refusal.

Through :class:`~ondas.state.store.Store`, :func:`ondas.audit.events.observe` makes the hook
(a new process per tool call) import the whole store and audit layers. :func:`observe_call`
writes the very same rows and the very same chained event with :mod:`sqlite3` alone, in one
``BEGIN IMMEDIATE`` transaction, on a store that needs nothing but that: the plain SQLite
file, with exactly the schema steps this ondas knows. For anything else (a shared store
named by ``ONDAS_STORE_URL``, an odd file, a store to migrate or written by a newer ondas,
the write lock held past the busy timeout) it raises :class:`Unsuited` before writing, and
the caller takes the ordinary path, which migrates, retries or refuses as every command
does. :func:`refuse_call` does the same for a refused call (the event of
:func:`ondas.audit.refusals.record_refusal`), so a refused PreToolUse call imports neither
the store nor ``typing``/``dataclasses``. tests/hooks/test_post_tool_use_lean.py and
tests/hooks/test_refusals_recorded.py write the same calls both ways and compare the rows
and events.
"""

from __future__ import annotations

import os
import sys

from ondas.audit.observed_text import env_values, observed_row, prepare
from ondas.state.chain import append_event

# Not ``typing.TYPE_CHECKING``: the hook skips importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable
    from typing import Any

    from ondas.state.schema import Schema


def _lru_cache(maxsize: int | None = 128, typed: bool = False) -> Callable[[Any], Any]:
    """``functools.lru_cache(maxsize, typed)`` for a callable, as ``functools`` builds it when
    CPython's C accelerator is there: its ``_lru_cache_wrapper`` (what ``_sqlite3`` calls is
    the statement cache this wraps around a connection); ``cache_info()`` loads ``functools``."""
    from _functools import _lru_cache_wrapper

    if isinstance(maxsize, int) and maxsize < 0:
        maxsize = 0

    def wrap(function: Any) -> Any:
        return _lru_cache_wrapper(function, maxsize, typed, _cache_info)

    return wrap


def _cache_info(*fields: int) -> object:
    from functools import _CacheInfo

    return _CacheInfo(*fields)


def _load_sqlite3() -> Any:
    """The C module the sqlite3 package wraps (same connection and error classes): the package
    imports datetime for its default adapters, which this path never uses (~1.5 ms a call).

    As it loads, the module takes ``functools.lru_cache`` and nothing else from ``functools``,
    which imports ``collections``, ``types``, ``operator`` and ``reprlib`` (about 6 M
    instructions of a refused hook call, round 24): a process that has not imported
    ``functools`` lends it a stand-in holding :func:`_lru_cache` while it loads, as
    :func:`ondas.guards.bash._stand_ins` does for the parser's extension."""
    if "functools" in sys.modules or "_functools" not in sys.builtin_module_names:
        import _sqlite3

        return _sqlite3
    stand_in = type(sys)("functools")
    stand_in.lru_cache = _lru_cache  # type: ignore[attr-defined]
    sys.modules["functools"] = stand_in
    try:
        import _sqlite3
    except Exception:  # a Python whose _sqlite3 takes more from functools: load it as it is
        sys.modules.pop("_sqlite3", None)
        del sys.modules["functools"]
        import _sqlite3
    else:
        del sys.modules["functools"]
    return _sqlite3


if not TYPE_CHECKING:
    try:
        sqlite3 = _load_sqlite3()
    except ImportError:  # pragma: no cover - CPython ships it wherever sqlite3 works
        import sqlite3


DB_NAME = "state.db"
SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 10_000
"""How long to wait for the write lock, as every ondas connection does (ondas.state.db)."""

ACTIVE_STATUSES = ("in_progress", "awaiting_human")
"""Every status but the terminal ones (:data:`ondas.state.execution.TERMINAL_STATUSES`)."""
CREATED_SEQ = "(SELECT COALESCE(MIN(v.seq), 0) FROM events v WHERE v.execution_id = executions.id)"
"""Creation order of executions, as :data:`ondas.state.execution.CREATED_SEQ` (a test checks)."""


class Unsuited(Exception):
    """This store needs the ordinary path; nothing was written."""


def observe_call(state_dir: str, tool: str, output: str, schema: Schema) -> str | None:
    """Store ``output`` of ``tool`` on the active execution and count it on its open wave.

    Returns the execution's id, or ``None`` when there is no store or no active execution
    (nothing is written then). Raises :class:`Unsuited` when the ordinary path must do it.
    """

    def write(conn: sqlite3.Connection, execution_id: str, project_path: str) -> None:
        prepared = prepare(output, env_values(project_path))
        _begin(conn)
        _write(conn, execution_id, tool, prepared)

    return _on_execution(state_dir, write, schema)


def refuse_call(
    state_dir: str, source: str, rule: str, tool: str, subject: str, schema: Schema
) -> str | None:
    """Record a refused call as :func:`ondas.audit.refusals.record_refusal` does (same event).

    Returns the execution's id, or ``None`` when there is no store or the latest execution is
    finished. Raises :class:`Unsuited` when the ordinary path must do it.
    """
    from ondas.audit.refusal_fields import REFUSAL_EVENT, description, refusal_fields
    from ondas.state.scrub import clean_value

    def write(conn: sqlite3.Connection, execution_id: str, project_path: str) -> None:
        _begin(conn)
        data = refusal_fields(source, rule, tool, subject, _open_wave(conn, execution_id))
        append_event(
            conn,
            execution_id,
            REFUSAL_EVENT,
            clean_value(description(source, rule)),
            [],
            clean_value(data),
        )

    return _on_execution(state_dir, write, schema)


def _on_execution(
    state_dir: str, write: Callable[[sqlite3.Connection, str, str], None], schema: Schema
) -> str | None:
    """Run ``write(conn, execution_id, project_path)`` on the latest execution when it is
    active (neither aborted nor completed) and commit what it wrote; ``write`` opens the
    transaction (:func:`_begin`)."""
    if os.environ.get("ONDAS_STORE_URL", "").strip():
        raise Unsuited("a shared store")
    path = os.path.join(state_dir, DB_NAME)
    if not os.path.isfile(path):
        return None
    conn = _connect(path)
    try:
        _require_current_schema(conn, schema)
        try:
            row = conn.execute(
                "SELECT id, status, project_path FROM executions "
                f"ORDER BY {CREATED_SEQ} DESC LIMIT 1"
            ).fetchone()
        except sqlite3.Error as exc:  # busy past the timeout, say: the ordinary path retries
            raise Unsuited(f"cannot read the execution: {exc}") from exc
        if row is None or row[1] not in ACTIVE_STATUSES:
            return None
        execution_id, project_path = str(row[0]), str(row[2])
        try:
            write(conn, execution_id, project_path)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return execution_id
    finally:
        conn.close()


def _begin(conn: sqlite3.Connection) -> None:
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        raise Unsuited(f"the write lock: {exc}") from exc


def _open_wave(conn: sqlite3.Connection, execution_id: str) -> str | None:
    """:func:`ondas.audit._common.open_wave_id` on the raw connection."""
    row = conn.execute(
        "SELECT id FROM waves WHERE execution_id = ? AND ended_at IS NULL "
        "ORDER BY number DESC LIMIT 1",
        (execution_id,),
    ).fetchone()
    return None if row is None else str(row[0])


def _connect(path: str) -> sqlite3.Connection:
    """Open the existing file (never create one) with the pragmas of every ondas connection.

    The file is never opened outside SQLite: closing any descriptor of a database drops every
    POSIX lock this process holds on it, and the run server records refusals in the process
    whose own store holds the file open (a file that is no database fails the first PRAGMA).
    """
    uri = "file:" + path.replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    try:
        conn = sqlite3.connect(
            uri + "?mode=rw", uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000
        )
    except sqlite3.Error as exc:
        raise Unsuited(f"cannot open: {exc}") from exc
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if conn.execute("PRAGMA page_count").fetchone()[0] == 0:
            raise Unsuited("an empty file, not a store")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise Unsuited("no WAL journal")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise Unsuited(f"not an SQLite store, or cannot set up the connection: {exc}") from exc
    except BaseException:
        conn.close()
        raise
    return conn


def _require_current_schema(conn: sqlite3.Connection, schema: Schema) -> None:
    """:class:`Unsuited` unless the store has exactly the schema steps this ondas knows."""
    try:
        applied = {r[0] for r in conn.execute("SELECT name FROM _migrations")}
    except sqlite3.Error as exc:
        raise Unsuited(f"no migration record: {exc}") from exc
    known: set[str] = set()
    for step in schema.migrations:
        names = {step.name, *step.former_names}
        if not names & applied:
            raise Unsuited(f"step {step.name} is not applied yet")
        known |= names
    if applied - known:
        raise Unsuited("written by a newer ondas")


def _write(
    conn: sqlite3.Connection,
    execution_id: str,
    tool: str,
    prepared: tuple[str, bool, int, str],
) -> None:
    """The rows and the event of ``observe(..., tick=True)``, recorded change by change as
    :class:`~ondas.state.store.Tx` records them (same order, same literal values)."""
    changes: list[dict[str, Any]] = []
    data: dict[str, Any] = {}
    # Tx.next_id(execution_id, "obs"): the counter, updated or inserted.
    counter = conn.execute(
        "SELECT value FROM counters WHERE scope = ? AND name = ?", (execution_id, "obs")
    ).fetchone()
    number = (counter[0] if counter else 0) + 1
    key = {"scope": execution_id, "name": "obs"}
    updated = conn.execute(
        'UPDATE "counters" SET "value" = ? WHERE "scope" = ? AND "name" = ?',
        (number, execution_id, "obs"),
    ).rowcount
    if updated:
        changes.append(
            {"op": "update", "table": "counters", "key": key, "values": {"value": number}}
        )
    else:
        conn.execute(
            'INSERT INTO "counters" ("scope", "name", "value") VALUES (?, ?, ?)',
            (execution_id, "obs", number),
        )
        changes.append({"op": "insert", "table": "counters", "row": {**key, "value": number}})
    obs_id = f"obs-{number:03d}"
    # open_wave_id and tick_in: the open wave counts one more tool call.
    wave = conn.execute(
        "SELECT id, tool_calls FROM waves WHERE execution_id = ? AND ended_at IS NULL "
        "ORDER BY number DESC LIMIT 1",
        (execution_id,),
    ).fetchone()
    wave_id = None if wave is None else str(wave[0])
    total = None
    if wave is not None:
        total = int(wave[1]) + 1
        if conn.execute(
            'UPDATE "waves" SET "tool_calls" = ? WHERE "execution_id" = ? AND "id" = ?',
            (total, execution_id, wave_id),
        ).rowcount:
            changes.append(
                {
                    "op": "update",
                    "table": "waves",
                    "key": {"execution_id": execution_id, "id": wave[0]},
                    "values": {"tool_calls": total},
                }
            )
    data["tool_calls"] = total
    row = observed_row(execution_id, obs_id, wave_id, tool, prepared)
    columns = ", ".join(f'"{c}"' for c in row)
    conn.execute(
        f'INSERT INTO "observed_outputs" ({columns}) VALUES ({", ".join("?" for _ in row)})',
        list(row.values()),
    )
    changes.append({"op": "insert", "table": "observed_outputs", "row": row})
    append_event(conn, execution_id, "output_observed", tool[:100], changes, data)
