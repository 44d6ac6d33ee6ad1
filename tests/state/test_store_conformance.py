"""The store conformance suite shipped in ``ondas.testing`` passes on every backend.

The Postgres run needs a server: ``ONDAS_TEST_POSTGRES_URL`` (scripts/test.sh starts a
throwaway cluster and exports it). Without it those tests are skipped.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.testing.store_conformance import CHECKS


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_sqlite_store_conforms(check: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ONDAS_STORE_URL", raising=False)
    CHECKS[check](tmp_path / "project" / ".ondas")


@pytest.mark.usefixtures("on_postgres")
@pytest.mark.parametrize("check", sorted(CHECKS))
def test_postgres_store_conforms(check: str, tmp_path: Path) -> None:
    CHECKS[check](tmp_path / "project" / ".ondas")
