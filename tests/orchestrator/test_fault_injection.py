"""Fault injection: SIGKILL of the whole process group of ``ondas run``/``resume`` at random
moments and around each git step; after ``resume`` every trial must end with a completed run
whose HEAD holds every product file, whose tests pass in a clean clone, and in which no wave
lacks its commit.

Trials are cheap (the offline scripted backend builds the sample project in about a second)
and run two at a time; nothing is timed: a kill point is drawn from the duration measured by
an unkilled reference run on the same machine.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from ondas.orchestrator.wavecommit import KEY_PREFIX, NO_COMMIT
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from ondas.state.verify import validate, verify
from tests.orchestrator.conftest import SAMPLE

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(3600),
    pytest.mark.skipif(shutil.which("git") is None, reason="needs git"),
]

RANDOM_TRIALS = int(os.environ.get("ONDAS_FAULT_TRIALS", "100"))
WORKERS = 2
RUN = ["run", "--description", SAMPLE, "--backend", "scripted", "--tier", "local",
       "--auto-answer"]  # fmt: skip
REAL_GIT = shutil.which("git") or "git"

SHIM = """#!/bin/sh
# Counts git sub-commands; at the chosen one, kills the whole process group of ondas
# before the step, after it, or while "holding" the index lock (a git killed mid-write).
# ondas runs git in a session of its own: the group killed is its parent's, then itself.
sub=""
skip=0
for a in "$@"; do
  if [ "$skip" = 1 ]; then skip=0; continue; fi
  case "$a" in
    -c|-C) skip=1 ;;
    -*) ;;
    *) sub="$a"; break ;;
  esac
done
dir="$SHIM_STATE"
n=$(( $(cat "$dir/count-$sub" 2>/dev/null || echo 0) + 1 ))
echo "$n" > "$dir/count-$sub"
if [ "$sub" = "$KILL_SUB" ] && [ "$n" = "$KILL_AT" ]; then
  group=$(cut -d' ' -f5 /proc/$PPID/stat)
  case "$KILL_MODE" in
    lock) gd=$("$REAL_GIT" rev-parse --absolute-git-dir) && : > "$gd/index.lock" ;;
    after) "$REAL_GIT" "$@" ;;
  esac
  kill -KILL -"$group"
  kill -KILL $$
