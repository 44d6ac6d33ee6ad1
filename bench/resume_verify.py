"""The integrity work of ``ondas resume`` as the audit log grows: 1k, 10k and 50k events.

``resume`` checks the store before it writes (:func:`ondas.app.run.
verify_before_write`, read-only) and the loop checks it again at the first wave's start
(:class:`ondas.orchestrator.loop.IntegrityCheck`). This builds a run's store at each size the
way a run leaves it (waves of tool calls and observed outputs, each wave ended, its head
anchored, a last wave finished by the loop's bookkeeping), then times both checks on a store
opened afresh, as a resumed process opens it, and prints the ratio 50k / 1k (target: at most
1.5). A full ``ondas state verify`` at each size is printed for comparison.

Run: ``python bench/resume_verify.py`` (``ONDAS_BENCH_RUNS``, default 5). Prints figures,
asserts nothing.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent / "src"))
sys.path.insert(0, str(BENCH))

from _compat import app_run, store_schema  # noqa: E402
from _figures import record  # noqa: E402
from wave_overhead import grow  # noqa: E402

from ondas.audit import waves as waves_mod  # noqa: E402
from ondas.orchestrator.loop import IntegrityCheck, finish_wave, prepare_project  # noqa: E402
from ondas.state import verify as verify_mod  # noqa: E402
from ondas.state.execution import create_execution  # noqa: E402
from ondas.state.store import Store  # noqa: E402

LEVELS = (1_000, 10_000, 50_000)
RUNS = int(os.environ.get("ONDAS_BENCH_RUNS", "5"))


def last_wave(store: Store, project: Path, n: int) -> None:
    """One wave run by the loop's bookkeeping: the check at its start, the finish at its end."""
    check = IntegrityCheck()
    check.run(store, backend_label="bench")
    waves_mod.start_wave(store)
    waves_mod.tick(store)
    waves_mod.end_wave(store, "threshold_proxy_reached", next_instruction="continue")
    (project / f"file{n}.txt").write_text(f"wave {n}\n", encoding="utf-8")
    finish_wave(store, project, "bench", f"ondas wave {n}", [f"file{n}.txt"], integrity=check)
    check.close()


def resume_checks(project: Path) -> tuple[float, float]:
    """Seconds of resume's read-only check and of the first wave's check, store opened afresh."""
    start = time.perf_counter()
    app_run().verify_before_write(project)
    before = time.perf_counter() - start
    with Store.open(project / ".ondas", **store_schema()) as store:
        check = IntegrityCheck()
        start = time.perf_counter()
        check.run(store, backend_label="bench")
        first = time.perf_counter() - start
        check.close()
    return before, first


def full_verify(project: Path) -> float:
    with Store.open(project / ".ondas", **store_schema()) as store:
        start = time.perf_counter()
        verify_mod.verify(store)
        verify_mod.validate(store)
        return time.perf_counter() - start


def main() -> None:
    home = Path(tempfile.mkdtemp(prefix="ondas-bench-home-"))
    os.environ["ONDAS_HOME"] = str(home)
    project = Path(tempfile.mkdtemp(prefix="ondas-bench-resume-"))
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    prepare_project(project)
    rows: list[tuple[int, float, float, float]] = []
    with Store.open(project / ".ondas", create=True, **store_schema()) as store:
        execution = create_execution(store, project_path=project, description="bench")
    for n, level in enumerate(LEVELS):
        with Store.open(project / ".ondas", **store_schema()) as store:
            grow(store, execution.id, level)
            last_wave(store, project, n)
        times = [resume_checks(project) for _ in range(RUNS)]
        before = statistics.median(t[0] for t in times)
        first = statistics.median(t[1] for t in times)
        rows.append((level, before, first, full_verify(project)))
    shutil.rmtree(project, ignore_errors=True)
    shutil.rmtree(home, ignore_errors=True)
    print(f"resume's integrity checks, median of {RUNS} (ms); target: 50k / 1k at most 1.5")
    print(f"  {'events':>8} {'before write':>13} {'first wave':>11} {'resume':>8} {'full':>8}")
    for level, before, first, full in rows:
        record(f"before write @{level}", before * 1000, "ms")
        record(f"first wave @{level}", first * 1000, "ms")
        record(f"full verify @{level}", full * 1000, "ms")
        print(
            f"  {level:>8} {before * 1000:13.1f} {first * 1000:11.1f} "
            f"{(before + first) * 1000:8.1f} {full * 1000:8.1f}"
        )
    small, large = rows[0], rows[-1]
    ratio = (large[1] + large[2]) / (small[1] + small[2])
    print(f"  resume ratio {LEVELS[-1]} / {LEVELS[0]}: {ratio:.2f}")
    print("  (full: one verify + validate, as 'ondas state verify' runs on demand)")


if __name__ == "__main__":
    main()
