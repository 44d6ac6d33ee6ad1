"""Which stores the panel shows, and the read-only connections it reads them through.

The panel is a bystander of runs: it opens every store read-only (SQLite ``mode=ro`` with
``query_only``; a Postgres session with ``default_transaction_read_only``), reads inside one
short snapshot per request, and never takes the run's lock. Connections are kept per worker
thread and re-opened after :data:`REOPEN_SECONDS` (a store rebuilt by ``state recover`` is
then seen), or at once after any error.
"""

from __future__ import annotations

import threading
import time
import weakref
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from ondas.errors import OndasError, UsageError
from ondas.runtime.schema import default_schema
from ondas.state.store import Store

REOPEN_SECONDS = 30.0


@dataclass(frozen=True)
class Project:
    """A target project whose store the panel reads; ``key`` names it in URLs."""

    key: str
    path: Path

    @property
    def state_dir(self) -> Path:
        """``<project>/.ondas``."""
        return self.path / ".ondas"


def project_for(path: Path) -> Project:
    """The panel's handle on the project at ``path`` (its key is the anchors' project id)."""
    from ondas.state.anchors import project_id

    resolved = Path(path).resolve()
    return Project(project_id(resolved / ".ondas"), resolved)


def has_store(path: Path) -> bool:
    """True when ``path`` holds a store on the backend the environment selects."""
    from ondas.state.dialect import store_exists

    try:
        return store_exists(Path(path) / ".ondas")
    except (OndasError, OSError):
        return False


def check_given(paths: list[Path]) -> list[Project]:
    """The projects named on the command line; a bad one is a usage error naming it."""
    out = []
    for path in paths:
        if not Path(path).is_dir():
            raise UsageError(f"project {path} is not a directory")
        if not has_store(path):
            raise UsageError(f"no ondas state in {path} (start one with 'ondas run')")
        out.append(project_for(path))
    return out


def discover(given: list[Project], *, registered: bool = True) -> list[Project]:
    """``given`` then, unless told not to, every registered project that still has a store."""
    seen = {p.key for p in given}
    out = list(given)
    if not registered:
        return out
    from ondas.state.registry import registered as registered_projects

    for path in registered_projects():
        if not path.is_dir() or not has_store(path):
            continue
        project = project_for(path)
        if project.key not in seen:
            seen.add(project.key)
            out.append(project)
    return out


def open_readonly(project: Project) -> Store:
    """A read-only store of ``project`` that refuses writes at the connection level."""
    store = Store.open(project.state_dir, readonly=True, schema=default_schema())
    if store.dialect.name == "sqlite":
        store.conn.execute("PRAGMA query_only = ON")
    return store


class Readers:
    """Read-only stores, one per (worker thread, project), re-opened after a while."""

    def __init__(self) -> None:
        self._local = threading.local()
        # Weak: when an idle worker thread ends, its stores go (and close) with it.
        self._all: weakref.WeakSet[Store] = weakref.WeakSet()
        self._lock = threading.Lock()

    def get(self, project: Project) -> Store:
        """This thread's read-only store of ``project``."""
        cache: dict[str, tuple[float, Store]] = self._local.__dict__.setdefault("stores", {})
        found = cache.get(project.key)
        now = time.monotonic()
        if found is not None and now - found[0] < REOPEN_SECONDS:
            return found[1]
        if found is not None:
            self.discard(project)
        store = open_readonly(project)
        cache[project.key] = (now, store)
        with self._lock:
            self._all.add(store)
        return store

    def discard(self, project: Project) -> None:
        """Close and forget this thread's store of ``project`` (after an error)."""
        cache: dict[str, tuple[float, Store]] = self._local.__dict__.setdefault("stores", {})
        found = cache.pop(project.key, None)
        if found is None:
            return
        with self._lock:
            self._all.discard(found[1])
        with suppress(Exception):  # closing a broken connection: nothing more to do
            found[1].close()

    def close_all(self) -> None:
        """Close every connection (at shutdown)."""
        with self._lock:
            stores = list(self._all)
            self._all = weakref.WeakSet()
        for store in stores:
            with suppress(Exception):  # another thread's connection: closed at process exit
                store.close()
