"""`ondas state validate` reports broken schema invariants (exit 6) and never writes."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from ondas.runtime.schema import default_schema
from ondas.state.migrations import Migration, run_script
from ondas.state.schema import SchemaPart
from ondas.state.store import Store
from ondas.state.verify import validate
from tests.conftest import run_ondas
from tests.state.conftest import CliResult, sqlite3_shell


def _fingerprint(state_dir: Path) -> dict[str, str]:
    """Hashes of every file holding data (a read-only SQLite reader may leave an empty WAL
    and the ``-shm`` index behind; neither holds any row)."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(state_dir.iterdir())
        if p.stat().st_size > 0 and not p.name.endswith("-shm")
    }


BROKEN = {
    "status outside the enum": "UPDATE executions SET status = 'paused';",
    "terminal without finished_at": "UPDATE executions SET status = 'completed';",
    "active with finished_at": "UPDATE executions SET finished_at = '2026-01-01T00:00:00';",
    "second active execution": (
        "INSERT INTO executions SELECT 'exec-002', status, termination_reason, started_at, "
        "finished_at, project_path, project_name, description, suggested_stack, "
        "invocation_type, current_stage, next_instruction, delivery_tier, roadmap_mode, "
        "atomic_commit FROM executions;"
        "UPDATE counters SET value = 2 WHERE scope = '' AND name = 'exec';"
    ),
    "tier outside the enum": "UPDATE executions SET delivery_tier = 'moon';",
    "flag not boolean": "UPDATE executions SET roadmap_mode = 7;",
    "aspect kind outside the enum": "UPDATE key_aspects SET kind = 'mystic';",
    "metric of an unknown execution": (
        "INSERT INTO metrics (execution_id, name, value) VALUES ('exec-404', 'x', 1);"
    ),
    "execution id ahead of its counter": "UPDATE counters SET value = 0 WHERE name = 'exec';",
    "negative counter": "INSERT INTO counters VALUES ('exec-001', 'dec', -1);",
    "migration record removed": "DELETE FROM _migrations;",
}


@pytest.fixture
def seeded(store: Store) -> Path:
    """A store whose execution has key aspects, closed so sqlite3 can edit it."""
    with store.transaction("aspects", execution_id="exec-001") as tx:
        tx.insert(
            "key_aspects",
            {"execution_id": "exec-001", "kind": "product", "position": 0, "aspect": "x"},
        )
    store.close()
    return store.state_dir


def test_clean_store_validates(seeded: Path, cli: Callable[..., CliResult]) -> None:
    result = cli("state", "validate", "--state-dir", str(seeded), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["ok"] is True


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_invariant_exits_6_and_leaves_the_store_as_it_was(
    seeded: Path, cli: Callable[..., CliResult], case: str
) -> None:
    sqlite3_shell(seeded / "state.db", BROKEN[case])
    before = _fingerprint(seeded)
    result = cli("state", "validate", "--state-dir", str(seeded), "--json")
    assert result.returncode == 6, (case, result.stdout)
    report = json.loads(result.stdout)
    assert report["ok"] is False and report["findings"]
    assert result.stderr.startswith("ondas: validate failed:")
    assert len(result.stderr.strip().splitlines()) == 1
    assert _fingerprint(seeded) == before


def test_validate_as_a_real_process_exits_6(seeded: Path) -> None:
    sqlite3_shell(seeded / "state.db", BROKEN["status outside the enum"])
    before = _fingerprint(seeded)
    result = run_ondas("state", "validate", "--state-dir", str(seeded))
    assert result.returncode == 6
    assert "execution status outside the enum: exec-001" in result.stdout
    assert _fingerprint(seeded) == before


def _m901_notes(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        "CREATE TABLE test_notes (execution_id TEXT NOT NULL, id TEXT NOT NULL, "
        "PRIMARY KEY (execution_id, id));",
    )


def test_ids_ahead_of_their_counter_are_invalid(state_dir: Path, project: Path) -> None:
    from ondas.state.execution import create_execution

    schema = default_schema().extended(SchemaPart("notes", (Migration("m901_notes", _m901_notes),)))
    with Store.open(state_dir, create=True, schema=schema) as store:
        create_execution(store, project_path=project)
        for _ in range(2):
            with store.transaction("note", execution_id="exec-001") as tx:
                tx.insert(
                    "test_notes", {"execution_id": "exec-001", "id": tx.next_id("exec-001", "note")}
                )
        assert validate(store).ok
    sqlite3_shell(
        state_dir / "state.db", "UPDATE test_notes SET id = 'note-009' WHERE id = 'note-002';"
    )
    with Store.open(state_dir, readonly=True, schema=schema) as store:
        kinds = [f.kind for f in validate(store).findings]
    assert kinds == ["id-sequence"]


def test_validate_without_a_store_exits_6_and_creates_nothing(
    tmp_path: Path, cli: Callable[..., CliResult]
) -> None:
    result = cli("state", "validate", "--state-dir", str(tmp_path / ".ondas"))
    assert result.returncode == 6
    assert not (tmp_path / ".ondas").exists()
