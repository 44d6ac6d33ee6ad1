"""The store conformance suite shipped in ``ondas.testing`` passes on every backend."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.testing.store_conformance import CHECKS


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_sqlite_store_conforms(check: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ONDAS_STORE_URL", raising=False)
    CHECKS[check](tmp_path / "project" / ".ondas")
