"""Migrations form one ordered list named by what they do; every name a released store may
have recorded (the numbered ones with tracker ids) stays an alias, so an old store migrates
to exactly the tables and columns of a new one and never applies a step twice."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from ondas.runtime.schema import default_schema
from ondas.state import migrations
from ondas.state.execution import create_execution
from ondas.state.migrations import Migration
from ondas.state.store import Store
from ondas.state.verify import validate, verify
from tests.state.test_migrations import _schema

ORDER = [
    "state_tables",
    "state_lock_identity",
    "state_lock_lease",
    "state_event_count_index",
    "audit_tables",
    "audit_task_evidence",
    "audit_task_evidence_owner",
    "limits_tables",
    "limits_open_wave_index",
    "mcp_tokens",
]
"""The one order every store applies its steps in (the parts' order, each part's steps)."""


def _old_store(state_dir: Path, pick: int, steps: int | None = None) -> list[str]:
    """A store as an older ondas left it: the same steps recorded under their former names
    (``pick`` 0: the last numbered name, -1: the first one), the first ``steps`` of them."""
    wanted = default_schema().migrations[:steps]
    old = [Migration(m.former_names[pick], m.apply) for m in wanted]
    state_dir.mkdir(parents=True)
    conn = sqlite3.connect(state_dir / "state.db", isolation_level=None)
    try:
        migrations.migrate(conn, old)
    finally:
        conn.close()
    return [m.name for m in old]


def test_the_steps_are_one_ordered_list_named_by_what_they_do() -> None:
    names = [m.name for m in default_schema().migrations]
    assert names == ORDER
    assert len(set(default_schema().known_names())) == len(
        [n for m in default_schema().migrations for n in (m.name, *m.former_names)]
    )
    for name in names:
        assert not re.match(r"m\d+_", name) and not re.search(r"_i\d+_", name), name


def test_every_released_name_is_kept_as_an_alias() -> None:
    known = default_schema().known_names()
    released = {
        "m001_initial",
        "m002_audit",
        "m003_limits",
        "m003_limits_open_wave_index",
        "m004_limits_open_wave_index",
        "m004_i10_task_evidence",
        "m004_i12_lock_identity",
        "m004_i16_mcp_tokens",
        "m005_i12_lock_identity",
        "m006_i16_mcp_tokens",
        "m007_limits_open_wave_index",
        "m008_i19_lock_lease",
        "m009_i18_event_count_index",
        "m010_task_evidence_owner",
    }
    assert released <= known


@pytest.mark.parametrize("pick", [0, -1], ids=["last-numbered-names", "first-numbered-names"])
def test_an_old_store_with_old_names_opens_to_the_exact_columns_of_a_blank_one(
    tmp_path: Path, pick: int
) -> None:
    old_names = _old_store(tmp_path / "old", pick)
    with Store.open(tmp_path / "old", schema=default_schema()) as store:
        recorded = sorted(r[0] for r in store.all("SELECT name FROM _migrations"))
        assert recorded == sorted(old_names), "an old store applied a step a second time"
        assert store.schema_version == len(ORDER)
        create_execution(store, project_path=tmp_path)
        assert validate(store).ok and verify(store).ok
    with Store.open(tmp_path / "blank", create=True, schema=default_schema()) as store:
        create_execution(store, project_path=tmp_path)
    assert _schema(tmp_path / "old" / "state.db") == _schema(tmp_path / "blank" / "state.db")


def test_an_old_store_part_way_through_gets_the_rest_under_the_new_names(
    tmp_path: Path,
) -> None:
    old_names = _old_store(tmp_path / "old", 0, steps=5)
    with Store.open(tmp_path / "old", schema=default_schema()) as store:
        recorded = sorted(r[0] for r in store.all("SELECT name FROM _migrations"))
        assert recorded == sorted(old_names + ORDER[5:])
        assert store.schema_version == len(ORDER)
    with Store.open(tmp_path / "blank", create=True, schema=default_schema()):
        pass
    assert _schema(tmp_path / "old" / "state.db") == _schema(tmp_path / "blank" / "state.db")
