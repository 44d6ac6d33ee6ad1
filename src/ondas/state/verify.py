"""Integrity checks: the hash chain, a full replay against the tables, and schema invariants."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from ondas.state import migrations
from ondas.state.chain import GENESIS_HASH, event_hash
from ondas.state.store import Store


@dataclass
class Finding:
    """One problem found by ``verify`` or ``validate``."""

    kind: str
    detail: str
    position: int | None = None

    def __str__(self) -> str:
        where = f" at event {self.position}" if self.position is not None else ""
        return f"{self.kind}{where}: {self.detail}"


@dataclass
class Report:
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
                {"kind": f.kind, "position": f.position, "detail": f.detail} for f in self.findings
            ],
        }


def _check_chain(conn: sqlite3.Connection, report: Report) -> list[sqlite3.Row] | None:
    rows = list(conn.execute("SELECT * FROM events ORDER BY seq"))
    prev = GENESIS_HASH
    for index, row in enumerate(rows, start=1):
        report.events_checked = index
        if row["seq"] != index:
            report.findings.append(
                Finding(
                    "sequence-gap",
                    f"expected event {index}, found {row['seq']} (an event was deleted or "
                    "inserted)",
                    index,
                )
            )
            return None
        if row["prev_hash"] != prev:
            report.findings.append(
                Finding("chain-broken", "prev_hash does not match the previous event", index)
            )
            return None
        digest = event_hash(
            seq=row["seq"],
            ts=row["ts"],
            execution_id=row["execution_id"],
            type_=row["type"],
            description=row["description"],
            payload=row["payload"],
            prev_hash=row["prev_hash"],
        )
        if digest != row["hash"]:
            report.findings.append(
                Finding("hash-mismatch", "event content does not match its hash", index)
            )
            return None
        prev = row["hash"]
    head = conn.execute("SELECT value FROM meta WHERE key = 'chain_head'").fetchone()
    expected = f"{rows[-1]['seq']}:{rows[-1]['hash']}" if rows else None
    actual = head[0] if head else None
    if actual != expected:
        report.findings.append(
            Finding(
                "head-mismatch",
                f"recorded chain head {actual!r} differs from the last event {expected!r} "
                "(events were removed from the end or added behind the runtime)",
                len(rows) + 1 if rows else 1,
            )
        )
        return None
    return rows


def _apply_change(conn: sqlite3.Connection, change: dict[str, Any]) -> None:
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


def _table_rows(conn: sqlite3.Connection, table: str) -> list[tuple[Any, ...]]:
    cols = [r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')]
    order = ", ".join(f'"{c}"' for c in cols)
    return [tuple(r) for r in conn.execute(f'SELECT {order} FROM "{table}" ORDER BY {order}')]


def _replay(conn: sqlite3.Connection, rows: list[sqlite3.Row], report: Report) -> None:
    shadow = sqlite3.connect(":memory:", isolation_level=None)
    shadow.execute("PRAGMA foreign_keys = OFF")
    migrations.migrate(shadow)
    for row in rows:
        try:
            payload = json.loads(row["payload"])
            for change in payload.get("changes", []):
                _apply_change(shadow, change)
        except (sqlite3.Error, ValueError, KeyError, TypeError) as exc:
            report.findings.append(
                Finding("replay-failed", f"event cannot be replayed: {exc}", row["seq"])
            )
            return
    for table in migrations.audited_tables(conn):
        actual = _table_rows(conn, table)
        try:
            expected = _table_rows(shadow, table)
        except sqlite3.Error:
            expected = []
        if actual != expected:
            extra = sorted(set(actual) - set(expected))
            missing = sorted(set(expected) - set(actual))
            sample = extra[0] if extra else (missing[0] if missing else None)
            what = "edited or inserted" if extra else "deleted"
            report.findings.append(
                Finding(
                    "table-mismatch",
                    f"table {table}: {len(extra)} row(s) not produced by the log, "
                    f"{len(missing)} row(s) missing; first {what} row: {sample!r}",
                )
            )
    shadow.close()


def verify(store: Store) -> Report:
    """Recompute the hash chain and replay the log against the materialised tables."""
    report = Report()
    conn = store.conn
    conn.execute("BEGIN")
    try:
        rows = _check_chain(conn, report)
        if rows is not None:
            _replay(conn, rows, report)
    finally:
        conn.execute("ROLLBACK")
    return report


# Invariant checks: (description, SQL returning offending rows). Each row's first column names it.
INVARIANTS: list[tuple[str, str]] = [
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
        "SELECT e.id FROM executions e WHERE e.id GLOB 'exec-[0-9]*' AND "
        "CAST(substr(e.id, 6) AS INTEGER) > COALESCE((SELECT value FROM counters "
        "WHERE scope = '' AND name = 'exec'), 0)",
    ),
]

# Later layers append their own (description, SQL) pairs here at import time.
EXTRA_INVARIANTS: list[tuple[str, str]] = []


def validate(store: Store) -> Report:
    """Check the schema invariants read-only; never corrects anything."""
    report = Report()
    conn = store.conn
    version = migrations.schema_version(conn)
    if version != len(migrations.MIGRATIONS):
        report.findings.append(
            Finding(
                "schema-version",
                f"schema_version {version} but {len(migrations.MIGRATIONS)} migrations known",
            )
        )
    for name in (m.name for m in migrations.MIGRATIONS):
        if not conn.execute("SELECT 1 FROM _migrations WHERE name = ?", (name,)).fetchone():
            report.findings.append(Finding("migration-missing", f"{name} not applied"))
    for fk in conn.execute("PRAGMA foreign_key_check"):
        report.findings.append(
            Finding("foreign-key", f"table {fk[0]} rowid {fk[1]} points to missing {fk[2]}")
        )
    for description, sql in INVARIANTS + EXTRA_INVARIANTS:
        try:
            bad = conn.execute(sql).fetchall()
        except sqlite3.Error as exc:
            report.findings.append(Finding("invariant-error", f"{description}: {exc}"))
            continue
        if bad:
            names = ", ".join(str(r[0]) for r in bad[:5])
            report.findings.append(Finding("invariant", f"{description}: {names}"))
    return report
