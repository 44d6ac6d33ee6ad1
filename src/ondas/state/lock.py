"""The execution lock: one holder per execution, non-reentrant, never broken silently."""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass, replace
from typing import Any

from ondas.errors import LockBusy, RuleViolation, UsageError
from ondas.state import proc
from ondas.state.execution import get_execution
from ondas.state.store import Store, utcnow


def hostname() -> str:
    """This machine's name as ``socket.gethostname()`` gives it (the node name ``uname``
    reports, read without importing ``socket``: ``ondas status`` reads the lock)."""
    uname = getattr(os, "uname", None)
    if uname is not None:
        return str(uname().nodename)
    import socket

    return socket.gethostname()


@dataclass(frozen=True)
class LockInfo:
    """Who holds the lock, and whether that holder is still alive."""

    execution_id: str
    held: bool
    pid: int | None = None
    host: str | None = None
    acquired_at: str | None = None
    stale: bool = False
    broke_stale_pid: int | None = None
    """Set by :func:`acquire` when it took over a dead holder's lock (never silently)."""
    broke_stale_host: str | None = None
    boot_id: str | None = None
    process_start: int | None = None
    why_stale: str | None = None
    """Why the holder cannot be alive (pid gone, pid reused, machine restarted)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return dict(self.__dict__)


def pid_alive(pid: int) -> bool:
    """True when a process with ``pid`` exists on this host (zombies count as dead)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except OSError as exc:
        return exc.errno == errno.EPERM
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def _field(row: Any, name: str) -> Any:
    return row[name] if name in row.keys() else None  # noqa: SIM118 (sqlite3.Row)


def why_dead(host: str, pid: int, boot: str | None, started: int | None) -> str | None:
    """Why a holder recorded as (host, pid, boot id, start ticks) cannot be alive, else None.

    A holder on another host is never declared dead: ondas cannot see that host's processes.
    """
    if host != hostname():
        return None
    ours = proc.boot_id()
    if boot and ours and boot != ours:
        return "the machine restarted since the lock was taken (the boot id changed)"
    if not pid_alive(pid):
        return f"pid {pid} is not running"
    now = proc.start_ticks(pid)
    if started is not None and now is not None and now != started:
        return f"pid {pid} now belongs to another process (its start time differs)"
    return None


def _info(execution_id: str, row: Any) -> LockInfo:
    if row is None:
        return LockInfo(execution_id, held=False)
    boot = _field(row, "boot_id")
    started = _field(row, "process_start")
    why = why_dead(row["host"], row["pid"], boot, started)
    return LockInfo(
        execution_id,
        held=True,
        pid=row["pid"],
        host=row["host"],
        acquired_at=row["acquired_at"],
        stale=why is not None,
        boot_id=boot,
        process_start=started,
        why_stale=why,
    )


def busy_message(info: LockInfo, state_dir: str | None = None) -> str:
    """One line naming the holder and, when it cannot be alive, the command to take over."""
    where = f" --state-dir {state_dir}" if state_dir else ""
    text = (
        f"execution {info.execution_id} is locked by pid {info.pid} on {info.host} since "
        f"{info.acquired_at}"
    )
    if info.stale:
        return (
            f"{text} (stale: {info.why_stale}; take it over with 'ondas resume', or "
            f"'ondas state lock acquire --break-stale{where}')"
        )
    if info.host != hostname():
        return (
            f"{text} (another host: if no ondas runs there any more, free it with "
            f"'ondas state lock release --force{where}')"
        )
    return text


def check(store: Store, execution_id: str | None = None) -> LockInfo:
    """Report the lock of the execution (the current one by default)."""
    target = get_execution(store, execution_id).id
    return _info(target, store.one("SELECT * FROM locks WHERE execution_id = ?", (target,)))


def acquire(
    store: Store,
    *,
    pid: int | None = None,
    execution_id: str | None = None,
    break_stale: bool = False,
) -> LockInfo:
    """Take the lock for ``pid``; busy (even for the same pid) raises :class:`LockBusy`.

    A stale lock (holder pid dead on this host) is only taken over with ``break_stale``.
    """
    holder = pid if pid is not None else os.getpid()
    if holder <= 0:
        raise UsageError(f"lock holder pid must be positive, got {holder}")
    target = get_execution(store, execution_id).id
    host = hostname()
    broken: LockInfo | None = None
    with store.transaction("lock_acquired", execution_id=target) as tx:
        row = tx.one("SELECT * FROM locks WHERE execution_id = ?", (target,))
        if row is not None:
            info = _info(target, row)
            if not (info.stale and break_stale):
                raise LockBusy(busy_message(info, str(store.state_dir)))
            broken = info
            tx.data["broke_stale"] = {
                "pid": info.pid,
                "host": info.host,
                "acquired_at": info.acquired_at,
                "boot_id": info.boot_id,
                "process_start": info.process_start,
                "why": info.why_stale,
            }
            tx.delete("locks", {"execution_id": target})
        tx.insert(
            "locks",
            {
                "execution_id": target,
                "pid": holder,
                "host": host,
                "acquired_at": utcnow(),
                "boot_id": proc.boot_id(),
                "process_start": proc.start_ticks(holder),
            },
        )
    info = check(store, target)
    if broken is not None:
        info = replace(info, broke_stale_pid=broken.pid, broke_stale_host=broken.host)
    return info


def release(
    store: Store,
    *,
    pid: int | None = None,
    execution_id: str | None = None,
    force: bool = False,
) -> LockInfo:
    """Release the lock held by ``pid``; another holder's lock needs ``force`` or staleness."""
    holder = pid if pid is not None else os.getpid()
    target = get_execution(store, execution_id).id
    with store.transaction("lock_released", execution_id=target) as tx:
        row = tx.one("SELECT * FROM locks WHERE execution_id = ?", (target,))
        if row is None:
            raise RuleViolation("lock-not-held", f"execution {target} is not locked")
        info = _info(target, row)
        if info.pid != holder or info.host != hostname():
            if not (force or info.stale):
                raise LockBusy(
                    f"execution {target} is locked by pid {info.pid} on {info.host}, not by "
                    f"pid {holder}; use --force to release it anyway"
                )
            tx.data["forced"] = True
        tx.delete("locks", {"execution_id": target})
    return check(store, target)
