"""Cost of one audited state write as the log grows, and latency of reading the state.

Prints the median cost of one write (one transaction: an execution update plus its chained
event) at 100, 1,000 and 10,000 existing events, and the ratio last/first (target < 1.5:
flat). Figures are given with the durable setting ondas uses (synchronous=FULL, one fsync
per commit) and with fsync off, which isolates the store's own work from the disk. Then the
latency of ``state get`` in-process and as a fresh ``ondas`` process.

Run: ``python3 bench/state_writes.py`` (no arguments; uses a temporary directory).
"""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

from _compat import store_schema  # noqa: E402
from _figures import record  # noqa: E402

from ondas.cli.main import run  # noqa: E402
from ondas.state.execution import create_execution, get_execution  # noqa: E402
from ondas.state.store import Store  # noqa: E402
from ondas.state.verify import verify  # noqa: E402

LEVELS = (100, 1_000, 10_000)
SAMPLES = 40


def write(store: Store, n: int) -> None:
    """One typical audited write: two fields of the execution and a metric, one event."""
    with store.transaction("bench_write", execution_id="exec-001") as tx:
        tx.update(
            "executions",
            {"id": "exec-001"},
            {"next_instruction": f"step {n}", "current_stage": "execute-task"},
        )
        tx.add_metrics("exec-001", {"tool_calls": 1})


def event_count(store: Store) -> int:
    row = store.one("SELECT COUNT(*) FROM events")
    return int(row[0]) if row else 0


def fill_to(store: Store, target: int) -> None:
    store.conn.execute("PRAGMA synchronous = OFF")
    n = event_count(store)
    while n < target:
        write(store, n)
        n += 1
    store.conn.execute("PRAGMA synchronous = FULL")


def median_write_ms(store: Store, synchronous: str) -> float:
    store.conn.execute(f"PRAGMA synchronous = {synchronous}")
    times = []
    for i in range(SAMPLES):
        start = time.perf_counter()
        write(store, i)
        times.append(time.perf_counter() - start)
    store.conn.execute("PRAGMA synchronous = FULL")
    return statistics.median(times) * 1000


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="ondas-bench-") as tmp:
        project = Path(tmp) / "project"
        project.mkdir()
        state_dir = project / ".ondas"
        store = Store.open(state_dir, create=True, **store_schema())
        create_execution(store, project_path=project, description="bench")
        full: list[float] = []
        nosync: list[float] = []
        print(f"cost of one audited write (median of {SAMPLES})")
        print(f"{'events':>8} {'fsync (ms)':>12} {'no fsync (ms)':>14}")
        for level in LEVELS:
            fill_to(store, level)
            full.append(median_write_ms(store, "FULL"))
            nosync.append(median_write_ms(store, "OFF"))
            print(f"{level:>8,} {full[-1]:>12.3f} {nosync[-1]:>14.3f}")
            record(f"write fsync @{level}", full[-1], "ms")
            record(f"write no-fsync @{level}", nosync[-1], "ms")
        print(
            f"ratio {LEVELS[-1]:,}/{LEVELS[0]:,}: fsync {full[-1] / full[0]:.2f}, "
            f"no fsync {nosync[-1] / nosync[0]:.2f} (target < 1.5)"
        )
        start = time.perf_counter()
        report = verify(store)
        took = (time.perf_counter() - start) * 1000
        record(f"verify of {report.events_checked} events", took, "ms")
        print(
            f"verify of {report.events_checked:,} events: "
            f"{took:.0f} ms, ok={report.ok}; "
            f"store size {store.size_bytes() / 1e6:.1f} MB"
        )
        store.close()

        times = []
        for _ in range(50):
            start = time.perf_counter()
            with Store.open(state_dir, **store_schema()) as s:
                get_execution(s)
            times.append(time.perf_counter() - start)
        record("state get library in-process", statistics.median(times) * 1000, "ms")
        print(
            f"state get, library in-process (open+read+close): "
            f"{statistics.median(times) * 1000:.2f} ms median"
        )
        times = []
        for _ in range(20):
            start = time.perf_counter()
            with redirect_stdout(io.StringIO()):
                run(["state", "get", "--field", "status", "--state-dir", str(state_dir)])
            times.append(time.perf_counter() - start)
        record("state get CLI in-process", statistics.median(times) * 1000, "ms")
        print(f"state get, CLI in-process: {statistics.median(times) * 1000:.2f} ms median")
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        cmd = [sys.executable, "-m", "ondas", "state", "get", "--field", "status"]
        times = []
        for _ in range(7):
            start = time.perf_counter()
            subprocess.run(
                [*cmd, "--state-dir", str(state_dir)], env=env, check=True, capture_output=True
            )
            times.append(time.perf_counter() - start)
        record("state get new CLI process", statistics.median(times) * 1000, "ms")
        print(f"state get, new CLI process: {statistics.median(times) * 1000:.0f} ms median")
        times = []
        for _ in range(7):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            times.append(time.perf_counter() - start)
        record("bare python3 start", statistics.median(times) * 1000, "ms")
        print(f"  (bare python3 start on this machine: {statistics.median(times) * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
