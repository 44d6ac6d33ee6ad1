"""The execution lock: one holder per execution, non-reentrant, never broken silently.

On this host a holder is known dead by its pid, start time and boot id. A holder on another
host cannot be seen: on a shared store (Postgres, several hosts) the holder renews a lease in
the lock row while it holds it (:func:`keep_alive`, one audited ``lock_renewed`` event per
renewal), and a lock whose lease ran out counts as stale, so the next ``acquire`` with
``break_stale`` takes it over and records whose lock it broke and why. On the embedded SQLite
store there is no lease: a holder on another host is never declared dead.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from ondas.errors import LockBusy, RuleViolation, UsageError
from ondas.record import Record, replace
from ondas.state import proc
from ondas.state.execution import get_execution
from ondas.state.store import Store, utcnow

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ondas.state.interface import StateStore

LEASE_ENV = "ONDAS_LOCK_LEASE"
DEFAULT_LEASE_SECONDS = 120.0
RENEWALS_PER_LEASE = 4


def lease_seconds() -> float:
    """How long a shared-store lock stays valid without a renewal (``ONDAS_LOCK_LEASE``)."""
    raw = os.environ.get(LEASE_ENV, "").strip()
    if not raw:
        return DEFAULT_LEASE_SECONDS
    try:
        value = float(raw)
    except ValueError as exc:
        raise UsageError(f"{LEASE_ENV} must be a number of seconds, got {raw!r}") from exc
    if not value > 0 or value == float("inf"):
        raise UsageError(f"{LEASE_ENV} must be a positive number of seconds, got {raw!r}")
    return value


def leased(store: Store) -> bool:
    """True when locks of ``store`` carry a lease (a store shared by several hosts)."""
    return store.dialect.name != "sqlite"


def _lease_until(store: Store) -> str | None:
    if not leased(store):
        return None
    until = datetime.now(UTC) + timedelta(seconds=lease_seconds())
    return until.isoformat(timespec="microseconds")


def lease_expired(lease_until: str | None, now: datetime | None = None) -> bool:
    """True when ``lease_until`` (ISO UTC) is in the past; a lock without a lease never is."""
    if not lease_until:
        return False
    try:
        until = datetime.fromisoformat(lease_until)
    except ValueError:
        return False
    if until.tzinfo is None:
        until = until.replace(tzinfo=UTC)
    return until < (now or datetime.now(UTC))


def hostname() -> str:
    """This host's name in locks (:func:`ondas.state.proc.host_id`: ``ONDAS_HOST_ID``, else
    the node name, read without importing ``socket``: ``ondas status`` reads the lock)."""
    return proc.host_id()


class LockInfo(Record, frozen=True):
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
    """Why the holder cannot be alive (pid gone, pid reused, machine restarted, lease out)."""
    lease_until: str | None = None
    """Until when the holder's lease runs (shared stores only)."""

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


def why_dead(
    host: str, pid: int, boot: str | None, started: int | None, lease_until: str | None = None
) -> str | None:
    """Why a holder recorded as (host, pid, boot id, start ticks) cannot be alive, else None.

    ondas cannot see another host's processes: a holder there is declared dead only when its
    lease ran out (it stopped renewing it), never without a lease.
    """
    if host != proc.host_id():
        if lease_expired(lease_until):
            return f"its lease ran out at {lease_until} (no renewal from host {host})"
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
    lease = _field(row, "lease_until")
    why = why_dead(row["host"], row["pid"], boot, started, lease)
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
        lease_until=lease,
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
    if info.host != proc.host_id():
        if info.lease_until:
            return (
                f"{text} (another host, lease until {info.lease_until}: once the lease runs "
                "out without a renewal the lock is taken over)"
            )
        return (
            f"{text} (another host: if no ondas runs there any more, free it with "
            f"'ondas state lock release --force{where}')"
        )
    return text


def check(store: StateStore, execution_id: str | None = None) -> LockInfo:
    """Report the lock of the execution (the current one by default)."""
    target = get_execution(store, execution_id).id
    return _info(target, store.one("SELECT * FROM locks WHERE execution_id = ?", (target,)))


