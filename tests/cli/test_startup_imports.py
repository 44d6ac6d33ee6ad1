"""The short-lived processes import no heavy module: ``status``, ``state get`` and the hooks.

Each ``ondas`` call is a fresh process (Claude Code starts one hook process per tool call),
so its imports are paid on every call. ``dataclasses`` (which pulls ``inspect``, ``ast``,
``dis``, ``tokenize``) and ``typing`` cost about as much CPU as a bare interpreter's start-up:
these processes do without them, and ``ondas status`` loads no fleet, MCP server or wave-loop
code. Checked with ``python -X importtime`` on the real command line (no timing asserted).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("dataclasses", "inspect", "typing", "ast", "dis", "tokenize")
# Standard modules a plain status or state get does without (a third of a bare interpreter's
# start-up together): pathlib (it loads urllib.parse and ipaddress), argparse (and the gettext
# and locale a parser loads), threading.
NOT_FOR_READS = ("pathlib", "argparse", "locale", "threading")
NOT_FOR_STATUS = (
    "ondas.cli.fleet_cmd",
    "ondas.fleet",
    "ondas.mcp.server",
    "ondas.app.run",
    "ondas.orchestrator.loop",
    "ondas.cli.state_cmd",
    "ondas.cli.run_cmd",
)


def ondas(
    args: list[str], env: dict[str, str], stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "ondas", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def _names(stderr: str) -> set[str]:
    """Module names from ``-X importtime`` lines (``import time: self | cumulative | name``)."""
    return {
        line.rsplit("|", 1)[1].strip()
        for line in stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def _at_start() -> set[str]:
    """What this interpreter imports before any code runs (``site`` and its ``.pth`` files:
    a machine's own ``.pth`` may pull ``typing`` in for every process, ondas or not)."""
    bare = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "pass"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return _names(bare.stderr)


def imported(stderr: str) -> set[str]:
    """The modules the ``ondas`` process imported beyond a bare interpreter's start-up."""
    return _names(stderr) - _at_start()


@pytest.fixture
def env() -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if not k.startswith(("ONDAS_", "CLAUDE_"))}
    out.pop("PYTHONDONTWRITEBYTECODE", None)
    return out


@pytest.fixture
def project(tmp_path: Path, env: dict[str, str]) -> Path:
    """A project with an execution and an open wave."""
    target = tmp_path / "proj"
    target.mkdir()
    state = ["--state-dir", str(target / ".ondas")]
    for args in (
        ["state", "init", "--project", str(target), "--description", "imports"],
        ["wave", "start", *state],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "ondas", *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
    return target


def test_status_imports_no_heavy_module_and_no_other_command(
    project: Path, env: dict[str, str]
) -> None:
    done = ondas(["status", str(project)], env)
    assert done.returncode == 0, done.stderr
    assert "exec-001" in done.stdout
    modules = imported(done.stderr)
    assert not modules & set(HEAVY), sorted(modules & set(HEAVY))
    assert not {m for m in modules if m.startswith(NOT_FOR_STATUS)}
    assert not modules & set(NOT_FOR_READS), sorted(modules & set(NOT_FOR_READS))


def test_state_get_imports_no_heavy_module(project: Path, env: dict[str, str]) -> None:
    state = str(project / ".ondas")
    done = ondas(["state", "get", "--state-dir", state, "--field", "status"], env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "in_progress"
    modules = imported(done.stderr)
    assert not modules & set(HEAVY), sorted(modules & set(HEAVY))
    assert not modules & set(NOT_FOR_READS), sorted(modules & set(NOT_FOR_READS))
    assert "ondas.cli.run_cmd" not in modules
    # Reading a store up to date loads no invariant check (validate does).
    assert not {"ondas.state.verify", "ondas.audit.invariants", "ondas.limits.invariants"} & modules


@pytest.mark.parametrize(
    ("tool", "tool_input"),
    [("Bash", {"command": "git status && pytest -q"}), ("Write", {"file_path": "a.txt"})],
)
def test_pre_tool_use_imports_no_heavy_module(
    project: Path, env: dict[str, str], tool: str, tool_input: dict[str, str]
) -> None:
    call = {
        "cwd": str(project),
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
    }
    done = ondas(["hook", "pre-tool-use"], env, json.dumps(call))
    assert done.returncode == 0, done.stderr
    modules = imported(done.stderr)
    assert not modules & set(HEAVY), sorted(modules & set(HEAVY))


def test_post_tool_use_with_a_large_output_imports_no_heavy_module(
    project: Path, env: dict[str, str]
) -> None:
    output = "".join(f"line {i:05d}: collected tests/test_{i % 97}.py ok\n" for i in range(1500))
    call = {
        "cwd": str(project),
        "hook_event_name": "PostToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "pytest -q"},
        "tool_response": {"stdout": output[:65536], "stderr": ""},
    }
    done = ondas(["hook", "post-tool-use"], env, json.dumps(call))
    assert done.returncode == 0, done.stderr
    modules = imported(done.stderr)
    assert "ondas.audit.observe_lean" in modules  # the output was recorded, not skipped
    assert not modules & set(HEAVY), sorted(modules & set(HEAVY))
