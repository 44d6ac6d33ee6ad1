"""Verify only what the log gained since the last verified checkpoint.

A full :func:`ondas.state.verify.verify` rehashes every event and replays the whole log into
a shadow copy of the tables: its cost grows with the run, and the orchestrator checks the
store at every wave start. A :class:`Checkpoint` does the full verify once, keeps the shadow
tables it implies and the position it reached, and afterwards checks only the events
appended since: their chain links and hashes from the checkpoint, the recorded head, that no
event vanished (count = last seq) and that the checkpoint event is unchanged, then replays
the new changes into the shadow and compares exactly the rows they touched. Any finding
drops the shadow, so the next check is a full one again.

What this does not see, the full verify still does (``ondas resume`` and ``ondas state
verify`` always run it): a row the new events did not touch, edited behind the runtime.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from ondas.state import verify as verify_mod
from ondas.state.chain import GENESIS_HASH, event_hash
from ondas.state.store import Store
from ondas.state.verify import Finding, Report


def _event_count(conn: Any) -> int:
    """How many events the log holds, counted on its narrowest index.

    Left alone, SQLite would count on the 64-character ``hash`` index: 3 ms at 50k events,
    twice a wave, against microseconds on ``events_by_seq`` (migration m009).
    """
    try:
        row = conn.execute("SELECT COUNT(*) FROM events INDEXED BY events_by_seq").fetchone()
    except sqlite3.OperationalError:  # the index was dropped: count without it
        row = conn.execute("SELECT COUNT(*) FROM events").fetchone()
    return int(row[0])


class Checkpoint:
    """The last verified position of one store's log and the tables the log implies there."""

    def __init__(self) -> None:
        self.seq = 0
        self.hash = GENESIS_HASH
        self.migrations = 0
        self.shadow: sqlite3.Connection | None = None
        self._keys: dict[str, list[str]] = {}
        self._cols: dict[str, list[str]] = {}

    def close(self) -> None:
        """Drop the shadow tables; the next check is a full verify."""
        if self.shadow is not None:
            self.shadow.close()
        self.shadow = None
        self._keys.clear()
        self._cols.clear()

    def verify(self, store: Store) -> Report:
        """Full verify the first time (or after a finding), incremental afterwards."""
        if (
            self.shadow is None
            or getattr(store, "dialect", None) not in (None, _sqlite_dialect())
            or _migration_count(store.conn) != self.migrations
        ):
            return self.full(store)
        report = self._since(store)
        if not report.ok:
            self.close()
        return report

    def full(self, store: Store) -> Report:
        """The full verify; when clean, the checkpoint moves to the head of the log."""
        self.close()
        report = verify_mod.verify(store)
        if report.ok:
            self._rebuild(store)
        return report

    def _rebuild(self, store: Store) -> None:
        conn = store.conn
        conn.execute("BEGIN")
        try:
            shadow = verify_mod._shadow(conn, store.schema)
            last: sqlite3.Row | None = None
            for row in conn.execute("SELECT seq, hash, payload FROM events ORDER BY seq"):
                for change in json.loads(row["payload"]).get("changes", []):
                    verify_mod._apply_change(shadow, change)
                last = row
            self.shadow = shadow
            self.seq, self.hash = (last["seq"], last["hash"]) if last else (0, GENESIS_HASH)
            self.migrations = _migration_count(conn)
        finally:
            conn.execute("ROLLBACK")

    def _since(self, store: Store) -> Report:
        report = Report()
        conn = store.conn
        conn.execute("BEGIN")
        try:
            rows = self._check_chain(conn, report)
            if rows is not None:
                report.events_checked = len(rows)
                self._replay_and_compare(conn, rows, report)
        finally:
            conn.execute("ROLLBACK")
        if report.ok and rows:
            self.seq, self.hash = rows[-1]["seq"], rows[-1]["hash"]
        return report

    def _check_chain(self, conn: Any, report: Report) -> list[Any] | None:
        if self.seq:
            row = conn.execute("SELECT hash FROM events WHERE seq = ?", (self.seq,)).fetchone()
            if row is None or row["hash"] != self.hash:
                report.findings.append(
                    Finding("chain-broken", "an already verified event changed", self.seq)
                )
                return None
        count = _event_count(conn)
        top = conn.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0]
        if count != top:
            report.findings.append(
                Finding("sequence-gap", f"{top - count} event(s) deleted from the log", None)
            )
            return None
        rows = list(conn.execute("SELECT * FROM events WHERE seq > ? ORDER BY seq", (self.seq,)))
        prev, expected = self.hash, self.seq + 1
        for row in rows:
            problem = None
            if row["seq"] != expected:
                problem = Finding("sequence-gap", f"expected event {expected}", expected)
            elif row["prev_hash"] != prev:
                problem = Finding(
                    "chain-broken", "prev_hash does not match the previous event", row["seq"]
                )
            elif row["hash"] != event_hash(
                seq=row["seq"],
                ts=row["ts"],
                execution_id=row["execution_id"],
                type_=row["type"],
                description=row["description"],
                payload=row["payload"],
                prev_hash=row["prev_hash"],
            ):
                problem = Finding(
                    "hash-mismatch", "event content does not match its hash", row["seq"]
                )
            if problem is not None:
                report.findings.append(problem)
                return None
            prev, expected = row["hash"], expected + 1
        head = conn.execute("SELECT value FROM meta WHERE key = 'chain_head'").fetchone()
        last_seq = rows[-1]["seq"] if rows else self.seq
        wanted = f"{last_seq}:{prev}" if last_seq else None
        if (head[0] if head else None) != wanted:
            report.findings.append(
                Finding(
                    "head-mismatch",
                    f"recorded chain head differs from the last event {wanted!r}",
                    last_seq + 1,
                )
            )
            return None
        return rows

    def _replay_and_compare(self, conn: Any, rows: list[Any], report: Report) -> None:
        shadow = self.shadow
        assert shadow is not None
        touched: dict[tuple[str, str], tuple[dict[str, Any], int]] = {}
        for row in rows:
            try:
                for change in json.loads(row["payload"]).get("changes", []):
                    verify_mod._apply_change(shadow, change)
                    table = change["table"]
                    if change["op"] == "insert":
                        key = {k: change["row"].get(k) for k in self._key_columns(table)}
                    else:
                        key = dict(change["key"])
                    touched[(table, repr(sorted(key.items())))] = (key, row["seq"])
            except (sqlite3.Error, ValueError, KeyError, TypeError) as exc:
                report.findings.append(
                    Finding("replay-failed", f"event cannot be replayed: {exc}", row["seq"])
                )
                return
        for (table, _), (key, seq) in sorted(touched.items(), key=lambda t: t[1][1]):
            if self._rows(conn, table, key) != self._rows(shadow, table, key):
                report.findings.append(
                    Finding(
                        "table-mismatch",
                        f"table {table}: row {key} differs from the log "
                        f"(last written by event {seq})",
                        seq,
                        table,
                    )
                )
                return

    def _key_columns(self, table: str) -> list[str]:
        if table not in self._keys:
            assert self.shadow is not None
            info = sorted(
                (r[5], r[1]) for r in self.shadow.execute(f'PRAGMA table_info("{table}")') if r[5]
            )
            self._keys[table] = [name for _, name in info] or self._columns(table)
        return self._keys[table]

    def _columns(self, table: str) -> list[str]:
        """The columns of ``table`` as the shadow (the migrations) define them."""
        if table not in self._cols:
            assert self.shadow is not None
            self._cols[table] = [r[1] for r in self.shadow.execute(f'PRAGMA table_info("{table}")')]
        return self._cols[table]

    def _rows(self, conn: Any, table: str, key: dict[str, Any]) -> list[Any]:
        cols = ", ".join(f'"{c}"' for c in self._columns(table))
        where = " AND ".join(f'"{c}" IS ?' for c in key) or "1"
        found = conn.execute(f'SELECT {cols} FROM "{table}" WHERE {where}', list(key.values()))
        return sorted((tuple(r) for r in found), key=repr)


def _sqlite_dialect() -> object:
    """The SQLite dialect: the incremental check reads SQLite directly (others: full verify)."""
    try:
        from ondas.state.dialect import SQLITE
    except ImportError:  # pragma: no cover - a store without dialects
        return None
    return SQLITE


def _migration_count(conn: Any) -> int:
    row = conn.execute("SELECT COUNT(*) FROM _migrations").fetchone()
    return int(row[0])
