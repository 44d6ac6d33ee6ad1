"""Run the real ``claude`` CLI headless (``claude -p``) against a scripted model server."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ondas.testing.fake_anthropic import FakeAnthropicServer


def find_claude() -> str | None:
    """Path of the ``claude`` executable on PATH, or ``None``."""
    return shutil.which("claude")


@dataclass
class ClaudeRun:
    """The outcome of one headless ``claude -p`` run."""

    returncode: int
    stdout: str
    stderr: str

    @property
    def result(self) -> dict[str, Any]:
        """The final JSON result (``--output-format json``); empty when stdout is not JSON."""
        try:
            value = json.loads(self.stdout)
        except ValueError:
            return {}
        return value if isinstance(value, dict) else {}

    @property
    def permission_denials(self) -> list[dict[str, Any]]:
        """The tool calls Claude Code's own permission system refused."""
        return list(self.result.get("permission_denials") or [])


def run_claude(
    prompt: str,
    *,
    server: FakeAnthropicServer,
    cwd: Path,
    permission_mode: str = "bypassPermissions",
    allowed_tools: Sequence[str] = (),
    max_turns: int = 10,
    extra_args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    home: Path | None = None,
    timeout: float = 180,
) -> ClaudeRun:
    """Run ``claude -p PROMPT --output-format json`` in ``cwd`` against ``server``.

    The run is offline (``server.env()``): a temporary ``HOME``/``CLAUDE_CONFIG_DIR`` (or
    ``home``), a dummy API key, non-essential traffic off, and ``IS_SANDBOX=1`` so that
    ``bypassPermissions`` is accepted when running as root.
    """
    claude = find_claude()
    if claude is None:
        raise FileNotFoundError(
            "the claude CLI is not on PATH (npm install -g @anthropic-ai/claude-code)"
        )
    args = [
        claude,
        "-p",
        prompt,
        "--output-format",
        "json",
        "--permission-mode",
        permission_mode,
        "--max-turns",
        str(max_turns),
    ]
    if allowed_tools:
        args += ["--allowedTools", ",".join(allowed_tools)]
    args += list(extra_args)
    full_env = {**os.environ, **server.env(home), **(env or {})}
    proc = subprocess.run(
        args,
        cwd=cwd,
        env=full_env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return ClaudeRun(proc.returncode, proc.stdout, proc.stderr)
