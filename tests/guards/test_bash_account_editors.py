"""Round 22 (tune22b): ``visudo`` edits who may act as root, as ``vipw`` and ``vigr`` edit the
accounts: ``system-change`` in every mode; ``visudo -c`` only checks the file.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    "command", ["visudo", "visudo -f /etc/sudoers.d/agent", "EDITOR=tee visudo", "vipw"]
)
def test_editing_the_machines_privileges_is_refused_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "system-change", (command, mode, verdict.rule)


@pytest.mark.parametrize("command", ["visudo -c", "visudo --check -f /etc/sudoers"])
def test_checking_the_sudoers_file_passes(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).allowed, (command, mode)
