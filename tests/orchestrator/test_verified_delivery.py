"""What ``completed`` means, through the wave loop in-process with the scripted backend."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ondas.agents import sample
from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend, builtin_script
from ondas.app import run as commands
from ondas.errors import RuleViolation, UsageError
from tests.orchestrator.conftest import SAMPLE, one, rows

CHANGES = """# Review: notes CLI

## Summary
Every task was read against its code and its tests.

## Findings
- High: notes/store.py accepts a note made only of tabs; refuse it like spaces.
- Low: tests/test_cli.py does not cover listing an empty store.

## Verdict
CHANGES REQUESTED
"""


def code_only(request: AgentRequest) -> AgentResult:
    """execute-task writing the task's code but never a test."""
    task = request.context["task"]["id"]
    for rel, content in sample.TASK_FILES[task].items():
        if not rel.startswith("tests/"):
            target = request.cwd / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(content)
    return AgentResult(text=f"implemented {task} (no tests)")


def test_code_without_tests_is_unverified_and_never_completed(project: Path) -> None:
    backend = ScriptedBackend({"execute-task": code_only})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status != "completed"
    tasks = rows(project, "SELECT * FROM tasks ORDER BY task_id")
    assert [t["outcome"] for t in tasks] == ["unverified"] * 3
    assert all(t["tests_run"] == 0 and t["test_command"] is None for t in tasks)
    execute = [r for r in backend.requests if r.stage == "execute-task"]
    assert "no test command the runtime can detect" in execute[0].prompt
    assert "no test command was detected" in execute[1].prompt  # the retry's finding
    report = (project / ".ondas" / "report.md").read_text()
    head = report.split("## Stages")[0]
    assert "Not verified" in head and "3 task(s) UNVERIFIED" in head


def test_a_task_passes_only_with_the_test_command_counts_and_exit_code(project: Path) -> None:
    result = commands.run(
        project, description=SAMPLE, backend=ScriptedBackend(), tier="local", auto_answer=True
    )
    assert result.status == "completed"
    for task in rows(project, "SELECT * FROM tasks"):
        assert task["outcome"] == "pass" and task["tests_run"] > 0
        assert task["test_exit_code"] == 0 and "unittest" in task["test_command"]
    report = (project / ".ondas" / "report.md").read_text()
    assert "**Verified:**" in report.split("## Stages")[0]
    verdicts = rows(project, "SELECT payload FROM events WHERE type = 'review_verdict'")
    stages = [json.loads(v["payload"])["data"]["stage"] for v in verdicts]
    assert stages == ["review-task", "review-features"]
    green = rows(project, "SELECT payload FROM events WHERE type = 'suite_run'")
    assert green and all(json.loads(g["payload"])["data"]["green"] for g in green)


def review_then(verdicts: list[str]) -> tuple[ScriptedBackend, list[int]]:
    """review-task answers CHANGES REQUESTED for each 'changes' in ``verdicts``, then approves."""
    calls = [0]

    def review(request: AgentRequest) -> AgentResult:
        calls[0] += 1
        if calls[0] <= len(verdicts) and verdicts[calls[0] - 1] == "changes":
            path = request.cwd / request.context["paths"]["review"]
            path.write_text(CHANGES)
            return AgentResult(text="changes requested")
        return builtin_script(request)

    def fix(request: AgentRequest) -> AgentResult:
        if request.context["task"]["id"] in sample.TASK_FILES:
            return builtin_script(request)
        task = request.context["task"]["id"].replace(".", "_")
        extra = request.cwd / "tests" / f"test_fix_{task}.py"  # each fix changes a file
        extra.write_text(
            "import unittest\n\nclass T(unittest.TestCase):\n    def test_ok(self):\n        pass\n"
        )
        return AgentResult(text="fixed")

    return ScriptedBackend({"review-task": review, "execute-task": fix}), calls


