"""Detached runs: the wave loop in a background process that outlives the terminal.

``ondas run --detach`` / ``ondas resume --detach`` start the same command without
``--detach`` in a new session (``setsid``: closing the terminal sends it no hangup), its
output going to ``.ondas/run.log``; ``.ondas/run.json`` records the process (pid, command,
the command that resumes it). ``ondas status`` shows whether it is alive, ``ondas output [-f]``
prints its log.

A detached run paces its waves as the seed does: the next wave starts after a random
60–270 s, or 1,200–1,800 s of cool-down after a wave stopped on a budget.
``ONDAS_CONTINUATION_DELAY`` and ``ONDAS_CONTINUATION_COOLDOWN`` (``MIN-MAX`` seconds) change
both. A run that stops for a person ends its process; answering the block through any surface
(:func:`ondas.app.answering.answer`) wakes it again with :func:`wake_detached`. After
a machine restart, ``ondas resume [--detach]`` picks the execution up where it stopped.
"""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ondas.errors import UsageError
from ondas.runtime.runfile import LOG_FILE, RUN_FILE, process_info
from ondas.state.export import atomic_write
from ondas.state.store import Store

DETACHED_ENV = "ONDAS_DETACHED"
DELAY_ENV = "ONDAS_CONTINUATION_DELAY"
COOLDOWN_ENV = "ONDAS_CONTINUATION_COOLDOWN"
DEFAULT_DELAY = (60.0, 270.0)
DEFAULT_COOLDOWN = (1200.0, 1800.0)
# Started by a short-lived launcher (a double fork): the run is nobody's child, so no process
# has to reap it, and it leads a session of its own (no hangup when the terminal closes).
LAUNCHER = (
    "import subprocess, sys\n"
    "p = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stderr=subprocess.STDOUT,"
    " start_new_session=True)\n"
    "print(p.pid, file=sys.stderr)\n"
    "p.returncode = 0\n"
)


def _range(name: str, default: tuple[float, float]) -> tuple[float, float]:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    low, sep, high = raw.partition("-")
    try:
        lo = float(low)
        hi = float(high) if sep else lo
    except ValueError:
        raise UsageError(f"{name} must be MIN-MAX seconds (e.g. 60-270), got {raw!r}") from None
    if lo < 0 or hi < lo:
        raise UsageError(f"{name} must be MIN-MAX seconds with 0 <= MIN <= MAX, got {raw!r}")
    return lo, hi


def delays() -> dict[str, tuple[float, float]]:
    """The continuation delay and cool-down ranges in effect (environment or the seed's)."""
    return {
        "delay": _range(DELAY_ENV, DEFAULT_DELAY),
        "cooldown": _range(COOLDOWN_ENV, DEFAULT_COOLDOWN),
    }


def pacing() -> Callable[[Store], float]:
    """The pause before the next wave: a cool-down after a budget stop, else the normal delay."""
    ranges = delays()
    rng = random.SystemRandom()

    def pause(store: Store) -> float:
        from ondas.state.execution import get_execution

        instruction = get_execution(store).next_instruction or ""
        low, high = ranges["cooldown" if "budget reached" in instruction else "delay"]
        return rng.uniform(low, high)

    return pause


def is_detached_child() -> bool:
    """True inside the background process of a detached run."""
    return os.environ.get(DETACHED_ENV, "") == "1"


def start(
    state_dir: Path,
    argv: list[str],
    resume_argv: list[str],
    cwd: Path,
    pacing_env: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Start ``ondas argv`` in a new session, logging to ``run.log``; refuse a second live one.

    ``pacing_env`` (default: the continuation variables of this environment) is recorded, so
    that a run woken by an answer keeps the pacing it was started with.
    """
    current = process_info(state_dir)
    if current.get("state") == "running":
        from ondas.errors import LockBusy

        raise LockBusy(
            f"a detached run is already running (pid {current['pid']}); follow it with "
            "'ondas output -f'"
        )
    if pacing_env is None:
        pacing_env = {k: os.environ[k] for k in (DELAY_ENV, COOLDOWN_ENV) if k in os.environ}
    state_dir.mkdir(parents=True, exist_ok=True)
    log_path = state_dir / LOG_FILE
    with log_path.open("ab") as log:
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        log.write(f"--- {stamp} ondas {' '.join(argv)}\n".encode())
        log.flush()
        launched = subprocess.run(
            [sys.executable, "-P", "-c", LAUNCHER, sys.executable, "-P", "-m", "ondas", *argv],
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.PIPE,
            env={**os.environ, **pacing_env, DETACHED_ENV: "1"},
            check=False,
            timeout=60,
        )
    try:
        pid = int(launched.stderr.decode().strip().splitlines()[-1])
    except (ValueError, IndexError):
        detail = launched.stderr.decode()[-500:]
        raise OSError(f"the detached run did not start: {detail}") from None
    data = {
        "pid": pid,
        "host": socket.gethostname(),
        "started_at": datetime.now(UTC).isoformat(),
        "argv": argv,
        "resume_argv": resume_argv,
        "pacing_env": pacing_env,
        "state_dir": str(state_dir),
    }
    atomic_write(state_dir / RUN_FILE, json.dumps(data, indent=2).encode())
    return data


def wake_detached(store: Store, project: Path | None) -> str | None:
    """Waker: an answered block restarts the detached run that stopped for it."""
    from ondas.state.execution import get_execution

    if project is None:
        return None
    sdir = Path(project) / ".ondas"
    info = process_info(sdir)
    if not info or info.get("state") != "ended" or not info.get("resume_argv"):
        return None
    if get_execution(store).status != "in_progress":
        return None
    argv = [str(a) for a in info["resume_argv"]]
    recorded = info.get("pacing_env")
    pacing_env = {str(k): str(v) for k, v in recorded.items()} if isinstance(recorded, dict) else {}
    started = start(sdir, argv, argv, Path(project), pacing_env)
    return f"detached run resumed (pid {started['pid']})"


def print_log(state_dir: Path, *, lines: int, follow: bool, out: Any, poll: float = 0.5) -> None:
    """Print the last ``lines`` lines of the run's log; with ``follow``, until the run ends."""
    import time

    path = state_dir / LOG_FILE
    with path.open("rb") as fh:
        tail = fh.read().decode("utf-8", "replace").splitlines()[-lines:] if lines else []
        for line in tail:
            out.write(line + "\n")
        out.flush()
        if not follow:
            return
        while True:
            chunk = fh.read()
            if chunk:
                out.write(chunk.decode("utf-8", "replace"))
                out.flush()
                continue
            if process_info(state_dir).get("state") != "running":
                rest = fh.read()
                if rest:
                    out.write(rest.decode("utf-8", "replace"))
                out.flush()
                return
            time.sleep(poll)
