"""The installed PreToolUse process ends without the interpreter's finalisation: what it wrote
still arrives, and its exit code is the verdict's even when a stream cannot be flushed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.hooks.conftest import run_installed_hook

HOOK_LAUNCH = Path(__file__).resolve().parents[2] / "src" / "ondas" / "hooks" / "launch.py"
"""What the installed hook's ``__main__.py`` hands over to (its ``exit_now``)."""


def test_a_refused_call_exits_2_with_its_whole_reason_on_stderr(project: Path) -> None:
    run, _ = run_installed_hook(
        "pre-tool-use",
        {"cwd": str(project), "tool_name": "Bash", "tool_input": {"command": "rm -rf ~"}},
    )
    reason = "".join(
        line for line in run.stderr.splitlines(keepends=True) if not line.startswith("import time:")
    )
    assert run.returncode == 2
    assert reason.startswith("ondas guard refused this Bash call: [rm-home] ")
    assert reason.endswith("rm -rf ~\n")


def test_an_allowed_call_exits_0_with_nothing_on_stdout(project: Path) -> None:
    run, _ = run_installed_hook(
        "pre-tool-use",
        {"cwd": str(project), "tool_name": "Bash", "tool_input": {"command": "ls -la"}},
    )
    assert (run.returncode, run.stdout) == (0, "")


def test_a_stream_that_cannot_be_flushed_does_not_change_the_exit_code() -> None:
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('hook_main', {str(HOOK_LAUNCH)!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(module)\n"
        "class Broken:\n"
        "    def flush(self):\n"
        "        raise BrokenPipeError(32, 'Broken pipe')\n"
        "sys.stdout = Broken()\n"
        "module.exit_now(2)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 2, run.stderr


def test_a_refusal_whose_reason_cannot_be_written_still_blocks_the_call(project: Path) -> None:
    """With stderr closed the reason cannot be written; the exception that escapes would end
    Python with 1, which Claude Code reads as "allow": the process exits 2 instead."""
    import json
    import os
    import shlex

    from ondas.hooks.install import default_launcher

    payload = {"cwd": str(project), "tool_name": "Bash", "tool_input": {"command": "rm -rf ~"}}
    run = subprocess.run(
        [*shlex.split(default_launcher()), "hook", "pre-tool-use"],
        input=json.dumps(payload),
        stdout=subprocess.PIPE,
        text=True,
        timeout=60,
        preexec_fn=lambda: os.close(2),  # the child's stderr closed, nothing else
    )
    assert run.returncode == 2
