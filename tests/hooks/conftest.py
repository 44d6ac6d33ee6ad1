"""Helpers for the hook tests: run a hook as a real process with a JSON payload."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ondas.audit.waves import start_wave
from ondas.runtime.schema import default_schema
from ondas.state.dialect import DB_NAME
from ondas.state.execution import create_execution
from ondas.state.store import Store

HookRunner = Callable[..., subprocess.CompletedProcess[str]]


def run_hook(
    name: str, payload: Any, *, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m ondas hook NAME`` with ``payload`` (JSON-encoded unless a str) on stdin."""
    data = payload if isinstance(payload, str) else json.dumps(payload)
    clean = {k: v for k, v in os.environ.items() if k != "CLAUDE_PROJECT_DIR"}
    return subprocess.run(
        [sys.executable, "-m", "ondas", "hook", name],
        input=data,
        capture_output=True,
        text=True,
        env={**clean, **(env or {})},
        timeout=60,
    )


def run_installed_hook(
    name: str, payload: Any
) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run hook ``name`` as ``hooks install`` writes it, under ``python -X importtime``.

    Returns the process and the names of the modules it imported.
    """
    import shlex

    from ondas.hooks.install import default_launcher

    argv = shlex.split(default_launcher())
    run = subprocess.run(
        [argv[0], "-X", "importtime", *argv[1:], "hook", name],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=60,
    )
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in run.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    return run, modules


@pytest.fixture
def hook() -> HookRunner:
    """The :func:`run_hook` helper."""
    return run_hook


def tool_call(project: Path, tool: str, tool_input: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A PreToolUse-style payload for ``tool`` in ``project``."""
    return {
        "session_id": "s-1",
        "transcript_path": str(project / "transcript.jsonl"),
        "cwd": str(project),
        "permission_mode": "bypassPermissions",
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
        "tool_use_id": "toolu_1",
        **extra,
    }


def twin_stores(tmp_path: Path, *, wave: bool) -> tuple[Path, Path]:
    """Two identical ``.ondas`` directories holding one active execution (and an open wave)."""
    project = tmp_path / "project"
    project.mkdir(parents=True)
    (project / ".env").write_text("DB_PASSWORD=hunter2-from-env\n")
    first = project / ".ondas"
    with Store.open(first, create=True, schema=default_schema()) as store:
        create_execution(store, project_path=project, description="lean twin")
        if wave:
            start_wave(store)
    second = tmp_path / "twin" / ".ondas"
    second.mkdir(parents=True)
    shutil.copy(first / DB_NAME, second / DB_NAME)
    return first, second
