"""The store opens with one explicit list of schema parts: CLI and library see the same schema."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from ondas.runtime.schema import default_schema
from ondas.state.execution import create_execution
from ondas.state.export import import_document
from ondas.state.store import Store
from ondas.state.verify import validate, verify
from tests.audit.test_legacy_import import legacy_doc
from tests.conftest import run_ondas


def _two_open_waves(state_dir: Path, project: Path) -> None:
    with Store.open(state_dir, create=True, schema=default_schema()) as store:
        create_execution(store, project_path=project)
        with store.transaction("waves_forced", execution_id="exec-001") as tx:
            for number in (1, 2):
                tx.insert(
                    "waves",
                    {"execution_id": "exec-001", "id": f"wave-00{number}", "number": number},
                )
            tx.upsert("counters", {"scope": "exec-001", "name": "wave"}, {"value": 2})


def test_cli_and_library_validate_report_the_same_problems(state_dir: Path, project: Path) -> None:
    _two_open_waves(state_dir, project)
    with Store.open(state_dir, readonly=True, schema=default_schema()) as store:
        library = validate(store).to_dict()
    result = run_ondas("state", "validate", "--json", "--state-dir", str(state_dir))
    assert result.returncode != 0
    assert json.loads(result.stdout) == library
    assert any("more than one open wave" in f["detail"] for f in library["findings"])


def _waves(state_dir: Path) -> list[tuple[object, ...]]:
    with Store.open(state_dir, readonly=True, schema=default_schema()) as store:
        return [
            (r["id"], r["number"], r["reason"], r["tool_calls"])
            for r in store.all("SELECT * FROM waves ORDER BY number")
        ]


def test_cli_and_library_import_a_legacy_file_alike(tmp_path: Path, project: Path) -> None:
    legacy = tmp_path / "legacy.json"
    legacy.write_text(json.dumps(legacy_doc(project)), encoding="utf-8")
    by_cli, by_library = tmp_path / "cli", tmp_path / "library"
    result = run_ondas(
        "state", "import", str(legacy), "--accept-unverified", "--state-dir", str(by_cli)
    )
    assert result.returncode == 0, result.stderr
    with Store.open(by_library, create=True, schema=default_schema()) as store:
        import_document(store, legacy_doc(project))
    assert _waves(by_cli) == _waves(by_library)
    assert [w[:2] for w in _waves(by_cli)] == [("wave-001", 1), ("wave-002", 2)]


def test_a_store_that_recorded_a_former_name_keeps_it_and_verifies(
    state_dir: Path, project: Path
) -> None:
    with Store.open(state_dir, create=True, schema=default_schema()) as store:
        create_execution(store, project_path=project)
    conn = sqlite3.connect(state_dir / "state.db")
    with conn:
        conn.execute(
            "UPDATE _migrations SET name = 'm003_limits_open_wave_index' "
            "WHERE name = 'limits_open_wave_index'"
        )
    conn.close()
    with Store.open(state_dir, schema=default_schema()) as store:
        names = [r[0] for r in store.all("SELECT name FROM _migrations")]
        assert "m003_limits_open_wave_index" in names
        assert "limits_open_wave_index" not in names
        assert store.schema_version == len(default_schema().migrations)
        assert validate(store).ok
        assert verify(store).ok


def _migrations_and_columns(state_dir: Path) -> tuple[list[str], dict[str, list[str]]]:
    with Store.open(state_dir, readonly=True, schema=default_schema()) as store:
        names = [r["name"] for r in store.all("SELECT name FROM _migrations ORDER BY name")]
        return names, {t: store.columns(t) for t in store.tables()}


def test_cli_and_library_open_the_store_with_the_same_schema(tmp_path: Path) -> None:
    from ondas.cli._common import open_store

    with open_store(tmp_path / "in-process", create=True) as store:
        assert store.schema.known_names() == default_schema().known_names()
    result = run_ondas("state", "init", "--state-dir", str(tmp_path / "cli"))
    assert result.returncode == 0, result.stderr
    with Store.open(tmp_path / "library", create=True, schema=default_schema()):
        pass
    by_cli = _migrations_and_columns(tmp_path / "cli")
    assert by_cli == _migrations_and_columns(tmp_path / "library")
    assert by_cli[0] == sorted(m.name for m in default_schema().migrations)


def test_the_state_layer_imports_no_layer_above_it() -> None:
    import ast

    state = Path(__file__).resolve().parents[2] / "src" / "ondas" / "state"
    above = ("ondas.app", "ondas.schema", "ondas.audit", "ondas.limits", "ondas.mcp")
    found = []
    for path in sorted(state.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(above):
                found.append(f"{path.name}:{node.lineno} {node.module}")
    assert found == []
