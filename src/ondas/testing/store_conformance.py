"""The conformance suite every store backend must pass.

Each check takes a fresh, empty ``.ondas`` directory and opens stores there with
:meth:`ondas.state.store.Store.open`, so the backend is whatever the environment selects
(the SQLite file by default, a server when ``ONDAS_STORE_URL`` is set). Child processes
inherit the environment and therefore reach the same store. Run them from pytest with::

    @pytest.mark.parametrize("name", sorted(CHECKS))
    def test_store_conforms(name, tmp_path):
        CHECKS[name](tmp_path / ".ondas")

The checks cover basic operations, the hash chain with verify and tamper detection,
concurrent writers, a writer killed mid-transaction, and migrations.
"""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from ondas.errors import UsageError
from ondas.runtime.schema import default_schema
from ondas.state.execution import create_execution, get_execution, update_execution
from ondas.state.migrations import Migration, run_script
from ondas.state.schema import SchemaPart
from ondas.state.store import Store
from ondas.state.verify import validate, verify

CHILD_TIMEOUT = 300


class ConformanceError(AssertionError):
    """A backend broke the store contract."""


def expect(condition: object, message: str) -> None:
    """Fail the check with ``message`` unless ``condition`` holds (kept under ``python -O``)."""
    if not condition:
        raise ConformanceError(message)


def _raises(kind: type[BaseException], fn: Callable[[], object]) -> BaseException:
    try:
        fn()
    except kind as exc:
        return exc
    raise ConformanceError(f"expected {kind.__name__}")


def _new_store(state_dir: Path) -> Store:
    store = Store.open(state_dir, create=True, schema=default_schema())
    create_execution(store, project_path=state_dir.parent, description="conformance")
    return store


def _note_part() -> SchemaPart:
    def m901(conn: Any) -> None:
        run_script(
            conn,
            """
            CREATE TABLE conformance_notes (
                execution_id TEXT NOT NULL REFERENCES executions(id),
                id TEXT NOT NULL,
                body TEXT NOT NULL,
                weight REAL,
                size INTEGER,
                PRIMARY KEY (execution_id, id)
            );
            """,
        )

    return SchemaPart("conformance", (Migration("m901_conformance_notes", m901),))