fi
exec "$REAL_GIT" "$@"
"""


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, "ONDAS_NO_COLOR": "1", **extra}


def _ondas(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env or _env(),
        timeout=600,
    )


def _killed_after(args: list[str], cwd: Path, delay: float, env: dict[str, str]) -> int | None:
    """Start ``ondas ARGS`` in its own process group and SIGKILL the group after ``delay``."""
    child = subprocess.Popen(
        [sys.executable, "-m", "ondas", *args],
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    try:
        child.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait(timeout=60)
    return child.returncode


def _git(project: Path, *args: str) -> str:
    out = subprocess.run(
        [REAL_GIT, *args], cwd=project, capture_output=True, text=True, timeout=120, check=True
    )
    return out.stdout


def _product_files(project: Path) -> set[str]:
    found = set()
    for path in project.rglob("*"):
        rel = path.relative_to(project).as_posix()
        skipped = rel.startswith((".git/", ".ondas/", ".claude/")) or "__pycache__" in rel
        if path.is_file() and not skipped:
            found.add(rel)
    return found


def _status(project: Path) -> str:
    conn = sqlite3.connect(f"file:{project / '.ondas' / 'state.db'}?mode=ro", uri=True)
    try:
        row = conn.execute("SELECT status FROM executions ORDER BY rowid DESC LIMIT 1").fetchone()
    finally:
        conn.close()
    return str(row[0]) if row else ""


def _finish(project: Path) -> list[str]:
    """Resume until completed, as a person would; a run killed before it stored anything is
    simply started again. Returns what happened, for the failure message."""
    log: list[str] = []
    for _ in range(6):
        if not (project / ".ondas" / "state.db").is_file():
            out = _ondas(*RUN, str(project), cwd=project)
        else:
            out = _ondas("resume", str(project), cwd=project)
            if out.returncode == 6 and "holds no execution" in out.stderr:
                out = _ondas(*RUN, str(project), cwd=project)
        log.append(f"rc={out.returncode} {out.stderr.strip()[-300:]}")
        if out.returncode == 0 and _status(project) == "completed":
            return log
        if out.returncode == 1 and "nothing to resume" in out.stderr:
            return log
    raise AssertionError(f"{project.name}: did not complete: {log}")


def _assert_delivered(project: Path, reference: set[str], log: list[str]) -> None:
    where = f"{project.parent.name} {log}"
    assert _status(project) == "completed", where
    files = _product_files(project)
    assert files == reference, f"{where}: files {sorted(files ^ reference)}"
    dirty = [
        line
        for line in _git(project, "status", "--porcelain", "--untracked-files=all").splitlines()
        if not line[3:].startswith((".ondas/", ".claude/")) and "__pycache__" not in line
    ]
    assert not dirty, f"{where}: not committed {dirty}"
    tracked = set(_git(project, "ls-files").splitlines())
    assert reference <= tracked, f"{where}: HEAD lacks {sorted(reference - tracked)}"
    with Store.open(project / ".ondas", readonly=True, schema=default_schema()) as store:
        assert verify(store).ok, f"{where}: {verify(store).findings}"
        assert validate(store).ok, f"{where}: {validate(store).findings}"
        waves = [r["id"] for r in store.all("SELECT id FROM waves ORDER BY number")]
        records = {
            r["key"][len(KEY_PREFIX) :]: json.loads(r["value"])
            for r in store.all(
                "SELECT key, value FROM extras WHERE key LIKE ?", (f"{KEY_PREFIX}%",)
            )
        }
    for wave in waves:
        commit = (records.get(wave) or {}).get("commit")
        assert commit, f"{where}: {wave} has no commit"
        if commit != NO_COMMIT:
            _git(project, "cat-file", "-e", f"{commit}^{{commit}}")
    clone = project.parent / f"{project.name}-clone"
    _git(project.parent, "clone", "-q", str(project), str(clone))
    tests = subprocess.run(
        [sys.executable, "-m", "unittest", "discover", "-s", "tests", "-t", "."],
        cwd=clone,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert tests.returncode == 0, f"{where}: clean clone tests failed: {tests.stderr[-500:]}"
    shutil.rmtree(clone)


@dataclass
class Reference:
    """What an unkilled run produces and how long it took here."""

    files: set[str]
    seconds: float
    git_calls: dict[str, int]


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Reference:
    root = tmp_path_factory.mktemp("reference")
    project = root / "project"
    project.mkdir()
    shim_dir, state = _shim(root)
    began = time.monotonic()
    out = _ondas(*RUN, str(project), cwd=project, env=_shim_env(shim_dir, state, "", 0, ""))
    seconds = time.monotonic() - began
    assert out.returncode == 0, out.stderr
    files = _product_files(project)
    assert "notes/cli.py" in files
    _assert_delivered(project, files, ["reference"])
    calls = {p.name[len("count-") :]: int(p.read_text()) for p in state.glob("count-*")}
    return Reference(files, seconds, calls)


def _shim(root: Path) -> tuple[Path, Path]:
    shim_dir = root / "shim"
    state = root / "shim-state"
    shim_dir.mkdir(exist_ok=True)
    state.mkdir(exist_ok=True)
    script = shim_dir / "git"
    script.write_text(SHIM, encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return shim_dir, state


def _shim_env(shim_dir: Path, state: Path, sub: str, at: int, mode: str) -> dict[str, str]:
    return _env(
        PATH=f"{shim_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        SHIM_STATE=str(state),
        KILL_SUB=sub,
        KILL_AT=str(at),
        KILL_MODE=mode,
        REAL_GIT=REAL_GIT,
    )


def _run_trials(trials: list[Callable[[], None]]) -> None:
    failures: list[str] = []
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        for future in [pool.submit(t) for t in trials]:
            try:
                future.result()
            except AssertionError as exc:
                failures.append(str(exc)[:800])
    assert not failures, f"{len(failures)} of {len(trials)} trials failed:\n" + "\n".join(
        failures[:10]
    )


def test_sigkill_of_run_and_resume_at_random_points_never_loses_delivered_work(
    reference: Reference, tmp_path: Path
) -> None:
    rng = random.Random(1212)
    span = max(reference.seconds, 0.5) * 1.2
    plans = [
        (i, rng.uniform(0.05, span), rng.uniform(0.05, span / 2) if rng.random() < 0.3 else None)
        for i in range(RANDOM_TRIALS)
    ]

    def trial(index: int, run_after: float, resume_after: float | None) -> Callable[[], None]:
        def go() -> None:
            root = tmp_path / f"r{index:03d}"
            project = root / "project"
            project.mkdir(parents=True)
            _killed_after([*RUN, str(project)], project, run_after, _env())
            if resume_after is not None and (project / ".ondas" / "state.db").is_file():
                _killed_after(["resume", str(project)], project, resume_after, _env())
            log = _finish(project)
            _assert_delivered(project, reference.files, log)
            shutil.rmtree(root)

        return go

    _run_trials([trial(*plan) for plan in plans])


def test_sigkill_around_each_git_step_never_leaves_a_wave_without_its_commit(
    reference: Reference, tmp_path: Path
) -> None:
    points: list[tuple[str, int, str]] = [("init", 1, "before"), ("init", 1, "after")]
    for sub in ("add", "commit"):
        total = reference.git_calls.get(sub, 0)
        assert total >= 3, reference.git_calls
        for at in sorted({1, total // 2, total}):
            for mode in ("before", "lock", "after"):
                points.append((sub, at, mode))

    def trial(sub: str, at: int, mode: str) -> Callable[[], None]:
        def go() -> None:
            root = tmp_path / f"g-{sub}-{at}-{mode}"
            project = root / "project"
            project.mkdir(parents=True)
            shim_dir, state = _shim(root)
            env = _shim_env(shim_dir, state, sub, at, mode)
            child = subprocess.run(
                [sys.executable, "-m", "ondas", *RUN, str(project)],
                cwd=project,
                capture_output=True,
                text=True,
                env=env,
                timeout=600,
                start_new_session=True,
            )
            assert child.returncode == -signal.SIGKILL, f"{root.name}: not killed"
            if mode == "lock":
                assert (project / ".git" / "index.lock").exists()
            log = _finish(project)
            _assert_delivered(project, reference.files, log)
            if mode == "lock":
                with Store.open(
                    project / ".ondas", readonly=True, schema=default_schema()
                ) as store:
                    assert store.events(type_="git_index_lock_removed"), root.name
            shutil.rmtree(root)

        return go

    _run_trials([trial(*point) for point in points])
