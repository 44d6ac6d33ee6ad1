"""The main-job commands as real processes, with the offline scripted backend."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from ondas.state.verify import verify
from tests.conftest import run_ondas
from tests.orchestrator.conftest import SAMPLE, one, rows, sample_run

STAGES = [
    "briefing",
    "constitution",
    "specify",
    "clarify",
    "plan",
    "checklist",
    "create-tasks",
    "execute-task",
    "converge",
    "review-task",
    "review-features",
]


def start(project: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return run_ondas(
        "run",
        str(project),
        "--description",
        SAMPLE,
        "--backend",
        "scripted",
        "--tier",
        "local",
        "--no-atomic-commit",
        "--no-roadmap",
        *extra,
    )


def test_every_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    from ondas.cli.main import run

    for command in ("run", "resume", "abort", "status", "demo"):
        assert run([command, "--help"]) == 0
        out = capsys.readouterr().out
        assert "Usage" in out and len(out) > 200
    assert run(["run", "--help"]) == 0
    assert "OFFLINE" in capsys.readouterr().out


def test_demo_runs_every_stage_offline_with_one_block_and_a_resume(tmp_path: Path) -> None:
    project = tmp_path / "demo"
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    out = run_ondas("demo", "--dir", str(project), env={"TMPDIR": str(scratch)})
    assert out.returncode == 0, out.stderr
    # the sample project's tests clean up their temporary directories (they once left
    # three behind per demo run, 160k of them in one machine's /tmp)
    assert list(scratch.iterdir()) == []
    report = project / ".ondas" / "report.md"
    assert f"report: {report}" in out.stdout
    text = report.read_text()
    assert "scripted (offline, deterministic; no model was called)" in text
    for stage in STAGES:
        assert f"| {stage} | done |" in text
    execution = one(project, "SELECT * FROM executions")
    assert execution["status"] == "completed"
    blocks = rows(project, "SELECT * FROM blocks")
    assert [b["status"] for b in blocks] == ["answered"]
    tasks = rows(project, "SELECT * FROM tasks ORDER BY task_id")
    assert [t["task_id"] for t in tasks] == ["1.1", "1.2", "1.3"]
    assert all(t["outcome"] == "pass" and t["tests_passed"] == t["tests_run"] > 0 for t in tasks)
    assert json.loads(tasks[1]["files"]) == ["notes/cli.py", "tests/test_cli.py"]
    waves = rows(project, "SELECT * FROM waves ORDER BY number")
    assert all(w["ended_at"] for w in waves)
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        assert verify(store).ok
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=project, capture_output=True, text=True, check=True
    ).stdout.split()
    assert ".ondas/state.json" in tracked and "notes/store.py" in tracked
    assert ".ondas/state.db" not in tracked


def test_demo_without_dir_removes_its_temporary_directory_and_registry_entry(
    tmp_path: Path,
) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    home = tmp_path / "home"
    out = run_ondas("demo", env={"TMPDIR": str(scratch), "ONDAS_HOME": str(home)})
    assert out.returncode == 0, out.stderr
    assert "status: completed" in out.stdout and "removed now" in out.stdout
    assert list(scratch.iterdir()) == []
    runs = json.loads((home / "runs.json").read_text())
    assert runs["projects"] == []


def test_demo_left_awaiting_an_answer_keeps_its_directory_to_be_answered(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    out = run_ondas("demo", "--no-auto-answer", env={"TMPDIR": str(scratch)})
    assert out.returncode == 5, out.stderr
    (kept,) = scratch.iterdir()
    assert f"cd {kept / 'notes'} && ondas resume" in out.stderr


def test_run_from_a_subdirectory_of_a_repository_works_on_the_repository(
    project: Path,
) -> None:
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    sub = project / "src" / "pkg"
    sub.mkdir(parents=True)
    out = run_ondas(
        "run", "--description", "a notes CLI", "--backend", "scripted", "--tier", "local",
        "--no-atomic-commit", "--no-roadmap", "--max-waves", "1", cwd=sub,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert not (sub / ".git").exists() and not (sub / ".ondas").exists()
    assert (project / ".ondas" / "state.db").is_file()
    status = run_ondas("status", "--json", cwd=sub)
    assert status.returncode == 0
    assert json.loads(status.stdout)["execution"]["project_path"] == str(project.resolve())


def test_run_without_auto_answer_stops_awaiting_a_human_and_resume_lists_the_block(
    project: Path,
) -> None:
    out = start(project)
    assert out.returncode == 5, out.stderr
    assert "How do notes survive" in out.stderr
    assert one(project, "SELECT status FROM executions")["status"] == "awaiting_human"
    again = run_ondas("resume", str(project))
    assert again.returncode == 5
    assert "block-001" in again.stderr and "--answer" in again.stderr
    done = run_ondas("resume", str(project), "--answer", "an SQLite database", "--json")
    assert done.returncode == 0, done.stderr
    assert one(project, "SELECT status FROM executions")["status"] == "completed"
    spec = next(project.glob("docs/specs/*/spec.md")).read_text()
    assert "an SQLite database" in spec
    decision = one(project, "SELECT * FROM decisions WHERE consent = 'block-001'")
    assert decision["choice"] == "an SQLite database" and decision["agent"] == "human"


def test_auto_answer_run_completes_in_one_invocation_with_json_lines(project: Path) -> None:
    out = start(project, "--auto-answer", "--json")
    assert out.returncode == 0, out.stderr
    events = [json.loads(line) for line in out.stdout.splitlines()]
    assert events[-1]["event"] == "result" and events[-1]["status"] == "completed"
    assert sum(1 for e in events if e["event"] == "wave_started") == len(STAGES)


def test_max_waves_stops_and_status_reports_the_stage(project: Path) -> None:
    out = start(project, "--max-waves", "2")
    assert out.returncode == 0, out.stderr
    status = run_ondas("status", str(project), "--json")
    assert status.returncode == 0
    info = json.loads(status.stdout)
    assert info["execution"]["current_stage"] == "specify"
    assert info["waves"]["waves"] == 2 and info["backend"] == "scripted"


def test_bad_input_exits_2_and_leaves_no_state(project: Path) -> None:
    out = run_ondas("run", str(project), "--description", "x" * 501, "--backend", "scripted")
    assert out.returncode == 2 and "500" in out.stderr
    out = run_ondas("run", str(project), "--description", "x", "--backend", "nope")
    assert out.returncode == 2
    out = run_ondas("run", str(project), "--description", "x", "--tier", "moon")
    assert out.returncode == 2
    assert not (project / ".ondas").exists()


def test_missing_or_corrupt_state_exits_6(project: Path) -> None:
    assert run_ondas("resume", str(project)).returncode == 6
    assert run_ondas("status", str(project)).returncode == 6
    (project / ".ondas").mkdir()
    (project / ".ondas" / "state.db").write_bytes(b"this is not sqlite" * 100)
    out = run_ondas("resume", str(project))
    assert out.returncode == 6, out.stderr


def test_resume_while_another_process_holds_the_lock_exits_3_and_writes_nothing(
    project: Path,
) -> None:
    assert start(project, "--max-waves", "1").returncode == 0
    holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        with Store.open(project / ".ondas", schema=default_schema()) as store:
            from ondas.state import lock

            lock.acquire(store, pid=holder.pid)
        before = one(project, "SELECT COUNT(*) AS n FROM events")["n"]
        from ondas.state.registry import registry_path

        seen = registry_path().read_bytes()
        out = run_ondas("resume", str(project))
        assert out.returncode == 3, out.stderr
        assert not rows(project, "SELECT * FROM events WHERE type = 'lock_contention'")
        assert one(project, "SELECT COUNT(*) AS n FROM events")["n"] == before
        assert registry_path().read_bytes() == seen
        assert one(project, "SELECT COUNT(*) AS n FROM waves")["n"] == 1
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="needs the sqlite3 shell")
def test_state_edited_with_sqlite3_makes_resume_exit_4_and_write_nothing(
    project: Path,
) -> None:
    """Resume verifies read-only before the lock: a tampered store is not written to, so a
    second resume still sees the tampering, and the message says how to recover.

    Resume verifies from the last verified anchor (ondas.state.incremental): the log's last
    event, edited, is past it or is it. A row no event since the anchor touched is left to
    ``ondas state verify`` (the next test)."""
    assert start(project, "--max-waves", "1").returncode == 0
    db = project / ".ondas" / "state.db"
    subprocess.run(
        [
            "sqlite3",
            str(db),
            "UPDATE events SET description = 'changed behind ondas' "
            "WHERE seq = (SELECT MAX(seq) FROM events)",
        ],
        check=True,
    )
    events = one(project, "SELECT COUNT(*) AS n FROM events")["n"]
    for _ in range(2):
        out = run_ondas("resume", str(project))
        assert out.returncode == 4, out.stderr
        assert len(out.stderr.strip().splitlines()) == 1
        assert "ondas state recover" in out.stderr
    assert one(project, "SELECT COUNT(*) AS n FROM events")["n"] == events
    assert not rows(project, "SELECT * FROM blocks WHERE subject_key = 'integrity'")
    assert one(project, "SELECT COUNT(*) AS n FROM waves")["n"] == 1


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="needs the sqlite3 shell")
def test_an_old_row_edited_with_sqlite3_is_found_by_state_verify(project: Path) -> None:
    assert start(project, "--max-waves", "1").returncode == 0
    db = project / ".ondas" / "state.db"
    subprocess.run(
        ["sqlite3", str(db), "UPDATE executions SET description = 'changed behind ondas'"],
        check=True,
    )
    out = run_ondas("state", "verify", "--state-dir", str(project / ".ondas"))
    assert out.returncode != 0 and "table-mismatch" in out.stdout + out.stderr


def test_abort_ends_the_execution_and_resume_refuses(project: Path) -> None:
    assert start(project, "--max-waves", "1").returncode == 0
    out = run_ondas("abort", str(project), "--reason", "changed my mind")
    assert out.returncode == 0, out.stderr
    execution = one(project, "SELECT * FROM executions")
    assert execution["status"] == "aborted"
    assert execution["termination_reason"] == "changed my mind"
    assert run_ondas("resume", str(project)).returncode == 1
    assert run_ondas("abort", str(project), "--reason", "again").returncode == 1


def _wait_for(predicate: object, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():  # type: ignore[operator]
                return
        except Exception:
            pass
        time.sleep(0.1)
    raise AssertionError("condition not reached in time")


def _gate(project: Path) -> tuple[Path, Path]:
    """``(started, go)``: the test command touches ``started``, then waits for ``go``."""
    return project.parent / "tests-started", project.parent / "tests-go"


def _slow_run(project: Path) -> subprocess.Popen[str]:
    """A run whose first test command holds execute-task's wave open until the test opens
    the gate: a signal sent after ``started`` exists always lands mid-wave, however slow
    the machine (a sleep only made that likely)."""
    started, go = _gate(project)
    gated_tests = (
        f'touch "{started}"; until [ -f "{go}" ]; do sleep 0.1; done; '
        f"{sys.executable} -m unittest discover -s tests -t ."
    )
    # The gate files are the harness, outside the project: no sandbox.
    args = sample_run(project, "--no-sandbox", "--test-command", gated_tests)
    return subprocess.Popen(
        [sys.executable, "-m", "ondas", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
        # Ctrl-C as in a terminal: a runner started in the background (``cmd &`` in a script,
        # nohup) hands its children SIGINT ignored, and Python then keeps ignoring it.
        preexec_fn=_sigint_default,
    )


def _sigint_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _mid_execute_task(project: Path) -> bool:
    """The first test command of execute-task is waiting at the gate, its wave open."""
    return _gate(project)[0].exists() and bool(
        rows(project, "SELECT 1 FROM waves WHERE ended_at IS NULL")
    )


def _open_gate(project: Path) -> None:
    _gate(project)[1].touch()


def test_sigkill_mid_wave_then_resume_finishes_with_nothing_lost(project: Path) -> None:
    proc = _slow_run(project)
    try:
        _wait_for(lambda: _mid_execute_task(project))
    finally:
        proc.kill()
        proc.communicate()
        _open_gate(project)
    open_before = one(project, "SELECT id FROM waves WHERE ended_at IS NULL")["id"]
    out = run_ondas("resume", str(project))
    assert out.returncode == 0, out.stderr
    assert one(project, "SELECT status FROM executions")["status"] == "completed"
    waves = rows(project, "SELECT * FROM waves ORDER BY number")
    assert [w["number"] for w in waves] == list(range(1, len(waves) + 1))
    assert all(w["ended_at"] for w in waves)
    reconciled = [w for w in waves if w["reconciled"]]
    assert [w["id"] for w in reconciled] == [open_before]
    assert reconciled[0]["reason"] == "threshold_proxy_reached"
    metric = one(project, "SELECT value FROM metrics WHERE name = 'waves'")["value"]
    assert metric == len(waves)
    tasks = rows(project, "SELECT * FROM tasks ORDER BY task_id")
    assert [t["task_id"] for t in tasks] == ["1.1", "1.2", "1.3"]
    assert all(t["outcome"] == "pass" and t["tests_run"] > 0 for t in tasks)
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        assert verify(store).ok


def test_ctrl_c_closes_the_wave_cleanly_and_resume_goes_on(project: Path) -> None:
    proc = _slow_run(project)
    try:
        _wait_for(lambda: _mid_execute_task(project))
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=120)
    finally:
        _open_gate(project)
        if proc.poll() is None:  # never leave a run behind, whatever failed
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0
    wave = one(project, "SELECT * FROM waves ORDER BY number DESC LIMIT 1")
    assert wave["ended_at"] and wave["reason"] == "threshold_proxy_reached"
    execution = one(project, "SELECT * FROM executions")
    assert execution["current_stage"] == "execute-task"
    assert "ondas resume" in execution["next_instruction"]
    out = run_ondas("resume", str(project))
    assert out.returncode == 0, out.stderr
    assert one(project, "SELECT status FROM executions")["status"] == "completed"
