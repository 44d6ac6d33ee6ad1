"""Start ``ondas panel`` as a real process (uvicorn on a free port) and stop it."""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

START_TIMEOUT = 120.0


@dataclass
class Served:
    """A running panel: its process, the printed link and its parts."""

    proc: subprocess.Popen[str]
    url: str
    base: str
    token: str
    first_line: str


def ondas_env() -> dict[str, str]:
    """The environment of a child ``ondas``: this checkout's code first."""
    src = str(Path(__file__).resolve().parents[2] / "src")
    return {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}


@contextmanager
def panel_process(*args: str) -> Iterator[Served]:
    """``ondas panel ARGS --port 0``; yields once it printed its link, then stops it."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "ondas", "panel", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ondas_env(),
    )
    try:
        assert proc.stdout is not None
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        ready = sel.select(START_TIMEOUT)
        sel.close()
        line = proc.stdout.readline().strip() if ready else ""
        if "token=" not in line:
            proc.kill()
            _, err = proc.communicate(timeout=60)
            raise AssertionError(f"the panel did not start: {line!r} {err!r}")
        url = line.split(": ", 1)[1]
        base = url.split("/executions", 1)[0]
        yield Served(proc, url, base, url.split("token=", 1)[1], line)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=60)
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()
