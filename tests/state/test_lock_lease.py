"""On a shared store a lock carries a lease: a holder dead on another host is taken over.

Runs on a real Postgres server (``ONDAS_TEST_POSTGRES_URL``). The other host is a real
process with another ``ONDAS_HOST_ID``, killed with SIGKILL while it holds the lock.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ondas.errors import LockBusy
from ondas.runtime.schema import default_schema
from ondas.state import lock
from ondas.state import verify as verify_mod
from ondas.state.execution import create_execution
from ondas.state.store import Store
from tests.conftest import server_url

POSTGRES_URL = server_url("ONDAS_TEST_POSTGRES_URL")
needs_postgres = pytest.mark.skipif(
    not POSTGRES_URL, reason="no Postgres server (ONDAS_TEST_POSTGRES_URL)"
)
DEADLINE = 180.0
HOLDER = """
import sys, time
from ondas.state import lock
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
with Store.open(sys.argv[1], schema=default_schema()) as store:
    lock.acquire(store)
    print("held", flush=True)
    time.sleep(3600)
"""


@pytest.fixture
def shared(tmp_path: Path, on_postgres: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A Postgres store holding one execution; this process is host ``host-a``."""
    monkeypatch.setenv("ONDAS_HOST_ID", "host-a")
    state_dir = tmp_path / "project" / ".ondas"
    with Store.open(state_dir, create=True, schema=default_schema()) as store:
        create_execution(store, project_path=tmp_path / "project", description="shared")
    yield state_dir


def _die_holding_the_lock(state_dir: Path, lease: str) -> int:
    """A holder on ``host-b`` takes the lock and is killed with SIGKILL; returns its pid."""
    env = {**os.environ, "ONDAS_HOST_ID": "host-b", "ONDAS_LOCK_LEASE": lease}
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(state_dir)],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "held"
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=60)
        if proc.stdout is not None:
            proc.stdout.close()
    return proc.pid


@needs_postgres
def test_a_dead_holder_on_another_host_is_busy_while_its_lease_runs(shared: Path) -> None:
    pid = _die_holding_the_lock(shared, lease="3600")
    with Store.open(shared, schema=default_schema()) as store, pytest.raises(LockBusy) as busy:
        lock.acquire(store, break_stale=True)
    assert f"locked by pid {pid} on host-b" in str(busy.value)
    assert "lease until" in str(busy.value)


@needs_postgres
def test_a_dead_holder_on_another_host_is_taken_over_once_its_lease_ran_out(
    shared: Path,
) -> None:
    pid = _die_holding_the_lock(shared, lease="2")
    deadline = time.monotonic() + DEADLINE
    with Store.open(shared, schema=default_schema()) as store:
        while True:
            try:
                info = lock.acquire(store, break_stale=True)
                break
            except LockBusy:
                assert time.monotonic() < deadline, "the expired lease was never taken over"
                time.sleep(0.5)
        assert (info.broke_stale_pid, info.broke_stale_host) == (pid, "host-b")
        assert info.host == "host-a" and info.pid == os.getpid()
        event = store.events(type_="lock_acquired")[-1]
        broken = event.payload["data"]["broke_stale"]
        assert broken["host"] == "host-b" and broken["pid"] == pid
        assert "lease ran out" in broken["why"]
        assert verify_mod.verify(store).findings == []


@needs_postgres
def test_a_live_holder_renews_its_lease_and_keeps_the_lock(
    shared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONDAS_LOCK_LEASE", "8")
    with Store.open(shared, schema=default_schema()) as store:
        first = lock.acquire(store).lease_until
        with lock.keep_alive(store):
            deadline = time.monotonic() + DEADLINE
            while len(store.events(type_="lock_renewed")) < 2:
                assert time.monotonic() < deadline, "the lease was never renewed"
                time.sleep(0.2)
            renewed = lock.check(store)
        assert first is not None and renewed.lease_until is not None
        assert renewed.lease_until > first and renewed.held and not renewed.stale
        lock.release(store)
        assert verify_mod.verify(store).findings == []


@needs_postgres
def test_a_holder_whose_lock_was_taken_over_stops_renewing_and_writes_nothing(
    shared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(shared, schema=default_schema()) as store:
        monkeypatch.setenv("ONDAS_HOST_ID", "host-b")
        monkeypatch.setenv("ONDAS_LOCK_LEASE", "0.01")
        lock.acquire(store, pid=4242)
        monkeypatch.setenv("ONDAS_HOST_ID", "host-a")
        deadline = time.monotonic() + DEADLINE
        while not lock.check(store).stale:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        lock.acquire(store, break_stale=True)
        monkeypatch.setenv("ONDAS_HOST_ID", "host-b")
        before = len(store.events())
        assert lock.renew(store, pid=4242) is False
        assert len(store.events()) == before
        assert lock.check(store).host == "host-a"


def test_locks_of_the_embedded_store_carry_no_lease(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ONDAS_STORE_URL", raising=False)
    state_dir = tmp_path / "project" / ".ondas"
    with Store.open(state_dir, create=True, schema=default_schema()) as store:
        create_execution(store, project_path=tmp_path / "project", description="local")
        info = lock.acquire(store)
        with lock.keep_alive(store):
            pass
        assert info.lease_until is None and store.events(type_="lock_renewed") == []
