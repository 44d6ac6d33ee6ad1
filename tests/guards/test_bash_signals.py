"""Signalling ondas's control processes is refused as ``control`` (issue 30, fourth round).

Without the OS sandbox nothing but the guard keeps an agent from signalling claude, ondas's
run server or the hook forwarders. Every case is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

SIGNALS_TO_CONTROL = [
    "pkill -f ondas",
    "pkill claude",
    "killall -9 claude",
    "pkill -f 'hooks/__main__.py'",
    "pkill -f 'python3 -m ond'",
    "kill $(pgrep -f ondas)",
    "kill -9 `pidof claude`",
    "kill -TERM $(pgrep -f 'ondas serve' | head -1)",
    "pgrep -f ondas | xargs kill -9",
    "pidof claude | xargs kill",
    "kill $PPID",
    "kill -9 ${PPID}",
    "kill $(cat .ondas/run.pid)",
    "kill 0",
    "kill -9 0",
    "kill -- -4242",
    "kill -s KILL -- -4242",
    "kill -TERM -- -$$",
    "kill -9 -1",
    "killall5 -9",
    "pkill -u agent",
    "killall -u agent",
    "pkill -9 -f python",
    'pkill "$NAME"',
]


@pytest.mark.parametrize("command", SIGNALS_TO_CONTROL)
def test_signalling_ondas_or_claude_processes_is_refused_as_control_in_both_modes(
    command: str,
) -> None:
    for unattended in (False, True):
        verdict = check(command, unattended=unattended)
        assert verdict.blocked, (command, unattended)
        assert verdict.category == "control", (command, verdict.rule)


EVERYDAY_SIGNALS = [
    "kill %1",
    "sleep 30 & kill $!",
    "python3 -m http.server -b 127.0.0.1 8000 & PID=$!; curl -s localhost:8000; kill $!",
    "pkill -f 'node server.js'",
    "pkill -f 'vite --port 5173'",
    "pkill -f pytest",
    "killall -q webpack",
    "pkill -9 -f 'uvicorn app:app'",
    "kill 12345",
    "kill -9 12345 12346",
    "kill -l",
    "kill $(cat server.pid)",
    "kill $(pgrep -f 'node server.js')",
    "pgrep -f gunicorn | xargs kill -HUP",
    "pgrep -fl node",
]


@pytest.mark.parametrize("command", EVERYDAY_SIGNALS)
def test_signalling_the_commands_own_jobs_and_named_project_processes_is_allowed(
    command: str,
) -> None:
    for unattended in (False, True):
        verdict = check(command, unattended=unattended)
        assert verdict.allowed, (command, unattended, verdict.rule, verdict.reason)


def test_writing_claude_codes_own_config_is_refused_as_control() -> None:
    for command in ("echo x > ~/.claude/settings.json", "cp hooks.json /home/agent/.claude/"):
        verdict = check(command)
        assert verdict.rule == "write-claude-config" and verdict.category == "control", command


def test_the_refusal_names_the_control_class_and_the_pattern() -> None:
    verdict = check("pkill -f ondas", unattended=True)
    assert verdict.rule == "signal-control"
    assert "ondas -f" not in (verdict.reason or "") and "-f ondas" in (verdict.reason or "")
