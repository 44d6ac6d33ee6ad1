from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ondas.cli import block_cmd, decision_cmd, event_cmd, wave_cmd
from ondas.cli.framework import Command
from ondas.cli.main import run
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from tests.audit.conftest import state_of
from tests.conftest import run_ondas

MODULES = {"decision": decision_cmd, "block": block_cmd, "wave": wave_cmd, "event": event_cmd}


def cli(state_dir: Path, *args: str, input: str | None = None) -> Any:
    """The real CLI as a separate process."""
    return run_ondas(*args, "--state-dir", str(state_dir), input=input)


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def inproc(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    """The real CLI run in this process (same parsing and exit codes, no start-up cost)."""

    def invoke(state_dir: Path, *args: str, input: str | None = None) -> Result:
        capsys.readouterr()
        if input is not None:
            monkeypatch.setattr("sys.stdin", io.StringIO(input))
        code = run([*args, "--state-dir", str(state_dir)])
        out = capsys.readouterr()
        return Result(code, out.out, out.err)

    return invoke


def snapshot(state_dir: Path) -> dict[str, Any]:
    with Store.open(state_dir, schema=default_schema()) as s:
        return state_of(s)


def test_every_audit_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    for group_name, module in MODULES.items():
        assert module.app.help
        assert module.app.children
        for name, command in module.app.children.items():
            assert isinstance(command, Command) and command.fn.__doc__
            assert run([group_name, name, "--help"]) == 0
            assert run(["internal", group_name, name, "--help"]) == 0
            assert "Usage" in capsys.readouterr().out


def test_decision_register_prints_the_id_and_json(
    inproc: Any, store: Store, state_dir: Path
) -> None:
    base = [
        "decision",
        "register",
        "--agent",
        "planner",
        "--stage",
        "plan",
        "--context",
        "runner",
        "--options",
        '["pytest", "unittest"]',
        "--choice",
        "pytest",
        "--justification",
        "already used",
        "--score",
        "2",
    ]
    first = inproc(state_dir, *base)
    assert first.returncode == 0 and first.stdout.strip() == "dec-001"
    second = inproc(state_dir, *base, "--json")
    assert json.loads(second.stdout)["id"] == "dec-002"
    listed = inproc(state_dir, "decision", "list", "--json")
    assert [d["id"] for d in json.loads(listed.stdout)] == ["dec-001", "dec-002"]
    assert inproc(state_dir, "decision", "count").stdout.strip() == "2"
    assert json.loads(inproc(state_dir, "decision", "get", "dec-001").stdout)["choice"] == "pytest"
    assert (
        inproc(state_dir, "decision", "mark-invalid", "dec-001", "--reason", "wrong").returncode
        == 0
    )
    assert "invalidated" in inproc(state_dir, "decision", "list").stdout


@pytest.mark.parametrize(
    ("args", "rule"),
    [
        (["--options", '["a"]', "--choice", "a", "--justification", "j"], "missing-field"),
        (
            ["--context", "c", "--options", '["a"]', "--choice", "b", "--justification", "j"],
            "choice-not-in-options",
        ),
        (
            ["--context", "c", "--options", '["a"]', "--choice", "a", "--justification", "j",
             "--score", "3"],
            "score3-needs-evidence",
        ),
        (
            ["--context", "c", "--options", '["pause-human", "pg"]', "--choice", "pg",
             "--justification", "j", "--class", "structural", "--axis", "persistence"],
            "structural-needs-block",
        ),
        (
            ["--context", "c", "--options", '["pause-human"]', "--choice", "pause-human",
             "--justification", "j", "--class", "structural", "--axis", "colour"],
            "unknown-axis",
        ),
        (
            ["--context", "c", "--options", '["pg", "sqlite"]', "--choice", "pg",
             "--justification", "j", "--class", "operational", "--axis", "persistence"],
            "axis-needs-structural",
        ),
    ],
)  # fmt: skip
def test_refusals_exit_1_with_the_rule_and_leave_state_unchanged(
    inproc: Any, store: Store, state_dir: Path, args: list[str], rule: str
) -> None:
    before = snapshot(state_dir)
    if "--score" not in args:
        args = [*args, "--score", "1"]
    result = inproc(state_dir, "decision", "register", "--agent", "a", *args)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and f"[{rule}]" in lines[0]
    assert snapshot(state_dir) == before


@pytest.mark.parametrize(
    "args",
    [
        ["wave", "end", "--reason", "abort", "--mode", "roadmap"],
        ["wave", "end", "--reason", "sideways"],
        ["wave", "end", "--reason", "abort", "--add-stage", "two words"],
        ["decision", "register", "--agent", "a", "--score", "9", "--context", "c",
         "--options", '["a"]', "--choice", "a", "--justification", "j"],
        ["decision", "register", "--agent", "a", "--options", "[not json", "--score", "1",
         "--context", "c", "--choice", "a", "--justification", "j"],
        ["wave", "record-task", "--task-id", "1.1", "--title", "t", "--outcome", "pass",
         "--tests-run", "1", "--tests-passed", "1", "--lint-ok", "maybe"],
        ["block", "register", "--question", "q", "--severity", "urgent"],
    ],
)  # fmt: skip
def test_usage_errors_exit_2_and_leave_state_unchanged(
    inproc: Any, store: Store, state_dir: Path, args: list[str]
) -> None:
    assert inproc(state_dir, "wave", "start").returncode == 0
    before = snapshot(state_dir)
    result = inproc(state_dir, *args)
    assert result.returncode == 2, result.stderr
    assert snapshot(state_dir) == before


def test_block_round_trip(inproc: Any, store: Store, state_dir: Path) -> None:
    assert inproc(state_dir, "block", "register", "--question", "db?").stdout.strip() == "block-001"
    assert inproc(state_dir, "block", "count", "--pending-only").stdout.strip() == "1"
    answered = inproc(state_dir, "block", "respond", "--answer", "postgres", "--json")
    assert json.loads(answered.stdout)["status"] == "answered"
    listed = json.loads(inproc(state_dir, "block", "list", "--status", "answered", "--json").stdout)
    assert [b["id"] for b in listed] == ["block-001"]
    assert json.loads(inproc(state_dir, "block", "get", "block-001").stdout)["answer"] == "postgres"
    missing = inproc(state_dir, "block", "require-resolved", "--decision", "dec-001")
    assert missing.returncode == 1 and "[block-not-resolved]" in missing.stderr


def test_wave_commands(inproc: Any, store: Store, state_dir: Path, tmp_path: Path) -> None:
    assert inproc(state_dir, "wave", "start").stdout.strip() == "wave-001"
    again = inproc(state_dir, "wave", "start")
    assert again.returncode == 1 and "[wave-open]" in again.stderr
    assert inproc(state_dir, "wave", "current-id").stdout.strip() == "wave-001"
    assert inproc(state_dir, "wave", "tick").stdout.strip() == "1"
    assert inproc(state_dir, "wave", "record-skill", "--skill", "speckit.plan").returncode == 0
    record = cli(
        state_dir, "wave", "record-task", "--task-id", "1.1", "--title", "Setup", "--outcome",
        "pass", "--tests-run", "2", "--tests-passed", "2", "--lint-ok", "true", "--files",
        '["a.py"]',
    )  # fmt: skip
    assert record.returncode == 0
    status = json.loads(inproc(state_dir, "wave", "status", "--json").stdout)
    assert status["open_wave"]["tool_calls"] == 1
    ended = cli(
        state_dir, "wave", "end", "--reason", "stage_completed_advancing", "--advance",
        "--next-instruction", "write the constitution", "--json",
    )  # fmt: skip
    assert json.loads(ended.stdout)["advanced_to"] == "constitution"
    none = inproc(state_dir, "wave", "current-id")
    assert none.returncode == 1 and "[no-open-wave]" in none.stderr
    tasks_md = tmp_path / "tasks.md"
    tasks_md.write_text("- [x] 1.1 Setup\n- [x] 1.2 More\n")
    filled = inproc(state_dir, "wave", "reconcile-tasks", "--tasks-md", str(tasks_md))
    assert filled.stdout.split() == ["1.2"]
    assert inproc(state_dir, "wave", "reconcile").stdout.strip() == "nothing to reconcile"


def test_milestone_is_announced_on_stderr(inproc: Any, store: Store, state_dir: Path) -> None:
    (state_dir / "config.toml").write_text("[audit]\nmilestone_every = 1\n")
    inproc(state_dir, "wave", "start")
    ended = inproc(state_dir, "wave", "end", "--reason", "threshold_proxy_reached")
    assert ended.returncode == 0
    assert "Milestone of 1 waves reached" in ended.stderr


def test_event_commands(inproc: Any, store: Store, state_dir: Path, tmp_path: Path) -> None:
    added = inproc(state_dir, "event", "add", "--type", "schedule_wait", "--description", "night")
    assert added.returncode == 0
    output = tmp_path / "out.txt"
    output.write_text("pytest: 12 passed in 0.4s\n")
    observed = inproc(state_dir, "event", "observe", "--tool", "Bash", "--output-file", str(output))
    assert observed.stdout.strip() == "obs-001"
    piped = inproc(state_dir, "event", "observe", "--tool", "Bash", "--output-file", "-", input="x")
    assert piped.stdout.strip() == "obs-002"
    types = [e["type"] for e in json.loads(inproc(state_dir, "event", "list", "--json").stdout)]
    assert "schedule_wait" in types and types.count("output_observed") == 2
    ok = cli(
        state_dir, "decision", "register", "--agent", "a", "--context", "c", "--options",
        '["a"]', "--choice", "a", "--justification", "j", "--score", "3", "--evidence",
        "pytest: 12 passed in 0.4s",
    )  # fmt: skip
    assert ok.returncode == 0, ok.stderr


def test_state_validate_runs_the_audit_invariants(
    inproc: Any, store: Store, state_dir: Path
) -> None:
    inproc(state_dir, "wave", "start")
    import sqlite3

    conn = sqlite3.connect(state_dir / "state.db")
    conn.execute(
        "INSERT INTO waves (execution_id, id, number, started_at) "
        "VALUES ('exec-001', 'wave-002', 2, 'x')"
    )
    conn.commit()
    conn.close()
    result = inproc(state_dir, "state", "validate")
    assert result.returncode == 6
    assert "more than one open wave" in result.stdout


def test_a_refusal_in_a_real_process_is_one_line_exit_1(store: Store, state_dir: Path) -> None:
    before = snapshot(state_dir)
    result = cli(
        state_dir, "decision", "register", "--agent", "a", "--context", "c", "--options",
        '["a", "b"]', "--choice", "z", "--justification", "j", "--score", "1",
    )  # fmt: skip
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "ondas: [choice-not-in-options] choice 'z' is not one of the options"
    ]
    assert snapshot(state_dir) == before
    usage = cli(state_dir, "wave", "end", "--reason", "abort", "--mode", "roadmap")
    assert usage.returncode == 2 and snapshot(state_dir) == before
