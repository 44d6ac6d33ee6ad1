"""Fixtures of the guard tests: a fixed project, home and whitelist, so results do not vary."""

from __future__ import annotations

from pathlib import Path

import pytest

CORPUS = Path(__file__).parent / "corpus"
PROJECT = Path("/work/project")
HOME = Path("/home/agent")
WHITELIST = ("pypi.org", "files.pythonhosted.org", "github.com", "api.github.com")


def corpus(name: str) -> list[str]:
    """The commands of a corpus file: one a line, ``#`` comments and blank lines dropped."""
    lines = (CORPUS / name).read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


@pytest.fixture
def guard_env() -> dict[str, object]:
    """Keyword arguments of check_command for an agent in a virtualenv, not in a container."""
    return {"project": PROJECT, "home": HOME, "whitelist": WHITELIST, "in_venv": True}
