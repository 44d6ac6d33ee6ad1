"""Any row edited, deleted, inserted or reordered with plain sqlite3 is caught by verify."""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ondas.runtime.schema import default_schema
from ondas.state import migrations
from ondas.state.chain import event_hash
from ondas.state.store import Store
from ondas.state.verify import verify
from tests.conftest import run_ondas
from tests.state.conftest import CliResult, sqlite3_shell


def _rows(db: Path, table: str) -> tuple[list[str], list[str], list[sqlite3.Row]]:
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        info = list(conn.execute(f'PRAGMA table_info("{table}")'))
        cols = [r[1] for r in info]
        pk = [r[1] for r in sorted(info, key=lambda r: r[5]) if r[5] > 0]
        rows = list(conn.execute(f'SELECT rowid AS _rid, * FROM "{table}"'))
    finally:
        conn.close()
    return cols, pk, rows


def _literal(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, int | float):
        return repr(value)
    return "'" + str(value).replace("'", "''") + "'"


def _changed(value: Any) -> Any:
    if value is None:
        return "forged"
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 0.5
    return str(value) + "~"


def _audited_tables(db: Path) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        return migrations.audited_tables(conn)
    finally:
        conn.close()


def _tamper_sql(db: Path, table: str, op: str, rng: random.Random) -> str | None:
    cols, pk, rows = _rows(db, table)
    if not rows:
        return None
    row = rng.choice(rows)
    where = f"rowid = {row['_rid']}"
    if op == "edit":
        col = rng.choice(cols)
        return f'UPDATE "{table}" SET "{col}" = {_literal(_changed(row[col]))} WHERE {where};'
    if op == "delete":
        return f'DELETE FROM "{table}" WHERE {where};'
    values = {c: row[c] for c in cols}
    for c in pk or cols[:1]:
        values[c] = _changed(values[c])
    names = ", ".join(f'"{c}"' for c in cols)
    return (
        f'INSERT INTO "{table}" ({names}) VALUES ({", ".join(_literal(values[c]) for c in cols)});'
    )


def _first_position(stderr: str) -> int:
    match = re.search(r"at event (\d+)", stderr)
    assert match, stderr
    return int(match.group(1))


def test_untampered_history_verifies_clean(history: Path) -> None:
    result = run_ondas("state", "verify", "--state-dir", str(history.parent))
    assert result.returncode == 0, result.stderr
    assert "verify: ok" in result.stdout


@pytest.mark.parametrize("op", ["edit", "delete", "insert"])
def test_single_row_tampering_of_every_audited_table_is_caught(
    history: Path, op: str, cli: Callable[..., CliResult]
) -> None:
    rng = random.Random(f"tables-{op}")
    pristine = history.read_bytes()
    tables = _audited_tables(history)
    assert {"executions", "key_aspects", "metrics", "counters", "locks", "extras"} <= set(tables)
    checked = 0
    for table in tables:
        for _ in range(3):
            history.write_bytes(pristine)
            sql = _tamper_sql(history, table, op, rng)
            if sql is None:
                continue
            sqlite3_shell(history, sql)
            result = cli("state", "verify", "--state-dir", str(history.parent), "--json")
            assert result.returncode == 4, (table, sql, result.stdout)
            assert f"table {table}" in result.stderr, (sql, result.stderr)
            position = _first_position(result.stderr)
            with Store.open(history.parent, readonly=True, schema=default_schema()) as store:
                events = len(store.events())
            assert 1 <= position <= events + 1
            checked += 1
            break
    assert checked >= 6


def test_edited_row_is_reported_at_the_event_that_last_wrote_it(
    history: Path, cli: Callable[..., CliResult]
) -> None:
    with Store.open(history.parent, schema=default_schema()) as store:
        writer = [
            e.seq
            for e in store.events(execution_id="exec-001")
            if any("description" in c.get("values", {}) for c in e.payload["changes"])
        ][-1]
    sqlite3_shell(history, "UPDATE executions SET description = 'edited' WHERE id = 'exec-001';")
    result = cli("state", "verify", "--state-dir", str(history.parent))
    assert result.returncode == 4
    assert _first_position(result.stderr) == writer
    assert "exec-001" in result.stderr and "edited" in result.stderr


def test_reordered_table_rows_are_caught(history: Path, cli: Callable[..., CliResult]) -> None:
    sqlite3_shell(
        history,
        "CREATE TEMP TABLE t AS SELECT * FROM executions WHERE id = 'exec-001';"
        "DELETE FROM executions WHERE id = 'exec-001';"
        "INSERT INTO executions SELECT * FROM t;",
    )
    result = cli("state", "verify", "--state-dir", str(history.parent))
    assert result.returncode == 4
    assert "table executions" in result.stderr


