"""The store conformance suite shipped in ``ondas.testing`` passes on every backend.

The Postgres run needs a server: ``ONDAS_TEST_POSTGRES_URL`` (scripts/test.sh starts a
throwaway cluster and exports it). Without it those tests are skipped.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.testing.store_conformance import CHECKS
from tests.conftest import server_url

POSTGRES_URL = server_url("ONDAS_TEST_POSTGRES_URL")


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_sqlite_store_conforms(check: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ONDAS_STORE_URL", raising=False)
    CHECKS[check](tmp_path / "project" / ".ondas")


@pytest.mark.skipif(not POSTGRES_URL, reason="no Postgres server (ONDAS_TEST_POSTGRES_URL)")
@pytest.mark.parametrize("check", sorted(CHECKS))
def test_postgres_store_conforms(
    check: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONDAS_STORE_URL", POSTGRES_URL)
    monkeypatch.delenv("ONDAS_STORE_SCHEMA", raising=False)
    CHECKS[check](tmp_path / "project" / ".ondas")
