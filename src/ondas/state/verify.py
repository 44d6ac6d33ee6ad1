"""Integrity checks: the hash chain, a full replay against the tables, and schema invariants."""

from __future__ import annotations

import json
import re
import sqlite3
from typing import Any

from ondas.record import Record, field
from ondas.state import migrations
from ondas.state.chain import GENESIS_HASH, row_hash
from ondas.state.dialect import SQLITE, Connection, Row, quote
from ondas.state.schema import TYPE_CHECKING, Schema

if TYPE_CHECKING:
    from ondas.state.interface import StateStore
    from ondas.state.schema import Invariant
from ondas.state.store import Store


class Finding(Record, frozen=True):
    """One problem found by ``verify`` or ``validate``."""

    kind: str
    detail: str
    position: int | None = None
    table: str | None = None

    def __str__(self) -> str:
        where = f" at event {self.position}" if self.position is not None else ""
        return f"{self.kind}{where}: {self.detail}"


class Report(Record, frozen=True):
    """Outcome of a check; ``ok`` when there are no findings."""

    findings: list[Finding] = field(default_factory=list)
    events_checked: int = 0

    @property
    def ok(self) -> bool:
        """True when nothing was found."""
        return not self.findings

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "ok": self.ok,
            "events_checked": self.events_checked,
            "findings": [
                {"kind": f.kind, "position": f.position, "table": f.table, "detail": f.detail}
                for f in self.findings
            ],
        }


def _check_chain(conn: Connection, findings: list[Finding]) -> tuple[list[Row] | None, int]:
    """The events when the chain holds (else ``None``), and how many events were checked."""
    rows = list(conn.execute("SELECT * FROM events ORDER BY seq"))
    prev = GENESIS_HASH
    for index, row in enumerate(rows, start=1):
        if row["seq"] != index:
            findings.append(
                Finding(
                    "sequence-gap",
                    f"expected event {index}, found {row['seq']} (an event was deleted or "
                    "inserted)",
                    index,
                )
            )
            return None, index
        if row["prev_hash"] != prev:
            findings.append(
                Finding("chain-broken", "prev_hash does not match the previous event", index)
            )
            return None, index
        digest = row_hash(row)
        if digest != row["hash"]:
            findings.append(
                Finding("hash-mismatch", "event content does not match its hash", index)
            )
            return None, index
        prev = row["hash"]
    head = conn.execute("SELECT value FROM meta WHERE key = 'chain_head'").fetchone()
    expected = f"{rows[-1]['seq']}:{rows[-1]['hash']}" if rows else None
    actual = head[0] if head else None
    if actual != expected:
        findings.append(
            Finding(
                "head-mismatch",
                f"recorded chain head {actual!r} differs from the last event {expected!r} "
                "(events were removed from the end or added behind the runtime)",
                _head_position(actual, rows),
            )
        )
        return None, len(rows)
    return rows, len(rows)


def _head_position(recorded: str | None, rows: list[Row]) -> int:
    """First position where the log and the recorded chain head disagree."""
    seq_text, _, digest = (recorded or "").partition(":")
    if not seq_text.isdigit():
        return 1
    seq = int(seq_text)
    if seq > len(rows):
        return len(rows) + 1  # events after the last one were removed
    if seq >= 1 and rows[seq - 1]["hash"] == digest:
        return seq + 1  # events were appended after the recorded head
    return max(seq, 1)


def _apply_change(conn: Connection, change: dict[str, Any]) -> None:
    table = change["table"]
    if change["op"] == "insert":
        row = change["row"]
        cols = list(row)
        conn.execute(
            f'INSERT INTO "{table}" ({", ".join(f"{chr(34)}{c}{chr(34)}" for c in cols)}) '
            f"VALUES ({', '.join('?' for _ in cols)})",
            [row[c] for c in cols],
        )
    elif change["op"] == "update":
        values, key = change["values"], change["key"]
        conn.execute(
            f'UPDATE "{table}" SET {", ".join(f"{chr(34)}{c}{chr(34)} = ?" for c in values)} '
            f"WHERE {' AND '.join(f'{chr(34)}{c}{chr(34)} = ?' for c in key)}",
            [*values.values(), *key.values()],
        )
    elif change["op"] == "delete":
        key = change["key"]
        conn.execute(
            f'DELETE FROM "{table}" WHERE '
            f"{' AND '.join(f'{chr(34)}{c}{chr(34)} = ?' for c in key)}",
            list(key.values()),
        )
    else:
        raise ValueError(f"unknown change op {change['op']!r}")


