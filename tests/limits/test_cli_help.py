from __future__ import annotations

import pytest

from ondas.cli.framework import App, Command, walk
from ondas.cli.main import build_app, run


def test_every_limits_tier_and_route_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    root = build_app()
    found = [
        (path, node)
        for path, node in walk(root, hidden=True)
        if path[0] in ("limits", "tier", "route") and isinstance(node, Command)
    ]
    assert len(found) >= 20
    for path, node in found:
        assert run([*path, "--help"]) == 0, path
        assert "Usage" in capsys.readouterr().out, path
        assert (node.fn.__doc__ or "").strip(), path
    for name in ("limits", "route"):
        group = root.child(name)
        assert isinstance(group, App) and group.hidden, name