def _child(state_dir: Path, body: str, *args: str) -> subprocess.Popen[str]:
    """A Python child that opens the same store (``store``) and runs ``body``."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from ondas.runtime.schema import default_schema\n"
        "from ondas.state.store import Store\n"
        "state_dir = Path(sys.argv[1])\n" + textwrap.dedent(body)
    )
    return subprocess.Popen(
        [sys.executable, "-c", code, str(state_dir), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )


def _finish(proc: subprocess.Popen[str]) -> str:
    out, err = proc.communicate(timeout=CHILD_TIMEOUT)
    expect(proc.returncode == 0, f"child failed ({proc.returncode}): {err.strip()[-400:]}")
    return out


def check_basic_operations(state_dir: Path) -> None:
    """Insert, update, delete, upsert and counters, each recorded in one event per commit."""
    schema = default_schema().extended(_note_part())
    with Store.open(state_dir, create=True, schema=schema) as store:
        create_execution(store, project_path=state_dir.parent)
        before = len(store.events())
        with store.transaction("notes_written", execution_id="exec-001") as tx:
            for _ in range(3):
                note = tx.next_id("exec-001", "note")
                tx.insert(
                    "conformance_notes",
                    {
                        "execution_id": "exec-001",
                        "id": note,
                        "body": "olá ✓",
                        "weight": 0.25,
                        "size": 2**40,
                    },
                )
            changed = tx.update(
                "conformance_notes", {"execution_id": "exec-001", "id": "note-002"}, {"body": "b"}
            )
            expect(changed == 1, f"update reported {changed} rows")
            expect(
                tx.update("conformance_notes", {"id": "missing"}, {"body": "x"}) == 0,
                "update of a missing row reported a change",
            )
            deleted = tx.delete("conformance_notes", {"execution_id": "exec-001", "id": "note-003"})
            expect(deleted == 1, f"delete reported {deleted} rows")
            loose = {"execution_id": "exec-001", "id": "loose"}
            tx.upsert("conformance_notes", loose, {"body": "u"})
            tx.upsert("conformance_notes", loose, {"body": "v"})
        rows = store.all(
            "SELECT id, body, weight, size FROM conformance_notes WHERE execution_id = ? "
            "ORDER BY length(id) DESC, id",
            ("exec-001",),
        )
        got = [(r["id"], r[1], r["weight"], r["size"]) for r in rows]
        expect(
            got
            == [
                ("note-001", "olá ✓", 0.25, 2**40),
                ("note-002", "b", 0.25, 2**40),
                ("loose", "v", None, None),
            ],
            f"rows read back as {got}",
        )
        expect(dict(rows[0])["body"] == "olá ✓", "dict(row) does not map columns to values")
        events = store.events()
        expect(len(events) == before + 1, "one transaction must append exactly one event")
        ops = [c["op"] for c in events[-1].payload["changes"]]
        expect(ops.count("insert") >= 4 and "delete" in ops, f"event recorded {ops}")
        expect(store.one("SELECT 1 FROM conformance_notes WHERE id = ?", ("nope",)) is None, "one")
        expect(verify(store).ok, f"verify failed: {verify(store).to_dict()}")
        expect(validate(store).ok, f"validate failed: {validate(store).to_dict()}")


def check_rollback_leaves_nothing(state_dir: Path) -> None:
    """A failing transaction leaves no row, no event and no counter step behind."""
    with _new_store(state_dir) as store:
        events = len(store.events())

        def fail() -> None:
            with store.transaction("doomed", execution_id="exec-001") as tx:
                tx.next_value("exec-001", "thing")
                tx.update("executions", {"id": "exec-001"}, {"current_stage": "plan"})
                raise RuntimeError("boom")

        _raises(RuntimeError, fail)
        expect(len(store.events()) == events, "a rolled-back transaction appended an event")
        expect(get_execution(store).current_stage == "briefing", "a rolled-back update stayed")
        with store.transaction("after", execution_id="exec-001") as tx:
            expect(tx.next_value("exec-001", "thing") == 1, "counter skipped a value")
        expect(verify(store).ok, "verify failed after a rollback")


def check_refusals(state_dir: Path) -> None:
    """Nested transactions, keyless updates and bad identifiers are refused."""
    with _new_store(state_dir) as store:

        def nested() -> None:
            with store.transaction("outer"), store.transaction("inner"):
                pass

        _raises(RuntimeError, nested)

        def keyless() -> None:
            with store.transaction("keyless") as tx:
                tx.update("executions", {}, {"current_stage": "plan"})

        _raises(UsageError, keyless)

        def bad_name() -> None:
            with store.transaction("bad") as tx:
                tx.insert('executions"; DROP TABLE events; --', {"id": "x"})

        _raises(UsageError, bad_name)
        expect(verify(store).ok, "verify failed after refusals")


def check_savepoint_and_unique_errors(state_dir: Path) -> None:
    """A duplicate key inside a savepoint is classified as unique and undoes only that step."""
    with _new_store(state_dir) as store:
        dialect = store.dialect
        with store.transaction("dupes", execution_id="exec-001") as tx:
            tx.insert("extras", {"execution_id": "exec-001", "key": "a", "value": "1"})
            try:
                with tx.savepoint():
                    tx.insert("extras", {"execution_id": "exec-001", "key": "a", "value": "2"})
            except dialect.error as exc:
                expect(dialect.is_unique(exc), f"duplicate key not classified as unique: {exc}")
            else:
                raise ConformanceError("a duplicate primary key was accepted")
            tx.insert("extras", {"execution_id": "exec-001", "key": "b", "value": "3"})
        rows = [tuple(r) for r in store.all("SELECT key, value FROM extras ORDER BY key")]
        expect(rows == [("a", "1"), ("b", "3")], f"extras are {rows}")
        expect(len(store.events()[-1].payload["changes"]) == 2, "the undone step was recorded")
        expect(verify(store).ok, "verify failed after a savepoint rollback")


def check_chain_and_tamper_detection(state_dir: Path) -> None:
    """verify passes on an honest log and names edited rows, edited events and cut tails."""
    with _new_store(state_dir) as store:
        for stage in ("plan", "tasks", "implement"):
            update_execution(store, {"current_stage": stage})
        events = store.events()
        expect([e.seq for e in events] == list(range(1, len(events) + 1)), "seq has gaps")
        for prev, event in itertools.pairwise(events):
            expect(event.prev_hash == prev.hash, f"event {event.seq} does not chain")
        expect(verify(store).ok, "verify failed on an honest log")
        conn = store.conn
        conn.execute("UPDATE executions SET current_stage = ? WHERE id = ?", ("review", "exec-001"))
        kinds = [f.kind for f in verify(store).findings]
        expect(kinds == ["table-mismatch"], f"an edited row gave {kinds}")
        conn.execute(
            "UPDATE executions SET current_stage = ? WHERE id = ?", ("implement", "exec-001")
        )
        expect(verify(store).ok, "verify failed once the row was restored")
        conn.execute("UPDATE events SET description = ? WHERE seq = ?", ("forged", 2))
        found = verify(store).findings
        expect(
            [(f.kind, f.position) for f in found] == [("hash-mismatch", 2)],
            f"an edited event gave {found}",
        )
        conn.execute("UPDATE events SET description = NULL WHERE seq = ?", (2,))
        last = events[-1].seq
        conn.execute("DELETE FROM events WHERE seq = ?", (last,))
        kinds = [f.kind for f in verify(store).findings]
        expect(kinds == ["head-mismatch"], f"a cut tail gave {kinds}")


def check_concurrent_writers(state_dir: Path) -> None:
    """Writers in several processes get gap-free counters and one unbroken chain."""
    with _new_store(state_dir) as store:
        start = len(store.events())
    body = """
    count = int(sys.argv[2])
    with Store.open(state_dir, schema=default_schema()) as store:
        for _ in range(count):
            with store.transaction("counted", execution_id="exec-001") as tx:
                tx.next_value("exec-001", "hits")
    """
    processes, per_process = 3, 15
    procs = [_child(state_dir, body, str(per_process)) for _ in range(processes)]
    for proc in procs:
        _finish(proc)
    with Store.open(state_dir, schema=default_schema()) as store:
        row = store.one(
            "SELECT value FROM counters WHERE scope = ? AND name = ?", ("exec-001", "hits")
        )
        total = processes * per_process
        expect(
            row is not None and row[0] == total, f"counter reached {row and row[0]}, not {total}"
        )
        events = store.events()
        expect(len(events) == start + total, f"{len(events) - start} events for {total} commits")
        expect(verify(store).ok, f"verify failed: {verify(store).to_dict()}")


def check_writer_killed_mid_transaction(state_dir: Path) -> None:
    """A writer killed inside a transaction leaves no trace and does not block the next one."""
    with _new_store(state_dir) as store:
        events = len(store.events())
    body = """
    with Store.open(state_dir, schema=default_schema()) as store:
        with store.transaction("interrupted", execution_id="exec-001") as tx:
            tx.update("executions", {"id": "exec-001"}, {"current_stage": "plan"})
            tx.insert("extras", {"execution_id": "exec-001", "key": "half", "value": "1"})
            print("inside", flush=True)
            import time
            time.sleep(600)
    """
    proc = _child(state_dir, body)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        expect(line.strip() == "inside", f"child never reached the transaction: {line!r}")
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=CHILD_TIMEOUT)
    finally:
        with suppress(ProcessLookupError):
            proc.kill()
        proc.communicate(timeout=CHILD_TIMEOUT)
    deadline = time.monotonic() + CHILD_TIMEOUT
    with Store.open(state_dir, schema=default_schema()) as store:
        while True:
            try:
                update_execution(store, {"current_stage": "tasks"})
                break
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        expect(len(store.events()) == events + 1, "the killed transaction left an event")
        expect(store.one("SELECT 1 FROM extras WHERE key = ?", ("half",)) is None, "half a tx")
        expect(get_execution(store).current_stage == "tasks", "the next write did not land")
        expect(verify(store).ok, f"verify failed: {verify(store).to_dict()}")


def check_migrations(state_dir: Path) -> None:
    """Steps apply once, in order; a new part adds only its step; readonly never migrates."""
    base = default_schema()
    with Store.open(state_dir, create=True, schema=base.first(1)) as store:
        expect(store.schema_version == 1, "the first step alone was not recorded")
        create_execution(store, project_path=state_dir.parent)
    with Store.open(state_dir, readonly=True, schema=base) as store:
        expect(store.schema_version == 1, "a readonly open migrated the store")
        kinds = {f.kind for f in validate(store).findings}
        expect("migration-missing" in kinds, f"validate did not see missing steps: {kinds}")
    extended = base.extended(_note_part())
    with Store.open(state_dir, schema=extended) as store:
        names = {r[0] for r in store.all("SELECT name FROM _migrations")}
        expect(names == {m.name for m in extended.migrations}, f"applied {sorted(names)}")
        expect(store.schema_version == len(extended.migrations), "schema_version is off")
        with store.transaction("note", execution_id="exec-001") as tx:
            tx.insert("conformance_notes", {"execution_id": "exec-001", "id": "n-1", "body": "x"})
        expect(verify(store).ok, f"verify failed: {verify(store).to_dict()}")
        expect(validate(store).ok, f"validate failed: {validate(store).to_dict()}")
        expect("conformance_notes" in store.tables(), "the new table is missing")
        expect(
            store.columns("conformance_notes") == ["execution_id", "id", "body", "weight", "size"],
            f"columns are {store.columns('conformance_notes')}",
        )


def check_columns_and_keys_are_each_stores_own(state_dir: Path) -> None:
    """Two stores side by side (two schemas of one Postgres database) with a table of the same
    name defined differently: each reads its own columns, in definition order, and its own
    primary key, in key order (the neighbour's key order is not its column order)."""

    def other(conn: Any) -> None:
        run_script(
            conn,
            """
            CREATE TABLE conformance_notes (
                id TEXT NOT NULL,
                execution_id TEXT NOT NULL REFERENCES executions(id),
                seen INTEGER,
                PRIMARY KEY (execution_id, id)
            );
            """,
        )

    mine = default_schema().extended(_note_part())
    theirs = default_schema().extended(
        SchemaPart("conformance", (Migration("m901_conformance_notes", other),))
    )
    neighbour = state_dir.parent.parent / f"{state_dir.parent.name}-neighbour" / ".ondas"
    with Store.open(neighbour, create=True, schema=theirs) as store:
        expect(store.columns("conformance_notes") == ["id", "execution_id", "seen"], "theirs")
    with Store.open(state_dir, create=True, schema=mine) as store:
        columns = store.columns("conformance_notes")
        expect(columns == ["execution_id", "id", "body", "weight", "size"], f"columns {columns}")
        keys = store.dialect.key_columns(store.conn, "conformance_notes")
        expect(keys == ["execution_id", "id"], f"key columns {keys}")
        expect(store.columns("no_such_table") == [], "a missing table has columns")
    with Store.open(neighbour, schema=theirs) as store:
        keys = store.dialect.key_columns(store.conn, "conformance_notes")
        expect(keys == ["execution_id", "id"], f"the neighbour's key columns {keys}")


def check_first_open_races_migrate_once(state_dir: Path) -> None:
    """Processes opening a new store at once apply every step exactly once."""
    body = """
    Store.open(state_dir, create=True, schema=default_schema()).close()
    """
    procs = [_child(state_dir, body) for _ in range(3)]
    for proc in procs:
        _finish(proc)
    with Store.open(state_dir, readonly=True, schema=default_schema()) as store:
        names = [r[0] for r in store.all("SELECT name FROM _migrations")]
        expected = [m.name for m in default_schema().migrations]
        expect(sorted(names) == sorted(expected), f"applied {names}")
        expect(validate(store).ok, f"validate failed: {validate(store).to_dict()}")


CHECKS: dict[str, Callable[[Path], None]] = {
    name.removeprefix("check_"): fn
    for name, fn in sorted(globals().items())
    if name.startswith("check_") and callable(fn)
}
