"""Detached runs: a background process that outlives its terminal, paced, woken by answers."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ondas.app import answering, detach
from ondas.errors import LockBusy, UsageError
from ondas.orchestrator.settings import open_project_store
from ondas.runtime import runfile
from ondas.runtime.schema import default_schema
from ondas.state.execution import create_execution, get_execution, update_execution
from ondas.state.store import Store
from tests.orchestrator.conftest import SAMPLE

FAST = {"ONDAS_CONTINUATION_DELAY": "0-0", "ONDAS_CONTINUATION_COOLDOWN": "0-0"}
DEADLINE = 600.0


def ondas(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, **FAST},
        timeout=300,
    )


def wait_until_ended(state_dir: Path) -> dict[str, object]:
    """Wait for the detached process to end (generous deadline; never a timing assertion)."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        info = runfile.process_info(state_dir)
        if info.get("state") == "ended":
            return info
        time.sleep(0.2)
    raise AssertionError(f"the detached run did not end: {runfile.process_info(state_dir)}")


def status(project: Path) -> dict[str, object]:
    out = ondas("status", str(project), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert isinstance(data, dict)
    return data


def test_a_detached_run_survives_its_terminal_and_completes(tmp_path: Path) -> None:
    project = tmp_path / "p"
    project.mkdir()
    args = ["run", str(project), "--description", SAMPLE, "--backend", "scripted"]
    # The "terminal": a session of its own whose command returns at once.
    terminal = subprocess.Popen(
        [sys.executable, "-m", "ondas", *args, "--tier", "local", "--auto-answer", "--detach"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **FAST},
        start_new_session=True,
    )
    stdout, stderr = terminal.communicate(timeout=300)
    assert terminal.returncode == 0, stderr
    assert "detached: pid" in stdout
    pid = int(str(runfile.load(project / ".ondas")["pid"]))
    with contextlib.suppress(ProcessLookupError):
        assert os.getsid(pid) == pid  # the run leads a session of its own
    # The terminal closes: whatever is left in its process group gets a hangup.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(terminal.pid, signal.SIGHUP)
    wait_until_ended(project / ".ondas")
    data = status(project)
    execution = data["execution"]
    assert isinstance(execution, dict) and execution["status"] == "completed"
    process = data["process"]
    assert isinstance(process, dict) and process["state"] == "ended" and process["pid"] == pid
    log = ondas("output", str(project))
    assert log.returncode == 0 and "review-features" in log.stdout
    followed = ondas("output", str(project), "-f", "--lines", "1000")
    assert followed.returncode == 0 and "completed" in followed.stdout
    assert ondas("logs", "refusals", "--project", str(project)).returncode == 0
    # The log and the process file stay out of git.
    porcelain = subprocess.run(
        ["git", "status", "--porcelain"], cwd=project, capture_output=True, text=True
    ).stdout
    assert "run.log" not in porcelain and "run.json" not in porcelain


def test_answering_a_block_wakes_the_detached_run_that_stopped_for_it(tmp_path: Path) -> None:
    project = tmp_path / "p"
    project.mkdir()
    args = ["run", str(project), "--description", SAMPLE, "--backend", "scripted"]
    out = ondas(*args, "--tier", "local", "--no-atomic-commit", "--no-roadmap", "--detach")
    assert out.returncode == 0, out.stderr
    first = wait_until_ended(project / ".ondas")
    execution = status(project)["execution"]
    assert isinstance(execution, dict) and execution["status"] == "awaiting_human"

    store = open_project_store(project)
    try:
        got = answering.answer(
            store, "a JSON file in the working directory", actor="mcp", project=project
        )
    finally:
        store.close()
    assert got.wake_errors == []
    (woken,) = got.woken
    assert woken.startswith("detached run resumed (pid ")
    second = wait_until_ended(project / ".ondas")
    assert second["pid"] != first["pid"]
    execution = status(project)["execution"]
    assert isinstance(execution, dict) and execution["status"] == "completed"
    assert "resume" in ondas("output", str(project), "--lines", "1000").stdout


def test_a_detached_feature_is_listed_with_its_process_and_log(tmp_path: Path) -> None:
    project = tmp_path / "p"
    project.mkdir()
    out = ondas(
        "run", str(project), "--feature", "solo", "--description", SAMPLE,
        "--backend", "scripted", "--tier", "local", "--auto-answer", "--detach",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    tree = project / ".ondas" / "features" / "solo"
    wait_until_ended(tree / ".ondas")
    (listed,) = status(project)["features"]  # type: ignore[misc]
    assert listed["status"] == "completed" and listed["process"]["state"] == "ended"
    log = ondas("output", str(project), "--feature", "solo")
    assert log.returncode == 0 and "completed" in log.stdout


def test_bad_input_to_a_detached_run_is_refused_before_anything_starts(tmp_path: Path) -> None:
    project = tmp_path / "p"
    project.mkdir()
    out = ondas("run", str(project), "--description", "", "--backend", "scripted", "--detach")
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert not (project / ".ondas").exists()
    assert ondas("logs", str(project)).returncode == 6


def _store_with(tmp_path: Path, instruction: str) -> Store:
    store = Store.open(tmp_path / ".ondas", create=True, schema=default_schema())
    ex = create_execution(store, project_path=tmp_path, description="x")
    update_execution(store, {"next_instruction": instruction}, execution_id=ex.id)
    assert get_execution(store).next_instruction == instruction
    return store


def test_waves_are_paced_by_the_seed_delays_and_a_budget_stop_cools_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(detach.DELAY_ENV, raising=False)
    monkeypatch.delenv(detach.COOLDOWN_ENV, raising=False)
    assert detach.delays() == {"delay": (60.0, 270.0), "cooldown": (1200.0, 1800.0)}
    with _store_with(tmp_path / "a", "stage plan not finished; the next wave continues it") as s:
        assert all(60.0 <= detach.pacing()(s) <= 270.0 for _ in range(20))
    with _store_with(tmp_path / "b", "stage plan budget reached (tokens); the next wave") as s:
        assert all(1200.0 <= detach.pacing()(s) <= 1800.0 for _ in range(20))
    monkeypatch.setenv(detach.DELAY_ENV, "1-2")
    assert detach.delays()["delay"] == (1.0, 2.0)
    monkeypatch.setenv(detach.DELAY_ENV, "5-1")
    with pytest.raises(UsageError):
        detach.delays()


def _recorded(sdir: Path, pid: int) -> None:
    sdir.mkdir(exist_ok=True)
    (sdir / runfile.RUN_FILE).write_text(
        json.dumps({"pid": pid, "host": socket.gethostname(), "resume_argv": []})
    )


def test_a_second_detached_run_is_refused_while_one_is_alive(tmp_path: Path) -> None:
    sdir = tmp_path / ".ondas"
    sleep = "import time; time.sleep(60)"
    run = subprocess.Popen([sys.executable, "-c", sleep, "ondas", "run"])
    other = subprocess.Popen([sys.executable, "-c", sleep, "not-it"])
    try:
        _recorded(sdir, run.pid)
        with pytest.raises(LockBusy):
            detach.start(sdir, ["status"], [], tmp_path)
        # After a restart the recorded pid may belong to another program: not the run.
        _recorded(sdir, other.pid)
        assert runfile.process_info(sdir)["state"] == "ended"
    finally:
        for proc in (run, other):
            proc.send_signal(signal.SIGTERM)
            proc.wait()
