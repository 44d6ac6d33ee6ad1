"""Portable SQL becomes what psycopg expects, without a server."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.errors import UsageError
from ondas.state.postgres import redact, schema_for, translate


def test_placeholders_outside_quotes_become_percent_s_and_percent_signs_are_doubled() -> None:
    sql = "SELECT '?', \"a?b\" FROM t WHERE x = ? AND y LIKE 'p%' AND instr(z, ?) > 0"
    assert translate(sql) == (
        "SELECT '?', \"a?b\" FROM t WHERE x = %s AND y LIKE 'p%%' AND strpos(z, %s) > 0"
    )


def test_table_definitions_get_postgres_types_and_queries_keep_theirs() -> None:
    ddl = "CREATE TABLE t (n INTEGER NOT NULL, r REAL, s TEXT)"
    assert translate(ddl) == "CREATE TABLE t (n BIGINT NOT NULL, r DOUBLE PRECISION, s TEXT)"
    assert translate("ALTER TABLE t ADD COLUMN k INTEGER") == "ALTER TABLE t ADD COLUMN k BIGINT"
    assert translate("SELECT CAST(x AS INTEGER) FROM t") == "SELECT CAST(x AS INTEGER) FROM t"


def test_each_state_dir_gets_its_own_schema_unless_one_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ONDAS_STORE_SCHEMA", raising=False)
    first = schema_for(tmp_path / "alpha" / ".ondas")
    second = schema_for(tmp_path / "beta" / ".ondas")
    assert first != second and first.startswith("ondas_alpha_")
    monkeypatch.setenv("ONDAS_STORE_SCHEMA", "fleet_abc")
    assert schema_for(tmp_path / "alpha" / ".ondas") == "fleet_abc"
    monkeypatch.setenv("ONDAS_STORE_SCHEMA", "Robert'); DROP")
    with pytest.raises(UsageError):
        schema_for(tmp_path)


def test_passwords_never_reach_messages() -> None:
    assert redact("postgresql://me:secret@db:5432/x") == "postgresql://me:***@db:5432/x"
    assert redact("postgresql://me@db/x") == "postgresql://me@db/x"
