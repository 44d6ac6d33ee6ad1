"""pytest fixtures: the scripted model server and the real `claude` CLI path.

Enable with ``pytest_plugins = ["ondas.testing.pytest_plugin"]`` in a root ``conftest.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ondas.testing.claude_cli import find_claude
from ondas.testing.fake_anthropic import FakeAnthropicServer, Script


@pytest.fixture
def fake_anthropic(tmp_path: Path) -> Iterator[FakeAnthropicServer]:
    """A running scripted server with an empty script; assign ``.script`` in the test.

    ``server.env()`` uses ``tmp_path / "home"`` as ``HOME`` so nothing outside the test's
    temporary directory is touched.
    """
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    server = FakeAnthropicServer(Script(), home=home)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def claude_bin() -> str:
    """Path of the real ``claude`` CLI; the test is skipped when it is not installed."""
    path = find_claude()
    if path is None:
        pytest.skip("the claude CLI is not on PATH (scripts/test.sh installs it)")
    return path
