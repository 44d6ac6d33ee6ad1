"""The hook entry points as Claude Code runs them: a process, JSON on stdin, an exit code."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from ondas.hooks.entry import run_hook
from ondas.state.execution import terminate
from ondas.state.store import Store
from tests.hooks.conftest import HookRunner, tool_call


@pytest.mark.parametrize(
    "payload",
    [
        "not json at all",
        "[1, 2]",
        {"cwd": "/tmp", "tool_input": {"command": "ls"}},
        {"cwd": "/tmp", "tool_name": "Bash", "tool_input": "ls"},
        {"cwd": "/tmp", "tool_name": "Bash", "tool_input": {"command": 42}},
        {"cwd": "/tmp", "tool_name": "Write", "tool_input": {"content": "x"}},
        {"tool_name": "Bash", "tool_input": {"command": "ls"}},
    ],
)
def test_pre_tool_use_fails_closed_on_malformed_input(hook: HookRunner, payload: object) -> None:
    result = hook("pre-tool-use", payload)
    assert result.returncode == 2
    assert "ondas guard failed closed" in result.stderr


def test_pre_tool_use_lets_unguarded_tools_through_silently(
    hook: HookRunner, project: Path
) -> None:
    result = hook("pre-tool-use", tool_call(project, "Read", {"file_path": "/etc/hostname"}))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_an_unknown_hook_name_is_refused_with_exit_2(project: Path) -> None:
    stdin = io.StringIO(json.dumps(tool_call(project, "Read", {"file_path": "x"})))
    stderr = io.StringIO()
    assert run_hook(["pre-tool-usage"], stdin, io.StringIO(), stderr) == 2
    assert "unknown hook 'pre-tool-usage'" in stderr.getvalue()


def test_session_start_announces_the_guards_and_the_active_execution(
    hook: HookRunner, project: Path, store: Store
) -> None:
    result = hook("session-start", {"cwd": str(project), "hook_event_name": "SessionStart"})
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)["hookSpecificOutput"]
    assert answer["hookEventName"] == "SessionStart"
    assert "guard-rails are active" in answer["additionalContext"]
    assert "Execution exec-001 is in_progress at stage briefing" in answer["additionalContext"]


def test_session_start_without_state_only_announces_the_guards(
    hook: HookRunner, project: Path
) -> None:
    result = hook("session-start", {"cwd": str(project)})
    context = json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "guard-rails are active" in context and "Execution" not in context
    assert not (project / ".ondas").exists()


def test_post_tool_use_outside_an_execution_records_nothing(
    hook: HookRunner, project: Path
) -> None:
    payload = tool_call(project, "Bash", {"command": "ls"}, tool_response={"stdout": "a\n"})
    result = hook("post-tool-use", payload)
    assert result.returncode == 0, result.stderr
    assert not (project / ".ondas").exists()


def test_post_tool_use_after_the_execution_ended_records_nothing(
    hook: HookRunner, project: Path, store: Store
) -> None:
    terminate(store, status="completed", reason="done")
    before = store.events()
    payload = tool_call(project, "Bash", {"command": "ls"}, tool_response={"stdout": "a\n"})
    result = hook("post-tool-use", payload)
    assert result.returncode == 0, result.stderr
    assert store.events() == before


def test_project_root_comes_from_claude_project_dir_first(
    hook: HookRunner, project: Path, store: Store, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = hook(
        "session-start", {"cwd": str(elsewhere)}, env={"CLAUDE_PROJECT_DIR": str(project)}
    )
    assert "exec-001" in json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_check_that_outlives_its_deadline_refuses_the_call_and_the_timer_is_disarmed(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Claude Code lets the call of a timed-out hook through, so a command crafted to be slow to
    read must not outlast the hook: past the deadline the check is interrupted and refused.
    The check here never ends on its own (it sleeps a minute: the real timer, not a race
    against the machine's load, ends it). An alarm that lands in a finalizer (a parse tree
    freed) is reported as unraisable and lost: the first alarm here is lost so (its handler
    returns), and the next one, a fraction of the deadline later, refuses."""
    import signal
    import time

    from ondas.hooks import entry, pre_tool_use

    expired = entry._expired
    alarms: list[int] = []

    def first_alarm_lost(signum: int, frame: object) -> None:
        alarms.append(signum)
        if len(alarms) > 1:
            expired(signum, frame)

    def never_decides(payload: object, environ: object) -> None:
        time.sleep(60)

    monkeypatch.setattr(entry, "CHECK_DEADLINE_SECONDS", 0.2)
    monkeypatch.setattr(entry, "_expired", first_alarm_lost)
    monkeypatch.setattr(pre_tool_use, "decide", never_decides)
    stdin = io.StringIO(json.dumps(tool_call(project, "Bash", {"command": "ls"})))
    stderr = io.StringIO()
    assert run_hook(["pre-tool-use"], stdin, io.StringIO(), stderr) == 2  # the sleep cut short
    assert len(alarms) >= 2, alarms
    assert "[check-timeout] unknown:" in stderr.getvalue()
    assert "longer than 0.2 s to check" in stderr.getvalue()
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is not first_alarm_lost

    monkeypatch.undo()
    quick = io.StringIO(json.dumps(tool_call(project, "Bash", {"command": "ls"})))
    assert run_hook(["pre-tool-use"], quick, io.StringIO(), io.StringIO()) == 0
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
