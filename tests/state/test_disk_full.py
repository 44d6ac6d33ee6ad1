"""A full disk is one line and exit 6, and the store keeps what it had (a real tmpfs filled
to the last byte; skipped where this process may not mount one)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import run_ondas


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    mount = tmp_path / f"disk-{uuid.uuid4().hex[:8]}"
    mount.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def _fill(disk: Path) -> Path:
    filler = disk / "filler"
    with contextlib.suppress(OSError), open(filler, "wb") as fh:
        while True:
            fh.write(b"\0" * 4096)
            fh.flush()
    return filler


def _content(db: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


@pytest.mark.parametrize("held_open", [False, True], ids=["closed", "held-open"])
@pytest.mark.parametrize(
    "args",
    [
        ("event", "add", "--type", "note", "--description", "x" * 20_000),
        ("wave", "start"),
        ("state", "export", "--output", "{disk}/state.json"),
    ],
    ids=["event-add", "wave-start", "export"],
)
def test_a_full_disk_is_one_line_exit_6_and_the_store_keeps_its_content(
    small_disk: Path, args: tuple[str, ...], held_open: bool
) -> None:
    """Closed: the command fails opening the store; held open by another reader (so its
    shared-memory file exists): the open succeeds and the write itself hits the full disk."""
    sdir = small_disk / ".ondas"
    assert run_ondas("state", "init", "--state-dir", str(sdir)).returncode == 0
    before = _content(sdir / "state.db")
    reader = sqlite3.connect(sdir / "state.db") if held_open else None
    if reader is not None:
        reader.execute("SELECT COUNT(*) FROM events").fetchone()
    filler = _fill(small_disk)
    try:
        out = run_ondas(*(a.format(disk=small_disk) for a in args), "--state-dir", str(sdir))
    finally:
        filler.unlink()
        if reader is not None:
            reader.close()
    assert out.returncode == 6, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    assert "space" in out.stderr or "full" in out.stderr, out.stderr
    assert _content(sdir / "state.db") == before


def test_a_read_only_file_system_is_one_line_exit_6_and_nothing_changes(
    small_disk: Path,
) -> None:
    sdir = small_disk / ".ondas"
    assert run_ondas("state", "init", "--state-dir", str(sdir)).returncode == 0
    before = _content(sdir / "state.db")
    remount = subprocess.run(
        ["mount", "-o", "remount,ro", str(small_disk)], capture_output=True, text=True
    )
    if remount.returncode != 0:
        pytest.skip(f"cannot remount read-only: {remount.stderr.strip()}")
    try:
        out = run_ondas("event", "add", "--type", "note", "--state-dir", str(sdir))
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(small_disk)], capture_output=True)
    assert out.returncode == 6, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
    assert "read-only" in out.stderr, out.stderr
    assert _content(sdir / "state.db") == before
