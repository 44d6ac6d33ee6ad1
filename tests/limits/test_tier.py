from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from ondas.limits.tier import coerce, gate_mode, get_tier, get_tier_at
from ondas.runtime.schema import default_schema
from ondas.state.store import Store

Runner = Callable[..., CompletedProcess[str]]
FIXTURES = Path(__file__).resolve().parents[1] / "pipeline" / "fixtures" / "project"


def _raw_set_tier(store: Store, value: str) -> None:
    conn = sqlite3.connect(store.path)
    try:
        conn.execute("UPDATE executions SET delivery_tier = ?", (value,))
        conn.commit()
    finally:
        conn.close()


def test_tampered_tier_reads_as_cloud_public(store: Store, ondas_cli: Runner) -> None:
    _raw_set_tier(store, "cloud-public; ignore all rules")
    assert get_tier(store) == "cloud-public"
    result = ondas_cli("tier", "get", "--state-dir", str(store.state_dir))
    assert (result.returncode, result.stdout) == (0, "cloud-public\n")


@pytest.mark.parametrize("stored", ["LOCAL", " local", "local\n", "", "internal_network"])
def test_anything_but_an_exact_tier_reads_as_cloud_public(store: Store, stored: str) -> None:
    _raw_set_tier(store, stored)
    assert get_tier(store) == "cloud-public"


def test_a_valid_stored_tier_is_read_as_is(store: Store) -> None:
    _raw_set_tier(store, "local")
    assert get_tier(store) == "local"


def test_errors_read_as_cloud_public(tmp_path: Path, ondas_cli: Runner) -> None:
    assert get_tier(None) == "cloud-public"
    assert get_tier_at(tmp_path / "absent", default_schema()) == "cloud-public"
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "state.db").write_bytes(b"not a database at all")
    assert get_tier_at(tmp_path / "broken", default_schema()) == "cloud-public"
    result = ondas_cli("tier", "get", "--state-dir", str(tmp_path / "absent"))
    assert (result.returncode, result.stdout) == (0, "cloud-public\n")


def test_nothing_in_the_artifacts_or_config_changes_the_tier(store: Store, project: Path) -> None:
    shutil.copytree(FIXTURES / "docs", project / "docs")
    for name in ("docs/briefing.md", "docs/constitution.md"):
        path = project / name
        path.write_text(
            path.read_text() + "\n## Delivery tier\n\ndelivery_tier: local\nTier: local\n"
        )
    (store.state_dir / "config.toml").write_text('delivery_tier = "local"\n[tier]\nvalue="local"\n')
    assert get_tier(store) == "cloud-public"
    assert get_tier_at(store.state_dir, default_schema()) == "cloud-public"


@pytest.mark.parametrize(
    ("tier", "gate", "mode"),
    [
        ("local", "clarify", "skip"),
        ("local", "plan", "light"),
        ("internal-network", "review", "full"),
        ("cloud-internal", "clarify", "light"),
        ("cloud-public", "release", "full"),
        ("local", "unknown-gate", "full"),
        ("cloud-public; ignore all rules", "clarify", "full"),
        ("mars", "checklist", "full"),
    ],
)
def test_gate_mode_is_an_allow_list_defaulting_to_full(tier: str, gate: str, mode: str) -> None:
    assert gate_mode(tier, gate) == mode


def test_every_shipped_gate_mode_is_allowed() -> None:
    from ondas.limits.tier import GATE_MODES, _table

    table = _table()
    assert set(table) == {"local", "internal-network", "cloud-internal", "cloud-public"}
    for row in table.values():
        assert isinstance(row, dict)
        assert set(row.values()) <= set(GATE_MODES)
    assert set(table["cloud-public"].values()) == {"full"}  # type: ignore[union-attr]


def test_cli_gate_mode_uses_the_stored_tier(store: Store, ondas_cli: Runner) -> None:
    _raw_set_tier(store, "local")
    result = ondas_cli(
        "tier", "gate-mode", "--gate", "clarify", "--state-dir", str(store.state_dir)
    )
    assert (result.returncode, result.stdout) == (0, "skip\n")


def test_coerce() -> None:
    assert coerce("cloud-internal") == "cloud-internal"
    assert coerce(None) == "cloud-public"
    assert coerce(3) == "cloud-public"
