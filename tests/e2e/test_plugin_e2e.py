"""The Claude Code plugin in the repository, loaded by the real ``claude`` CLI: the manifests
validate strictly, the marketplace installs it, its four commands and ondas' MCP server are
there (the server connects), and a slash command reaches the model expanded with the person's
text, against the scripted model server."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import ondas
from ondas.testing.claude_cli import run_claude
from ondas.testing.fake_anthropic import FakeAnthropicServer

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "plugin"
COMMANDS = {"answer", "resume", "run", "status"}


def _claude(claude_bin: str, home: Path, *args: str, cwd: Path | None = None) -> str:
    env = {
        **os.environ,
        "HOME": str(home),
        "CLAUDE_CONFIG_DIR": str(home / ".claude"),
        "DISABLE_AUTOUPDATER": "1",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "PATH": f"{home / 'bin'}{os.pathsep}{os.environ['PATH']}",
    }
    out = subprocess.run(
        [claude_bin, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=180
    )
    assert out.returncode == 0, (args, out.stdout, out.stderr)
    return out.stdout


@pytest.fixture
def home(tmp_path: Path, claude_bin: str) -> Path:
    """A Claude Code home with the repository's marketplace added and the plugin installed,
    and an ``ondas`` on PATH that runs this checkout (what the plugin's server starts)."""
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    shim = home / "bin" / "ondas"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec {sys.executable} -m ondas "$@"\n')
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    _claude(claude_bin, home, "plugin", "marketplace", "add", str(ROOT))
    _claude(claude_bin, home, "plugin", "install", "ondas@ondas")
    return home


def test_the_plugin_and_marketplace_manifests_validate_strictly(claude_bin: str) -> None:
    for path in (PLUGIN, ROOT):
        out = subprocess.run(
            [claude_bin, "plugin", "validate", "--strict", str(path)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert out.returncode == 0, out.stdout + out.stderr
        assert "Validation passed" in out.stdout


def test_the_plugin_carries_the_package_version() -> None:
    plugin = json.loads((PLUGIN / ".claude-plugin" / "plugin.json").read_text())
    market = json.loads((ROOT / ".claude-plugin" / "marketplace.json").read_text())
    assert plugin["version"] == ondas.__version__
    assert [p["version"] for p in market["plugins"]] == [ondas.__version__]
    assert {p.stem for p in (PLUGIN / "commands").glob("*.md")} == COMMANDS


def test_the_installed_plugin_lists_its_commands_and_registers_the_mcp_server(
    claude_bin: str, home: Path, tmp_path: Path
) -> None:
    (listed,) = json.loads(_claude(claude_bin, home, "plugin", "list", "--json"))
    assert listed["id"] == "ondas@ondas" and listed["enabled"] is True
    assert listed["version"] == ondas.__version__
    assert listed["mcpServers"]["ondas"]["args"][:2] == ["mcp", "serve"]
    details = _claude(claude_bin, home, "plugin", "details", "ondas@ondas")
    assert "Skills (4)  answer, resume, run, status" in details
    assert "MCP servers (1)  ondas" in details
    project = tmp_path / "project"
    project.mkdir()
    health = _claude(claude_bin, home, "mcp", "list", cwd=project)
    assert "plugin:ondas:ondas: ondas mcp serve --interactive - ✔ Connected" in health


def test_a_slash_command_reaches_the_model_with_the_persons_answer(
    claude_bin: str, home: Path, fake_anthropic: FakeAnthropicServer, tmp_path: Path
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    env = {"PATH": f"{home / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    out = run_claude(
        "/ondas:answer a JSON file next to the program",
        server=fake_anthropic,
        cwd=project,
        home=home,
        env=env,
        max_turns=2,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    sent = " ".join(r.last_user_text() for r in fake_anthropic.message_requests)
    assert "Answer: a JSON file next to the program" in sent
    assert "never answer for them" in sent
