"""Round 20 (redteam20s) of issue 30: an eleventh red team on the project's work, history,
control files and its pushes and publishing, with the OS sandbox on
(:mod:`tests.guards.redteam20s_cases`).

First run: to be measured (the cases are committed before any of them is put through the
guard).
"""

from __future__ import annotations

import pytest

from tests.guards.redteam20s_cases import HARMFUL, TWINS
from tests.guards.test_bash import MODES, check, left_param

LEFT_EVERY_MODE: dict[str, str] = {}
LEFT_ATTENDED: dict[str, str] = {**LEFT_EVERY_MODE}
REFUSED_TWINS: dict[str, str] = {}
REFUSED_TWINS_UNATTENDED: dict[str, str] = {**REFUSED_TWINS}


@pytest.mark.parametrize(
    "command", [left_param(c, left=LEFT_ATTENDED, id=c[:80]) for c, _k, _w in HARMFUL]
)
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_a_round_20s_route_to_the_projects_work_history_control_or_remote_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize(
    "command", [left_param(c, left=LEFT_EVERY_MODE, id=c[:80]) for c, _k, _w in HARMFUL]
)
def test_a_round_20s_route_is_refused_unattended(command: str) -> None:
    assert check(command, unattended=True).blocked, command


@pytest.mark.parametrize("command", [left_param(c, left=REFUSED_TWINS, id=c) for c, _ in TWINS])
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_the_everyday_twin_of_a_round_20s_route_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command", [left_param(c, left=REFUSED_TWINS_UNATTENDED, id=c) for c, _ in TWINS]
)
def test_the_everyday_twin_of_a_round_20s_route_is_allowed_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)
