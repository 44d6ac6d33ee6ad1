"""The registry of runs: which projects ondas ran on, kept under ``$ONDAS_HOME``.

``run``, ``resume`` and ``demo`` record the project they drive so that ``ondas panel`` (and
anything else that wants the list) can find every store without being told. The file is
``$ONDAS_HOME/runs.json``: one entry per project (its resolved path and when it was last
seen), at most :data:`LIMIT` entries, the oldest dropped first. Writers take an exclusive
``flock`` on a side file and replace the JSON atomically, so two runs registering at once
both land and a reader never sees half a file. Registering is best effort: a home that cannot
be written never stops a run.
"""

from __future__ import annotations

import fcntl
import json
import os
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path

from ondas.errors import OndasError
from ondas.pathpolicy import read_text
from ondas.state.anchors import ondas_home

REGISTRY_NAME = "runs.json"
LOCK_NAME = "runs.lock"
LIMIT = 500


def registry_path() -> Path:
    """``$ONDAS_HOME/runs.json``."""
    return ondas_home() / REGISTRY_NAME


def _read(path: Path) -> dict[str, str]:
    """path -> last seen, from the file (an unreadable or foreign file reads as empty)."""
    try:
        data = json.loads(read_text(path, what="project registry"))
    except (OSError, ValueError, OndasError):
        return {}
    entries = data.get("projects") if isinstance(data, dict) else None
    out: dict[str, str] = {}
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict) and isinstance(entry.get("path"), str):
            out[entry["path"]] = str(entry.get("seen", ""))
    return out


def _update(project: Path, seen: bool) -> bool:
    """Under the registry's lock: record ``project`` as seen now, or drop it (``seen`` False).

    False (and nothing raised) when the home is unwritable.
    """
    from ondas.state.export import atomic_write

    path = registry_path()
    target = str(Path(project).resolve())
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path.parent / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        entries = _read(path)
        entries.pop(target, None)
        if seen:
            entries[target] = datetime.now(UTC).isoformat(timespec="seconds")
        kept = sorted(entries.items(), key=lambda kv: kv[1])[-LIMIT:]
        body = {"projects": [{"path": p, "seen": seen} for p, seen in kept]}
        atomic_write(path, (json.dumps(body, indent=1) + "\n").encode())
        with suppress(OSError):
            os.chmod(path, 0o600)
        return True
    except (OSError, OndasError):  # an unwritable home, or a registry that is not a file
        return False
    finally:
        os.close(fd)


def register(project: Path) -> bool:
    """Record ``project`` as seen now; False (and nothing raised) when the home is unwritable."""
    return _update(project, seen=True)


def unregister(project: Path) -> bool:
    """Forget ``project`` (a demo's temporary directory, removed after it ran)."""
    return _update(project, seen=False)


def registered() -> list[Path]:
    """Every registered project, most recently seen first (whether or not it still exists)."""
    entries = _read(registry_path())
    return [Path(p) for p, _ in sorted(entries.items(), key=lambda kv: kv[1], reverse=True)]
