"""The wave loop in-process, with the scripted backend and scripted faults."""

from __future__ import annotations

import subprocess
from pathlib import Path

from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend, builtin_script
from ondas.app import run as commands
from tests.orchestrator.conftest import SAMPLE, one, rows

BAD_TASKS = "# Tasks\n\n## Phase 1: Core\n\n- 1.1 [C] a task without a checkbox\n"


def bad_tasks_twice() -> tuple[ScriptedBackend, list[int]]:
    calls = [0]

    def create_tasks(request: AgentRequest) -> AgentResult:
        calls[0] += 1
        if calls[0] <= 2:
            path = request.cwd / request.context["paths"]["tasks"]
            path.write_text(BAD_TASKS)
            return AgentResult(text="wrote tasks.md")
        return builtin_script(request)

    return ScriptedBackend({"create-tasks": create_tasks}), calls


def test_invalid_artifact_is_retried_once_then_blocks_and_an_answer_goes_on(
    project: Path,
) -> None:
    backend, calls = bad_tasks_twice()
    first = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert first.status == "awaiting_human"
    assert first.current_stage == "create-tasks"
    assert calls[0] == 2
    retry_prompt = backend.requests[-1].prompt
    assert "tasks.checkbox" in retry_prompt
    wave = one(project, "SELECT * FROM waves ORDER BY number DESC LIMIT 1")
    assert wave["start_stage"] == "create-tasks" and wave["reason"] == "human_block"
    assert rows(project, "SELECT * FROM events WHERE type = 'wave_retry'")
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'stage:create-tasks'")
    assert block["status"] == "awaiting"
    assert rows(project, "SELECT * FROM tasks") == []

    second = commands.resume(project, answer="use the tasks template", backend=backend)
    assert second.status == "completed"
    assert calls[0] == 3
    assert len(rows(project, "SELECT * FROM tasks")) == 3


def test_a_project_override_of_a_skill_wins_and_is_recorded(project: Path) -> None:
    override = project / ".ondas" / "skills" / "briefing.md"
    override.parent.mkdir(parents=True)
    override.write_text('{% include "_frame.md" %}\nOUR OWN BRIEFING RULES\n')
    backend = ScriptedBackend()
    result = commands.run(project, description=SAMPLE, backend=backend, tier="local", max_waves=1)
    assert result.current_stage == "constitution"
    assert "OUR OWN BRIEFING RULES" in backend.requests[0].prompt
    decision = one(project, "SELECT * FROM decisions WHERE choice = 'project override'")
    assert decision["stage"] == "briefing" and decision["agent"] == "runtime"


def test_an_agent_crash_is_recorded_and_never_advances(project: Path) -> None:
    def crash(request: AgentRequest) -> AgentResult:
        raise RuntimeError("the agent process died")

    backend = ScriptedBackend({"briefing": crash})
    result = commands.run(project, description=SAMPLE, backend=backend, tier="local")
    assert result.status == "awaiting_human" and result.current_stage == "briefing"
    errors = rows(project, "SELECT * FROM events WHERE type = 'agent_error'")
    assert len(errors) == 2
    assert one(project, "SELECT reason FROM waves")["reason"] == "human_block"


def test_wave_delay_schedules_the_next_wave(project: Path) -> None:
    result = commands.run(
        project,
        description=SAMPLE,
        backend=ScriptedBackend(),
        tier="local",
        max_waves=2,
        wave_delay=0.2,
    )
    assert result.waves_run == 2
    waves = rows(project, "SELECT * FROM waves ORDER BY number")
    assert all(w["next_scheduled_for"] and w["next_scheduled_for"] > w["ended_at"] for w in waves)


def test_a_reached_budget_ends_the_wave_between_tasks_and_the_next_wave_goes_on(
    project: Path,
) -> None:
    (project / ".ondas").mkdir()
    (project / ".ondas" / "config.toml").write_text(
        'test_command = "python3 -m unittest discover -s tests -t ."\n'
        "[budget]\ntool_calls_per_wave = 2\n"
    )
    result = commands.run(
        project, description=SAMPLE, backend=ScriptedBackend(), tier="local", auto_answer=True
    )
    assert result.status == "completed"
    execute = rows(project, "SELECT * FROM waves WHERE start_stage = 'execute-task'")
    assert [w["reason"] for w in execute] == [
        "threshold_proxy_reached",
        "threshold_proxy_reached",
        "stage_completed_advancing",
    ]
    tasks = rows(project, "SELECT task_id, wave_id FROM tasks ORDER BY task_id")
    assert [t["wave_id"] for t in tasks] == [w["id"] for w in execute]


def test_the_same_invalid_artifact_three_times_aborts_as_circular_movement(
    project: Path,
) -> None:
    def always_bad(request: AgentRequest) -> AgentResult:
        (request.cwd / "docs").mkdir(exist_ok=True)
        (request.cwd / "docs" / "briefing.md").write_text("# Briefing\n\nnothing yet\n")
        return AgentResult(text="wrote it")

    backend = ScriptedBackend({"briefing": always_bad})
    first = commands.run(project, description=SAMPLE, backend=backend, tier="local")
    assert first.status == "awaiting_human"
    second = commands.resume(project, answer="try again", backend=backend)
    assert second.status == "awaiting_human"
    third = commands.resume(project, answer="once more", backend=backend)
    assert third.status == "aborted"
    execution = one(project, "SELECT * FROM executions")
    assert execution["termination_reason"] == "circular_movement"
    assert one(project, "SELECT reason FROM waves ORDER BY number DESC LIMIT 1")["reason"] == (
        "abort"
    )


def test_a_wave_commits_its_own_files_and_leaves_the_persons_work_alone(project: Path) -> None:
    (project / "my-notes.txt").write_text("work in progress, not for ondas")
    commands.run(project, description=SAMPLE, backend=ScriptedBackend(), tier="local", max_waves=1)
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=project, capture_output=True, text=True, check=True
    ).stdout.split()
    assert "docs/briefing.md" in tracked and ".ondas/state.json" in tracked
    assert "my-notes.txt" not in tracked
    assert not any(p.endswith("state.db") for p in tracked)
    log = subprocess.run(
        ["git", "log", "--format=%an %s"], cwd=project, capture_output=True, text=True, check=True
    ).stdout
    assert log.splitlines() == [
        "ondas ondas: report of exec-001 (in_progress)",  # the report as the loop stopped
        "ondas ondas wave-001: briefing (stage_completed_advancing)",
    ]


def test_lint_ok_is_unknown_without_a_lint_command_and_the_lint_exit_code_with_one(
    project: Path, tmp_path: Path
) -> None:
    result = commands.run(
        project, description=SAMPLE, backend=ScriptedBackend(), tier="local", auto_answer=True
    )
    assert result.status == "completed"
    assert {t["lint_ok"] for t in rows(project, "SELECT lint_ok FROM tasks")} == {None}

    for name, command, expected in (("clean", "true", 1), ("dirty", "exit 3", 0)):
        linted = tmp_path / name
        (linted / ".ondas").mkdir(parents=True)
        (linted / ".ondas" / "config.toml").write_text(f'lint_command = "{command}"\n')
        result = commands.run(
            linted, description=SAMPLE, backend=ScriptedBackend(), tier="local", auto_answer=True
        )
        assert result.status == "completed"
        assert {t["lint_ok"] for t in rows(linted, "SELECT lint_ok FROM tasks")} == {expected}
