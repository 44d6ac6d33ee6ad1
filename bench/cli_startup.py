"""Start-up cost of one ``ondas`` process next to a bare interpreter of the same venv.

Every ``ondas`` call is a fresh process, so its import time is paid on every call. This
prints the median wall time of, interleaved so they share the machine's load:

- ``python -c pass`` (the same interpreter as the ``ondas`` console script),
- ``ondas status PROJECT`` on a project with an execution,
- ``ondas state get --state-dir DIR --field status``,
- ``ondas --help``,

and each ratio to the bare interpreter (target: at most 3 for ``status`` and ``state get``),
for the wall time and for the CPU time (user + system of the child, which other processes
loading the machine disturb less).
A row for the standard-library modules a conventional store command imports (no ondas code)
shows the floor those ratios stand on, and a row for the ones ``status`` and ``state get``
still import (a plain command line is read without argparse) the floor under ondas' own code.

The source is byte-compiled first (``compileall``, as ``scripts/test.sh`` and the quick start
do at install): with ``PYTHONDONTWRITEBYTECODE=1`` set and no ``.pyc`` files, every process
would compile ondas from source again. The environment is otherwise left as it is.

Run: ``python bench/cli_startup.py`` with the venv's python (``ONDAS_BENCH_RUNS``, default 21).
"""

from __future__ import annotations

import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _figures import record

RUNS = int(os.environ.get("ONDAS_BENCH_RUNS", "21"))
# What a command reading the store imports from the standard library alone (argument
# parsing, JSON, SQLite, regular expressions): the floor of a conventional CLI.
FLOOR = "import argparse, json, sqlite3, re"
# What ``status`` and ``state get`` import from it: no argparse (a plain command line is read
# without it), pathlib, threading, typing or dataclasses (tests/cli/test_startup_imports.py),
# but contextlib (the store's transactions).
READ_FLOOR = "import json, sqlite3, re, contextlib"
SRC = Path(__file__).resolve().parents[1] / "src"


def children_cpu() -> float:
    """User + system CPU seconds of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of ``argv``; a failing command aborts the bench.

    CPU time (the child's user + system time) is less sensitive than wall time to other
    processes loading the machine.
    """
    cpu = children_cpu()
    start = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{argv} failed ({proc.returncode}): {proc.stderr.strip()}")
    return elapsed, children_cpu() - cpu


def medians(cases: list[tuple[str, list[str]]], env: dict[str, str]) -> list[tuple[float, float]]:
    """Median (wall, CPU) of each case; one warm-up run each, then the runs interleaved."""
    for _, argv in cases:
        run_once(argv, env)
    times: list[list[tuple[float, float]]] = [[] for _ in cases]
    for _ in range(RUNS):
        for i, (_, argv) in enumerate(cases):
            times[i].append(run_once(argv, env))
    return [(statistics.median(w for w, _ in t), statistics.median(c for _, c in t)) for t in times]


def ondas_argv() -> list[str]:
    """The console script next to this interpreter, else ``python -m ondas``."""
    script = Path(sys.executable).with_name("ondas")
    if script.exists():
        return [str(script)]
    found = shutil.which("ondas")
    return [found] if found else [sys.executable, "-m", "ondas"]


def main() -> None:
    compileall.compile_dir(str(SRC), quiet=1)
    project = Path(tempfile.mkdtemp(prefix="ondas-bench-"))
    env = {**os.environ}
    env.pop("ONDAS_STATE_DIR", None)
    ondas = ondas_argv()
    run_once([*ondas, "state", "init", "--project", str(project), "--description", "bench"], env)
    state_dir = str(project / ".ondas")
    cases = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("stdlib floor of a store command", [sys.executable, "-c", FLOOR]),
        ("stdlib that status/state get load", [sys.executable, "-c", READ_FLOOR]),
        ("ondas status", [*ondas, "status", str(project)]),
        (
            "ondas state get --field status",
            [*ondas, "state", "get", "--state-dir", state_dir, "--field", "status"],
        ),
        ("ondas --help", [*ondas, "--help"]),
    ]
    rows = list(zip([c[0] for c in cases], medians(cases, env), strict=True))
    shutil.rmtree(project, ignore_errors=True)
    base_wall, base_cpu = rows[0][1]
    print(f"CLI start-up, median of {RUNS} interleaved runs ({' '.join(ondas)})")
    print("  target: ratio at most 3 for status and state get")
    print(f"  {'':<34} {'wall':>8}      {'ratio':>5}   {'CPU':>8}      {'ratio':>5}")
    for label, (wall, cpu) in rows:
        record(f"{label} wall", wall * 1000, "ms")
        record(f"{label} CPU", cpu * 1000, "ms")
        record(f"{label} CPU / bare python", cpu / base_cpu, "ratio")
        print(
            f"  {label:<34} {wall * 1000:8.1f} ms   {wall / base_wall:5.2f}"
            f"   {cpu * 1000:8.1f} ms   {cpu / base_cpu:5.2f}"
        )


if __name__ == "__main__":
    main()