def _event_count(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM events").fetchone()[0])
    finally:
        conn.close()


@pytest.mark.parametrize("column", ["ts", "execution_id", "type", "description", "payload"])
def test_edited_event_is_caught_at_its_position(
    history: Path, column: str, cli: Callable[..., CliResult]
) -> None:
    n = _event_count(history)
    seq = random.Random(column).randint(1, n)
    value = {
        "ts": "'2020-01-01T00:00:00+00:00'",
        "execution_id": "'exec-999'",
        "type": "'forged'",
        "description": "'forged'",
        "payload": '\'{"changes":[],"data":{}}\'',
    }[column]
    sqlite3_shell(history, f"UPDATE events SET {column} = {value} WHERE seq = {seq};")
    result = cli("state", "verify", "--state-dir", str(history.parent))
    assert result.returncode == 4
    assert _first_position(result.stderr) == seq


@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_deleted_event_is_caught(history: Path, where: str, cli: Callable[..., CliResult]) -> None:
    n = _event_count(history)
    seq = {"first": 1, "middle": n // 2, "last": n}[where]
    sqlite3_shell(history, f"DELETE FROM events WHERE seq = {seq};")
    result = cli("state", "verify", "--state-dir", str(history.parent))
    assert result.returncode == 4
    assert _first_position(result.stderr) == seq


def test_inserted_event_with_a_bogus_hash_is_caught(
    history: Path, cli: Callable[..., CliResult]
) -> None:
    n = _event_count(history)
    sqlite3_shell(
        history,
        "INSERT INTO events (seq, ts, execution_id, type, description, payload, prev_hash, hash)"
        f" SELECT {n + 1}, ts, execution_id, type, description, payload, hash, 'f00d'"
        f" FROM events WHERE seq = {n};",
    )
    result = cli("state", "verify", "--state-dir", str(history.parent))
    assert result.returncode == 4
    assert _first_position(result.stderr) == n + 1


def test_appended_event_with_a_correct_hash_is_caught_by_the_chain_head(
    history: Path, cli: Callable[..., CliResult]
) -> None:
    conn = sqlite3.connect(history)
    last = conn.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
    conn.close()
    seq, ts, payload = last[0] + 1, "2030-01-01T00:00:00+00:00", '{"changes":[],"data":{}}'
    digest = event_hash(
        seq=seq,
        ts=ts,
        execution_id=None,
        type_="forged",
        description=None,
        payload=payload,
        prev_hash=last[1],
    )
    sqlite3_shell(
        history,
        "INSERT INTO events (seq, ts, execution_id, type, description, payload, prev_hash, hash)"
        f" VALUES ({seq}, '{ts}', NULL, 'forged', NULL, '{payload}', '{last[1]}', '{digest}');",
    )
    result = cli("state", "verify", "--state-dir", str(history.parent))
    assert result.returncode == 4
    assert _first_position(result.stderr) == seq


def test_inserted_event_in_the_middle_is_caught(
    history: Path, cli: Callable[..., CliResult]
) -> None:
    n = _event_count(history)
    sqlite3_shell(
        history,
        "UPDATE events SET seq = seq + 1000 WHERE seq > 2;"
        "INSERT INTO events (seq, ts, execution_id, type, description, payload, prev_hash, hash)"
        " SELECT 3, ts, execution_id, type, description, payload, hash, 'forged-hash'"
        " FROM events WHERE seq = 2;"
        "UPDATE events SET seq = seq - 999 WHERE seq > 1000;",
    )
    assert _event_count(history) == n + 1
    result = cli("state", "verify", "--state-dir", str(history.parent))
    assert result.returncode == 4
    assert _first_position(result.stderr) == 3


def test_swapped_events_are_caught(history: Path, cli: Callable[..., CliResult]) -> None:
    sqlite3_shell(
        history,
        "UPDATE events SET seq = -1 WHERE seq = 2;"
        "UPDATE events SET seq = 2 WHERE seq = 3;"
        "UPDATE events SET seq = 3 WHERE seq = -1;",
    )
    result = cli("state", "verify", "--state-dir", str(history.parent))
    assert result.returncode == 4
    assert _first_position(result.stderr) == 2


def test_random_tampering_trials_are_all_caught(history: Path) -> None:
    """Many seeded random single-row changes across every table, events included."""
    rng = random.Random(20261202)
    pristine = history.read_bytes()
    # Only tables holding rows can be tampered with; later layers add tables that start empty.
    tables = [t for t in [*_audited_tables(history), "events"] if _rows(history, t)[2]]
    caught = 0
    for _ in range(40):
        history.write_bytes(pristine)
        sql = _tamper_sql(
            history, rng.choice(tables), rng.choice(["edit", "delete", "insert"]), rng
        )
        if sql is None:
            continue
        try:
            sqlite3_shell(history, sql)
        except Exception:  # a forged row the schema itself refuses is not tampering
            continue
        with Store.open(history.parent, readonly=True, schema=default_schema()) as store:
            report = verify(store)
        assert not report.ok, sql
        assert report.findings[0].position is not None, sql
        caught += 1
    assert caught >= 30
