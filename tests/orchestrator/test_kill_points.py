"""Kill points: SIGKILL, SIGTERM and SIGINT (to the process group) at every step boundary of a
scripted run, from store creation to the final wave's commit.

Each trial sets the test-only ``ONDAS_TEST_STOP_AT`` (see :mod:`ondas.stopping`): the process
signals itself the moment it reaches the named point, so every boundary is hit exactly, not
at random. Right after the signal and again after the run is taken up (``resume``, or ``run``
when nothing was stored), the project must hold: the documented exit code (0 for TERM and INT,
killed for KILL), ``state verify`` ok, ``status`` never ``completed`` before the last wave's
commit exists, at most (once settled, exactly) one commit per wave, no untracked file.

The first-wave points run on a fresh project (``run --max-waves 1``); the final-wave points
on a copy of a run stopped before its last wave, restored before each trial (with its
``$ONDAS_HOME``, whose chain anchors must match the store). About 2-3 minutes on 2 cores.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from ondas.orchestrator.loop import STATE_FILES
from ondas.orchestrator.settings import KEY_PREFIX
from ondas.stopping import STOP_AT_ENV
from tests.orchestrator.conftest import SAMPLE

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(1800),
    pytest.mark.skipif(shutil.which("git") is None, reason="needs git"),
]

RUN = ["run", "--description", SAMPLE, "--backend", "scripted", "--tier", "local",
       "--auto-answer"]  # fmt: skip
WAVES = 11
"""Waves of the scripted sample run (the last one, review-features, completes it)."""
FIRST_WAVE_POINTS = (
    "before-write",
    "project-prepared",
    "store-creating",
    "store-created",
    "execution-created",
    "lock-acquired",
    "wave-started",
    "agent-worked",
    "wave-ended",
    "wave-exported",
    "wave-committed",
    "wave-recorded",
    "loop-ended",
)
FINAL_WAVE_POINTS = (
    "before-write",
    "lock-acquired",
    "wave-started",
    "agent-worked",
    "wave-ended",
    "wave-exported",
    "wave-committed",
    "wave-recorded",
    "loop-ended",
)
SIGNALS = (("KILL", "group"), ("TERM", "self"), ("INT", "group"))
EXPECTED_EXIT = {"KILL": -signal.SIGKILL, "TERM": 0, "INT": 0}
WORKERS = 2


def _env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != STOP_AT_ENV}
    return {**env, "ONDAS_NO_COLOR": "1", "ONDAS_HOME": str(home), **extra}


def _ondas(args: list[str], project: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``ondas ARGS`` as the leader of its own process group (a signal to the group is its)."""
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        start_new_session=True,
    )


def _git(project: Path, *args: str) -> str:
    out = subprocess.run(["git", *args], cwd=project, capture_output=True, text=True, timeout=60)
    return out.stdout if out.returncode == 0 else ""


def _has_execution(project: Path) -> bool:
    db = project / ".ondas" / "state.db"
    if not db.is_file():
        return False
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT COUNT(*) FROM executions").fetchone()[0] > 0
    finally:
        conn.close()


def _waves(project: Path) -> list[tuple[str, bool, str | None]]:
    """(wave id, closed, recorded commit) of every wave, in order."""
    conn = sqlite3.connect(f"file:{project / '.ondas' / 'state.db'}?mode=ro", uri=True)
    try:
        waves = conn.execute("SELECT id, ended_at FROM waves ORDER BY number").fetchall()
        records = {
            key[len(KEY_PREFIX) :]: json.loads(value).get("commit")
            for key, value in conn.execute(
                "SELECT key, value FROM extras WHERE key LIKE ?", (f"{KEY_PREFIX}%",)
            )
        }
    finally:
        conn.close()
    return [(wid, ended is not None, records.get(wid)) for wid, ended in waves]


def _check(
    project: Path, env: dict[str, str], where: str, *, settled: bool, first: bool = False
) -> str:
    """The invariants of a project at rest; returns the reported status.

    ``first``: no wave has committed yet, so ondas' own state files (``.ondas/.gitignore``,
    the report) are still untracked; the first wave commits them.
    """
    if settled:
        own = {f"?? {name}" for name in STATE_FILES} if first else set()
        stray = [
            line
            for line in _git(project, "status", "--porcelain", "--untracked-files=all").split("\n")
            if line
            and line not in own
            and not line[3:].startswith(".claude/")
            and not (line.startswith(" M .ondas/") or line.startswith("M  .ondas/"))
        ]
        assert not stray, f"{where}: not committed or untracked: {stray}"
    if not _has_execution(project):
        return ""
    verified = _ondas(["state", "verify"], project, env)
    assert verified.returncode == 0, f"{where}: verify: {verified.stdout}{verified.stderr}"
    shown = _ondas(["status", "--json"], project, env)
    assert shown.returncode == 0, f"{where}: status: {shown.stderr}"
    status = str(json.loads(shown.stdout)["execution"]["status"])
    subjects = _git(project, "log", "--format=%s").splitlines()
    for wave, closed, commit in _waves(project):
        made = [s for s in subjects if s.startswith(f"ondas {wave}:")]
        assert len(made) <= 1, f"{where}: {wave} has {len(made)} commits: {made}"
        if commit:
            assert _git(project, "cat-file", "-t", commit).strip() == "commit", where
        if settled and closed:
            assert commit and len(made) == 1, f"{where}: {wave} lacks its commit"
        if status == "completed":
            assert closed and commit, f"{where}: completed, but {wave} has no commit"
    return status


