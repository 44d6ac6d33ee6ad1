"""Per-wave bookkeeping as the audit log grows: is a wave's own cost flat in run length?

The orchestrator does the same bookkeeping around every wave, whatever the agent did: the
integrity check at the wave's start, then at its end the export of ``state.json``, the
report and the git commit of the wave's files. This builds a project whose store holds 1k,
10k and 50k events (mostly observed tool outputs of a few hundred bytes, as a long run has),
then prints the median of that bookkeeping per wave at each size, split into its parts, and
the ratio 50k / 1k (target: at most 1.5).

The events are generated with ``synchronous=OFF`` so that building the store is quick; the
measured waves use the store as ondas opens it. Run: ``python bench/wave_overhead.py``
(``ONDAS_BENCH_WAVES``, default 5 measured waves per size).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

from _compat import store_schema  # noqa: E402
from _figures import record  # noqa: E402

from ondas.audit import waves as waves_mod  # noqa: E402
from ondas.orchestrator.loop import (  # noqa: E402
    IntegrityCheck,
    check_integrity,
    finish_wave,
    prepare_project,
)
from ondas.state.execution import create_execution  # noqa: E402
from ondas.state.store import Store, utcnow  # noqa: E402

LEVELS = (1_000, 10_000, 50_000)
WAVES = int(os.environ.get("ONDAS_BENCH_WAVES", "5"))
OUTPUT = "collected 12 items\n" + "tests/test_notes.py ........ [100%]\n" * 6


def grow(store: Store, execution_id: str, target: int) -> None:
    """Append events until the log holds ``target``: waves of ticks and observed outputs."""
    store.conn.execute("PRAGMA synchronous=OFF")
    n = store.one("SELECT COUNT(*) AS n FROM events")["n"]
    while n < target:
        wave = waves_mod.start_wave(store)
        for i in range(min(200, max(1, (target - n) // 2))):
            waves_mod.tick(store)
            with store.transaction("output_observed", execution_id=execution_id) as tx:
                obs = tx.next_id(execution_id, "obs")
                tx.insert(
                    "observed_outputs",
                    {
                        "execution_id": execution_id,
                        "id": obs,
                        "wave_id": wave,
                        "tool": "Bash",
                        "observed_at": utcnow(),
                        "sha256": f"{i:064x}",
                        "original_size": len(OUTPUT),
                        "truncated": 0,
                        "output": f"{obs}\n{OUTPUT}",
                    },
                )
        waves_mod.end_wave(store, "threshold_proxy_reached", next_instruction="continue")
        n = store.one("SELECT COUNT(*) AS n FROM events")["n"]
    store.conn.execute("PRAGMA synchronous=FULL")


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def measure(store: Store, project: Path, check: IntegrityCheck) -> dict[str, float]:
    """Median seconds of each part of the bookkeeping over WAVES waves."""
    parts: dict[str, list[float]] = {"verify": [], "wave": [], "finish": []}
    for i in range(WAVES):
        parts["verify"].append(timed(lambda: check.run(store, backend_label="bench")))
        (project / f"file{i}.txt").write_text(f"wave {i}\n", encoding="utf-8")

        def one_wave() -> None:
            waves_mod.start_wave(store)
            waves_mod.tick(store)
            waves_mod.end_wave(store, "threshold_proxy_reached", next_instruction="continue")

        parts["wave"].append(timed(one_wave))
        name = f"file{i}.txt"
        parts["finish"].append(
            timed(
                lambda n=name: finish_wave(  # type: ignore[misc]
                    store, project, "bench", f"ondas {n}", [n], integrity=check
                )
            )
        )
    return {k: statistics.median(v) for k, v in parts.items()}


def main() -> None:
    project = Path(tempfile.mkdtemp(prefix="ondas-bench-waves-"))
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    prepare_project(project)
    rows: list[tuple[int, dict[str, float]]] = []
    full: list[tuple[int, float]] = []
    with Store.open(project / ".ondas", create=True, **store_schema()) as store:
        execution = create_execution(store, project_path=project, description="bench")
        for level in LEVELS:
            grow(store, execution.id, level)
            check = IntegrityCheck()
            check.run(store, backend_label="bench")  # a run's first wave: the full verify
            rows.append((level, measure(store, project, check)))
            full.append((level, timed(lambda: check_integrity(store, backend_label="bench"))))
        size = (project / ".ondas" / "state.json").stat().st_size
    shutil.rmtree(project, ignore_errors=True)
    print(f"per-wave bookkeeping, median of {WAVES} waves (ms); target: 50k / 1k at most 1.5")
    print(f"  {'events':>8} {'verify':>8} {'wave':>8} {'finish':>8} {'total':>8}")
    for level, parts in rows:
        total = sum(parts.values())
        cells = " ".join(f"{parts[k] * 1000:8.1f}" for k in ("verify", "wave", "finish"))
        print(f"  {level:>8} {cells} {total * 1000:8.1f}")
        for part, seconds in parts.items():
            record(f"{part} @{level}", seconds * 1000, "ms")
        record(f"total @{level}", total * 1000, "ms")
    first, last = sum(rows[0][1].values()), sum(rows[-1][1].values())
    print(f"  ratio {LEVELS[-1]} / {LEVELS[0]}: {last / first:.2f}")
    print(f"  state.json at {LEVELS[-1]} events: {size / 1e6:.2f} MB")
    record(f"state.json size @{LEVELS[-1]}", size / 1e6, "MB")
    print("  for comparison, one full verify + validate (resume, state verify):")
    for level, seconds in full:
        print(f"  {level:>8} {seconds * 1000:8.1f} ms")
        record(f"full verify @{level}", seconds * 1000, "ms")


if __name__ == "__main__":
    main()
