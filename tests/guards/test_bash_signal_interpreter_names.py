"""Signalling by a name ondas's own interpreter runs under is ``signal-control``.

The hooks, a detached run and the MCP server start ``sys.executable``: ``ps`` shows
``python``, ``python3`` or ``python3.12`` as their name, depending on how the interpreter was
installed. ``killall NAME``, ``pkill -x NAME`` and ``pidof NAME`` select by that name exactly,
so each spelling selects ondas's processes as ``killall python3`` always did. Every case is
data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

SELECT_THE_INTERPRETER = [
    "killall python",
    "killall -9 python",
    "killall -q python",
    "killall -s TERM python",
    "killall python3.12",
    "killall -9 python3.11",
    "killall python2",
    "pkill -x python3.11",
    "pkill -x -9 python",
    "pkill -f python3.12",
    "pidof python | xargs kill",
    "kill $(pidof python3.12)",
    "kill -9 $(pgrep -x python3.13)",
]


@pytest.mark.parametrize("command", SELECT_THE_INTERPRETER)
def test_signalling_a_name_of_ondas_interpreter_is_refused_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "signal-control", (command, mode, verdict.rule)
        assert verdict.category == "control", (command, mode)


OTHER_PROGRAMS = [
    "killall pytest",
    "killall ipython",
    "killall python-language-server",
    "killall -9 java",
    "killall gunicorn",
    "killall -q webpack",
    "pkill -x pythonw",
    "pkill -x ipython",
    "pkill -f 'python app.py'",
    'pkill -f "python -m http.server"',
    "pkill -f 'python manage.py runserver'",
    "kill $(pgrep -x gunicorn)",
]


@pytest.mark.parametrize("command", OTHER_PROGRAMS)
def test_signalling_another_program_by_its_name_or_command_line_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
