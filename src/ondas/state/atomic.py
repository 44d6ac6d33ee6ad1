"""Atomic file writes and the temp files they leave when their writer is killed.

:func:`atomic_write` writes beside the target under one naming pattern,
``.<name>.<pid>-<start>-<pidns>.<random>.tmp``, then renames over it. A writer killed before
the rename leaves that temp file behind; its name says who wrote it (pid, the process's start
time in clock ticks since boot, pid namespace), so a later process can tell a dead writer's
leftover (removed) from a live writer's file in progress (left alone). Neither is ever part
of a wave's commit.
"""

from __future__ import annotations

import os
import re
import tempfile
from contextlib import suppress
from pathlib import Path

from ondas.pathpolicy import check_writable
from ondas.state import proc

_TEMP = re.compile(r"\.(?P<target>.+)\.(?P<pid>\d+)-(?P<start>\d+)-(?P<ns>\d+)\.[a-z0-9_]+\.tmp")
# Older releases named it ``.<name>.<random>.tmp`` (no writer): never committed, kept.
_LEGACY_TEMP = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")


def _pid_namespace() -> int:
    """The inode of this process's pid namespace (0 where unknown)."""
    with suppress(OSError):
        return os.stat("/proc/self/ns/pid").st_ino
    return 0


def temp_prefix(path: Path) -> str:
    """The start of the name of this process's temp file for ``path``."""
    pid = os.getpid()
    return f".{path.name}.{pid}-{proc.start_ticks(pid) or 0}-{_pid_namespace()}."


def is_temp_name(name: str) -> bool:
    """True when the file name ``name`` is an atomic write's temp file (any release)."""
    return bool(_TEMP.fullmatch(name) or _LEGACY_TEMP.fullmatch(name))


def is_temp_path(rel: str) -> bool:
    """True when the ``/``-separated path ``rel`` names an atomic write's temp file."""
    return is_temp_name(rel.rsplit("/", 1)[-1])


def writer_gone(name: str) -> bool:
    """True when ``name`` is a temp file whose writer is known to be dead.

    Its writer ran in this pid namespace and no live process has its pid, or the one that
    has it now started at another time (pids are reused). A writer of another pid namespace
    or of an older release (no writer in the name) reads as alive: its file is kept.
    """
    found = _TEMP.fullmatch(name)
    if found is None:
        return False
    ns = int(found["ns"])
    if ns == 0 or ns != _pid_namespace():
        return False
    pid, start = int(found["pid"]), int(found["start"])
    if not proc.is_live(pid):
        return True
    return start != 0 and proc.start_ticks(pid) != start


def remove_dead_temp_files(project: Path, rel_paths: list[str]) -> list[str]:
    """Remove the temp files among ``rel_paths`` (relative to ``project``) whose writer is
    dead; returns the paths removed."""
    removed = []
    for rel in rel_paths:
        if not is_temp_path(rel) or not writer_gone(rel.rsplit("/", 1)[-1]):
            continue
        with suppress(FileNotFoundError):
            (project / rel).unlink()
            removed.append(rel)
    return removed


DB_SIDE_FILES = ("-wal", "-shm")
"""What SQLite adds to a database's name for its side files (a temp database has them too)."""


def remove_dead_temp_databases(path: Path) -> list[Path]:
    """Remove the temp databases for ``path`` (and their ``-wal``/``-shm``) whose creator is
    dead: what a process killed while creating the store left beside it."""
    removed: list[Path] = []
    with suppress(OSError):
        for entry in os.scandir(path.parent):
            name = entry.name
            for side in DB_SIDE_FILES:
                name = name.removesuffix(side)
            if not name.startswith(f".{path.name}.") or not writer_gone(name):
                continue
            with suppress(FileNotFoundError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temp file, fsync, rename, fsync dir).

    ``path`` must be a regular file or not exist (:func:`ondas.pathpolicy.check_writable`):
    a rename over a device node, a FIFO or a directory is refused before anything is written.
    """
    check_writable(path)
    path.parent.mkdir(parents=True, exist_ok=True)

    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path), suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
