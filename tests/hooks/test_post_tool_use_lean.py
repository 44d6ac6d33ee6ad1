"""The PostToolUse hook's lean write path stores exactly what observe() through the Store does,
and leaves every store it is not made for to the ordinary path without writing anything."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.audit import observe_lean
from ondas.audit.events import observe
from ondas.audit.observe_lean import Unsuited, observe_call
from ondas.audit.waves import start_wave
from ondas.runtime.schema import default_schema
from ondas.state import db
from ondas.state.dialect import DB_NAME
from ondas.state.execution import CREATED_SEQ, get_execution, update_execution
from ondas.state.store import Store, utcnow
from ondas.state.verify import verify
from tests.hooks.conftest import HookRunner, tool_call, twin_stores

TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
CALLS = [
    ("Bash", f"build ok\ntoken={TOKEN}\nDB_PASSWORD=hunter2-from-env\n"),
    ("Read", "plain file body"),
    ("Bash", "x" * 40_000 + f" {TOKEN} " + "y" * 40_000),
    ("Grep", "ação ✓ " * 10 + "\x00 binary-ish"),
]


def _rows(directory: Path, sql: str) -> list[dict[str, object]]:
    with Store.open(directory, schema=default_schema()) as store:
        return [dict(r) for r in store.all(sql)]


def _events(directory: Path) -> list[tuple[object, ...]]:
    out = []
    for event in _rows(directory, "SELECT * FROM events ORDER BY seq"):
        payload = json.loads(str(event["payload"]))
        for change in payload["changes"]:
            change.get("row", {}).pop("observed_at", None)
        out.append((event["seq"], event["type"], event["description"], payload))
    return out


@pytest.mark.parametrize("wave", [True, False])
def test_lean_path_writes_the_rows_and_events_observe_writes(tmp_path: Path, wave: bool) -> None:
    lean, ordinary = twin_stores(tmp_path, wave=wave)
    for tool, output in CALLS:
        execution_id = observe_call(str(lean), tool, output, default_schema())
        with Store.open(ordinary, schema=default_schema()) as store:
            assert execution_id == get_execution(store).id
            observe(store, tool, output, execution_id=execution_id, tick=True)
    outputs = "SELECT * FROM observed_outputs ORDER BY id"
    lean_rows, ordinary_rows = _rows(lean, outputs), _rows(ordinary, outputs)
    for row in lean_rows + ordinary_rows:
        row.pop("observed_at")
    assert lean_rows == ordinary_rows and len(lean_rows) == len(CALLS)
    assert TOKEN not in str(lean_rows) and "hunter2-from-env" not in str(lean_rows)
    assert lean_rows[2]["truncated"] == 1
    for sql in ("SELECT * FROM waves", "SELECT * FROM counters ORDER BY scope, name"):
        assert _rows(lean, sql) == _rows(ordinary, sql)
    assert _events(lean) == _events(ordinary)
    with Store.open(lean, schema=default_schema()) as store:
        verify(store)


def test_the_hook_process_records_through_the_lean_path(
    hook: HookRunner, project: Path, store: Store
) -> None:
    wave = start_wave(store)
    payload = tool_call(project, "Bash", {"command": "make"}, tool_response={"stdout": "ok"})
    assert hook("post-tool-use", payload).returncode == 0
    assert store.one("SELECT tool_calls FROM waves WHERE id = ?", (wave,))["tool_calls"] == 1
    (event,) = store.events(type_="output_observed")
    assert event.payload["data"] == {"tool_calls": 1}
    verify(store)


def test_no_store_and_no_active_execution_write_nothing(tmp_path: Path, project: Path) -> None:
    missing = tmp_path / "elsewhere" / ".ondas"
    assert observe_call(str(missing), "Bash", "out", default_schema()) is None
    assert not missing.exists()
    lean, _ = twin_stores(tmp_path / "t", wave=True)
    with Store.open(lean, schema=default_schema()) as store:
        update_execution(
            store,
            {"status": "aborted", "termination_reason": "stopped", "finished_at": utcnow()},
        )
        before = store.one("SELECT COUNT(*) AS n FROM events")["n"]
    assert observe_call(str(lean), "Bash", "out", default_schema()) is None
    with Store.open(lean, schema=default_schema()) as store:
        assert store.one("SELECT COUNT(*) AS n FROM events")["n"] == before
        assert store.all("SELECT * FROM observed_outputs") == []


def test_a_store_written_by_a_newer_ondas_is_left_to_the_ordinary_path(
    tmp_path: Path, hook: HookRunner
) -> None:
    lean, _ = twin_stores(tmp_path, wave=True)
    conn = sqlite3.connect(lean / DB_NAME)
    conn.execute("INSERT INTO _migrations VALUES ('m999_future_step', '2030-01-01')")
    conn.commit()
    conn.close()
    with pytest.raises(Unsuited):
        observe_call(str(lean), "Bash", "out", default_schema())
    project = lean.parent
    result = hook("post-tool-use", tool_call(project, "Bash", {}, tool_response="out"))
    assert result.returncode == 1 and "newer ondas" in result.stderr
    conn = sqlite3.connect(lean / DB_NAME)
    assert conn.execute("SELECT COUNT(*) FROM observed_outputs").fetchone()[0] == 0
    conn.close()


def test_a_shared_store_url_or_a_held_write_lock_is_left_to_the_ordinary_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lean, _ = twin_stores(tmp_path, wave=True)
    monkeypatch.setenv("ONDAS_STORE_URL", "postgresql://nowhere/db")
    with pytest.raises(Unsuited):
        observe_call(str(lean), "Bash", "out", default_schema())
    monkeypatch.delenv("ONDAS_STORE_URL")
    monkeypatch.setattr(observe_lean, "BUSY_TIMEOUT_MS", 50)
    holder = sqlite3.connect(lean / DB_NAME, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(Unsuited):
            observe_call(str(lean), "Bash", "out", default_schema())
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert observe_call(str(lean), "Bash", "out", default_schema()) is not None


def test_an_odd_file_is_left_to_the_ordinary_path(tmp_path: Path) -> None:
    directory = tmp_path / ".ondas"
    directory.mkdir()
    (directory / DB_NAME).write_bytes(b"")
    with pytest.raises(Unsuited):
        observe_call(str(directory), "Bash", "out", default_schema())
    assert (directory / DB_NAME).read_bytes() == b""


def test_lean_constants_are_the_stores() -> None:
    assert observe_lean.CREATED_SEQ == CREATED_SEQ
    assert observe_lean.BUSY_TIMEOUT_MS == db.BUSY_TIMEOUT_MS
    assert observe_lean.SQLITE_HEADER == db.SQLITE_HEADER
    assert observe_lean.DB_NAME == DB_NAME


HOLDER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1])
conn.execute("SELECT COUNT(*) FROM events").fetchone()
print("open", flush=True)
time.sleep(120)
"""


def test_a_recorded_call_survives_kill_9_of_every_process_holding_the_store(
    hook: HookRunner, project: Path, store: Store
) -> None:
    # Another process keeps the store open, so the hook's close does not checkpoint: the
    # call lives only in the WAL when that process is killed.
    wave = start_wave(store)
    store.close()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(project / ".ondas" / DB_NAME)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        payload = tool_call(project, "Bash", {"command": "make"}, tool_response={"stdout": "ok"})
        assert hook("post-tool-use", payload).returncode == 0
        assert (project / ".ondas" / f"{DB_NAME}-wal").stat().st_size > 0
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=60)
        if holder.stdout is not None:
            holder.stdout.close()
    with Store.open(project / ".ondas", schema=default_schema()) as reopened:
        row = reopened.one("SELECT tool_calls FROM waves WHERE id = ?", (wave,))
        assert row is not None and row["tool_calls"] == 1
        assert [r["output"] for r in reopened.all("SELECT output FROM observed_outputs")] == ["ok"]
        verify(reopened)
