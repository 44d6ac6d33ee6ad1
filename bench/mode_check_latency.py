"""Wall time of the ``ondas mode check`` SessionStart hook next to a bare ``python3 -c pass``.

Claude Code runs the check once per session start (and on resume/clear/compact). This prints
the median of several runs of: a bare interpreter; the check on its fast path (``python3 -m
ondas mode check``, silent because the recorded mode is current); the check when it has to
answer (no state file: INITIAL); and the same check through the full CLI
(``python3 -m ondas mode check --help`` loads it, shown for comparison); then each ratio.
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

RUNS = int(os.environ.get("ONDAS_BENCH_RUNS", "15"))
SRC = Path(__file__).resolve().parents[1] / "src"


def median_seconds(argv: list[str], env: dict[str, str]) -> float:
    """Median wall time of ``RUNS`` runs of ``argv`` (after one warm-up run)."""
    times = []
    for i in range(RUNS + 1):
        start = time.perf_counter()
        proc = subprocess.run(argv, capture_output=True, text=True, env=env)
        elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            raise SystemExit(f"{argv} failed ({proc.returncode}): {proc.stderr.strip()}")
        if i:
            times.append(elapsed)
    return statistics.median(times)


def main() -> None:
    silent_dir = Path(tempfile.mkdtemp(prefix="ondas-bench-mode-"))
    initial_dir = Path(tempfile.mkdtemp(prefix="ondas-bench-mode-"))
    base_env = {**os.environ, "PYTHONPATH": str(SRC)}
    silent_env = {**base_env, "CLAUDE_CONFIG_DIR": str(silent_dir)}
    initial_env = {**base_env, "CLAUDE_CONFIG_DIR": str(initial_dir)}
    module = [sys.executable, "-m", "ondas", "mode", "check"]
    subprocess.run(
        [*module[:-1], "activate", "advanced"], env=silent_env, check=True, capture_output=True
    )
    if subprocess.run(module, env=silent_env, capture_output=True, text=True).stdout:
        raise SystemExit("the check was expected to be silent after an activation")
    rows = [
        ("python3 -c pass", median_seconds([sys.executable, "-c", "pass"], base_env)),
        ("ondas mode check (current: silent)", median_seconds(module, silent_env)),
        ("ondas mode check (INITIAL: answers)", median_seconds(module, initial_env)),
        (
            "ondas mode check --help (full CLI)",
            median_seconds([*module, "--help"], silent_env),
        ),
    ]
    for directory in (silent_dir, initial_dir):
        shutil.rmtree(directory, ignore_errors=True)
    base = rows[0][1]
    print(f"mode check start-up latency, median of {RUNS} runs")
    for label, seconds in rows:
        print(f"  {label:<44} {seconds * 1000:8.1f} ms   ratio {seconds / base:5.2f}")


if __name__ == "__main__":
    main()