def require_not_driven(store: StateStore, what: str) -> None:
    """Refuse ``what`` while a live process other than this one holds the execution's lock.

    The process holding the lock is the runtime driving the execution (``ondas run``,
    ``resume``, a fleet worker); lifecycle and evidence are its to write while it runs. Its
    agent's shell is another process, so a command line it starts (``ondas wave end``,
    ``ondas mcp token``) is refused here even where no OS sandbox stops it.
    """
    info = check(store)
    if not info.held or info.stale:
        return
    if info.pid == os.getpid() and info.host == proc.host_id():
        return
    raise RuleViolation(
        "run-in-progress",
        f"{what} is the runtime's while it drives the execution; {busy_message(info)}",
    )


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
    host = proc.host_id()
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
                "lease_until": info.lease_until,
            }
            tx.delete("locks", {"execution_id": target})
        row_values: dict[str, Any] = {
            "execution_id": target,
            "pid": holder,
            "host": host,
            "acquired_at": utcnow(),
            "boot_id": proc.boot_id(),
            "process_start": proc.start_ticks(holder),
        }
        lease = _lease_until(store)
        if lease is not None:
            row_values["lease_until"] = lease
        tx.insert("locks", row_values)
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
        if info.pid != holder or info.host != proc.host_id():
            if not (force or info.stale):
                raise LockBusy(
                    f"execution {target} is locked by pid {info.pid} on {info.host}, not by "
                    f"pid {holder}; use --force to release it anyway"
                )
            tx.data["forced"] = True
        tx.delete("locks", {"execution_id": target})
    return check(store, target)


def renew(store: Store, *, pid: int | None = None, execution_id: str | None = None) -> bool:
    """Push the lease of the lock held by ``pid`` on this host forward; False when not held.

    False means the lock is no longer this holder's (released, or taken over after its lease
    ran out): nothing is written then.
    """
    holder = pid if pid is not None else os.getpid()
    target = get_execution(store, execution_id).id
    lease = _lease_until(store)
    if lease is None:
        return True
    try:
        with store.transaction("lock_renewed", execution_id=target) as tx:
            row = tx.one("SELECT pid, host FROM locks WHERE execution_id = ?", (target,))
            if row is None or row["pid"] != holder or row["host"] != proc.host_id():
                raise _NotHeld
            tx.update("locks", {"execution_id": target}, {"lease_until": lease})
    except _NotHeld:
        return False
    return True


class _NotHeld(Exception):
    """Rolls the renewal back when the lock is no longer ours."""


@contextmanager
def keep_alive(store: Store, *, pid: int | None = None) -> Iterator[None]:
    """While the block runs, renew the lease of the lock ``pid`` holds on a shared store.

    A thread with its own connection renews every lease/4 seconds. A failed renewal is
    reported on stderr and retried at the next tick; a lock found taken over is reported and
    renewals stop (the takeover is in the audit log).
    """
    if not leased(store):
        yield
        return
    holder = pid if pid is not None else os.getpid()
    target = get_execution(store).id
    # Imported here: only a leased lock on a shared store renews in a thread, and every
    # ``ondas status`` reads the lock (threading would cost it ~1.5 ms of start-up).
    import threading

    interval = lease_seconds() / RENEWALS_PER_LEASE
    stop = threading.Event()

    def beat() -> None:
        own: Store | None = None
        try:
            while not stop.wait(interval):
                try:
                    if own is None:
                        own = Store.open(store.state_dir, schema=store.schema)
                    if not renew(own, pid=holder, execution_id=target):
                        print(
                            f"ondas: the lock of execution {target} is no longer held by pid "
                            f"{holder} (taken over after its lease ran out?)",
                            file=sys.stderr,
                            flush=True,
                        )
                        return
                except Exception as exc:  # retried next tick; the lease says when to give up
                    print(f"ondas: lock lease renewal failed: {exc}", file=sys.stderr, flush=True)
                    if own is not None:
                        own.close()
                        own = None
        finally:
            if own is not None:
                own.close()

    thread = threading.Thread(target=beat, name=f"ondas-lease-{target}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=60)
