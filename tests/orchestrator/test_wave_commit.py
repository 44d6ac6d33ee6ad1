"""A wave's files and its commit form one recoverable step: a run killed mid-task or stopped
by SIGTERM/SIGHUP leaves nothing uncommitted after ``resume``, and the person's own dirty
files are never committed by ondas."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.orchestrator import wavecommit
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from tests.conftest import run_ondas
from tests.orchestrator.conftest import SAMPLE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
RUN = ["--description", SAMPLE, "--backend", "scripted", "--tier", "local", "--auto-answer"]


def _git(project: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=project, capture_output=True, text=True, check=True
    ).stdout


def _every_wave_has_its_commit(project: Path) -> None:
    with Store.open(project / ".ondas", readonly=True, schema=default_schema()) as store:
        waves = [r["id"] for r in store.all("SELECT id FROM waves")]
        for wave in waves:
            record = wavecommit.load(store, "exec-001", wave)
            assert record is not None and record["commit"], wave


def test_a_test_command_that_kills_ondas_mid_task_loses_nothing_after_resume(
    project: Path, tmp_path: Path
) -> None:
    """The issue's reproduction: the killed wave's files are the wave's, not the person's."""
    marker = tmp_path / "killed-once"
    command = (
        f"if [ -e notes/cli.py ] && [ ! -e {marker} ]; then touch {marker}; kill -9 $PPID; fi; "
        f"{sys.executable} -m unittest discover -s tests -t ."
    )
    (project / "my-notes.txt").write_text("the person's own work\n", encoding="utf-8")
    # The test command is the harness (it kills ondas): it runs outside the sandbox.
    killed = run_ondas("run", str(project), *RUN, "--no-sandbox", "--test-command", command)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert marker.exists()
    done = run_ondas("resume", str(project))
    assert done.returncode == 0, done.stderr
    status = _git(project, "status", "--short", "--untracked-files=all").splitlines()
    leftover = [s for s in status if not s[3:].startswith((".claude/", ".ondas/"))]
    assert leftover == ["?? my-notes.txt"]
    assert "notes/cli.py" in _git(project, "ls-files").splitlines()
    _every_wave_has_its_commit(project)
    clone = tmp_path / "clone"
    _git(tmp_path, "clone", "-q", str(project), str(clone))
    tests = subprocess.run(
        [sys.executable, "-m", "unittest", "discover", "-s", "tests", "-t", "."],
        cwd=clone,
        capture_output=True,
        text=True,
    )
    assert tests.returncode == 0, tests.stderr


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_stop_the_run_like_ctrl_c(project: Path, sig: signal.Signals) -> None:
    child = subprocess.Popen(
        [sys.executable, "-m", "ondas", "run", str(project), *RUN, "--wave-delay", "30", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ},
    )
    assert child.stdout is not None
    for line in child.stdout:
        if json.loads(line).get("event") == "wave_closed":
            break
    child.send_signal(sig)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    result = [json.loads(x) for x in out.splitlines() if '"result"' in x][-1]
    assert result["stopped_by"] == "interrupted"
    with Store.open(project / ".ondas", readonly=True, schema=default_schema()) as store:
        assert store.one("SELECT 1 FROM locks") is None
        assert store.one("SELECT 1 FROM waves WHERE ended_at IS NULL") is None
    _every_wave_has_its_commit(project)
    assert run_ondas("resume", str(project), "--wave-delay", "0").returncode == 0


def test_a_stale_index_lock_is_removed_with_an_event_and_a_fresh_one_is_kept(
    project: Path,
) -> None:
    assert run_ondas("run", str(project), *RUN, "--max-waves", "1").returncode == 0
    lock = project / ".git" / "index.lock"
    lock.touch()
    done = run_ondas("resume", str(project), "--max-waves", "1")
    assert done.returncode == 0, done.stderr
    assert not lock.exists()
    with Store.open(project / ".ondas", readonly=True, schema=default_schema()) as store:
        assert store.events(type_="git_index_lock_removed")
    holder = subprocess.Popen(
        ["git", "cat-file", "--batch"], cwd=project, stdin=subprocess.PIPE, text=True
    )
    try:
        lock.touch()
        os.utime(lock, (0, 0))  # written long before the live git process started
        assert wavecommit.gitops.stale_index_lock(project) == lock
        os.utime(lock, None)  # written after it started: it may be that process's
        assert wavecommit.gitops.stale_index_lock(project) is None
    finally:
        holder.communicate(input="")
        lock.unlink()


def test_a_git_init_killed_midway_does_not_stop_the_next_init(tmp_path: Path) -> None:
    from ondas.runtime import gitops

    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / ".git" / "config.lock").write_text("")
    assert gitops.ensure_repo(project) is True
    assert gitops.is_repo(project)
    assert not (project / ".git" / "config.lock").exists()


def test_a_killed_writers_temp_file_is_never_committed_and_is_removed_on_resume(
    project: Path, tmp_path: Path
) -> None:
    """ondas killed inside an atomic write mid-wave leaves its temp file
    ``.<name>.<pid>-<start>-<ns>.<random>.tmp`` among the wave's files: resume leaves it out
    of the wave's commit and removes it; a live writer's temp file is only left out."""
    from tests.state.test_atomic_write import live_writer_temp

    marker = tmp_path / "killed-once"
    start = "$(sed 's/.*) //' /proc/$PPID/stat | cut -d' ' -f20)"
    temp = f"docs/.briefing.md.$PPID-{start}-$(stat -L -c %i /proc/$PPID/ns/pid).k2j9x0q_.tmp"
    command = (
        f"if [ -e notes/cli.py ] && [ ! -e {marker} ]; then touch {marker}; "
        f"printf half > {temp}; kill -9 $PPID; fi; "
        f"{sys.executable} -m unittest discover -s tests -t ."
    )
    # The test command is the harness (it kills ondas): it runs outside the sandbox.
    killed = run_ondas("run", str(project), *RUN, "--no-sandbox", "--test-command", command)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    (dead,) = (project / "docs").glob(".briefing.md.*.tmp")
    child, live = live_writer_temp(project / "docs" / "briefing.md")
    try:
        done = run_ondas("resume", str(project))
        assert done.returncode == 0, done.stderr
        committed = _git(project, "log", "--all", "--format=", "--name-only").splitlines()
        assert "notes/cli.py" in committed
        assert not [p for p in committed if p.endswith(".tmp")], committed
        assert not dead.exists()
        assert live.exists()
        status = _git(project, "status", "--short", "--untracked-files=all").splitlines()
        assert f"?? {live.relative_to(project).as_posix()}" in status
        _every_wave_has_its_commit(project)
    finally:
        child.communicate(input="", timeout=120)


def test_a_git_process_that_exits_during_the_scan_does_not_keep_a_stale_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Other people's git processes come and go: one listed as live that has exited (or is a
    zombie) by the time its ``/proc`` entry is read owns nothing. The listing is taken before
    the exit here; the processes are real."""
    from ondas.runtime import gitops
    from ondas.state import proc

    project = tmp_path / "project"
    elsewhere = tmp_path / "elsewhere"
    for d in (project, elsewhere):
        subprocess.run(["git", "init", "-q", str(d)], check=True)
    zombie = subprocess.Popen(["git", "--version"], cwd=elsewhere, stdout=subprocess.DEVNULL)
    reaped = subprocess.Popen(["git", "--version"], cwd=elsewhere, stdout=subprocess.DEVNULL)
    reaped.wait(timeout=120)
    try:
        while not proc.is_zombie(zombie.pid):  # exited, not reaped: no cwd to read
            os.sched_yield()
        lock = project / ".git" / "index.lock"
        lock.touch()  # written after both started: a live one in the project would own it
        monkeypatch.setattr(proc, "processes_named", lambda name: [zombie.pid, reaped.pid])
        assert gitops.stale_index_lock(project) == lock
        config_lock = project / ".git" / "config.lock"
        config_lock.touch()
        assert gitops._drop_stale(config_lock)
    finally:
        zombie.wait(timeout=120)


