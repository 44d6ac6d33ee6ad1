"""Atomic writes: a writer killed before its rename leaves a temp file whose name says who
wrote it, so a dead writer's leftover is told apart from a live writer's file in progress."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from ondas.state import atomic

# The child makes its temp file exactly as atomic_write does, then is killed before the
# rename: what a run SIGKILLed in the middle of a write leaves behind.
_WRITER = """
import os, sys, tempfile
from pathlib import Path
from ondas.state.atomic import temp_prefix
target = Path(sys.argv[1])
fd, tmp = tempfile.mkstemp(prefix=temp_prefix(target), suffix=".tmp", dir=target.parent)
os.write(fd, b"half a file")
print(tmp, flush=True)
if sys.argv[2] == "die":
    os.kill(os.getpid(), 9)
sys.stdin.read()
"""


def killed_writer_temp(target: Path) -> Path:
    """The temp file of a writer of ``target`` SIGKILLed before its rename."""
    child = subprocess.run(
        [sys.executable, "-c", _WRITER, str(target), "die"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    return Path(child.stdout.strip())


def live_writer_temp(target: Path) -> tuple[subprocess.Popen[str], Path]:
    """A live writer of ``target`` between its temp file and its rename (ends on stdin EOF)."""
    child = subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(target), "wait"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    return child, Path(child.stdout.readline().strip())


def test_atomic_write_replaces_the_file_and_leaves_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "tasks.md"
    target.write_text("old\n", encoding="utf-8")
    atomic.atomic_write(target, b"new\n")
    assert target.read_bytes() == b"new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tasks.md"]


def test_a_temp_file_names_its_writer_and_is_recognised_as_one(tmp_path: Path) -> None:
    prefix = atomic.temp_prefix(tmp_path / "tasks.md")
    assert prefix.startswith(f".tasks.md.{os.getpid()}-")
    assert atomic.is_temp_name(f".tasks.md.{os.getpid()}-1-2.ab_3x9k0.tmp")
    assert atomic.is_temp_name(f"{prefix}ab_3x9k0.tmp")
    assert atomic.is_temp_path(f"docs/specs/project/{prefix}ab_3x9k0.tmp")
    assert atomic.is_temp_name(".tasks.md._k2j9x0q.tmp")  # older releases: no writer
    assert not atomic.is_temp_name("tasks.md")
    assert not atomic.is_temp_name("notes.tmp")


def test_a_killed_writers_temp_file_is_removed_and_a_live_writers_is_kept(
    tmp_path: Path,
) -> None:
    target = tmp_path / "docs" / "tasks.md"
    target.parent.mkdir()
    dead = killed_writer_temp(target)
    assert dead.exists() and atomic.writer_gone(dead.name)
    child, live = live_writer_temp(target)
    try:
        assert not atomic.writer_gone(live.name)
        legacy = target.parent / ".tasks.md._k2j9x0q.tmp"
        legacy.write_bytes(b"")
        rels = [p.relative_to(tmp_path).as_posix() for p in (dead, live, legacy)]
        assert atomic.remove_dead_temp_files(tmp_path, [*rels, "docs/tasks.md"]) == [rels[0]]
        assert not dead.exists()
        assert live.exists() and legacy.exists()  # a live writer's, an unknown writer's
    finally:
        child.communicate(input="", timeout=120)


def test_a_temp_file_whose_pid_now_belongs_to_another_process_is_a_dead_writers(
    tmp_path: Path,
) -> None:
    """Pids are reused: the writer is the pid started at the recorded time, not the pid."""
    prefix = atomic.temp_prefix(tmp_path / "tasks.md")
    mine = f"{prefix}ab_3x9k0.tmp"
    assert not atomic.writer_gone(mine)
    pid, start, ns = mine.split(".")[3].split("-")
    assert int(pid) == os.getpid() and int(start) > 0
    reused = f".tasks.md.{pid}-{int(start) + 1}-{ns}.ab_3x9k0.tmp"
    assert atomic.writer_gone(reused)
