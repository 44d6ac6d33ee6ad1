"""Wall time of a sovai plan of 8 independent tasks with ``--parallel 4`` against ``--parallel 1``.

The scripted backend plays every role offline; each executor answer takes a fixed delay
(``ONDAS_SCRIPTED_TASK_DELAY``), standing in for an agent's work. Prints both wall times (the
whole run: decompose, execute, tests, review, confirm, QA, commit, push), the speed-up, and
where each run's time went: the serial phases around the tasks (wall and the main thread's CPU
time, which grows on a loaded machine) against the executor window, so the Amdahl fraction is
visible. ``--repeat N`` interleaves serial and parallel runs N times and prints the medians.

Usage: python3 bench/sovai_parallel.py [--delay SECONDS] [--tasks 8] [--repeat 1] [--quiet]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

from _figures import record  # noqa: E402

from ondas.app.sovai_run import run  # noqa: E402
from ondas.sovai import sample  # noqa: E402
from ondas.sovai.scripted_plans import independent_plan  # noqa: E402


@dataclass
class Meter:
    """Calls, wall seconds and CPU seconds (of the calling thread) of one measured part."""

    calls: int = 0
    wall: float = 0.0
    cpu: float = 0.0


@dataclass
class Breakdown:
    """Where one run's time went, measured by wrapping the engine's parts for the run."""

    meters: dict[str, Meter] = field(default_factory=dict)
    children_cpu: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)
    depth: threading.local = field(default_factory=threading.local)

    @contextlib.contextmanager
    def measure(self, label: str) -> Iterator[None]:
        """Count the enclosed block under ``label`` (a re-entered label counts once)."""
        active: set[str] = self.depth.__dict__.setdefault("active", set())
        if label in active:
            yield
            return
        active.add(label)
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            yield
        finally:
            active.discard(label)
            spent_wall, spent_cpu = time.perf_counter() - wall, time.thread_time() - cpu
            with self.lock:
                meter = self.meters.setdefault(label, Meter())
                meter.calls += 1
                meter.wall += spent_wall
                meter.cpu += spent_cpu

    def get(self, label: str) -> Meter:
        """The meter of ``label`` (empty when it never ran)."""
        return self.meters.get(label, Meter())


PHASES = (
    ("start", "start (feature branch)"),
    ("wave", "wave open (integrity check)"),
    ("decompose", "decompose"),
    ("execute", "execute (whole phase)"),
    ("review", "review (tests + build review)"),
    ("confirm", "confirm"),
    ("qa", "QA gate"),
    ("persist", "persist (docs, commit, push)"),
    ("finish", "finish"),
    ("export", "final export"),
    ("report", "final report"),
)
PARTS = (
    ("pool", "executor window (tasks running)"),
    ("task", "inside tasks (sum over workers)"),
    ("on_done", "per-task recording (main thread)"),
    ("merge", "merges/commits into the shared tree"),
    ("drift", "drift checks"),
    ("tests", "project test runs"),
    ("ask", "agent asks outside tasks"),
    ("docs", "docs regeneration"),
    ("tx", "store transactions (with-block)"),
    ("scrub", "secret scrubbing at write"),
    ("git", "git processes"),
)


def _wrap(bd: Breakdown, owner: Any, name: str, label: str | Callable[..., str | None]) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        named = label(*args, **kwargs) if callable(label) else label
        if named is None:
            return original(*args, **kwargs)
        with bd.measure(named):
            return original(*args, **kwargs)

    setattr(owner, name, wrapper)


@contextlib.contextmanager
def instrumented(bd: Breakdown) -> Iterator[None]:
    """Wrap the engine's parts for the duration of one run, then put them back."""
    from ondas import git as rgit
    from ondas.app import sovai_run
    from ondas.runtime import pool
    from ondas.sovai import engine, gitwork, report, roles
    from ondas.state import store

    E = engine.Engine
    targets: list[tuple[Any, str, str | Callable[..., str | None]]] = [
        (E, "start", "start"),
        (E, "ensure_wave", "wave"),
        (E, "decompose", "decompose"),
        (E, "execute", "execute"),
        (E, "review", "review"),
        (E, "confirm", "confirm"),
        (E, "qa_gate", "qa"),
        (E, "persist", "persist"),
        (E, "checkpoint", "merge"),
        (E, "revert_drift", "drift"),
        (E, "run_suite", "tests"),
        (E, "run_qa", "tests"),
        (E, "project_docs", "docs"),
        (gitwork, "merge_worktree", "merge"),
        (sovai_run, "finish", "finish"),
        (report, "write", "report"),
        (store, "clean_row", "scrub"),
        (store, "clean_value", "scrub"),
        (rgit, "_start", "git"),
        (pool, "run", "pool"),
        (roles.Agents, "ask", lambda _self, step, *a, **k: "task" if step == "execute" else "ask"),
    ]
    saved = [(owner, name, getattr(owner, name)) for owner, name, _ in targets]
    saved.append((store.Store, "transaction", store.Store.transaction))
    saved.append((pool, "run", pool.run))
    for owner, name, label in targets:
        _wrap(bd, owner, name, label)
    transaction = store.Store.transaction
    pool_run = pool.run

    @contextlib.contextmanager
    def measured_tx(self: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
        with bd.measure("tx"), transaction(self, *args, **kwargs) as tx:
            yield tx

    def measured_pool(
        batch: Any, work: Any, workers: int, on_done: Any, *args: Any, **kwargs: Any
    ) -> None:
        def recorded(job: Any, result: Any) -> None:
            with bd.measure("on_done"):
                on_done(job, result)

        pool_run(batch, work, workers, recorded, *args, **kwargs)

    store.Store.transaction = measured_tx  # type: ignore[method-assign,assignment]
    pool.run = measured_pool  # type: ignore[assignment]
    # export is imported inside drive(); give the module the name so the wrapper is used.
    from ondas.state import export as export_mod

    saved.append((export_mod, "export", export_mod.export))
    _wrap(bd, export_mod, "export", "export")
    children = os.times()
    try:
        yield
    finally:
        after = os.times()
        bd.children_cpu = (after.children_user - children.children_user) + (
            after.children_system - children.children_system
        )
        for owner, name, original in reversed(saved):
            setattr(owner, name, original)


def one(root: Path, tasks: int, parallel: int, tag: str) -> tuple[float, Breakdown]:
    """Seconds of one whole run of the plan, and where they went."""
    project = sample.make_project(root / f"p{parallel}{tag}", remote=root / f"r{parallel}{tag}.git")
    plan = root / f"plan{parallel}{tag}.md"
    plan.write_text(independent_plan(tasks), encoding="utf-8")
    bd = Breakdown()
    with instrumented(bd), bd.measure("run"):
        start = time.perf_counter()
        outcome = run(plan, project, backend="scripted", parallel=parallel)
        seconds = time.perf_counter() - start
    if not outcome.built:
        raise SystemExit(f"the run with --parallel {parallel} did not build: {outcome}")
    return seconds, bd


def rest(bd: Breakdown) -> Meter:
    """What the run spent outside the named phases (opening the store, hooks, execution row)."""
    run_meter = bd.get("run")
    keys = [k for k, _ in PHASES if k not in ("wave", "start")] + ["start"]
    return Meter(
        1,
        run_meter.wall - sum(bd.get(k).wall for k in keys),
        run_meter.cpu - sum(bd.get(k).cpu for k in keys),
    )


def show(runs: dict[int, list[tuple[float, Breakdown]]]) -> None:
    """The breakdown table: medians over the repeats, one column per parallelism."""
    cols = sorted(runs)

    def med(par: int, pick: Callable[[float, Breakdown], float]) -> float:
        return statistics.median(pick(w, bd) for w, bd in runs[par])

    head = "".join(f"{f'--parallel {p}':>26}" for p in cols)
    print(f"\n{'median seconds (wall / main-thread CPU)':44}{head}")

    def line(text: str, pick: Callable[[Breakdown], Meter]) -> None:
        cells = ""
        for p in cols:
            wall = med(p, lambda _w, bd: pick(bd).wall)
            cpu = med(p, lambda _w, bd: pick(bd).cpu)
            calls = med(p, lambda _w, bd: pick(bd).calls)
            cells += f"{wall:>10.3f} /{cpu:>6.3f} ({calls:>4.0f}x)"
        print(f"  {text:42}{cells}")

    print("serial phases (main thread)")
    for key, text in PHASES:
        line(text, lambda bd, k=key: bd.get(k))
    line("setup and the rest outside the phases", lambda bd: rest(bd))
    print("inside them (overlapping the phases above)")
    for key, text in PARTS:
        line(text, lambda bd, k=key: bd.get(k))
    print("Amdahl")
    for p in cols:
        total = med(p, lambda w, _bd: w)
        window = med(p, lambda _w, bd: bd.get("pool").wall)
        outside = total - window
        cpu = med(p, lambda _w, bd: bd.get("run").cpu - bd.get("pool").cpu)
        kids = med(p, lambda _w, bd: bd.children_cpu)
        print(
            f"  --parallel {p}: total {total:.3f}s = executor window {window:.3f}s + outside it "
            f"{outside:.3f}s ({outside / total:.1%} serial; main-thread CPU outside the window "
            f"{cpu:.3f}s; child processes' CPU {kids:.3f}s)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delay", type=float, default=1.0, help="seconds per executor answer")
    parser.add_argument("--tasks", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=1, help="interleaved serial/parallel pairs")
    parser.add_argument("--quiet", action="store_true", help="no breakdown table")
    args = parser.parse_args()
    os.environ["ONDAS_SCRIPTED_TASK_DELAY"] = str(args.delay)
    runs: dict[int, list[tuple[float, Breakdown]]] = {1: [], 4: []}
    with tempfile.TemporaryDirectory(prefix="sovai-bench-") as tmp:
        root = Path(tmp)
        for i in range(args.repeat):
            for par in (1, 4):
                runs[par].append(one(root, args.tasks, par, str(i)))
    serial = statistics.median(w for w, _ in runs[1])
    parallel = statistics.median(w for w, _ in runs[4])
    print(f"{args.tasks} independent tasks, {args.delay:.2f}s per task (scripted backend)")
    print(f"--parallel 1: {serial:.2f}s")
    record("parallel 1", serial, "s")
    record("parallel 4", parallel, "s")
    print(f"--parallel 4: {parallel:.2f}s")
    print(f"speed-up: {serial / parallel:.2f}x (ideal for the executor phase alone: 4.00x)")
    if not args.quiet:
        show(runs)


if __name__ == "__main__":
    main()