def _last_writer(
    events: list[Row],
    table: str,
    key: dict[str, Any],
    row: dict[str, Any] | None,
    columns: set[str] | None = None,
) -> int | None:
    """The seq of the last event that wrote the row ``key`` of ``table`` (or its ``columns``)."""
    for event in reversed(events):
        for change in reversed(json.loads(event["payload"]).get("changes", [])):
            if change.get("table") != table:
                continue
            if change["op"] == "insert":
                hit = all(change["row"].get(k) == v for k, v in key.items())
            else:
                reference = row if row is not None else key
                hit = all(reference.get(k, v) == v for k, v in change["key"].items())
                if hit and columns and change["op"] == "update":
                    hit = bool(columns & set(change["values"]))
            if hit:
                return int(event["seq"])
    return None


def _compare_table(
    store: StateStore,
    shadow: Connection,
    table: str,
    events: list[Row],
    findings: list[Finding],
) -> None:
    dialect, conn = store.dialect, store.conn
    actual = dialect.stored_rows(conn, table)
    try:
        expected = SQLITE.stored_rows(shadow, table)
        shadow_cols = SQLITE.columns(shadow, table)
    except sqlite3.Error:
        expected, shadow_cols = [], []
    if dialect is not SQLITE:
        # Only SQLite keeps rows in the order they were written; elsewhere compare as sets.
        actual, expected = sorted(actual, key=repr), sorted(expected, key=repr)
    if actual == expected:
        return
    cols = dialect.columns(conn, table)
    if cols != shadow_cols and shadow_cols:
        findings.append(
            Finding(
                "schema-mismatch",
                f"table {table} has columns {cols}, the migrations give {shadow_cols}",
                table=table,
            )
        )
        return
    if sorted(actual, key=repr) == sorted(expected, key=repr):
        findings.append(
            Finding(
                "table-reordered",
                f"table {table}: rows are in a different order than the log wrote them",
                table=table,
            )
        )
        return
    key_cols = dialect.key_columns(conn, table)
    index = [cols.index(k) for k in key_cols]

    def keyed(rows: list[tuple[Any, ...]]) -> dict[tuple[Any, ...], tuple[Any, ...]]:
        return {tuple(r[i] for i in index): r for r in rows}

    have, want = keyed(actual), keyed(expected)
    problems: list[tuple[str, tuple[Any, ...], dict[str, Any] | None, set[str] | None]] = []
    for k, row in have.items():
        if k not in want:
            problems.append(("inserted", k, None, None))
        elif row != want[k]:
            changed = {c for c, a, b in zip(cols, row, want[k], strict=True) if a != b}
            problems.append(("edited", k, dict(zip(cols, want[k], strict=True)), changed))
    for k, row in want.items():
        if k not in have:
            problems.append(("deleted", k, dict(zip(cols, row, strict=True)), None))
    if not problems:  # duplicate rows in a table without a key
        problems.append(("edited", tuple(actual[0][i] for i in index), None, None))
    positions = []
    for what, k, logged, columns in problems:
        key = dict(zip(key_cols, k, strict=True))
        seq = _last_writer(events, table, key, logged, columns) if logged is not None else None
        positions.append((seq if seq is not None else len(events) + 1, what, key, seq))
    positions.sort(key=lambda p: (p[0], repr(p[2])))
    _, what, key, seq = positions[0]
    by = f"last written by event {seq}" if seq is not None else "written by no event"
    findings.append(
        Finding(
            "table-mismatch",
            f"table {table}: row {key} {what} behind the log ({by}); "
            f"{len(problems)} row(s) differ in this table",
            positions[0][0],
            table=table,
        )
    )


def _shadow(conn: Connection, schema: Schema) -> sqlite3.Connection:
    """An in-memory SQLite store carrying the same applied migrations as ``conn``.

    The log is replayed into SQLite whatever the backend: the portable DDL gives the same
    tables and columns everywhere.
    """
    done = {r[0] for r in conn.execute("SELECT name FROM _migrations")}
    shadow = sqlite3.connect(":memory:", isolation_level=None)
    shadow.execute("PRAGMA foreign_keys = OFF")
    for migration in schema.migrations:
        if migrations.is_applied(migration, done):
            shadow.execute("BEGIN")
            migration.apply(shadow)
            shadow.execute("COMMIT")
    return shadow


