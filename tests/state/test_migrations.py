"""Named migrations: a blank store and an old store migrated forward end up identical."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ondas.runtime.schema import default_schema
from ondas.state.execution import create_execution, update_execution
from ondas.state.migrations import Migration, run_script
from ondas.state.schema import SchemaPart
from ondas.state.store import Store
from ondas.state.verify import validate, verify
from tests.conftest import run_ondas


def _schema(db: Path) -> dict[str, Any]:
    """Every table's exact columns (name, type, not-null, default, pk) and its indexes."""
    conn = sqlite3.connect(db)
    try:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        return {
            t: {
                "columns": [tuple(r) for r in conn.execute(f'PRAGMA table_xinfo("{t}")')],
                "indexes": sorted(
                    (r[1], r[2], tuple(c[2] for c in conn.execute(f'PRAGMA index_info("{r[1]}")')))
                    for r in conn.execute(f'PRAGMA index_list("{t}")')
                ),
            }
            for t in tables
        }
    finally:
        conn.close()


def _m900_test(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        ALTER TABLE executions ADD COLUMN test_flag INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE test_notes (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            id TEXT NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (execution_id, id)
        );
        CREATE INDEX test_notes_by_body ON test_notes(body);
        """,
    )


BASE = default_schema()
EXTENDED = BASE.extended(SchemaPart("test", (Migration("m900_test", _m900_test),)))


def test_blank_store_records_every_migration_in_order(state_dir: Path) -> None:
    with Store.open(state_dir, create=True, schema=default_schema()) as store:
        names = [r[0] for r in store.conn.execute("SELECT name FROM _migrations ORDER BY rowid")]
        assert names == [m.name for m in BASE.migrations]
        assert store.schema_version == len(BASE.migrations)
        assert validate(store).ok


@pytest.mark.parametrize("applied", range(1, len(BASE.migrations) + 1))
def test_old_store_migrated_forward_matches_a_blank_one(
    tmp_path: Path, project: Path, applied: int
) -> None:
    old, blank = tmp_path / "old", tmp_path / "blank"
    with Store.open(old, create=True, schema=BASE.first(applied)) as store:
        create_execution(store, project_path=project, description="before the upgrade")
        update_execution(store, {"current_stage": "plan"})
    with Store.open(old, schema=EXTENDED) as store:
        assert store.schema_version == len(EXTENDED.migrations)
        assert verify(store).ok
        assert validate(store).ok
        assert store.one("SELECT test_flag, current_stage FROM executions")[0] == 0
    with Store.open(blank, create=True, schema=EXTENDED):
        pass
    assert _schema(old / "state.db") == _schema(blank / "state.db")


def test_history_written_before_a_migration_still_verifies_after_it(
    state_dir: Path, project: Path
) -> None:
    with Store.open(state_dir, create=True, schema=default_schema()) as store:
        create_execution(store, project_path=project)
    with Store.open(state_dir, schema=EXTENDED) as store:
        with store.transaction("note_added", execution_id="exec-001") as tx:
            tx.insert("test_notes", {"execution_id": "exec-001", "id": "n-1", "body": "hi"})
            tx.update("executions", {"id": "exec-001"}, {"test_flag": 1})
        assert verify(store).ok


def test_check_commands_never_migrate_an_old_store(state_dir: Path, project: Path) -> None:
    with Store.open(state_dir, create=True, schema=default_schema()) as store:
        create_execution(store, project_path=project)
    before = (state_dir / "state.db").read_bytes()
    with Store.open(state_dir, readonly=True, schema=EXTENDED) as store:
        report = validate(store)
        assert [f.kind for f in report.findings] == ["schema-version", "migration-missing"]
        assert verify(store).ok
    assert (state_dir / "state.db").read_bytes() == before


def test_two_processes_opening_a_new_store_at_once_migrate_it_once(project: Path) -> None:
    import subprocess
    import sys

    code = (
        "import sys; from ondas.state.store import Store; "
        "from ondas.runtime.schema import default_schema; "
        "Store.open(sys.argv[1], create=True, schema=default_schema())"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", code, str(project / ".ondas")]) for _ in range(3)
    ]
    assert [p.wait(timeout=60) for p in procs] == [0, 0, 0]
    result = run_ondas("state", "validate", "--state-dir", str(project / ".ondas"))
    assert result.returncode == 0, result.stderr
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        names = [r[0] for r in store.conn.execute("SELECT name FROM _migrations")]
        assert sorted(names) == sorted(m.name for m in BASE.migrations)
