"""killall's options are read by killall's own table, not pgrep's.

``pgrep -q`` (a queue value) and ``pgrep -r`` (run states) take a value; ``killall -q``
(quiet) and ``killall -r`` (the name is a regular expression) take none. Read with pgrep's
table, the name after them was skipped as a value and ``killall -q claude`` passed in every
mode. Every case is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

CONTROL_AFTER_A_FLAG = [
    "killall -q claude",
    "killall -r claude",
    "killall -r 'clau.*'",
    "killall -qr 'ond.*'",
    "killall -g claude",
    "killall -q -9 node",
    "killall -o 1h node",
    "killall --older-than=1h claude",
    "killall -s 9 claude",
    "killall -u agent",
    "killall --user agent",
]


@pytest.mark.parametrize("command", CONTROL_AFTER_A_FLAG)
def test_killall_of_a_control_process_after_a_flag_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "signal-control", (command, mode, verdict.rule)


OTHER_NAMES_AFTER_A_FLAG = [
    "killall -q webpack",
    "killall -r 'web.*'",
    "killall -g myapp",
    "killall -o 1h myapp",
    "killall -u bob myapp",
    "killall -w -q vite",
    "pkill -g 12 myapp",
]


@pytest.mark.parametrize("command", OTHER_NAMES_AFTER_A_FLAG)
def test_killall_of_another_program_after_a_flag_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
