"""Fixtures for ``ondas mode``: a temporary CLAUDE_CONFIG_DIR with a realistic settings.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

REALISTIC_SETTINGS: dict[str, Any] = {
    "$schema": "https://json.schemastore.org/claude-code-settings.json",
    "model": "claude-sonnet-4-5",
    "env": {"FOO": "bar", "DISABLE_TELEMETRY": "1", "NUMBERS": "1e5"},
    "permissions": {
        "allow": ["Bash(npm test:*)", "WebFetch(domain:example.com)"],
        "ask": ["Bash(docker *)"],
        "deny": ["Read(./secrets/**)"],
        "defaultMode": "acceptEdits",
        "additionalDirectories": ["../shared-lib", "~/notes"],
        "disableBypassPermissionsMode": None,
    },
    "hooks": {
        "PreToolUse": [
            {
                "matcher": "Bash|PowerShell",
                "hooks": [{"type": "command", "command": "ondas hook bash-guard", "timeout": 5}],
            }
        ],
        "SessionStart": [
            {"matcher": "startup", "hooks": [{"type": "command", "command": "echo welcome"}]}
        ],
    },
    "enabledPlugins": {"formatter@acme": True, "linter@acme": False},
    "statusLine": {"type": "command", "command": "~/.claude/statusline.sh", "padding": 0},
    "cleanupPeriodDays": 30,
    "includeCoAuthoredBy": False,
    "apiKeyHelper": "/usr/local/bin/key-helper",
    "unicode": "ação — 日本語 ✓",
    "nested": {"deep": [1, 2.5, {"x": None, "y": [True, False]}], "big": 12345678901234567890},
}


def write_settings(path: Path, value: dict[str, Any]) -> bytes:
    """Write ``value`` as a hand-formatted settings file and return its bytes."""
    raw = json.dumps(value, indent=4, ensure_ascii=False).encode("utf-8")
    path.write_bytes(raw)
    return raw


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary CLAUDE_CONFIG_DIR holding the realistic settings.json."""
    base = tmp_path / "claude-config"
    base.mkdir()
    write_settings(base / "settings.json", REALISTIC_SETTINGS)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(base))
    return base


@pytest.fixture
def settings_path(config: Path) -> Path:
    """The realistic settings.json inside ``config``."""
    return config / "settings.json"
