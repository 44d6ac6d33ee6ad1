"""Incremental verify: after one full verify, only the events appended since the checkpoint
are checked, and tampering with what they wrote, with the log or with the checkpoint is
still found."""

from __future__ import annotations

from pathlib import Path

from ondas.state import anchors
from ondas.state.execution import update_execution
from ondas.state.incremental import Checkpoint
from ondas.state.store import Store
from ondas.state.verify import verify
from tests.state.conftest import sqlite3_shell


def _write(store: Store, n: int) -> None:
    for i in range(n):
        update_execution(store, {"next_instruction": f"step {i}"})


def test_after_a_full_verify_only_new_events_are_checked(store: Store) -> None:
    _write(store, 5)
    checkpoint = Checkpoint()
    first = checkpoint.verify(store)
    assert first.ok and first.events_checked == 6
    _write(store, 3)
    second = checkpoint.verify(store)
    assert second.ok, second.findings
    assert second.events_checked == 3
    assert checkpoint.verify(store).events_checked == 0
    checkpoint.close()


def test_a_row_written_by_a_new_event_and_edited_behind_the_runtime_is_found(
    store: Store, state_dir: Path
) -> None:
    checkpoint = Checkpoint()
    assert checkpoint.verify(store).ok
    _write(store, 2)
    sqlite3_shell(state_dir / "state.db", "UPDATE executions SET next_instruction = 'forged';")
    report = checkpoint.verify(store)
    assert not report.ok
    assert report.findings[0].kind == "table-mismatch"
    assert report.findings[0].table == "executions"
    # after a finding the checkpoint is dropped: the next check is a full verify again
    assert checkpoint.shadow is None
    assert not checkpoint.verify(store).ok


def test_a_deleted_old_event_is_found_without_rereading_the_log(
    store: Store, state_dir: Path
) -> None:
    _write(store, 4)
    checkpoint = Checkpoint()
    assert checkpoint.verify(store).ok
    _write(store, 1)
    sqlite3_shell(state_dir / "state.db", "DELETE FROM events WHERE seq = 2;")
    report = checkpoint.verify(store)
    assert [f.kind for f in report.findings] == ["sequence-gap"]


def test_a_deleted_old_event_is_found_when_the_count_index_was_dropped(
    store: Store, state_dir: Path
) -> None:
    # the count runs on events_by_seq (a few microseconds at 50k events); without it, the
    # check still counts, on whatever index SQLite picks
    plan = store.conn.execute(
        "EXPLAIN QUERY PLAN SELECT COUNT(*) FROM events INDEXED BY events_by_seq"
    ).fetchall()
    assert "events_by_seq" in str([tuple(r) for r in plan])
    _write(store, 4)
    checkpoint = Checkpoint()
    assert checkpoint.verify(store).ok
    _write(store, 1)
    sqlite3_shell(
        state_dir / "state.db", "DROP INDEX events_by_seq; DELETE FROM events WHERE seq = 2;"
    )
    assert [f.kind for f in checkpoint.verify(store).findings] == ["sequence-gap"]


def test_a_rewritten_checkpoint_event_is_found(store: Store, state_dir: Path) -> None:
    _write(store, 2)
    checkpoint = Checkpoint()
    assert checkpoint.verify(store).ok
    verified = checkpoint.seq
    sqlite3_shell(state_dir / "state.db", f"UPDATE events SET hash = 'x' WHERE seq = {verified};")
    report = checkpoint.verify(store)
    assert report.findings[0].kind == "chain-broken"
    assert report.findings[0].position == verified


def test_an_appended_forged_event_is_found(store: Store, state_dir: Path) -> None:
    checkpoint = Checkpoint()
    assert checkpoint.verify(store).ok
    _write(store, 1)
    sqlite3_shell(
        state_dir / "state.db",
        "INSERT INTO events (seq, ts, execution_id, type, description, payload, prev_hash, hash)"
        " SELECT seq + 1, ts, execution_id, type, description, payload, hash, 'forged'"
        " FROM events ORDER BY seq DESC LIMIT 1;",
    )
    report = checkpoint.verify(store)
    assert report.findings and report.findings[0].kind in ("hash-mismatch", "head-mismatch")


def test_an_old_row_no_new_event_touched_is_left_to_the_full_verify(
    store: Store, state_dir: Path
) -> None:
    with store.transaction("tool_used", execution_id="exec-001") as tx:
        tx.add_metrics("exec-001", {"tool_calls": 1})
    checkpoint = Checkpoint()
    assert checkpoint.verify(store).ok
    sqlite3_shell(state_dir / "state.db", "UPDATE metrics SET value = 99;")
    _write(store, 1)
    assert checkpoint.verify(store).ok  # the documented limit of the incremental check
    assert not verify(store).ok  # `ondas state verify` runs the full one