def test_changes_requested_goes_back_to_execute_task_with_the_findings_as_tasks(
    project: Path,
) -> None:
    backend, calls = review_then(["changes"])
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "completed"
    assert calls[0] == 2
    starts = [w["start_stage"] for w in rows(project, "SELECT * FROM waves ORDER BY number")]
    assert starts[-6:] == [
        "converge",
        "review-task",
        "execute-task",
        "converge",
        "review-task",
        "review-features",
    ]
    tasks_md = (project / f"docs/specs/{project.name}/tasks.md").read_text()
    assert "## Phase 2: Review fixes (review-task, round 1)" in tasks_md
    assert "- [x] 2.1 [A] High: notes/store.py accepts a note made only of tabs" in tasks_md
    assert "- [x] 2.2 [M] Low:" in tasks_md
    new_tasks = rows(project, "SELECT * FROM tasks WHERE task_id LIKE '2.%'")
    assert [t["outcome"] for t in new_tasks] == ["pass", "pass"]
    assert one(project, "SELECT used FROM limit_retro")["used"] == 1
    events = [
        json.loads(r["payload"])["data"]
        for r in rows(project, "SELECT payload FROM events WHERE type = 'review_verdict'")
    ]
    assert [(e["stage"], e["verdict"]) for e in events] == [
        ("review-task", "CHANGES_REQUESTED"),
        ("review-task", "APPROVED"),
        ("review-features", "APPROVED"),
    ]
    assert events[0]["findings"][0]["severity"] == "high"
    assert events[0]["wave_id"].startswith("wave-")
    report = (project / ".ondas" / "report.md").read_text()
    assert "**CHANGES REQUESTED**" in report
    assert "[high] High: notes/store.py accepts a note made only of tabs" in report


def test_past_the_retro_limit_a_review_that_still_requests_changes_blocks(
    project: Path,
) -> None:
    backend, _ = review_then(["changes", "changes", "changes"])
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "awaiting_human" and result.current_stage == "review-task"
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'review:review-task'")
    assert "still requests changes after 2 rounds" in block["question"]
    assert "notes/store.py" in block["context_for_answer"]
    assert one(project, "SELECT used FROM limit_retro")["used"] == 2


def test_converge_does_not_advance_over_a_red_suite(project: Path) -> None:
    def break_tests(request: AgentRequest) -> AgentResult:
        result = builtin_script(request)
        (request.cwd / "tests" / "test_broken.py").write_text(
            "import unittest\n\nclass T(unittest.TestCase):\n"
            "    def test_fails(self):\n        self.fail('broken')\n"
        )
        return result

    backend = ScriptedBackend({"converge": break_tests})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "awaiting_human" and result.current_stage == "converge"
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'stage:converge'")
    assert "the test suite fails" in block["context_for_answer"]
    suite = [
        json.loads(r["payload"])["data"]
        for r in rows(project, "SELECT payload FROM events WHERE type = 'suite_run'")
    ]
    assert [s["green"] for s in suite] == [False, False]


def clarify_with(decision: dict[str, Any]) -> ScriptedBackend:
    """clarify always reports ``decision`` (also after a person answered it)."""

    def clarify(request: AgentRequest) -> AgentResult:
        result = builtin_script(request)
        result.structured = {"summary": "clarified", "decisions": [dict(decision)]}
        return result

    return ScriptedBackend({"clarify": clarify})


def test_a_structural_choice_on_an_unknown_axis_becomes_a_block(project: Path) -> None:
    decision = {**sample.PERSISTENCE_DECISION, "axis": "interface"}
    result = commands.run(
        project,
        description=SAMPLE,
        backend=clarify_with(decision),
        tier="local",
        auto_answer=True,
    )
    assert result.status == "awaiting_human" and result.current_stage == "clarify"
    block = one(project, "SELECT * FROM blocks WHERE status = 'awaiting'")
    assert block["subject_key"] == "axis:interface"
    assert "does not know (interface" in block["question"]
    assert rows(project, "SELECT * FROM events WHERE type = 'unknown_axis'")
    assert not rows(project, "SELECT * FROM events WHERE type = 'decision_refused'")


