"""Chain anchors outside the database catch a rewritten tail that the chain alone accepts."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from ondas.audit.waves import end_wave, start_wave
from ondas.runtime.schema import default_schema
from ondas.state import anchors
from ondas.state.store import Store
from ondas.state.verify import verify
from tests.state.conftest import CliResult


def _cut_tail(db: Path) -> None:
    """Delete the last event and point the recorded chain head at the one before."""
    conn = sqlite3.connect(db)
    try:
        last = conn.execute("SELECT max(seq) FROM events").fetchone()[0]
        conn.execute("DELETE FROM events WHERE seq = ?", (last,))
        prev = conn.execute("SELECT seq, hash FROM events WHERE seq = ?", (last - 1,)).fetchone()
        conn.execute(
            "UPDATE meta SET value = ? WHERE key = 'chain_head'", (f"{prev[0]}:{prev[1]}",)
        )
        conn.execute(
            "UPDATE waves SET ended_at = NULL, reason = NULL, end_stage = NULL, "
            "wallclock_seconds = NULL, decisions = NULL, skills = NULL"
        )
        conn.execute("DELETE FROM metrics")
        conn.commit()
    finally:
        conn.close()


def test_each_wave_end_anchors_the_head_under_ondas_home(store: Store, _ondas_home: Path) -> None:
    start_wave(store)
    end_wave(store, "threshold_proxy_reached")
    path = anchors.anchor_file(store.state_dir)
    assert path.parent == _ondas_home / "anchors"
    recorded = anchors.load(store.state_dir)
    assert len(recorded) == 1
    assert recorded[-1] == anchors.head(store.conn)
    assert verify(store).ok


def test_a_tail_rewrite_fails_verify_with_exit_4(
    store: Store, cli: Callable[..., CliResult]
) -> None:
    start_wave(store)
    end_wave(store, "threshold_proxy_reached")
    state_dir = store.state_dir
    store.close()
    _cut_tail(state_dir / "state.db")
    reopened = Store.open(state_dir, schema=default_schema())
    try:
        report = verify(reopened)
    finally:
        reopened.close()
    kinds = [f.kind for f in report.findings]
    assert kinds == ["anchor-missing"], kinds
    result = cli("state", "verify", "--state-dir", str(state_dir))
    assert result.returncode == 4
    assert "anchor-missing" in result.stdout + result.stderr


def test_without_anchors_a_store_still_verifies(store: Store) -> None:
    assert anchors.load(store.state_dir) == []
    assert verify(store).ok


def test_a_store_created_again_sets_the_old_anchors_aside(
    store: Store, cli: Callable[..., CliResult]
) -> None:
    start_wave(store)
    end_wave(store, "threshold_proxy_reached")
    state_dir = store.state_dir
    old = anchors.anchor_file(state_dir)
    store.close()
    for name in ("state.db", "state.db-wal", "state.db-shm"):
        (state_dir / name).unlink(missing_ok=True)
    project = state_dir.parent
    result = cli("state", "init", "--project", str(project), "--description", "again")
    assert result.returncode == 0, result.stderr
    assert not old.exists()
    assert list(old.parent.glob(old.name + ".retired-*"))
    assert cli("state", "verify", "--state-dir", str(state_dir)).returncode == 0