def _replay(store: StateStore, rows: list[Row], findings: list[Finding]) -> None:
    shadow = _shadow(store.conn, store.schema)
    try:
        for row in rows:
            try:
                payload = json.loads(row["payload"])
                for change in payload.get("changes", []):
                    _apply_change(shadow, change)
            except (sqlite3.Error, ValueError, KeyError, TypeError) as exc:
                findings.append(
                    Finding("replay-failed", f"event cannot be replayed: {exc}", row["seq"])
                )
                return
        for table in migrations.audited_tables(store.conn, store.dialect):
            _compare_table(store, shadow, table, rows, findings)
        findings.sort(key=lambda f: f.position if f.position is not None else 0)
    finally:
        shadow.close()


def verify(store: StateStore) -> Report:
    """Recompute the hash chain and replay the log against the materialised tables."""
    findings: list[Finding] = []
    with store.snapshot() as conn:
        known = store.schema.known_names()
        unknown = [r[0] for r in conn.execute("SELECT name FROM _migrations") if r[0] not in known]
        rows, checked = _check_chain(conn, findings)
        if unknown:
            findings.append(
                Finding(
                    "schema-unknown",
                    f"the store has migrations this ondas does not know ({', '.join(unknown)}); "
                    "upgrade ondas to replay its log",
                )
            )
        elif rows is not None:
            _replay(store, rows, findings)
        if rows is not None:
            _check_anchors(store, rows, findings)
    return Report(findings, checked)


def _check_anchors(store: StateStore, rows: list[Row], findings: list[Finding]) -> None:
    """Every chain head anchored outside the database must still be in the log."""
    from ondas.state import anchors

    try:
        lost = anchors.missing(store.state_dir, {int(r["seq"]): str(r["hash"]) for r in rows})
    except OSError as exc:
        findings.append(Finding("anchor-unreadable", f"cannot read the anchors: {exc}"))
        return
    if lost:
        first = lost[0]
        beyond = first.seq > len(rows)
        findings.append(
            Finding(
                "anchor-missing",
                f"the head {first.seq}:{first.hash[:12]}... anchored at "
                f"{anchors.anchor_file(store.state_dir)} is "
                + ("past the end of the log (its tail was cut)" if beyond else "not in the log")
                + f"; {len(lost)} anchored head(s) lost",
                min(first.seq, len(rows) + 1),
            )
        )


# Invariant checks: (description, SQL returning offending rows). Each row's first column names it.
INVARIANTS: list[Invariant] = [
    (
        "execution status outside the enum",
        "SELECT id FROM executions WHERE status NOT IN "
        "('in_progress','awaiting_human','aborted','completed')",
    ),
    (
        "terminal execution without finished_at",
        "SELECT id FROM executions WHERE status IN ('aborted','completed') AND finished_at IS NULL",
    ),
    (
        "active execution with finished_at",
        "SELECT id FROM executions WHERE status IN ('in_progress','awaiting_human') "
        "AND finished_at IS NOT NULL",
    ),
    (
        "more than one active execution",
        "SELECT COUNT(*) FROM executions WHERE status IN ('in_progress','awaiting_human') "
        "HAVING COUNT(*) > 1",
    ),
    (
        "delivery tier outside the enum",
        "SELECT id FROM executions WHERE delivery_tier NOT IN "
        "('local','internal-network','cloud-internal','cloud-public')",
    ),
    (
        "opt-in flag that is not 0 or 1",
        "SELECT id FROM executions WHERE roadmap_mode NOT IN (0, 1) OR atomic_commit NOT IN (0, 1)",
    ),
    (
        "key aspect kind outside the enum",
        "SELECT execution_id FROM key_aspects WHERE kind NOT IN "
        "('product','technical','operational')",
    ),
    (
        "negative counter",
        "SELECT scope || '/' || name FROM counters WHERE value < 0",
    ),
    (
        "extra of an unknown execution",
        "SELECT execution_id FROM extras WHERE execution_id NOT IN (SELECT id FROM executions)",
    ),
    (
        "key aspect of an unknown execution",
        "SELECT execution_id FROM key_aspects "
        "WHERE execution_id NOT IN (SELECT id FROM executions)",
    ),
    (
        "metric of an unknown execution",
        "SELECT execution_id FROM metrics WHERE execution_id NOT IN (SELECT id FROM executions)",
    ),
    (
        "lock of an unknown execution",
        "SELECT execution_id FROM locks WHERE execution_id NOT IN (SELECT id FROM executions)",
    ),
    (
        "execution id sequence behind the counter",
        lambda store: ids_beyond_counter(store, "executions", "exec", whole=True),
    ),
]


