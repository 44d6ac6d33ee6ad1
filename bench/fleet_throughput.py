"""Executions per minute of the fleet with 1 and with 3 workers, and their ratio.

Each run submits N executions (scripted backend, ``--auto-answer``) of one project remote,
with a fixed delay per agent call (``ONDAS_SCRIPTED_DELAY``) standing in for a model's
time, starts the workers and times until every execution completes. Needs a Postgres and a
Redis server: ``ONDAS_TEST_POSTGRES_URL`` and ``ONDAS_TEST_REDIS_URL`` (``source
scripts/services.sh; start_postgres; start_redis`` starts throwaway ones).

Usage: python3 bench/fleet_throughput.py [--executions 6] [--delay 1.0]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from _figures import record

SRC = Path(__file__).resolve().parents[1] / "src"


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def _remote(root: Path) -> Path:
    bare = root / "project.git"
    _git(root, "init", "-q", "--bare", "-b", "main", str(bare))
    seed = root / "seed"
    _git(root, "clone", "-q", str(bare), str(seed))
    (seed / "README.md").write_text("# bench\n", encoding="utf-8")
    _git(seed, "add", "README.md")
    _git(seed, "-c", "user.name=b", "-c", "user.email=b@b", "commit", "-q", "-m", "start")
    _git(seed, "push", "-q", "origin", "HEAD:main")
    return bare


def _ondas(env: dict[str, str], *args: str) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return out.stdout


def run(workers: int, executions: int, delay: float, pg: str, redis: str) -> float:
    """Seconds for ``executions`` executions to complete on ``workers`` workers."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        remote = _remote(root)
        env = {
            **os.environ,
            "PYTHONPATH": str(SRC),
            "ONDAS_BROKER_URL": redis,
            "ONDAS_STORE_URL": pg,
            "ONDAS_FLEET_SCHEMA": f"fleet_bench_{uuid.uuid4().hex[:8]}",
            "ONDAS_FLEET_WORKSPACE": str(root / "ws"),
            "ONDAS_SCRIPTED_DELAY": str(delay),
        }
        for n in range(executions):
            _ondas(
                env, "submit", str(remote), "--description", f"bench {n}",
                "--backend", "scripted", "--auto-answer",
            )  # fmt: skip
        start = time.monotonic()
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "ondas", "worker", "--name", f"b{i}@bench"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            for i in range(workers)
        ]
        try:
            while True:
                doc: dict[str, Any] = json.loads(_ondas(env, "fleet", "status", "--json"))
                done = doc["counts"]["completed"] + doc["counts"]["failed"]
                if done >= executions:
                    if doc["counts"]["failed"]:
                        raise SystemExit(f"{doc['counts']['failed']} execution(s) failed")
                    return time.monotonic() - start
                time.sleep(1)
        finally:
            for proc in procs:
                os.killpg(proc.pid, signal.SIGTERM)
            for proc in procs:
                proc.wait(timeout=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--executions", type=int, default=6)
    parser.add_argument("--delay", type=float, default=1.0, help="seconds per agent call")
    args = parser.parse_args()
    pg = os.environ.get("ONDAS_TEST_POSTGRES_URL", "")
    redis = os.environ.get("ONDAS_TEST_REDIS_URL", "")
    if not (pg and redis):
        raise SystemExit("set ONDAS_TEST_POSTGRES_URL and ONDAS_TEST_REDIS_URL")
    rates = {}
    for workers in (1, 3):
        seconds = run(workers, args.executions, args.delay, pg, redis)
        rates[workers] = args.executions / (seconds / 60)
        record(f"{workers} worker(s) {args.executions} executions", seconds, "s")
        print(
            f"{workers} worker(s): {args.executions} executions in {seconds:.1f} s "
            f"= {rates[workers]:.2f} executions/min"
        )
    print(f"ratio 3 workers / 1 worker: {rates[3] / rates[1]:.2f}x")


if __name__ == "__main__":
    main()
