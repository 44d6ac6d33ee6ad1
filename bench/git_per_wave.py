"""Git processes per wave: how many git commands ondas starts around each wave, by step.

Counts are deterministic (times are not): every ``git`` process ondas starts is seen through
an audit hook on ``subprocess.Popen`` and charged to the step whose code started it (wave
start snapshot, task loop, wave end snapshot, report, commit). Two runs:

- ``ondas demo`` in-process (scripted backend, every stage, about a dozen waves);
- the bookkeeping of a long run without an agent: snapshot, wave end, ``finish_wave`` (state
  export, report, commit) for ``ONDAS_BENCH_WAVES`` waves (default 30), first and last third
  compared: the count per wave must not grow with the run.

Run: ``python bench/git_per_wave.py``. Prints figures, asserts nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import traceback
from collections import Counter
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

from ondas.app import run as commands  # noqa: E402
from ondas.audit import waves as waves_mod  # noqa: E402
from ondas.orchestrator import wavecommit  # noqa: E402
from ondas.orchestrator.loop import IntegrityCheck, finish_wave, prepare_project  # noqa: E402
from ondas.runtime.schema import default_schema  # noqa: E402
from ondas.state.execution import create_execution  # noqa: E402
from ondas.state.store import Store  # noqa: E402

WAVES = int(os.environ.get("ONDAS_BENCH_WAVES", "30"))
STEPS = ("wave start", "tasks", "wave end", "report", "commit", "other")
CALLS: list[tuple[str, str]] = []
"""(step, git subcommand) of every git process started since the last reset."""


def _step(functions: list[str], files: list[str]) -> str:
    if {"commit_paths", "commit_wave", "commit_for"} & set(functions):
        return "commit"
    if any("/ondas/report/" in f for f in files):
        return "report"
    if "wave_paths" in functions:
        return "wave end"
    if {"snapshot", "dirty_paths", "record_start"} & set(functions):
        return "wave start"
    if "run_execute_tasks" in functions:
        return "tasks"
    return "other"


def _subcommand(argv: list[str]) -> str:
    words = argv[1:]
    while words and words[0].startswith("-"):
        words = words[2:] if words[0] in ("-c", "-C") else words[1:]
    return words[0] if words else "?"


def _audit(event: str, args: tuple[object, ...]) -> None:
    if event != "subprocess.Popen":
        return
    argv = args[1]
    argv = [str(a) for a in argv] if isinstance(argv, list | tuple) else [str(argv)]
    if not argv or os.path.basename(argv[0]) != "git":
        return
    frames = [f for f in traceback.extract_stack()[:-1] if "/ondas/" in f.filename]
    CALLS.append((_step([f.name for f in frames], [f.filename for f in frames]), _subcommand(argv)))


def demo(tmp: Path) -> tuple[int, list[tuple[str, str]]]:
    """Waves and git calls of one ``ondas demo``."""
    CALLS.clear()
    directory = tmp / "demo" / "notes"
    commands.demo(directory)
    with Store.open(directory / ".ondas", readonly=True, schema=default_schema()) as store:
        row = store.one("SELECT COUNT(*) AS n FROM waves")
    return (int(row["n"]) if row else 0), list(CALLS)


def bookkeeping(tmp: Path) -> list[list[tuple[str, str]]]:
    """The git calls of each of WAVES waves of bookkeeping (one file written per wave)."""
    project = tmp / "long"
    project.mkdir()
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    prepare_project(project)
    per_wave: list[list[tuple[str, str]]] = []
    with Store.open(project / ".ondas", create=True, schema=default_schema()) as store:
        execution = create_execution(store, project_path=project, description="bench")
        check = IntegrityCheck()
        for i in range(WAVES):
            check.run(store, backend_label="bench")
            CALLS.clear()
            if hasattr(wavecommit, "snapshot"):
                base, before = wavecommit.snapshot(project)
                wave_id = waves_mod.start_wave(store)
                wavecommit.record_start(store, project, wave_id, before, base)
            else:  # the code before the snapshot existed (a "before" figure)
                before = wavecommit.dirty_paths(project)
                wave_id = waves_mod.start_wave(store)
                wavecommit.record_start(store, project, wave_id, before)
            (project / f"file{i}.txt").write_text(f"wave {i}\n", encoding="utf-8")
            waves_mod.tick(store)
            waves_mod.end_wave(store, "threshold_proxy_reached", next_instruction="continue")
            changed = wavecommit.wave_paths(store, project, execution.id, wave_id)
            finish_wave(store, project, "bench", f"ondas {wave_id}: work", changed, wave_id, check)
            per_wave.append(list(CALLS))
        check.close()
    return per_wave


def table(calls: list[tuple[str, str]], waves: int) -> list[str]:
    by_step = Counter(step for step, _ in calls)
    lines = [f"  {'step':<11} {'git calls':>9} {'per wave':>9}  subcommands"]
    for step in STEPS:
        if by_step[step]:
            subs = Counter(sub for s, sub in calls if s == step)
            detail = ", ".join(f"{sub} {n}" for sub, n in subs.most_common())
            lines.append(f"  {step:<11} {by_step[step]:>9} {by_step[step] / waves:>9.1f}  {detail}")
    statuses = sum(1 for _, sub in calls if sub == "status")
    lines.append(f"  {'all':<11} {len(calls):>9} {len(calls) / waves:>9.1f}  (status {statuses})")
    return lines


def main() -> None:
    sys.addaudithook(_audit)
    tmp = Path(tempfile.mkdtemp(prefix="ondas-bench-git-"))
    try:
        waves, calls = demo(tmp)
        long = bookkeeping(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"git processes, ondas demo: {waves} waves, {len(calls)} git processes")
    print("\n".join(table(calls, waves)))
    third = max(1, len(long) // 3)
    first = [c for wave in long[:third] for c in wave]
    last = [c for wave in long[-third:] for c in wave]
    print(f"bookkeeping only (snapshot, wave end, finish_wave), {len(long)} waves:")
    print(f"  waves 1-{third}:")
    print("\n".join("  " + line for line in table(first, third)))
    print(f"  waves {len(long) - third + 1}-{len(long)}:")
    print("\n".join("  " + line for line in table(last, third)))


if __name__ == "__main__":
    main()
