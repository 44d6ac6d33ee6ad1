"""``mv FILE DEVICE`` onto a sink device replaces the device node, for every sink.

``mv x /dev/null`` was refused (``device-write``): with the right to write ``/dev`` the move
replaces the node by the file (every program reading the device then reads the file), and it is
the peers' "file thrown away" in any case. ``/dev/zero`` and ``/dev/full`` are sinks the same
way (writing into them changes nothing, so ``cp``, ``dd of=`` and a redirect into them pass),
and a move onto them is the same replacement.
Every case is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MOVED_ONTO_A_SINK = [
    "mv important.txt /dev/null",
    "mv important.txt /dev/zero",
    "mv important.txt /dev/full",
    "mv -f src/main.py /dev/zero",
    "mv important.txt /dev/./zero",
    "mv -- notes.md /dev/full",
]


@pytest.mark.parametrize("command", MOVED_ONTO_A_SINK)
def test_a_move_onto_a_sink_device_is_refused_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "device-write", (command, mode, verdict.rule)


WRITTEN_INTO_A_SINK = [
    "cp important.txt /dev/zero",
    "cat important.txt > /dev/zero",
    "dd if=important.txt of=/dev/zero",
    "dd if=/dev/zero of=/dev/full bs=1k count=1",
    "mv important.txt backup.txt",
    "mv src/old.js src/new.js",
]


@pytest.mark.parametrize("command", WRITTEN_INTO_A_SINK)
def test_writing_into_a_sink_or_moving_within_the_project_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
