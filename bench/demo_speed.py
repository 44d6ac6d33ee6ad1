"""Wall time of ``ondas demo`` (the whole pipeline, offline, scripted backend) and its parts.

Runs the demo as a real process a few times in fresh temporary directories and prints the
median total time, the target (under 60 s), the ratio to it, the median CPU (user + system) of
the demo process and every process it waited for (git, sandboxed test runs), and from the last
run's state:
the number of waves, the seconds spent inside waves and the per-wave overhead (integrity
check, state export, report and git commit) outside them; and what the OS sandbox adds to each
run of the demo project's own test suite (sandboxed / unsandboxed, interleaved).

Usage: python3 bench/demo_speed.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _compat import run_tests as find_run_tests
from _figures import record

SRC = Path(__file__).resolve().parents[1] / "src"
TARGET_SECONDS = 60.0


def children_cpu() -> float:
    """User + system seconds of every child process waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_demo(directory: Path) -> tuple[float, float]:
    """Wall seconds of one demo, and the CPU seconds of its process and all it waited for."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    cpu = children_cpu()
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "ondas", "demo", "--dir", str(directory)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"demo failed ({proc.returncode}): {proc.stderr[-800:]}")
    return elapsed, children_cpu() - cpu


def sandbox_cost(project: Path, repeat: int = 7) -> tuple[float, float] | None:
    """Median seconds of the demo project's test suite run sandboxed and unsandboxed (as a
    wave's test run does), interleaved; ``None`` where no sandbox can start."""
    sys.path.insert(0, str(SRC))
    from ondas.runtime import sandboxed

    run_tests = find_run_tests()

    if sandboxed.unavailable_reason() is not None:
        return None
    command = f"{sys.executable} -m unittest discover -s tests -t ."
    inside: list[float] = []
    outside: list[float] = []
    for _ in range(repeat):
        for sandbox, into in ((True, inside), (False, outside)):
            start = time.perf_counter()
            run_tests(project, command, sandbox=sandbox)
            into.append(time.perf_counter() - start)
    return statistics.median(inside), statistics.median(outside)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    times: list[float] = []
    cpus: list[float] = []
    last: Path | None = None
    with tempfile.TemporaryDirectory(prefix="ondas-bench-demo-") as tmp:
        for i in range(args.repeat):
            last = Path(tmp) / f"demo{i}"
            wall, cpu = run_demo(last)
            times.append(wall)
            cpus.append(cpu)
        assert last is not None
        conn = sqlite3.connect(last / ".ondas" / "state.db")
        waves, inside = conn.execute(
            "SELECT COUNT(*), SUM(wallclock_seconds) FROM waves"
        ).fetchone()
        conn.close()
        cost = sandbox_cost(last)
    median = statistics.median(times)
    record("demo wall", median, "s")
    record("demo CPU", statistics.median(cpus), "s")
    record("seconds inside waves", inside, "s")
    record("outside waves per wave", (times[-1] - inside) / waves, "s")
    record("waves", waves, "count")
    print(
        f"ondas demo: median {median:.2f} s over {len(times)} run(s) "
        f"(min {min(times):.2f}, max {max(times):.2f})"
    )
    print(f"target: < {TARGET_SECONDS:.0f} s; ratio to target {median / TARGET_SECONDS:.2f}")
    print(
        f"CPU (user + system) of the demo process and every process it waited for: median "
        f"{statistics.median(cpus):.2f} s"
    )
    print(
        f"waves: {waves}; seconds inside waves (last run): {inside:.2f}; "
        f"outside waves per wave: {(times[-1] - inside) / waves:.2f} s"
    )
    if cost is None:
        print("sandboxed test runs: no sandbox can start here")
    else:
        sand, bare = cost
        record("test suite sandboxed", sand * 1000, "ms")
        record("test suite unsandboxed", bare * 1000, "ms")
        print(
            f"the demo project's test suite: sandboxed {sand * 1000:.0f} ms, unsandboxed "
            f"{bare * 1000:.0f} ms, ratio {sand / bare:.2f} (added to each wave's test run)"
        )


if __name__ == "__main__":
    main()
