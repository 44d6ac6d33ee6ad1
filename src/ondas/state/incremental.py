"""Verify only what the log gained since the last verified checkpoint.

A full :func:`ondas.state.verify.verify` rehashes every event and replays the whole log into
a shadow copy of the tables: its cost grows with the run, and the orchestrator checks the
store at every wave start. A :class:`Checkpoint` does the full verify once, keeps the shadow
tables it implies and the position it reached, and afterwards checks only the events
appended since: their chain links and hashes from the checkpoint, the recorded head, that no
event vanished (count = last seq) and that the checkpoint event is unchanged, then replays
the new changes into the shadow and compares exactly the rows they touched. Any finding
drops the shadow, so the next check is a full one again.

Each clean check records the head it reached outside the database as a verified anchor
(:func:`ondas.state.anchors.record_verified`). A new process (``ondas resume``) starts from
the newest one instead of the first event: the anchored event must still hold the anchored
hash (which covers the whole chain before it) and its content must hash to it; the events
after it are checked as above, every anchor past it must be in the log, and the rows they
touched are compared column by column with what the log wrote (no shadow of the whole log:
a row an event after the anchor updates is taken from the table as it stands and the
updates are applied over it).

What this does not see, the full verify still does (``ondas state verify`` runs it on
demand, and a check after a finding is a full one): an event before the anchor edited
without rewriting the chain, and a row (or column) the events since the anchor did not
touch, edited behind the runtime.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from ondas.state import verify as verify_mod
from ondas.state.chain import GENESIS_HASH, row_hash
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
        self.partial = False
        """The shadow holds only the rows touched since a verified anchor (see the module)."""
        self._seen: set[tuple[str, str]] = set()
        self._started = False
        self._recorded = 0
        self.was_full = False
        """True when the last check was the full verify (its caller then validates too)."""
        self._keys: dict[str, list[str]] = {}
        self._cols: dict[str, list[str]] = {}

    def close(self) -> None:
        """Drop the shadow tables; the next check is a full verify."""
        if self.shadow is not None:
            self.shadow.close()
        self.shadow = None
        self.partial = False
        self._seen.clear()
        self._keys.clear()
        self._cols.clear()

    def verify(self, store: Store) -> Report:
        """From the newest verified anchor the first time (the full verify without one),
        incremental afterwards; the full verify after a finding."""
        first, self._started = not self._started, True
        self.was_full = False
        if getattr(store, "dialect", None) not in (None, _sqlite_dialect()):
            return self.full(store)
        if self.shadow is None and not (first and self._from_anchor(store)):
            return self.full(store)
        if _migration_count(store.conn) != self.migrations:
            return self.full(store)
        report = self._since(store)
        if report.ok:
            self._record(store)
        else:
            self.close()
        return report

    def full(self, store: Store) -> Report:
        """The full verify; when clean, the checkpoint moves to the head of the log."""
        self.close()
        self.was_full = True
        report = verify_mod.verify(store)
        if report.ok:
            self._rebuild(store)
            self._record(store)
        return report

    def _from_anchor(self, store: Store) -> bool:
        """Start from the newest verified anchor of this store (False when there is none)."""
        from ondas.state import anchors

        migrations = _migration_count(store.conn)
        try:
            anchor = anchors.last_verified(store.state_dir, migrations)
        except OSError:
            return False
        if anchor is None:
            return False
        self.close()
        self.seq, self.hash, self.migrations = anchor.seq, anchor.hash, migrations
        self.shadow = verify_mod._shadow(store.conn, store.schema)
        self.partial = True
        return True

    def _record(self, store: Store) -> None:
        """Anchor the verified head outside the database (best effort, once per head)."""
        if not self.seq or self.seq == self._recorded:
            return
        from ondas.state import anchors

        try:
            anchors.record_verified(
                store.state_dir, anchors.Anchor(self.seq, self.hash), self.migrations
            )
        except OSError:
            return
        self._recorded = self.seq

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
        findings: list[Finding] = []
        checked = 0
        conn = store.conn
        conn.execute("BEGIN")
        try:
            rows = self._check_chain(conn, findings)
            if rows is not None:
                rows = self._anchors_kept(store, rows, findings)
            if rows is not None:
                checked = len(rows)
                self._replay_and_compare(conn, rows, findings)
        finally:
            conn.execute("ROLLBACK")
        if not findings and rows:
            self.seq, self.hash = rows[-1]["seq"], rows[-1]["hash"]
        return Report(findings, checked)

    def _check_chain(self, conn: Any, findings: list[Finding]) -> list[Any] | None:
        if self.seq:
            row = conn.execute("SELECT * FROM events WHERE seq = ?", (self.seq,)).fetchone()
            if row is None or row["hash"] != self.hash or row_hash(row) != self.hash:
                findings.append(
                    Finding("chain-broken", "an already verified event changed", self.seq)
                )
                return None
        count = _event_count(conn)
        top = conn.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0]
        if count != top:
            findings.append(
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
            elif row["hash"] != row_hash(row):
                problem = Finding(
                    "hash-mismatch", "event content does not match its hash", row["seq"]
                )
            if problem is not None:
                findings.append(problem)
                return None
            prev, expected = row["hash"], expected + 1
        head = conn.execute("SELECT value FROM meta WHERE key = 'chain_head'").fetchone()
        last_seq = rows[-1]["seq"] if rows else self.seq
        wanted = f"{last_seq}:{prev}" if last_seq else None
        if (head[0] if head else None) != wanted:
            findings.append(
                Finding(
                    "head-mismatch",
                    f"recorded chain head differs from the last event {wanted!r}",
                    last_seq + 1,
                )
            )
            return None
        return rows

    def _anchors_kept(
        self, store: Store, rows: list[Any], findings: list[Finding]
    ) -> list[Any] | None:
        """``rows`` when every head anchored past the checkpoint is among them (else a
        finding): a tail cut after the checkpoint, its head rewritten, is found here."""
        from ondas.state import anchors

        hashes = {int(r["seq"]): str(r["hash"]) for r in rows}
        try:
            lost = [a for a in anchors.load(store.state_dir) if a.seq > self.seq]
        except OSError as exc:
            findings.append(Finding("anchor-unreadable", f"cannot read the anchors: {exc}"))
            return None
        lost = [a for a in lost if hashes.get(a.seq) != a.hash]
        if not lost:
            return rows
        first = lost[0]
        findings.append(
            Finding(
                "anchor-missing",
                f"the head {first.seq}:{first.hash[:12]}... anchored at "
                f"{anchors.anchor_file(store.state_dir)} is not in the log; "
                f"{len(lost)} anchored head(s) lost",
                first.seq,
            )
        )
        return None

    def _replay_and_compare(self, conn: Any, rows: list[Any], findings: list[Finding]) -> None:
        shadow = self.shadow
        assert shadow is not None
        touched: dict[tuple[str, str], tuple[dict[str, Any], int]] = {}
        for row in rows:
            try:
                for change in json.loads(row["payload"]).get("changes", []):
                    table = change["table"]
                    if change["op"] == "insert":
                        key = {k: change["row"].get(k) for k in self._key_columns(table)}
                    else:
                        key = dict(change["key"])
                    name = (table, repr(sorted(key.items())))
                    if self.partial and name not in self._seen:
                        self._seen.add(name)
                        seeded = change["op"] == "insert" or self._seed(conn, table, key)
                        if not seeded and change["op"] == "update":
                            findings.append(_missing_row(table, key, row["seq"]))
                            return
                    verify_mod._apply_change(shadow, change)
                    touched[name] = (key, row["seq"])
            except (sqlite3.Error, ValueError, KeyError, TypeError) as exc:
                findings.append(
                    Finding("replay-failed", f"event cannot be replayed: {exc}", row["seq"])
                )
                return
        for (table, _), (key, seq) in sorted(touched.items(), key=lambda t: t[1][1]):
            if self._rows(conn, table, key) != self._rows(shadow, table, key):
                findings.append(
                    Finding(
                        "table-mismatch",
                        f"table {table}: row {key} differs from the log "
                        f"(last written by event {seq})",
                        seq,
                        table,
                    )
                )
                return

    def _seed(self, conn: Any, table: str, key: dict[str, Any]) -> bool:
        """Copy the stored row(s) of ``key`` into the partial shadow; False when none is
        stored (see the module: the state before the anchor is taken from the table)."""
        assert self.shadow is not None
        found = self._rows(conn, table, key)
        if found:
            cols = self._columns(table)
            names = ", ".join(f'"{c}"' for c in cols)
            marks = ", ".join("?" for _ in cols)
            self.shadow.executemany(f'INSERT INTO "{table}" ({names}) VALUES ({marks})', found)
        return bool(found)

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


def _missing_row(table: str, key: dict[str, Any], seq: int) -> Finding:
    return Finding(
        "table-mismatch",
        f"table {table}: row {key}, updated by event {seq}, is not in the table",
        seq,
        table,
    )


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
