from __future__ import annotations

from typing import Any

import pytest
from typer.main import get_command

from ondas.cli.main import app, run


def _paths(command: Any, prefix: list[str]) -> list[list[str]]:
    if hasattr(command, "commands"):
        out: list[list[str]] = []
        for name, sub in command.commands.items():
            out += _paths(sub, [*prefix, name])
        return out
    return [prefix]


def test_every_limits_tier_and_route_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    root: Any = get_command(app)
    paths = [p for name in ("limits", "tier", "route") for p in _paths(root.commands[name], [name])]
    assert len(paths) >= 20
    for path in paths:
        assert run([*path, "--help"]) == 0, path
        assert "Usage" in capsys.readouterr().out, path
        command = root
        for part in path:
            command = command.commands[part]
        assert command.help, path
