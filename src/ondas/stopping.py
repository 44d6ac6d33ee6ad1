"""Stop signals of ``run``/``resume``: one outcome at every moment, and test-only stop points.

:func:`install` (called first thing by ``ondas run``/``resume``/``abort``/``demo``) makes
SIGINT, SIGTERM and SIGHUP *requests*: outside an :func:`interruptible` section (the agent's
work, the pause between waves) a signal is only noted, and the run stops at the next step
boundary it checks (:func:`requested`, :func:`check`); inside one it raises
``KeyboardInterrupt`` at once, and the wave loop closes the wave as interrupted. So opening
a wave, closing and committing it, creating the store or an execution and taking the lock
are never cut in half by a signal, and no git child of ondas dies of the terminal's Ctrl-C
(those run in their own session: :data:`OWN_SESSION`).

:func:`point` names a step boundary. In production it does nothing; the test-only variable
``ONDAS_TEST_STOP_AT=NAME[@N]:SIGNAL[:group]`` makes the process send SIGNAL (``KILL``,
``TERM``, ``INT``, ``HUP``) to itself (or, with ``:group``, to its process group) the N-th
time it reaches the point NAME, and ``ONDAS_TEST_POINTS_LOG=FILE`` appends every point
reached to FILE. The kill-point test (``tests/orchestrator/test_kill_points.py``) uses them to
signal a scripted run at every boundary; see docs/faults.md.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager

from ondas.errors import OndasError

# Not ``typing.TYPE_CHECKING``: installed first thing by run/resume, before typing is needed.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

STOP_SIGNALS = tuple(
    sig for sig in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)) if sig
)
OWN_SESSION = True
"""``start_new_session`` of ondas' bookkeeping children (git): a session of their own, so a
terminal's Ctrl-C (sent to the foreground process group) reaches ondas, not them."""

STOP_AT_ENV = "ONDAS_TEST_STOP_AT"
POINTS_LOG_ENV = "ONDAS_TEST_POINTS_LOG"


class Interrupted(OndasError):
    """A stop signal arrived before ``run``/``resume`` wrote anything: nothing was created."""

    exit_code = 0


_received: list[int] = []
_depth = 0
_installed = False


def _note(signum: int, _frame: object) -> None:
    _received.append(signum)
    if _depth > 0:
        raise KeyboardInterrupt


def install() -> dict[int, Any] | None:
    """Make the stop signals requests of this process (main thread only).

    Returns the handlers replaced (for :func:`uninstall`), or ``None`` when nothing changed:
    already installed, or not the main thread (signals then stay with whoever runs it).
    """
    global _installed
    if _installed:
        return None
    previous: dict[int, Any] = {}
    try:
        for sig in STOP_SIGNALS:
            previous[sig] = signal.signal(sig, _note)
    except ValueError:
        return None
    _installed = True
    return previous


def uninstall(previous: dict[int, Any] | None) -> None:
    """Put back the handlers :func:`install` replaced (a library caller's, e.g. a test's)."""
    global _installed
    if previous is None:
        return
    for sig, handler in previous.items():
        signal.signal(sig, handler)
    _installed = False
    _received.clear()


@contextmanager
def handled() -> Iterator[None]:
    """Stop signals are requests for the duration (kept when the process installed them)."""
    previous = install()
    try:
        yield
    finally:
        uninstall(previous)


def installed() -> bool:
    """True when :func:`install` took effect in this process."""
    return _installed


def requested() -> bool:
    """True when a stop signal arrived and has not been acted on."""
    return bool(_received)


def check() -> None:
    """Raise ``KeyboardInterrupt`` when a stop was requested (a step boundary)."""
    if _received:
        raise KeyboardInterrupt


def refuse_before_write(what: str) -> None:
    """At the last moment before ``what`` writes anything: a requested stop ends it here."""
    point("before-write")
    if _received:
        raise Interrupted(f"interrupted before {what} wrote anything; nothing was created")


def acted_on() -> None:
    """The stop was honoured (the loop stopped): a later wave loop in this process runs."""
    _received.clear()


@contextmanager
def interruptible() -> Iterator[None]:
    """A section a stop signal cuts short at once (``KeyboardInterrupt``): the agent's work.

    Entered with a stop already requested, it raises before doing anything.
    """
    global _depth
    check()
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1


@contextmanager
def deferred() -> Iterator[None]:
    """A section no stop signal cuts in half, even inside :func:`interruptible`."""
    global _depth
    saved, _depth = _depth, 0
    try:
        yield
    finally:
        _depth = saved


_SIGNALS = {"KILL": signal.SIGKILL, "TERM": signal.SIGTERM, "INT": signal.SIGINT}
if hasattr(signal, "SIGHUP"):
    _SIGNALS["HUP"] = signal.SIGHUP
_counts: dict[str, int] = {}


def point(name: str) -> None:
    """A named step boundary (test-only effect; see the module docstring)."""
    plan = os.environ.get(STOP_AT_ENV)
    log = os.environ.get(POINTS_LOG_ENV)
    if not plan and not log:
        return
    _counts[name] = _counts.get(name, 0) + 1
    if log:
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(f"{name}\n")
    if not plan:
        return
    where, _, how = plan.partition(":")
    target, _, nth = where.partition("@")
    if target != name or _counts[name] != int(nth or "1"):
        return
    sig_name, _, scope = how.partition(":")
    sig = _SIGNALS[sig_name.upper()]
    if scope == "group":
        os.killpg(os.getpgrp(), sig)
    else:
        os.kill(os.getpid(), sig)