def test_an_answered_axis_is_not_asked_again_and_reaches_the_agent(project: Path) -> None:
    backend = clarify_with(sample.PERSISTENCE_DECISION)
    first = commands.run(project, description=SAMPLE, backend=backend, tier="local")
    assert first.status == "awaiting_human" and first.current_stage == "clarify"
    second = commands.resume(project, answer="an SQLite database", backend=backend)
    assert second.status == "completed"
    axis_blocks = rows(project, "SELECT * FROM blocks WHERE subject_key = 'axis:persistence'")
    assert len(axis_blocks) == 1
    assert rows(project, "SELECT * FROM events WHERE type = 'structural_already_decided'")
    clarify = [r for r in backend.requests if r.stage == "clarify"]
    assert len(clarify) == 2
    assert "[structural axis persistence, block-001]" in clarify[1].prompt
    assert "an SQLite database" in clarify[1].prompt
    decision = one(project, "SELECT * FROM decisions WHERE consent = 'block-001'")
    assert decision["axis"] == "persistence" and decision["choice"] == "an SQLite database"


def test_a_transport_failure_backs_off_then_blocks_naming_the_error(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(commands.BACKOFF_ENV, "0")

    def dead(request: AgentRequest) -> AgentResult:
        return AgentResult(
            text="API Error: Unable to connect to API (ConnectionRefused)",
            is_error=True,
            transport_error="API Error: Unable to connect to API (ConnectionRefused)",
        )

    backend = ScriptedBackend({"briefing": dead})
    result = commands.run(project, description=SAMPLE, backend=backend, tier="local")
    assert result.status == "awaiting_human" and result.current_stage == "briefing"
    waves = rows(project, "SELECT * FROM waves ORDER BY number")
    assert [w["reason"] for w in waves] == [
        "threshold_proxy_reached",
        "threshold_proxy_reached",
        "human_block",
    ]
    assert all(w["next_scheduled_for"] for w in waves[:2])
    assert len(backend.requests) == 3  # one call per wave: never an artifact retry
    assert not rows(project, "SELECT * FROM events WHERE type = 'wave_retry'")
    block = one(project, "SELECT * FROM blocks")
    assert block["subject_key"] == "transport"
    assert "ConnectionRefused" in block["question"]
    assert "does not exist" not in block["question"]


def test_run_refuses_a_completed_project_unless_new(project: Path) -> None:
    done = commands.run(
        project, description=SAMPLE, backend=ScriptedBackend(), tier="local", auto_answer=True
    )
    assert done.status == "completed"
    report = (project / ".ondas" / "report.md").read_bytes()
    with pytest.raises(RuleViolation, match="pass --new"):
        commands.run(project, description=SAMPLE, backend=ScriptedBackend(), tier="local")
    assert (project / ".ondas" / "report.md").read_bytes() == report
    again = commands.run(
        project,
        description=SAMPLE,
        backend=ScriptedBackend(),
        tier="local",
        max_waves=1,
        new=True,
    )
    assert again.status == "in_progress"
    assert len(rows(project, "SELECT * FROM executions")) == 2


class Unavailable(ScriptedBackend):
    def check_available(self) -> None:
        raise UsageError("the backend is not installed")


def test_an_unavailable_backend_is_refused_before_anything_is_created(project: Path) -> None:
    with pytest.raises(UsageError, match="not installed"):
        commands.run(project, description=SAMPLE, backend=Unavailable(), tier="local")
    assert list(project.iterdir()) == []


def test_secrets_of_the_project_env_never_reach_report_state_json_or_commits(
    project: Path,
) -> None:
    token = "ghp_" + "Zx9" * 12
    (project / ".env").write_text("SERVICE_PASSWORD=hunter2-very-private\n")
    description = f"{SAMPLE} Deploy with {token} and hunter2-very-private."
    commands.run(project, description=description, backend=ScriptedBackend(), max_waves=1)
    log = subprocess.run(
        ["git", "log", "--format=%B"], cwd=project, capture_output=True, text=True, check=True
    ).stdout
    for path in (project / ".ondas" / "report.md", project / ".ondas" / "state.json"):
        text = path.read_text()
        assert token not in text and "hunter2-very-private" not in text, path
        assert "[REDACTED:" in text
    assert token not in log


def test_a_task_without_tests_stops_the_run_at_the_completion_gate(project: Path) -> None:
    def first_without_tests(request: AgentRequest) -> AgentResult:
        if request.context["task"]["id"] != "1.1":
            return builtin_script(request)
        for rel, content in sample.TASK_FILES["1.1"].items():
            if not Path(rel).name.startswith("test_"):
                (request.cwd / rel).parent.mkdir(parents=True, exist_ok=True)
                (request.cwd / rel).write_text(content)
        return AgentResult(text="1.1 without its tests")

    backend = ScriptedBackend({"execute-task": first_without_tests})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "awaiting_human" and result.current_stage == "review-features"
    outcomes = {t["task_id"]: t["outcome"] for t in rows(project, "SELECT * FROM tasks")}
    assert outcomes == {"1.1": "unverified", "1.2": "pass", "1.3": "pass"}
    block = one(project, "SELECT * FROM blocks WHERE status = 'awaiting'")
    assert block["subject_key"] == "completion"
    assert "1.1 unverified" in block["context_for_answer"]
    again = commands.resume(project, answer="re-check", backend=backend)
    assert again.status == "awaiting_human"
    assert one(project, "SELECT status FROM executions")["status"] != "completed"


def test_without_the_claude_extra_run_exits_2_and_creates_nothing(project: Path) -> None:
    code = (
        "import sys; sys.modules['claude_agent_sdk'] = None\n"
        "from ondas.cli.entry import main\n"
        "raise SystemExit(main())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, "run", str(project), "--description", SAMPLE],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 2, out.stderr
    assert "pip install 'ondas[claude]'" in out.stderr
    assert list(project.iterdir()) == []


def test_changes_requested_by_the_last_stage_also_goes_back_instead_of_completing(
    project: Path,
) -> None:
    calls = [0]

    def features(request: AgentRequest) -> AgentResult:
        calls[0] += 1
        if calls[0] > 1:
            return builtin_script(request)
        path = request.cwd / request.context["paths"]["features_review"]
        path.write_text(
            CHANGES.replace("# Review: notes CLI", "# Features Review: notes CLI").replace(
                "## Summary", "## Features Reviewed"
            )
        )
        return AgentResult(text="changes requested")

    fix_backend, _ = review_then([])
    backend = ScriptedBackend(
        {"review-features": features, "execute-task": fix_backend.script["execute-task"]}
    )
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "completed" and calls[0] == 2
    starts = [w["start_stage"] for w in rows(project, "SELECT * FROM waves ORDER BY number")]
    assert starts[-5:] == [
        "review-features",
        "execute-task",
        "converge",
        "review-task",
        "review-features",
    ]
    tasks_md = (project / f"docs/specs/{project.name}/tasks.md").read_text()
    assert "## Phase 2: Review fixes (review-features, round 1)" in tasks_md


def test_status_shows_the_evidence_and_run_again_needs_new(project: Path) -> None:
    from tests.conftest import run_ondas

    args = ["run", str(project), "--description", SAMPLE, "--backend", "scripted"]
    done = run_ondas(*args, "--tier", "local", "--auto-answer")
    assert done.returncode == 0, done.stderr
    status = " ".join(run_ondas("status", str(project)).stdout.split())  # rich wraps lines
    assert "tasks: 3 pass, 0 fail, 0 unverified" in status
    assert "review-task APPROVED, review-features APPROVED" in status
    info = json.loads(run_ondas("status", str(project), "--json").stdout)
    assert info["verification"]["tasks"]["pass"] == 3
    again = run_ondas(*args)
    assert again.returncode == 1 and "--new" in again.stderr
    assert len(rows(project, "SELECT * FROM executions")) == 1


def test_a_structural_choice_without_axis_is_asked_once(project: Path) -> None:
    decision = {k: v for k, v in sample.PERSISTENCE_DECISION.items() if k != "axis"}
    backend = clarify_with(decision)
    first = commands.run(project, description=SAMPLE, backend=backend, tier="local")
    assert first.status == "awaiting_human"
    assert "none given" in one(project, "SELECT question FROM blocks")["question"]
    second = commands.resume(
        project, answer="a JSON file in the working directory", backend=backend
    )
    assert second.status == "completed"
    assert len(rows(project, "SELECT * FROM blocks")) == 1
