"""Print how long the bash guard and the secrets filter take per call (figures, no asserts)."""

from __future__ import annotations

import json
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from _figures import record  # noqa: E402
from tests.guards.conftest import HOME, PROJECT, WHITELIST, corpus  # noqa: E402
from tests.guards.containment_corpus import load  # noqa: E402

from ondas.guards.bash import check_command  # noqa: E402
from ondas.guards.secrets import scrub  # noqa: E402
from ondas.hooks.install import default_launcher  # noqa: E402


def per_call_ms(commands: list[str]) -> list[float]:
    times = []
    for command in commands:
        start = time.perf_counter()
        check_command(command, project=PROJECT, home=HOME, whitelist=WHITELIST, in_venv=True)
        times.append((time.perf_counter() - start) * 1000)
    return times


def import_ms(module: str) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    runs = []
    for _ in range(5):
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env={"PYTHONPATH": str(ROOT / "src")},
            check=True,
        )
        runs.append(float(out.stdout) * 1000)
    return statistics.median(runs)


def process_ms(code: str) -> float:
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", code], env={"PYTHONPATH": str(ROOT / "src")}, check=True
        )
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs)


def hook_ms(command: str) -> float:
    """The whole PreToolUse hook as ``ondas hooks install`` writes it (ondas/hooks/__main__.py)."""
    payload = json.dumps(
        {"tool_name": "Bash", "cwd": str(ROOT), "tool_input": {"command": command}}
    )
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run(
            [*shlex.split(default_launcher()), "hook", "pre-tool-use"],
            input=payload,
            capture_output=True,
            text=True,
            env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        )
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs)


def main() -> None:
    contained = [c for name in ("dangerous", "benign") for cs in load(name).values() for c in cs]
    commands = corpus("dangerous.txt") + corpus("benign.txt") + contained
    per_call_ms(commands[:20])
    times = per_call_ms(commands)
    print(
        f"bash guard: {len(commands)} commands, median {statistics.median(times):.3f} ms, "
        f"max {max(times):.3f} ms per check"
    )
    record("bash guard check median", statistics.median(times), "ms")
    record("bash guard check max", max(times), "ms")
    text = ("pytest output line 1234 PASSED tests/test_x.py::test_y\n" * 2000)[:100_000]
    start = time.perf_counter()
    scrub(text)
    first = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    scrub(text)
    again = (time.perf_counter() - start) * 1000
    record("secrets scrub first", first, "ms")
    record("secrets scrub again", again, "ms")
    print(
        f"secrets scrub: {len(text)} characters in {first:.1f} ms on first use "
        f"(vendored patterns, no detect-secrets import), {again:.1f} ms after"
    )
    bare = process_ms("pass")
    guarded = process_ms("from ondas.guards.bash import check_command; check_command('git push')")
    record("process bare python", bare, "ms")
    record("process one bash check", guarded, "ms")
    print(
        f"process: bare python {bare:.1f} ms, python + one bash check {guarded:.1f} ms, "
        f"ratio {guarded / bare:.2f}"
    )
    for command in ("git status", "rm -rf 2>/dev/null ~"):
        hook = hook_ms(command)
        record(f"hook pre-tool-use {command}", hook, "ms")
        print(
            f"hook pre-tool-use {command!r}: median {hook:.1f} ms, {hook / bare:.2f}x bare python"
        )
    for module in ("ondas.guards.bash", "ondas.guards.secrets"):
        took = import_ms(module)
        record(f"import {module}", took, "ms")
        print(f"import {module}: median {took:.1f} ms")


if __name__ == "__main__":
    main()
