"""The execution lock: one holder, non-reentrant, stale holders reported and never broken
silently."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ondas.errors import LockBusy, RuleViolation
from ondas.state import lock
from ondas.state.store import Store
from ondas.state.verify import verify
from tests.state.conftest import CliResult


@pytest.fixture
def dead_pid() -> int:
    """The pid of a process that has exited and been reaped."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.fixture
def live_pid() -> Iterator[int]:
    """The pid of a running process other than the test itself."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        yield child.pid
    finally:
        child.kill()
        child.wait()


@pytest.fixture
def lock_cli(cli: Callable[..., CliResult]) -> Callable[..., CliResult]:
    def invoke(state_dir: Path, *args: str) -> CliResult:
        return cli("state", "lock", *args, "--state-dir", str(state_dir))

    return invoke


def test_acquire_records_pid_host_and_time_and_check_reports_it(
    store: Store, live_pid: int, lock_cli: Callable[..., CliResult]
) -> None:
    result = lock_cli(store.state_dir, "acquire", "--pid", str(live_pid), "--json")
    assert result.returncode == 0, result.stderr
    info = json.loads(result.stdout)
    assert info["held"] and info["pid"] == live_pid and not info["stale"]
    assert info["host"] and info["acquired_at"]
    check = lock_cli(store.state_dir, "check", "--json")
    assert check.returncode == 3
    assert json.loads(check.stdout)["pid"] == live_pid


def test_second_holder_is_busy_with_exit_3(
    store: Store, live_pid: int, lock_cli: Callable[..., CliResult]
) -> None:
    lock.acquire(store, pid=live_pid)
    result = lock_cli(store.state_dir, "acquire", "--pid", str(os.getpid()))
    assert result.returncode == 3
    assert f"locked by pid {live_pid}" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_lock_is_not_reentrant_for_the_same_pid(
    store: Store, live_pid: int, lock_cli: Callable[..., CliResult]
) -> None:
    lock.acquire(store, pid=live_pid)
    with pytest.raises(LockBusy):
        lock.acquire(store, pid=live_pid)
    result = lock_cli(store.state_dir, "acquire", "--pid", str(live_pid))
    assert result.returncode == 3


def test_dead_holder_is_reported_stale_and_not_taken_over_silently(
    store: Store, dead_pid: int, lock_cli: Callable[..., CliResult]
) -> None:
    lock.acquire(store, pid=dead_pid)
    check = lock_cli(store.state_dir, "check", "--json")
    assert check.returncode == 0
    assert json.loads(check.stdout)["stale"] is True
    assert "stale" in lock_cli(store.state_dir, "check").stdout
    plain = lock_cli(store.state_dir, "acquire", "--pid", str(os.getpid()))
    assert plain.returncode == 3
    assert "--break-stale" in plain.stderr
    assert lock.check(store).pid == dead_pid


def test_break_stale_takes_over_loudly_and_is_audited(
    store: Store, dead_pid: int, live_pid: int, lock_cli: Callable[..., CliResult]
) -> None:
    lock.acquire(store, pid=dead_pid)
    result = lock_cli(store.state_dir, "acquire", "--pid", str(live_pid), "--break-stale", "--json")
    assert result.returncode == 0, result.stderr
    info = json.loads(result.stdout)
    assert info["pid"] == live_pid and info["broke_stale_pid"] == dead_pid
    assert f"stale lock of dead pid {dead_pid}" in result.stderr
    last = store.events()[-1]
    assert last.type == "lock_acquired"
    assert last.payload["data"]["broke_stale"]["pid"] == dead_pid
    assert verify(store).ok


def test_break_stale_never_breaks_a_live_holder(
    store: Store, live_pid: int, lock_cli: Callable[..., CliResult]
) -> None:
    lock.acquire(store, pid=live_pid)
    result = lock_cli(store.state_dir, "acquire", "--pid", str(os.getpid()), "--break-stale")
    assert result.returncode == 3
    assert lock.check(store).pid == live_pid


def test_release_by_the_holder_frees_the_lock(
    store: Store, live_pid: int, lock_cli: Callable[..., CliResult]
) -> None:
    lock.acquire(store, pid=live_pid)
    result = lock_cli(store.state_dir, "release", "--pid", str(live_pid), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["held"] is False
    assert lock_cli(store.state_dir, "check").returncode == 0


def test_release_of_another_live_holder_needs_force(
    store: Store, live_pid: int, lock_cli: Callable[..., CliResult]
) -> None:
    lock.acquire(store, pid=live_pid)
    refused = lock_cli(store.state_dir, "release", "--pid", str(os.getpid()))
    assert refused.returncode == 3
    assert lock.check(store).held
    forced = lock_cli(store.state_dir, "release", "--pid", str(os.getpid()), "--force")
    assert forced.returncode == 0
    assert store.events()[-1].payload["data"]["forced"] is True


def test_release_of_a_free_lock_is_refused(
    store: Store, lock_cli: Callable[..., CliResult]
) -> None:
    with pytest.raises(RuleViolation, match="lock-not-held"):
        lock.release(store, pid=os.getpid())
    assert lock_cli(store.state_dir, "release").returncode == 1


def test_lock_without_a_store_is_state_missing(
    tmp_path: Path, lock_cli: Callable[..., CliResult]
) -> None:
    result = lock_cli(tmp_path / ".ondas", "check")
    assert result.returncode == 6
    assert not (tmp_path / ".ondas").exists()


def test_while_a_runtime_drives_the_execution_the_command_line_cannot_close_its_waves(
    store: Store, live_pid: int, cli: Callable[..., CliResult]
) -> None:
    from ondas.audit.waves import start_wave
    from tests.audit.conftest import state_of

    start_wave(store)
    lock.acquire(store, pid=live_pid)
    before = state_of(store)
    sdir = str(store.state_dir)
    record = "wave record-task --task-id 1.1 --title t --outcome fail --tests-run 1"
    for args in (
        ("wave", "end", "--reason", "completed", "--advance"),
        (*record.split(), "--tests-passed", "0", "--lint-ok", "true"),
        ("state", "set", "--field", "status", "--value", '"completed"', "--as-operator"),
        ("mcp", "token", "--project", str(store.state_dir.parent)),
    ):
        extra = () if args[0] == "mcp" else ("--state-dir", sdir)
        result = cli(*args, *extra)
        assert result.returncode == 1, (args, result.stderr)
        assert "[run-in-progress]" in result.stderr and str(live_pid) in result.stderr
    assert state_of(store) == before


def test_the_driving_process_itself_and_a_dead_holder_are_not_in_the_way(
    store: Store, dead_pid: int
) -> None:
    lock.acquire(store)
    lock.require_not_driven(store, "closing a wave")
    lock.release(store)
    lock.acquire(store, pid=dead_pid)
    lock.require_not_driven(store, "closing a wave")
