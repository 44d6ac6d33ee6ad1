"""Wall time of ``ondas demo`` (the whole pipeline, offline, scripted backend) and its parts.

Runs the demo as a real process a few times in fresh temporary directories and prints the
median total time, the target (under 60 s), the ratio to it, and from the last run's state:
the number of waves, the seconds spent inside waves and the per-wave overhead (integrity
check, state export, report and git commit) outside them.

Usage: python3 bench/demo_speed.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
TARGET_SECONDS = 60.0


def run_demo(directory: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
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
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    times: list[float] = []
    last: Path | None = None
    with tempfile.TemporaryDirectory(prefix="ondas-bench-demo-") as tmp:
        for i in range(args.repeat):
            last = Path(tmp) / f"demo{i}"
            times.append(run_demo(last))
        assert last is not None
        conn = sqlite3.connect(last / ".ondas" / "state.db")
        waves, inside = conn.execute(
            "SELECT COUNT(*), SUM(wallclock_seconds) FROM waves"
        ).fetchone()
        conn.close()
    median = statistics.median(times)
    print(
        f"ondas demo: median {median:.2f} s over {len(times)} run(s) "
        f"(min {min(times):.2f}, max {max(times):.2f})"
    )
    print(f"target: < {TARGET_SECONDS:.0f} s; ratio to target {median / TARGET_SECONDS:.2f}")
    print(
        f"waves: {waves}; seconds inside waves (last run): {inside:.2f}; "
        f"outside waves per wave: {(times[-1] - inside) / waves:.2f} s"
    )


if __name__ == "__main__":
    main()