@dataclass(frozen=True)
class Trial:
    """One signal at one point of the first or the final wave."""

    wave: str
    point: str
    sig: str
    scope: str

    @property
    def name(self) -> str:
        return f"{self.wave}-{self.point}-{self.sig}"


def _signalled(trial: Trial, args: list[str], project: Path, home: Path) -> str:
    """Run ``args`` signalled at the trial's point; check the project at once and settled."""
    plan = f"{trial.point}@1:{trial.sig}:{trial.scope}"
    out = _ondas(args, project, _env(home, **{STOP_AT_ENV: plan}))
    where = f"{trial.name} (rc {out.returncode}: {out.stderr.strip()[-300:]})"
    assert out.returncode == EXPECTED_EXIT[trial.sig], where
    assert "Traceback" not in out.stderr, where
    first = trial.wave == "first" and "(interrupted)" in out.stderr and "after 0 wave" in out.stderr
    return _check(project, _env(home), where, settled=trial.sig != "KILL", first=first)


def _take_up(project: Path, home: Path, first: list[str], again: list[str]) -> str:
    """Go on as a person would: ``again`` (resume) when an execution is stored, else ``first``."""
    args = again if _has_execution(project) else first
    out = _ondas(args, project, _env(home))
    assert out.returncode == 0, f"{project.name} {args[0]}: {out.stderr[-400:]}"
    return _check(project, _env(home), f"{project.name} after {args[0]}", settled=True)


def _first_wave(trial: Trial, root: Path) -> None:
    project, home = root / "project", root / "home"
    project.mkdir(parents=True)
    home.mkdir()
    run = [*RUN, "--max-waves", "1", str(project)]
    _signalled(trial, run, project, home)
    _take_up(project, home, run, ["resume", "--max-waves", "1", str(project)])
    shutil.rmtree(root)


@dataclass(frozen=True)
class Slot:
    """A project stopped before its final wave, at a path trials reuse (the store names it)."""

    project: Path
    home: Path
    pristine: Path

    def restore(self) -> None:
        for live, kept in (
            (self.project, self.pristine / "project"),
            (self.home, self.pristine / "home"),
        ):
            shutil.rmtree(live, ignore_errors=True)
            shutil.copytree(kept, live, symlinks=True)


def _final_wave(trial: Trial, slot: Slot) -> None:
    slot.restore()
    status = _signalled(trial, ["resume", str(slot.project)], slot.project, slot.home)
    for _ in range(3):
        if status == "completed":
            break
        status = _take_up(slot.project, slot.home, RUN, ["resume", str(slot.project)])
    assert status == "completed", f"{trial.name}: {status}"
    _check(slot.project, _env(slot.home), f"{trial.name} completed", settled=True)
    assert "docs/features-review.md" in _git(slot.project, "ls-files").split("\n"), trial.name


@pytest.fixture(scope="module")
def slots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[queue.Queue[Slot]]:
    root = tmp_path_factory.mktemp("final-wave")

    def build(index: int) -> Slot:
        slot = Slot(
            root / f"s{index}" / "project", root / f"s{index}" / "home", root / f"s{index}" / "kept"
        )
        slot.project.mkdir(parents=True)
        slot.home.mkdir()
        out = _ondas(
            [*RUN, "--max-waves", str(WAVES - 1), str(slot.project)], slot.project, _env(slot.home)
        )
        assert out.returncode == 0, out.stderr
        assert _waves(slot.project)[-1][0] == f"wave-{WAVES - 1:03d}"
        shutil.copytree(slot.project, slot.pristine / "project", symlinks=True)
        shutil.copytree(slot.home, slot.pristine / "home", symlinks=True)
        return slot

    found: queue.Queue[Slot] = queue.Queue()
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        for slot in pool.map(build, range(WORKERS)):
            found.put(slot)
    yield found


def _run_all(jobs: list[tuple[Trial, object]]) -> None:
    failures: list[str] = []

    def go(job: tuple[Trial, object]) -> None:
        trial, run = job
        try:
            run()  # type: ignore[operator]
        except AssertionError as exc:
            failures.append(f"{trial.name}: {str(exc)[:600]}")

    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        list(pool.map(go, jobs))
    assert not failures, f"{len(failures)} of {len(jobs)} trials failed:\n" + "\n".join(failures)


def test_a_signal_at_any_step_boundary_of_the_first_wave_leaves_a_consistent_project(
    tmp_path: Path,
) -> None:
    trials = [Trial("first", p, s, scope) for p in FIRST_WAVE_POINTS for s, scope in SIGNALS]
    _run_all([(t, lambda t=t: _first_wave(t, tmp_path / t.name)) for t in trials])


def test_a_signal_at_any_step_boundary_of_the_final_wave_never_reports_completed_early(
    slots: queue.Queue[Slot],
) -> None:
    trials = [Trial("final", p, s, scope) for p in FINAL_WAVE_POINTS for s, scope in SIGNALS]

    def in_a_slot(trial: Trial) -> None:
        slot = slots.get()
        try:
            _final_wave(trial, slot)
        finally:
            slots.put(slot)

    _run_all([(t, lambda t=t: in_a_slot(t)) for t in trials])
