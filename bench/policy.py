"""Cost of ``limits check`` (every abort trigger) and ``limits budget check`` at 10 and at
500 waves of history (target: flat, ratio close to 1).

Each wave of the history does what a real wave does to the limits state: a cycle tick, a
circular-movement entry, a drift touch on every other wave, a reported cost. Prints the
median latency in-process and as a CLI process, and the 500/10 ratio.

Usage: python3 bench/policy.py [--repeat N] [--cli-repeat N] [--large 500]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

from ondas.audit import waves  # noqa: E402
from ondas.config import Budget  # noqa: E402
from ondas.limits import budget, circular, cycles, drift  # noqa: E402
from ondas.limits.check import check_all  # noqa: E402
from ondas.runtime.schema import default_schema  # noqa: E402
from ondas.state.execution import create_execution  # noqa: E402
from ondas.state.store import Store  # noqa: E402

ASPECTS = ["receipts attached", "approval trail", "monthly export"]


def grow(store: Store, start: int, end: int) -> None:
    """Run waves ``start+1 .. end`` with their limits traffic."""
    for n in range(start + 1, end + 1):
        waves.start_wave(store)
        waves.tick(store, 7)
        cycles.tick(store, progress=n % 3 == 0)
        circular.push(store, f"problem {n % 50}", f"fix {n}")
        if n % 2 == 0:
            drift.touch(store, ASPECTS[n % len(ASPECTS)])
        budget.record_cost(store, 0.01)
        waves.end_wave(store, "threshold_proxy_reached")


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


def cli_ms(state_dir: Path, repeat: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    cmd = [sys.executable, "-m", "ondas", "limits", "check", "--state-dir", str(state_dir)]
    return median_ms(lambda: subprocess.run(cmd, env=env, capture_output=True), repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--cli-repeat", type=int, default=5)
    parser.add_argument("--large", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        project.mkdir()
        state_dir = project / ".ondas"
        with Store.open(state_dir, create=True, schema=default_schema()) as store:
            (state_dir / "config.toml").write_text("[audit]\nmilestone_every = 100000\n")
            create_execution(store, project_path=project, description="bench")
            drift.init(store, ASPECTS)
            rows = []
            for size, previous in ((10, 0), (args.large, 10)):
                grow(store, previous, size)
                check = median_ms(lambda: check_all(store), args.repeat)
                spend = median_ms(lambda: budget.check(store, Budget()), args.repeat)
                cli = cli_ms(state_dir, args.cli_repeat)
                rows.append((size, check, spend, cli))
    print(f"{'waves':>6} {'limits check':>14} {'budget check':>14} {'CLI limits check':>18}")
    for size, check, spend, cli in rows:
        print(f"{size:>6} {check:>11.3f} ms {spend:>11.3f} ms {cli:>15.1f} ms")
    (_, c1, b1, k1), (_, c2, b2, k2) = rows
    print(
        f"ratio {args.large}/10: limits check {c2 / c1:.2f}, budget check {b2 / b1:.2f}, "
        f"CLI {k2 / k1:.2f} (target: flat, about 1)"
    )


if __name__ == "__main__":
    main()