ID_RE = re.compile(r"([A-Za-z]+)-([0-9]+)")


def ids_beyond_counter(
    store: StateStore, table: str, prefix: str, *, whole: bool = False
) -> list[tuple[str]]:
    """Rows of ``table`` whose ``prefix-N`` id is above the counter that hands those ids out.

    The counter is scoped by the row's execution (``''`` for ``executions`` itself). With
    ``whole`` the id must be exactly ``prefix-`` and digits; otherwise leading digits count.
    """
    pattern = re.compile(rf"{re.escape(prefix)}-([0-9]+)")
    scoped = table != "executions"
    counters = {
        r[0]: r[1] for r in store.all("SELECT scope, value FROM counters WHERE name = ?", (prefix,))
    }
    columns = "id, execution_id" if scoped else "id, ''"
    out: list[tuple[str]] = []
    for row in store.all(f"SELECT {columns} FROM {quote(table)}"):
        found = (pattern.fullmatch if whole else pattern.match)(str(row[0]))
        if found and int(found.group(1)) > counters.get(row[1], 0):
            out.append((str(row[0]),))
    return out


def _check_id_sequences(store: Store, findings: list[Finding]) -> None:
    """Ids like ``dec-007`` in an execution's rows must not run ahead of their counter."""
    conn = store.conn
    counters = {(r[0], r[1]): r[2] for r in conn.execute("SELECT scope, name, value FROM counters")}
    for table in migrations.audited_tables(conn, store.dialect):
        if not {"id", "execution_id"} <= set(store.columns(table)):
            continue
        for execution_id, row_id in conn.execute(f'SELECT execution_id, id FROM "{table}"'):
            match = ID_RE.fullmatch(str(row_id))
            if match is None:
                continue
            counter = counters.get((execution_id, match.group(1)))
            if counter is not None and int(match.group(2)) > counter:
                findings.append(
                    Finding(
                        "id-sequence",
                        f"{table} id {row_id} of {execution_id} is ahead of its counter "
                        f"{match.group(1)}={counter}",
                        table=table,
                    )
                )


def validate(store: Store) -> Report:
    """Check the schema invariants read-only, on one snapshot; never corrects anything.

    Every query reads the same snapshot: a concurrent writer (a hook storing an output) can
    otherwise commit between the counter read and the row read, and a row would look ahead
    of its counter.
    """
    with store.snapshot():
        return _validate(store)


def _validate(store: Store) -> Report:
    findings: list[Finding] = []
    conn = store.conn
    steps = store.schema.migrations
    version = migrations.schema_version(conn)
    if version != len(steps):
        findings.append(
            Finding(
                "schema-version",
                f"schema_version {version} but {len(steps)} migrations known",
            )
        )
    done = {r[0] for r in conn.execute("SELECT name FROM _migrations")}
    for migration in steps:
        if not migrations.is_applied(migration, done):
            findings.append(Finding("migration-missing", f"{migration.name} not applied"))
    for fk in store.dialect.foreign_key_problems(conn):
        findings.append(
            Finding("foreign-key", f"table {fk[0]} rowid {fk[1]} points to missing {fk[2]}")
        )
    _check_id_sequences(store, findings)
    for description, check in store.schema.invariants:
        try:
            bad = conn.execute(check).fetchall() if isinstance(check, str) else check(store)
        except store.dialect.error as exc:
            findings.append(Finding("invariant-error", f"{description}: {exc}"))
            continue
        if bad:
            names = ", ".join(str(r[0]) for r in bad[:5])
            findings.append(Finding("invariant", f"{description}: {names}"))
    return Report(findings)