def _anchored(store: Store, n: int) -> int:
    """A run's check over ``n`` writes (it records the verified head), then ``n`` more writes:
    what a resumed process finds. Returns the anchored seq."""
    _write(store, n)
    run = Checkpoint()
    assert run.verify(store).ok and run.was_full
    run.close()
    _write(store, n)
    return run.seq


def test_a_new_process_verifies_from_the_last_verified_anchor(store: Store) -> None:
    anchored = _anchored(store, 5)
    assert anchors.last_verified(store.state_dir, _migrations(store)) is not None
    resumed = Checkpoint()
    report = resumed.verify(store)
    assert report.ok, report.findings
    assert not resumed.was_full and report.events_checked == 5
    assert resumed.seq == anchored + 5
    # its clean check is anchored in turn: the next process starts from there
    assert anchors.last_verified(store.state_dir, _migrations(store)).seq == resumed.seq
    resumed.close()


def test_without_a_verified_anchor_the_first_check_is_the_full_verify(store: Store) -> None:
    _write(store, 3)
    first = Checkpoint()
    assert first.verify(store).ok and first.was_full
    first.close()


def test_a_row_edited_after_the_anchor_is_found_by_the_resumed_check(
    store: Store, state_dir: Path
) -> None:
    _anchored(store, 3)
    sqlite3_shell(state_dir / "state.db", "UPDATE executions SET next_instruction = 'forged';")
    report = Checkpoint().verify(store)
    assert [(f.kind, f.table) for f in report.findings] == [("table-mismatch", "executions")]


def test_an_event_edited_after_the_anchor_is_found_by_the_resumed_check(
    store: Store, state_dir: Path
) -> None:
    anchored = _anchored(store, 3)
    sqlite3_shell(
        state_dir / "state.db",
        f"UPDATE events SET description = 'forged' WHERE seq = {anchored + 2};",
    )
    report = Checkpoint().verify(store)
    assert [(f.kind, f.position) for f in report.findings] == [("hash-mismatch", anchored + 2)]


def test_a_row_deleted_after_the_anchor_is_found_by_the_resumed_check(
    store: Store, state_dir: Path
) -> None:
    _anchored(store, 2)
    sqlite3_shell(state_dir / "state.db", "DELETE FROM executions;")
    report = Checkpoint().verify(store)
    assert report.findings and report.findings[0].kind == "table-mismatch"


def test_a_rewritten_anchored_event_is_found_by_the_resumed_check(
    store: Store, state_dir: Path
) -> None:
    anchored = _anchored(store, 2)
    # its content edited: its hash no longer matches the anchor kept outside the database
    sqlite3_shell(
        state_dir / "state.db", f"UPDATE events SET ts = 'forged' WHERE seq = {anchored};"
    )
    report = Checkpoint().verify(store)
    assert [(f.kind, f.position) for f in report.findings] == [("chain-broken", anchored)]


def test_tampering_before_the_anchor_is_found_by_the_full_verify(
    store: Store, state_dir: Path
) -> None:
    anchored = _anchored(store, 3)
    sqlite3_shell(
        state_dir / "state.db",
        f"UPDATE events SET description = 'forged' WHERE seq = {anchored - 1};",
    )
    full = verify(store)
    assert [(f.kind, f.position) for f in full.findings] == [("hash-mismatch", anchored - 1)]


def test_a_tail_cut_past_a_later_anchor_is_found_by_the_resumed_check(
    store: Store, state_dir: Path
) -> None:
    anchored = _anchored(store, 2)
    later = anchors.record(store.state_dir, store.conn, "wave end")
    assert later is not None and later.seq > anchored + 1
    cut = later.seq - 1
    row = store.one("SELECT hash FROM events WHERE seq = ?", (cut,))
    sqlite3_shell(
        state_dir / "state.db",
        f"DELETE FROM events WHERE seq > {cut}; "
        f"UPDATE meta SET value = '{cut}:{row['hash']}' WHERE key = 'chain_head';",
    )
    report = Checkpoint().verify(store)
    assert report.findings and report.findings[0].kind == "anchor-missing"


def _migrations(store: Store) -> int:
    return int(store.one("SELECT COUNT(*) AS n FROM _migrations")["n"])
