"""``ondas state recover`` on a Postgres store: the damaged schema is renamed aside, never
dropped, the store is rebuilt under its name from the newest trustworthy export, and the run
resumes to completion. Needs ``ONDAS_TEST_POSTGRES_URL``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from ondas.state.postgres import schema_for
from tests.conftest import run_ondas, server_url
from tests.orchestrator.conftest import start_sample

POSTGRES_URL = server_url("ONDAS_TEST_POSTGRES_URL")
pytestmark = [
    pytest.mark.skipif(not POSTGRES_URL, reason="no Postgres server (ONDAS_TEST_POSTGRES_URL)"),
    pytest.mark.skipif(shutil.which("git") is None, reason="needs git"),
]
ENV = {"ONDAS_STORE_URL": POSTGRES_URL, "ONDAS_STORE_SCHEMA": ""}


def _sql(schema: str, sql: str) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{schema}"')
        cur = conn.execute(sql)
        return [tuple(r) for r in cur.fetchall()] if cur.description else []


def _start(project: Path, waves: int) -> str:
    start_sample(project, waves, env=ENV)
    return schema_for(project / ".ondas")


def test_recover_on_postgres_renames_the_damaged_schema_and_the_run_completes(
    project: Path,
) -> None:
    schema = _start(project, 3)
    _sql(schema, "DELETE FROM events WHERE seq = (SELECT MAX(seq) FROM events)")
    refused = run_ondas("resume", str(project), env=ENV)
    assert refused.returncode == 4 and "ondas state recover" in refused.stderr
    state_dir = str(project / ".ondas")
    out = run_ondas("state", "recover", "--state-dir", state_dir, "--json", env=ENV)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    [aside] = result["moved_aside"]
    damaged = aside.removeprefix("schema ")
    assert damaged.startswith(f"{schema[:40]}_damaged_")
    assert _sql(damaged, "SELECT COUNT(*) FROM executions") == [(1,)]
    assert run_ondas("state", "verify", "--state-dir", state_dir, env=ENV).returncode == 0
    done = run_ondas("resume", str(project), env=ENV)
    assert done.returncode == 0, done.stderr
    status = json.loads(run_ondas("status", str(project), "--json", env=ENV).stdout)
    assert status["execution"]["status"] == "completed"
    assert _sql(schema, "SELECT type FROM events WHERE type = 'state_recovered'")


def test_recover_on_postgres_refuses_an_intact_store_and_writes_nothing(project: Path) -> None:
    schema = _start(project, 1)
    before = _sql(schema, "SELECT seq, hash FROM events ORDER BY seq")
    out = run_ondas("state", "recover", "--state-dir", str(project / ".ondas"), env=ENV)
    assert out.returncode == 1
    assert len(out.stderr.strip().splitlines()) == 1 and "verifies clean" in out.stderr
    assert _sql(schema, "SELECT seq, hash FROM events ORDER BY seq") == before
