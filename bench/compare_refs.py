"""Run bench scripts against two git refs side by side and print the ratio of each figure.

For refs A (before) and B (after) this makes one detached worktree per ref under a temporary
directory (``git worktree add --detach``; removed at the end), then runs each bench script in
each worktree, interleaved A, B, A, B, ... for ``--repeats`` rounds, so both sides share the
machine's load. A bench script puts its own checkout's ``src`` first on ``sys.path``; every
run also gets ``PYTHONPATH=<worktree>/src``, so each side measures its ref's code.

Which copy of a script runs (``--scripts``):

- ``here`` (default): this checkout's ``bench/`` is copied over each worktree's ``bench/``, so
  both refs run the very same measuring code (scripts import moved names through
  ``bench/_compat.py``);
- ``newer``: ref B's ``bench/`` is copied over ref A's;
- ``own``: each ref runs its own copy (only scripts that already print ``--json``).

A script reports its figures through ``bench/_figures.py`` (``--json``). Per figure this prints
the median of A and of B, the ratio B/A of the medians and the range (min-max) of the
per-round ratios; a figure whose whole range lies outside [1 - noise, 1 + noise] is marked
``changed`` (ratio above 1: B is larger, slower for a time). Figures found on one side only are
listed as such. Two figures are added to every bench: ``(whole run) wall`` and ``(whole run)
CPU``, the user + system time of the script and every process it waited for (less disturbed
by a loaded machine than wall time).

Exit codes: 0 every figure within noise; 1 at least one figure changed; 2 a usage error (an
unknown ref or bench, a bad option); 3 a bench failed on a ref (its error is printed; the other
benches still ran).

Example: ``python3 bench/compare_refs.py 565fffb main state_writes audit_ops --repeats 3``
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
HELPERS = {"_compat", "_figures", "compare_refs"}
EXIT_CHANGED, EXIT_USAGE, EXIT_FAILED = 1, 2, 3


class UsageError(Exception):
    """A caller mistake: an unknown ref or bench, a bad option."""


@dataclass
class Side:
    """One ref checked out in its own worktree."""

    label: str
    ref: str
    commit: str
    tree: Path


@dataclass
class Run:
    """One run of one bench on one side."""

    side: str
    round: int
    seconds: float
    load_before: float
    figures: dict[str, dict[str, Any]] = field(default_factory=dict)
    error: str = ""


def git(*args: str, cwd: Path = ROOT) -> str:
    out = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        last = (out.stderr.strip().splitlines() or [""])[-1]
        raise UsageError(f"git {' '.join(args)}: {last}")
    return out.stdout.strip()


def resolve(ref: str) -> str:
    try:
        return git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}")
    except UsageError:
        raise UsageError(f"unknown git ref {ref!r}") from None


def figure_scripts(bench_dir: Path) -> list[str]:
    """Names of the scripts in ``bench_dir`` that report figures through ``_figures``."""
    return sorted(
        p.stem
        for p in bench_dir.glob("*.py")
        if p.stem not in HELPERS and "from _figures import" in p.read_text(encoding="utf-8")
    )


def check_benches(names: list[str], source: Path) -> list[str]:
    """``names`` (every figure script of ``source`` when empty), each known to report figures."""
    available = figure_scripts(source)
    for name in names:
        if not (source / f"{name}.py").exists():
            raise UsageError(f"unknown bench {name!r} (have: {', '.join(available)})")
        if name not in available:
            raise UsageError(f"bench {name!r} prints no figures for --json (no _figures)")
    return names or available


def loadavg() -> float:
    return os.getloadavg()[0]


def children_cpu() -> float:
    """User + system CPU seconds of every waited-for child process so far (grandchildren
    included), which other processes loading the machine disturb less than wall time."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(side: Side, name: str, args: list[str], timeout: float, rnd: int) -> Run:
    env = {**os.environ, "PYTHONPATH": str(side.tree / "src")}
    env["ONDAS_HOME"] = tempfile.mkdtemp(prefix="ondas-cmp-home-")
    command = [sys.executable, str(side.tree / "bench" / f"{name}.py"), "--json", *args]
    load = loadavg()
    cpu = children_cpu()
    started = time.perf_counter()
    try:
        done = subprocess.run(
            command,
            cwd=side.tree,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Run(side.label, rnd, timeout, load, error=f"timed out after {timeout:.0f} s")
    finally:
        shutil.rmtree(env["ONDAS_HOME"], ignore_errors=True)
    seconds = time.perf_counter() - started
    cpu = children_cpu() - cpu
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        return Run(side.label, rnd, seconds, load, error=f"exit {done.returncode}: {tail}")
    try:
        figures = json.loads(lines[-1])["figures"]
    except (ValueError, KeyError, TypeError):
        return Run(side.label, rnd, seconds, load, error="no JSON figures on stdout's last line")
    figures["(whole run) wall"] = {"value": seconds, "unit": "s"}
    figures["(whole run) CPU"] = {"value": cpu, "unit": "s"}
    return Run(side.label, rnd, seconds, load, figures=figures)


def compare(runs: list[Run], noise: float) -> list[dict[str, Any]]:
    """One row per figure: medians, ratio of medians, range of the per-round ratios, verdict."""
    by_side: dict[str, dict[int, dict[str, float]]] = {"A": {}, "B": {}}
    units: dict[str, str] = {}
    order: list[str] = []
    for run in runs:
        if run.error:
            continue
        for name, fig in run.figures.items():
            by_side[run.side].setdefault(run.round, {})[name] = float(fig["value"])
            units[name] = str(fig.get("unit", ""))
            if name not in order:
                order.append(name)
    rows = []
    for name in order:
        a = [r[name] for r in by_side["A"].values() if name in r]
        b = [r[name] for r in by_side["B"].values() if name in r]
        row: dict[str, Any] = {"figure": name, "unit": units[name]}
        row["a_median"] = statistics.median(a) if a else None
        row["b_median"] = statistics.median(b) if b else None
        if not a or not b:
            row["verdict"] = "A only" if a else "B only"
            rows.append(row)
            continue
        pairs = [
            by_side["B"][k][name] / by_side["A"][k][name]
            for k in by_side["A"]
            if k in by_side["B"] and name in by_side["B"][k] and by_side["A"][k][name]
        ]
        row["ratio"] = row["b_median"] / row["a_median"] if row["a_median"] else None
        row["range"] = [min(pairs), max(pairs)] if pairs else None
        row["rounds"] = len(pairs)
        changed = bool(pairs) and (min(pairs) > 1 + noise or max(pairs) < 1 - noise)
        row["verdict"] = "changed" if changed else "noise"
        rows.append(row)
    return rows


def fmt(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.3g}" if abs(value) < 100 else f"{value:.0f}"


def fmt_ratio(value: float | None) -> str:
    if not value:
        return "-"
    return f"{value:.2f}" if value >= 0.1 else f"{value:.3f}"


def fmt_range(span: list[float] | None) -> str:
    return f"{fmt_ratio(span[0])}-{fmt_ratio(span[1])}" if span else "-"


def print_table(name: str, rows: list[dict[str, Any]], runs: list[Run]) -> None:
    seconds = {s: [r.seconds for r in runs if r.side == s and not r.error] for s in "AB"}
    took = ", ".join(f"{s} {statistics.median(v):.1f} s" for s, v in seconds.items() if v)
    print(f"\n== {name} (median run: {took})")
    for run in runs:
        if run.error:
            print(f"  round {run.round} {run.side}: FAILED {run.error}")
    width = max([len(r["figure"]) for r in rows] + [6])
    print(f"  {'figure':<{width}} {'unit':>5} {'A':>9} {'B':>9} {'B/A':>6} {'range':>13}  verdict")
    for r in rows:
        ratio, span = fmt_ratio(r.get("ratio")), fmt_range(r.get("range"))
        print(
            f"  {r['figure']:<{width}} {r['unit']:>5} {fmt(r['a_median']):>9} "
            f"{fmt(r['b_median']):>9} {ratio:>6} {span:>13}  {r['verdict']}"
        )


def markdown(doc: dict[str, Any]) -> str:
    """The figures of a comparison document as one Markdown table."""
    lines = [
        "| bench | figure | unit | before (A) | after (B) | B/A | range | verdict |",
        "|---|---|---|--:|--:|--:|--:|---|",
    ]
    for name, result in doc["benches"].items():
        for r in result["figures"]:
            ratio, span = fmt_ratio(r.get("ratio")), fmt_range(r.get("range"))
            lines.append(
                f"| {name} | {r['figure']} | {r['unit']} | {fmt(r['a_median'])} | "
                f"{fmt(r['b_median'])} | {ratio} | {span} | {r['verdict']} |"
            )
    return "\n".join(lines)


def prepare(sides: list[Side], scripts: str) -> None:
    """Put the chosen copy of ``bench/`` into each worktree."""
    if scripts == "own":
        return
    source = BENCH if scripts == "here" else sides[1].tree / "bench"
    for side in sides:
        if scripts == "newer" and side is sides[1]:
            continue
        for path in source.glob("*.py"):
            shutil.copy2(path, side.tree / "bench" / path.name)


def document(ns: argparse.Namespace, commits: list[str], results: dict[str, Any]) -> dict[str, Any]:
    return {
        "a": {"ref": ns.ref_a, "commit": commits[0]},
        "b": {"ref": ns.ref_b, "commit": commits[1]},
        "scripts": ns.scripts,
        "repeats": ns.repeats,
        "noise": ns.noise,
        "machine": {"cpus": os.cpu_count(), "loadavg": os.getloadavg()},
        "benches": results,
    }


def write_atomic(path: Path, doc: dict[str, Any]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    tmp.replace(path)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("ref_a", help="the 'before' ref (A)")
    parser.add_argument("ref_b", help="the 'after' ref (B)")
    parser.add_argument("benches", nargs="*", help="bench names (default: every figure script)")
    parser.add_argument("--repeats", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument(
        "--scripts",
        choices=("here", "newer", "own"),
        default="here",
        help="which copy of each bench script runs (below; default here)",
    )
    parser.add_argument(
        "--arg",
        action="append",
        default=[],
        metavar="BENCH=ARGS",
        help="extra arguments for one bench, e.g. --arg 'mcp_calls=--repeat 20'",
    )
    parser.add_argument("--noise", type=float, default=0.1, help="noise band (default 0.1)")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds per bench run")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--markdown", action="store_true", help="also print a Markdown table")
    parser.add_argument("--keep", action="store_true", help="keep the worktrees (debugging)")
    parser.add_argument("--save", type=Path, help="also write the JSON document here, per bench")
    try:
        ns = parser.parse_args(argv)
    except SystemExit as stop:
        raise SystemExit(EXIT_USAGE if stop.code else 0) from None
    if ns.repeats < 1:
        raise UsageError("--repeats must be at least 1")
    return ns


def main(argv: list[str] | None = None) -> int:
    ns = parse_args(argv)
    commits = [resolve(ns.ref_a), resolve(ns.ref_b)]
    extra: dict[str, list[str]] = {}
    for item in ns.arg:
        name, sep, rest = item.partition("=")
        if not sep:
            raise UsageError(f"--arg wants BENCH=ARGS, got {item!r}")
        extra[name] = shlex.split(rest)
    if ns.scripts == "here":
        check_benches(ns.benches, BENCH)
    tmp = Path(tempfile.mkdtemp(prefix="ondas-compare-refs-"))
    sides = [
        Side(label, ref, commit, tmp / label)
        for label, ref, commit in zip("AB", (ns.ref_a, ns.ref_b), commits, strict=True)
    ]
    results: dict[str, Any] = {}
    worst = 0
    try:
        for side in sides:
            git("worktree", "add", "--detach", "--quiet", str(side.tree), side.commit)
        prepare(sides, ns.scripts)
        source = BENCH if ns.scripts == "here" else sides[1].tree / "bench"
        benches = check_benches(ns.benches, source)
        for name in benches:
            if ns.scripts == "own" and not (sides[0].tree / "bench" / f"{name}.py").exists():
                raise UsageError(f"bench {name!r} does not exist at {ns.ref_a}")
        for name in benches:
            runs: list[Run] = []
            for rnd in range(ns.repeats):
                for side in sides:
                    print(f"[{name}] round {rnd + 1}/{ns.repeats} {side.label}", file=sys.stderr)
                    runs.append(run_once(side, name, extra.get(name, []), ns.timeout, rnd))
            rows = compare(runs, ns.noise)
            if any(r.error for r in runs):
                worst = max(worst, EXIT_FAILED)
            if any(r["verdict"] == "changed" for r in rows):
                worst = max(worst, EXIT_CHANGED)
            results[name] = {"figures": rows, "runs": [vars(r) for r in runs]}
            if ns.save:
                write_atomic(ns.save, document(ns, commits, results))
            if not ns.json:
                print_table(name, rows, runs)
                sys.stdout.flush()
    finally:
        if not ns.keep:
            for side in sides:
                if side.tree.exists():
                    git("worktree", "remove", "--force", str(side.tree))
            shutil.rmtree(tmp, ignore_errors=True)
    if ns.json:
        print(json.dumps(document(ns, commits, results), indent=2))
    elif ns.markdown:
        print("\n" + markdown(document(ns, commits, results)))
    return worst


if __name__ == "__main__":
    try:
        sys.exit(main())
    except UsageError as error:
        print(f"compare_refs: error: {error}", file=sys.stderr)
        sys.exit(EXIT_USAGE)
