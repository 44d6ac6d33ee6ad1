"""Wall time of a sovai plan of 8 independent tasks with ``--parallel 4`` against ``--parallel 1``.

The scripted backend plays every role offline; each executor answer takes a fixed delay
(``ONDAS_SCRIPTED_TASK_DELAY``), standing in for an agent's work. Prints both wall times (the
whole run: decompose, execute, tests, review, confirm, QA, commit, push) and the speed-up.

Usage: python3 bench/sovai_parallel.py [--delay SECONDS] [--tasks 8]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

from _compat import sovai_run  # noqa: E402
from _figures import record  # noqa: E402

from ondas.sovai import sample  # noqa: E402
from ondas.sovai.scripted_plans import independent_plan  # noqa: E402


def one(root: Path, tasks: int, parallel: int) -> float:
    """Seconds of one whole run of the plan."""
    project = sample.make_project(root / f"p{parallel}", remote=root / f"r{parallel}.git")
    plan = root / f"plan{parallel}.md"
    plan.write_text(independent_plan(tasks), encoding="utf-8")
    start = time.perf_counter()
    outcome = sovai_run()(plan, project, backend="scripted", parallel=parallel)
    seconds = time.perf_counter() - start
    if not outcome.built:
        raise SystemExit(f"the run with --parallel {parallel} did not build: {outcome}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delay", type=float, default=1.0, help="seconds per executor answer")
    parser.add_argument("--tasks", type=int, default=8)
    args = parser.parse_args()
    os.environ["ONDAS_SCRIPTED_TASK_DELAY"] = str(args.delay)
    with tempfile.TemporaryDirectory(prefix="sovai-bench-") as tmp:
        root = Path(tmp)
        serial = one(root, args.tasks, 1)
        parallel = one(root, args.tasks, 4)
    print(f"{args.tasks} independent tasks, {args.delay:.2f}s per task (scripted backend)")
    print(f"--parallel 1: {serial:.2f}s")
    record("parallel 1", serial, "s")
    record("parallel 4", parallel, "s")
    print(f"--parallel 4: {parallel:.2f}s")
    print(f"speed-up: {serial / parallel:.2f}x (ideal for the executor phase alone: 4.00x)")


if __name__ == "__main__":
    main()
