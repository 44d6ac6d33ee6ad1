"""Stop signals and kills at named moments, one trial each (the full sweep over every step
boundary is tests/orchestrator/test_kill_points.py): the documented exit, nothing half-made."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.stopping import STOP_AT_ENV
from tests.orchestrator.conftest import SAMPLE

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

RUN = ["run", "--description", SAMPLE, "--backend", "scripted", "--tier", "local",
       "--no-atomic-commit", "--no-roadmap"]  # fmt: skip


def _ondas(
    *args: str, project: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "ONDAS_NO_COLOR": "1", **(env or {})},
        timeout=300,
        start_new_session=True,
    )


def _git(project: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=project, capture_output=True, text=True, check=True, timeout=60
    ).stdout


def test_sigterm_before_anything_is_written_exits_0_and_creates_nothing(project: Path) -> None:
    out = _ondas(*RUN, str(project), project=project, env={STOP_AT_ENV: "before-write:TERM"})
    assert out.returncode == 0, out.stderr
    assert "nothing was created" in out.stderr
    assert list(project.iterdir()) == []


def test_ctrl_c_while_ondas_runs_git_never_reaches_git(project: Path, tmp_path: Path) -> None:
    """A terminal's Ctrl-C goes to the foreground process group; ondas' git is not in it."""
    shim = tmp_path / "shim"
    shim.mkdir()
    real = shutil.which("git")
    (shim / "git").write_text(
        "#!/bin/sh\n"
        'case " $* " in *" commit "*)\n'
        '  kill -INT -"$(cut -d" " -f5 /proc/$PPID/stat)"; sleep 0.3 ;;\n'
        "esac\n"
        f'exec {real} "$@"\n',
        encoding="utf-8",
    )
    (shim / "git").chmod(stat.S_IRWXU)
    path = f"{shim}{os.pathsep}{os.environ.get('PATH', '')}"
    out = _ondas(*RUN, "--max-waves", "2", str(project), project=project, env={"PATH": path})
    assert out.returncode == 0, out.stderr
    assert "interrupted" in out.stderr
    # the report written as the loop stops has a commit of its own after the wave's
    subjects = [
        s
        for s in _git(project, "log", "--format=%s").splitlines()
        if not s.startswith("ondas: report of")
    ]
    assert [s for s in subjects if s.startswith("ondas wave-001:")] == subjects[:1]
    assert not [s for s in subjects if s.startswith("ondas wave-002:")]
    dirty = _git(project, "status", "--porcelain", "--untracked-files=all").splitlines()
    assert not [line for line in dirty if not line[3:].startswith((".ondas/", ".claude/"))]


def test_a_wave_whose_commit_was_not_recorded_keeps_its_one_commit(project: Path) -> None:
    killed = _ondas(
        *RUN, "--max-waves", "1", str(project), project=project,
        env={STOP_AT_ENV: "wave-committed:KILL:group"},
    )  # fmt: skip
    assert killed.returncode == -signal.SIGKILL
    out = _ondas("resume", "--max-waves", "1", str(project), project=project)
    assert out.returncode == 0, out.stderr
    subjects = _git(project, "log", "--format=%s").splitlines()
    assert len([s for s in subjects if s.startswith("ondas wave-001:")]) == 1, subjects
    assert not [s for s in subjects if "recovered after an interruption" in s], subjects


def test_a_kill_while_the_store_is_created_leaves_no_untracked_file(project: Path) -> None:
    killed = _ondas(
        *RUN, "--max-waves", "1", str(project), project=project,
        env={STOP_AT_ENV: "store-creating:KILL:group"},
    )  # fmt: skip
    assert killed.returncode == -signal.SIGKILL
    leftovers = [p.name for p in (project / ".ondas").iterdir() if p.name.startswith(".state.db")]
    assert leftovers, "the kill point is inside store creation"
    untracked = _git(project, "status", "--porcelain", "--untracked-files=all").splitlines()
    assert not [line for line in untracked if ".state.db" in line], untracked
    out = _ondas(*RUN, "--max-waves", "1", str(project), project=project)
    assert out.returncode == 0, out.stderr
    assert not [p for p in (project / ".ondas").iterdir() if p.name.startswith(".state.db")]


def test_status_is_not_completed_before_the_last_waves_commit(project: Path) -> None:
    first = _ondas(*RUN, "--auto-answer", "--max-waves", "10", str(project), project=project)
    assert first.returncode == 0, first.stderr
    killed = _ondas(
        "resume", str(project), project=project, env={STOP_AT_ENV: "wave-ended:KILL:group"}
    )
    assert killed.returncode == -signal.SIGKILL
    shown = _ondas("status", str(project), project=project)
    assert shown.returncode == 0, shown.stderr
    assert " completed " not in shown.stdout
    assert "not committed yet" in shown.stdout
    assert _ondas("resume", str(project), project=project).returncode == 0
    assert " completed " in _ondas("status", str(project), project=project).stdout
    subjects = _git(project, "log", "--format=%s").splitlines()
    assert len([s for s in subjects if s.startswith("ondas wave-011:")]) == 1, subjects
