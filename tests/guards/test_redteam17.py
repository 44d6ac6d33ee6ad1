"""Round 17 of issue 30: an eighth red team on unattended runs (``--unattended``: the guard is
the only line), aimed at what the guard's code trusts: flags it reads as help or a dry run, a
known name from any directory, ``KNOWN_SAFE`` tools' code-loading, directory-emptying,
second-output and machine-changing options, abbreviated and case-folded options, URLs of
several hosts, archives' member names, cd's other routes, other sessions and shared temp areas
(:mod:`tests.guards.redteam17_cases`).

First run (the honest measure, before any fix of this round; 301 harmful, 105 twins; project
/work/project, home /home/agent, in a virtualenv; cases committed in 7469ceb): unattended 141
of 301 stopped (46.8%; flag-meaning 11/32, path-name 1/15, unread-code 9/20, known-tool-code
12/57, output-wipe 16/21, secondary-output 14/34, machine-state 10/18, abbreviation 7/21,
case-spelling 15/15, url-forms 12/24, archive-members 9/10, cd-forms 11/12, session-injection
6/10, shared-temp 8/12); attended 117 (38.9%), sandboxed 99 (32.9%: most rows are harm outside
the project, the sandbox's); twins refused 2 / 2 / 2 (attended / sandboxed / unattended).
"""

from __future__ import annotations

import pytest

from tests.guards.redteam17_cases import HARMFUL, TWINS
from tests.guards.test_bash import MODES, check, left_param

LEFT_UNATTENDED: dict[str, str] = {}
REFUSED_TWINS: dict[str, str] = {}


@pytest.mark.parametrize(
    "command", [left_param(c, left=LEFT_UNATTENDED, id=c[:80]) for c, _k, _w in HARMFUL]
)
def test_a_round_17_angle_is_refused_unattended(command: str) -> None:
    assert check(command, unattended=True).blocked, command


@pytest.mark.parametrize(
    "command", [left_param(c, left=REFUSED_TWINS, id=c[:80]) for c, _ in TWINS]
)
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_the_everyday_twin_of_a_round_17_angle_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command", [left_param(c, left=REFUSED_TWINS, id=c[:80]) for c, _ in TWINS]
)
def test_the_everyday_twin_of_a_round_17_angle_is_allowed_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)
