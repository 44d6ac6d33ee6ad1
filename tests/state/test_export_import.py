"""state.json export with a sha256 sidecar, and import refusing files that do not match it."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from ondas.runtime.schema import default_schema
from ondas.state.execution import get_execution, terminate, update_execution
from ondas.state.store import Store
from ondas.state.verify import validate, verify
from tests.state.conftest import CliResult


def _export(store: Store, cli: Callable[..., CliResult], out: Path) -> dict[str, object]:
    result = cli("state", "export", "--state-dir", str(store.state_dir), "-o", str(out), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"path": str(out), "execution_id": "exec-001"}
    return dict(json.loads(out.read_text(encoding="utf-8")))


def test_export_writes_a_canonical_snapshot_and_a_matching_sidecar(
    store: Store, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    update_execution(store, {"current_stage": "plan", "next_instruction": "write the plan"})
    with store.transaction("tool_used", execution_id="exec-001") as tx:
        tx.add_metrics("exec-001", {"tool_calls": 2})
    out = tmp_path / "snap" / "state.json"
    doc = _export(store, cli, out)
    sidecar = out.with_name("state.json.sha256").read_text(encoding="utf-8")
    assert sidecar.split() == [hashlib.sha256(out.read_bytes()).hexdigest(), "state.json"]
    assert doc["format"] == "ondas-state"
    execution = doc["execution"]
    assert isinstance(execution, dict)
    assert execution["current_stage"] == "plan"
    assert execution["metrics"] == {"tool_calls": 2}
    assert {"status", "termination_reason", "project_path", "next_instruction"} <= set(execution)
    assert doc["chain_head"] == {"seq": store.events()[-1].seq, "hash": store.events()[-1].hash}
    assert not list(out.parent.glob(".*.tmp"))
    # a row per line (git diffs of the committed file name the rows that changed), keys sorted
    tables = doc["tables"]
    assert isinstance(tables, dict) and tables
    lines = out.read_text(encoding="utf-8").splitlines()
    for rows in tables.values():
        for row in rows:
            assert f"      {json.dumps(row, sort_keys=True, ensure_ascii=False)}" in [
                line.rstrip(",") for line in lines
            ]


def test_export_defaults_to_state_json_in_the_state_dir(
    store: Store, cli: Callable[..., CliResult]
) -> None:
    result = cli("state", "export", "--state-dir", str(store.state_dir))
    assert result.returncode == 0
    assert result.stdout.strip() == str(store.state_dir / "state.json")
    assert (store.state_dir / "state.json.sha256").exists()


def test_export_then_import_into_a_fresh_store_round_trips(
    store: Store, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    with store.transaction("ids", execution_id="exec-001") as tx:
        tx.next_id("exec-001", "dec")
        tx.next_id("exec-001", "dec")
    terminate(store, status="aborted", reason="abort", current_stage="plan")
    first = _export(store, cli, tmp_path / "a.json")
    other = tmp_path / "other"
    result = cli("state", "import", str(tmp_path / "a.json"), "--state-dir", str(other), "--json")
    assert result.returncode == 0, result.stderr
    imported = json.loads(result.stdout)
    assert imported["execution_id"] == "exec-001"
    assert imported["not_carried"] == []  # an export round-trips: nothing is kept aside
    with Store.open(other, schema=default_schema()) as fresh:
        assert verify(fresh).ok and validate(fresh).ok
        second = _export(fresh, cli, tmp_path / "b.json")
        with fresh.transaction("ids", execution_id="exec-001") as tx:
            assert tx.next_id("exec-001", "dec") == "dec-003"
    for volatile in ("exported_at", "chain_head"):
        first.pop(volatile)
        second.pop(volatile)
    assert second == first


def test_import_refuses_a_file_whose_sidecar_differs_and_leaves_state_untouched(
    store: Store, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    terminate(store, status="completed", reason="done")
    out = tmp_path / "state.json"
    _export(store, cli, out)
    doc = json.loads(out.read_text(encoding="utf-8"))
    doc["execution"]["description"] = "edited by hand"
    out.write_text(json.dumps(doc), encoding="utf-8")
    before = store.events()
    result = cli("state", "import", str(out), "--state-dir", str(store.state_dir))
    assert result.returncode == 4
    assert "sha256" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert store.events() == before
    fresh = tmp_path / "fresh"
    assert cli("state", "import", str(out), "--state-dir", str(fresh)).returncode == 4
    assert not fresh.exists()


def test_import_refuses_a_file_without_sidecar(
    cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    out = tmp_path / "state.json"
    out.write_text(json.dumps({"format": "ondas-state", "execution": {}}), encoding="utf-8")
    result = cli("state", "import", str(out), "--state-dir", str(tmp_path / "s"))
    assert result.returncode == 4
    assert "missing" in result.stderr


def test_accept_unverified_loads_a_mismatching_file(
    store: Store, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    terminate(store, status="completed", reason="done")
    out = tmp_path / "state.json"
    _export(store, cli, out)
    doc = json.loads(out.read_text(encoding="utf-8"))
    doc["execution"]["description"] = "edited by hand"
    out.write_text(json.dumps(doc), encoding="utf-8")
    result = cli(
        "state", "import", str(out), "--accept-unverified", "--state-dir", str(store.state_dir)
    )
    assert result.returncode == 0, result.stderr
    imported = get_execution(store, result.stdout.strip())
    assert imported.id == "exec-002"
    assert imported.description == "edited by hand"
    assert imported.extra["original_id"] == "exec-001"
    assert verify(store).ok and validate(store).ok


def test_import_of_bad_input_is_a_usage_error_and_creates_nothing(
    cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    target = tmp_path / "s"
    cases = {
        "notjson.json": b"{not json",
        "list.json": b"[1, 2]",
        "foreign.json": b'{"hello": "world"}',
        "nopath.json": b'{"format": "ondas-state", "execution": {"status": "in_progress"}}',
        "badstatus.json": (
            b'{"format": "ondas-state", "execution": {"project_path": "/p", "status": "odd"}}'
        ),
        "badtier.json": (
            b'{"format": "ondas-state", "execution": {"project_path": "/p", '
            b'"delivery_tier": "moon"}}'
        ),
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        result = cli(
            "state", "import", str(path), "--accept-unverified", "--state-dir", str(target)
        )
        assert result.returncode == 2, (name, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1
        assert not target.exists(), name
    missing = cli("state", "import", str(tmp_path / "absent.json"), "--state-dir", str(target))
    assert missing.returncode == 2


def test_import_of_an_active_execution_beside_an_active_one_is_refused(
    store: Store, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    out = tmp_path / "state.json"
    _export(store, cli, out)
    before = store.events()
    result = cli("state", "import", str(out), "--state-dir", str(store.state_dir))
    assert result.returncode == 1
    assert "[execution-active]" in result.stderr
    assert store.events() == before
