"""Per-operation latency of the audit layer at 10 and at 5,000 existing decisions.

Prints, for register-decision, respond-block, wave start and wave end, the median latency
in-process (library call) and as a CLI process (``python -m ondas ...``), and the ratio of
the 5,000-decision figure to the 10-decision one (target: below 1.5).

Usage: python3 bench/audit_ops.py [--repeat N] [--cli-repeat N] [--large 5000]
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

from _compat import store_schema  # noqa: E402
from _figures import record  # noqa: E402

from ondas.audit import blocks, decisions, waves  # noqa: E402
from ondas.state.execution import create_execution  # noqa: E402
from ondas.state.store import Store  # noqa: E402

DECISION = {
    "agent": "bench",
    "stage": "plan",
    "context": "which runner",
    "options": ["pytest", "unittest"],
    "choice": "pytest",
    "justification": "already in use",
    "score": 2,
}
CLI_DECISION = [
    "decision", "register", "--agent", "bench", "--stage", "plan", "--context", "runner",
    "--options", '["pytest", "unittest"]', "--choice", "pytest", "--justification", "used",
    "--score", "2",
]  # fmt: skip


def make_store(root: Path, existing: int) -> Path:
    """A store with one execution holding ``existing`` decisions (seeded without fsync)."""
    state_dir = root / f"s{existing}" / ".ondas"
    store = Store.open(state_dir, create=True, **store_schema())
    (state_dir / "config.toml").write_text("[audit]\nmilestone_every = 1000000\n")
    create_execution(store, project_path=state_dir.parent)
    store.conn.execute("PRAGMA synchronous = OFF")
    for _ in range(existing):
        decisions.register_decision(store, **DECISION)  # type: ignore[arg-type]
    store.conn.execute("PRAGMA synchronous = FULL")
    store.close()
    return state_dir


def timed(
    fn: Callable[[], object], repeat: int, before: Callable[[], object] | None = None
) -> float:
    samples = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def in_process(state_dir: Path, repeat: int, fsync: bool = True) -> dict[str, float]:
    store = Store.open(state_dir, **store_schema())
    if not fsync:
        store.conn.execute("PRAGMA synchronous = OFF")
    out: dict[str, float] = {}
    out["register-decision"] = timed(
        lambda: decisions.register_decision(store, **DECISION),  # type: ignore[arg-type]
        repeat,
    )
    for _ in range(repeat):
        blocks.register_block(store, question="bench?")
    out["respond-block"] = timed(lambda: blocks.respond_block(store, "yes"), repeat)
    out["wave-start"] = timed(
        lambda: waves.start_wave(store),
        repeat,
        before=lambda: waves.current_wave(store) and waves.end_wave(store, "abort"),
    )
    waves.end_wave(store, "abort")
    out["wave-end"] = timed(
        lambda: waves.end_wave(store, "threshold_proxy_reached"),
        repeat,
        before=lambda: waves.start_wave(store),
    )
    store.close()
    return out


def cli(state_dir: Path, *args: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    result = subprocess.run(
        [sys.executable, "-m", "ondas", *args, "--state-dir", str(state_dir)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"ondas {' '.join(args)} failed: {result.stderr.strip()}")


def as_process(state_dir: Path, repeat: int) -> dict[str, float]:
    out: dict[str, float] = {}
    out["register-decision"] = timed(lambda: cli(state_dir, *CLI_DECISION), repeat)
    out["respond-block"] = timed(
        lambda: cli(state_dir, "block", "respond", "--answer", "yes"),
        repeat,
        before=lambda: cli(state_dir, "block", "register", "--question", "bench?"),
    )
    out["wave-start"] = timed(
        lambda: cli(state_dir, "wave", "start"),
        repeat,
        before=lambda: cli(state_dir, "wave", "reconcile"),
    )
    cli(state_dir, "wave", "reconcile")
    out["wave-end"] = timed(
        lambda: cli(state_dir, "wave", "end", "--reason", "threshold_proxy_reached"),
        repeat,
        before=lambda: cli(state_dir, "wave", "start"),
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=40, help="in-process samples per op")
    parser.add_argument("--cli-repeat", type=int, default=5, help="CLI samples per op")
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--large", type=int, default=5000)
    parser.add_argument("--no-cli", action="store_true", help="skip the CLI-process figures")
    parser.add_argument(
        "--no-fsync",
        action="store_true",
        help="in-process without fsync (synchronous=OFF): the operations' own cost",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ondas-bench-") as tmp:
        root = Path(tmp)
        seed_start = time.perf_counter()
        small, large = make_store(root, args.small), make_store(root, args.large)
        print(f"seeded {args.small} and {args.large} decisions in "
              f"{time.perf_counter() - seed_start:.1f}s")  # fmt: skip
        fsync = not args.no_fsync
        label = "in-process" if fsync else "in-no-fsync"
        results = {
            label: (
                in_process(small, args.repeat, fsync),
                in_process(large, args.repeat, fsync),
            )
        }
        if not args.no_cli:
            results["cli-process"] = (
                as_process(small, args.cli_repeat),
                as_process(large, args.cli_repeat),
            )
    print(
        f"{'operation':<20}{'mode':<13}{f'@{args.small} ms':>11}{f'@{args.large} ms':>13}"
        f"{'ratio':>8}  target <1.5"
    )
    worst = 0.0
    for mode, (at_small, at_large) in results.items():
        for op in at_small:
            ratio = at_large[op] / at_small[op]
            worst = max(worst, ratio)
            verdict = "ok" if ratio < 1.5 else "OVER"
            record(f"{op} {mode} @{args.small}", at_small[op], "ms")
            record(f"{op} {mode} @{args.large}", at_large[op], "ms")
            print(
                f"{op:<20}{mode:<13}{at_small[op]:>11.2f}{at_large[op]:>13.2f}"
                f"{ratio:>8.2f}  {verdict}"
            )
    print(f"worst ratio: {worst:.2f}")


if __name__ == "__main__":
    main()
