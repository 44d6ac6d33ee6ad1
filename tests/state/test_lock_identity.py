"""A lock names its holder by host, pid, process start time and boot id, so a holder that
cannot be alive (reused pid, restarted machine) is reported stale with the command to take
it over, and a holder on another host gets the command to free it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from ondas.errors import LockBusy
from ondas.state import lock, proc
from ondas.state.store import Store
from ondas.state.verify import verify
from tests.state.conftest import CliResult


@pytest.fixture
def live_pid() -> Iterator[int]:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        yield child.pid
    finally:
        child.kill()
        child.wait()


def _rewrite_holder(store: Store, **values: object) -> None:
    """Change the recorded holder through an audited write (as another machine would)."""
    with store.transaction("lock_rewritten", execution_id="exec-001") as tx:
        tx.update("locks", {"execution_id": "exec-001"}, values)


def test_acquire_records_the_boot_id_and_the_holders_start_time(
    store: Store, live_pid: int
) -> None:
    info = lock.acquire(store, pid=live_pid)
    assert info.boot_id == proc.boot_id()
    assert info.process_start == proc.start_ticks(live_pid)
    assert not info.stale


def test_a_live_pid_with_another_start_time_is_a_reused_pid_and_stale(
    store: Store, live_pid: int
) -> None:
    lock.acquire(store, pid=live_pid)
    _rewrite_holder(store, process_start=(proc.start_ticks(live_pid) or 0) + 1)
    info = lock.check(store)
    assert info.stale
    assert "another process" in (info.why_stale or "")


def test_a_holder_from_another_boot_is_stale_and_the_message_names_the_takeover(
    store: Store, live_pid: int
) -> None:
    lock.acquire(store, pid=live_pid)
    _rewrite_holder(store, boot_id="00000000-0000-0000-0000-000000000000")
    with pytest.raises(LockBusy) as caught:
        lock.acquire(store, pid=os.getpid())
    assert "machine restarted" in str(caught.value)
    assert "ondas state lock acquire --break-stale" in str(caught.value)
    taken = lock.acquire(store, pid=os.getpid(), break_stale=True)
    assert taken.broke_stale_pid == live_pid
    last = store.events()[-1]
    assert last.type == "lock_acquired"
    assert "machine restarted" in last.payload["data"]["broke_stale"]["why"]
    assert verify(store).ok


def test_a_holder_on_another_host_is_not_broken_but_the_message_says_how_to_free_it(
    store: Store, live_pid: int, cli: Callable[..., CliResult]
) -> None:
    lock.acquire(store, pid=live_pid)
    _rewrite_holder(store, host="some-old-container")
    busy = cli(
        "state",
        "lock",
        "acquire",
        "--pid",
        str(os.getpid()),
        "--break-stale",
        "--state-dir",
        str(store.state_dir),
    )
    assert busy.returncode == 3
    assert len(busy.stderr.strip().splitlines()) == 1
    assert "ondas state lock release --force" in busy.stderr
    freed = cli(
        "state",
        "lock",
        "release",
        "--force",
        "--pid",
        str(os.getpid()),
        "--state-dir",
        str(store.state_dir),
        "--json",
    )
    assert freed.returncode == 0, freed.stderr
    assert json.loads(freed.stdout)["held"] is False


def test_a_zombie_is_not_a_live_process_of_its_name() -> None:
    import time

    from ondas.state import proc

    child = subprocess.Popen(["sleep", "0"])
    deadline = time.monotonic() + 30
    while not proc.is_zombie(child.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        assert proc.is_zombie(child.pid)
        assert child.pid not in proc.processes_named("sleep")
    finally:
        child.wait()
