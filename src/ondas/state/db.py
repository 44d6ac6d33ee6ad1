"""SQLite connections with the pragmas every ondas process uses."""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from contextlib import suppress

from ondas.errors import StoreBusy

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import TypeVar

    T = TypeVar("T")


BUSY_TIMEOUT_MS = 10_000
RETRIES = 8


def connect(path: Path | str, *, readonly: bool = False) -> sqlite3.Connection:
    """Open ``path`` in WAL mode, autocommit (transactions are explicit), FULL sync."""
    if readonly:
        from pathlib import Path

        uri = f"file:{Path(path).as_posix()}?mode=ro"
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    else:
        conn = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    if not readonly:
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":  # pragma: no cover - filesystems without WAL support
            conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def is_busy(exc: sqlite3.OperationalError) -> bool:
    """True when ``exc`` is SQLite's 'database is locked/busy' condition."""
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def with_retry(fn: Callable[[], T], *, retries: int = RETRIES) -> T:
    """Call ``fn``, retrying with jittered exponential backoff while SQLite is busy."""
    delay = 0.01
    for attempt in range(retries + 1):
        try:
            return fn()
        except sqlite3.OperationalError as exc:
            if not is_busy(exc) or attempt == retries:
                if is_busy(exc):
                    raise StoreBusy(f"state store stayed busy after {retries} retries") from exc
                raise
            import random

            time.sleep(delay * (1 + random.random()))
            delay = min(delay * 2, 1.0)
    raise AssertionError("unreachable")  # pragma: no cover


SQLITE_HEADER = b"SQLite format 3\x00"


def check_file(path: Path | str) -> None:
    """Refuse (without writing) a ``state.db`` that is empty or not an SQLite database.

    The header is read by SQLite itself (a read-only connection), never by ``open()``: closing
    any descriptor of the file drops every POSIX lock this process holds on it, and another
    connection of the same process (the run's store while its run server opens one) then
    loses its snapshot and sees the file without its WAL. SQLite defers such closes.
    """
    from ondas.errors import StateMissing

    if os.path.isdir(path):
        raise StateMissing(f"{path} is a directory, not an ondas state store")
    if os.path.getsize(path) == 0:
        raise StateMissing(
            f"{path} is an empty file, not an ondas state store; nothing was written to it "
            "(move it away, or rebuild the store with 'ondas state recover')"
        )
    from pathlib import Path

    probe = sqlite3.connect(f"file:{Path(path).as_posix()}?mode=ro", uri=True)
    try:
        probe.execute("PRAGMA schema_version").fetchone()
    except sqlite3.DatabaseError as exc:
        if "not a database" not in str(exc):
            raise
        raise StateMissing(
            f"{path} is not an SQLite database; nothing was written to it "
            "(move it away, or rebuild the store with 'ondas state recover')"
        ) from None
    finally:
        probe.close()


def create_atomically(path: Path | str, build: Callable[[sqlite3.Connection], object]) -> None:
    """Build a store beside ``path`` with ``build`` and link it into place unless one appeared.

    The store is built under an atomic write's temp name (its writer in the name); the temp
    database, its ``-wal`` and ``-shm`` that a killed creator left behind are removed here.
    """
    from pathlib import Path

    from ondas.state import atomic

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.remove_dead_temp_databases(path)
    tmp = path.with_name(f"{atomic.temp_prefix(path)}create.tmp")
    for stale in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
        with suppress(FileNotFoundError):
            stale.unlink()
    conn = connect(tmp)
    try:
        with_retry(lambda: build(conn))
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    try:
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        from ondas import stopping

        stopping.point("store-creating")
        os.link(tmp, path)
    except FileExistsError:
        pass
    finally:
        for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
            with suppress(FileNotFoundError):
                leftover.unlink()


def open_error(path: Path | str, exc: sqlite3.DatabaseError) -> Exception:
    """Name the cause SQLite hides behind "disk I/O error": a full disk or a read-only one."""
    from pathlib import Path

    from ondas.errors import StateMissing, StateUnwritable

    path = Path(path)
    text = str(exc).lower()
    if "i/o" in text or "full" in text or "readonly" in text or "read-only" in text:
        with suppress(OSError):
            if os.statvfs(path.parent).f_bavail == 0:
                return StateUnwritable(
                    f"no space left on the device for the state store {path}; nothing was "
                    "written (free some space and run the command again)"
                )
        if not os.access(path.parent, os.W_OK) or "readonly" in text or "read-only" in text:
            return StateUnwritable(
                f"the state store {path} cannot be written (read-only file system or "
                "permissions); nothing was written"
            )
    return StateMissing(f"cannot open state store {path}: {exc}")
