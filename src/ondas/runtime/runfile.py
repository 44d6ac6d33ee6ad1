"""The record of a detached run: ``run.json`` (its process) and ``run.log`` in ``.ondas``.

Reading it is a kernel fact both the app (starting, waking, showing a detached run) and the
pipeline engine (the report's feature table) need; starting one is :mod:`ondas.app.detach`.
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Any

RUN_FILE = "run.json"


LOG_FILE = "run.log"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    cmdline = Path(f"/proc/{pid}/cmdline")
    try:  # after a restart the pid may belong to another program
        if cmdline.is_file() and b"ondas" not in cmdline.read_bytes():
            return False
    except OSError:
        pass
    stat = Path(f"/proc/{pid}/stat")
    if stat.is_file():
        try:
            return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except (OSError, IndexError):
            return True
    return True


def load(state_dir: Path) -> dict[str, Any]:
    """The recorded detached process of ``state_dir`` (empty when none was started)."""
    try:
        data = json.loads((state_dir / RUN_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def process_info(state_dir: Path) -> dict[str, Any]:
    """The detached process and whether it is still running on this host."""
    data = load(state_dir)
    if not data:
        return {}
    pid = int(data.get("pid") or 0)
    here = data.get("host") == socket.gethostname()
    if pid and here and _alive(pid):
        data["state"] = "running"
    else:
        data["state"] = "ended" if here else "elsewhere"
    data["log"] = str(state_dir / LOG_FILE)
    return data
