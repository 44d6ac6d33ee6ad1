"""Fixtures for the pipeline tests: a realistic finished project to copy and break."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
FEATURE = "expense-approval"


@pytest.fixture
def good_project(tmp_path: Path) -> Path:
    """A copy of the fixture project whose every artifact is valid and complete."""
    target = tmp_path / "ledgerly"
    shutil.copytree(FIXTURES / "project", target)
    return target


def feature_file(project: Path, name: str) -> Path:
    """A file of the fixture feature directory."""
    return project / "docs" / "specs" / FEATURE / name


def edit(path: Path, old: str, new: str) -> None:
    """Replace ``old`` (which must occur) with ``new`` in ``path``."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")
