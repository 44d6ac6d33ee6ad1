"""Facts about processes on this machine: boot id and process start times (Linux ``/proc``).

A pid alone does not name a process: pids are reused, and a container restart starts a new
boot with the same hostname. A holder is identified by host, pid, the process start time and
the boot id; where ``/proc`` is absent these read as ``None`` and callers fall back to the pid.
"""

from __future__ import annotations

import os
from contextlib import suppress

# Not ``typing.TYPE_CHECKING``: ``ondas status`` reads the lock, and with it this module.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

# Paths as text: ``ondas status`` reads the lock's holder without importing pathlib.
PROC = "/proc"


def _read(*parts: str, encoding: str = "utf-8", errors: str = "strict") -> str:
    """The text of ``/proc/<parts...>``."""
    with open(os.path.join(PROC, *parts), encoding=encoding, errors=errors) as fh:
        return fh.read()


def host_id() -> str:
    """This host's name in locks: ``ONDAS_HOST_ID``, else the hostname.

    Set ``ONDAS_HOST_ID`` where several machines (or containers) share one hostname, so a
    holder on another machine is never taken for a dead process of this one. ``socket`` is
    not imported where ``os.uname`` answers (``ondas status`` reads the lock).
    """
    explicit = os.environ.get("ONDAS_HOST_ID", "").strip()
    if explicit:
        return explicit
    uname = getattr(os, "uname", None)
    if uname is not None:  # the node name, as socket.gethostname() gives it, without socket
        return str(uname().nodename)
    import socket

    return socket.gethostname()


def boot_id() -> str | None:
    """This boot's id (``/proc/sys/kernel/random/boot_id``), or ``None`` where unknown."""
    with suppress(OSError):
        return _read("sys/kernel/random/boot_id", encoding="ascii").strip() or None
    return None


def _boot_time() -> float | None:
    with suppress(OSError, ValueError):
        for line in _read("stat", encoding="ascii").splitlines():
            if line.startswith("btime "):
                return float(line.split()[1])
    return None


def start_ticks(pid: int) -> int | None:
    """The start time of ``pid`` in clock ticks since boot (field 22 of ``/proc/PID/stat``)."""
    with suppress(OSError, ValueError, IndexError):
        stat = _read(str(pid), "stat", errors="replace")
        return int(stat.rsplit(")", 1)[1].split()[19])
    return None


def start_epoch(pid: int) -> float | None:
    """The start time of ``pid`` as seconds since the epoch, or ``None`` where unknown."""
    ticks = start_ticks(pid)
    booted = _boot_time()
    if ticks is None or booted is None:
        return None
    return booted + ticks / os.sysconf("SC_CLK_TCK")


def is_zombie(pid: int) -> bool:
    """True when ``pid`` has exited and waits to be reaped (state Z or X): it holds nothing.

    A process killed with its group is reparented to PID 1, which may reap it late or never
    (a container's init); such a zombie still shows in ``/proc`` with its command name.
    """
    with suppress(OSError, IndexError):
        stat = _read(str(pid), "stat", errors="replace")
        return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")
    return False


def is_live(pid: int) -> bool:
    """True when ``pid`` has a ``/proc`` entry and is not a zombie (it may hold resources)."""
    return os.path.isdir(os.path.join(PROC, str(pid))) and not is_zombie(pid)


def processes_named(name: str) -> list[int]:
    """Pids of live processes (zombies left out) whose command name is ``name``.

    Empty without ``/proc``.
    """
    found: list[int] = []
    with suppress(OSError):
        for entry in os.listdir(PROC):
            if not entry.isdigit():
                continue
            with suppress(OSError):
                if _read(entry, "comm").strip() != name:
                    continue
                if not is_zombie(int(entry)):
                    found.append(int(entry))
    return found


def cwd_of(pid: int) -> Path | None:
    """The working directory of ``pid``, or ``None`` when it cannot be read."""
    from pathlib import Path

    with suppress(OSError):
        return Path(os.readlink(os.path.join(PROC, str(pid), "cwd"))).resolve()
    return None


def cwd_is_private(pid: int) -> bool:
    """True when ``pid`` runs but its working directory may not be read by this user.

    :func:`cwd_of` also reads ``None`` for a process that has exited, is a zombie, or is
    exiting (its directory already released); this tells those apart from a live process
    of another user.
    """
    try:
        os.readlink(os.path.join(PROC, str(pid), "cwd"))
    except PermissionError:
        return True
    except OSError:
        return False
    return False