def test_a_live_git_process_of_another_repository_does_not_own_the_lock(tmp_path: Path) -> None:
    from ondas.runtime import gitops

    project = tmp_path / "project"
    elsewhere = tmp_path / "elsewhere"
    for d in (project, elsewhere):
        subprocess.run(["git", "init", "-q", str(d)], check=True)
    other = subprocess.Popen(
        ["git", "cat-file", "--batch"], cwd=elsewhere, stdin=subprocess.PIPE, text=True
    )
    try:
        lock = project / ".git" / "index.lock"
        lock.touch()
        assert gitops.stale_index_lock(project) == lock
    finally:
        other.communicate(input="", timeout=120)


def test_a_file_with_a_secret_stays_out_of_the_wave_commit_and_blocks_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ondas.audit import blocks
    from ondas.audit.refusals import list_refusals
    from ondas.audit.waves import start_wave
    from ondas.state.execution import create_execution

    key = "AKIA" + "Q7ZL4MN2PR8TV6WX"
    project = tmp_path / "proj"
    project.mkdir()
    _git(project, "init", "-q", "-b", "main")
    _git(project, "-c", "user.email=a@b", "-c", "user.name=a", "commit", "-q", "--allow-empty",
         "-m", "initial")  # fmt: skip
    with Store.open(project / ".ondas", create=True, schema=default_schema()) as store:
        create_execution(store, project_path=project, description="notes")
        base, dirty = wavecommit.snapshot(project)
        wave = start_wave(store)
        wavecommit.record_start(store, project, wave, dirty, base)
        (project / "notes.py").write_text("print('notes')\n")
        (project / "conf.py").write_text(f"# settings\nKEY = '{key}'\n")
        paths = wavecommit.wave_paths(store, project, "exec-001", wave)
        assert paths == ["conf.py", "notes.py"]
        assert wavecommit.withhold_secrets(store, project, paths) == ["notes.py"]
        for name in ("GIT_AUTHOR", "GIT_COMMITTER"):
            monkeypatch.setenv(f"{name}_NAME", "a")
            monkeypatch.setenv(f"{name}_EMAIL", "a@b")
        commit = wavecommit.commit_wave(store, project, wave, "briefing", paths)
        assert commit != wavecommit.NO_COMMIT
        (block,) = blocks.list_blocks(store)  # the second scan found the same: one block
        assert block.question.startswith("conf.py holds a secret at line 2 (aws-access-key)")
        assert block.status == "awaiting" and block.severity == "normal"
        subjects = [r.subject for r in list_refusals(store) if r.source == "secrets"]
    assert subjects == ["conf.py:2 (aws-access-key)"] * 2
    assert _git(project, "ls-files").split() == ["notes.py"]
    assert key not in _git(project, "log", "-p", "--all")
