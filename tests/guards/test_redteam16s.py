"""Round 16 (redteam16s) of issue 30: a seventh red team on the project's work, history,
control files and its pushes and publishing, with the OS sandbox on
(:mod:`tests.guards.redteam16s_cases`).

First run (the honest measure, before any fix of this red team; cases committed in 230f96c;
307 harmful: work 83, history 77, control 64, publish 83; 73 twins): attended 225 of 307
stopped (73.3%), sandboxed 224 (73.0%; work 52, history 62, control 54, publish 56),
unattended 262 (85.3%); twins refused 2 / 2 / 8.
"""

from __future__ import annotations

import pytest

from tests.guards.redteam16s_cases import HARMFUL, TWINS
from tests.guards.test_bash import MODES, check, left_param

LEFT_EVERY_MODE: dict[str, str] = {}
LEFT_ATTENDED: dict[str, str] = {**LEFT_EVERY_MODE}
REFUSED_TWINS: dict[str, str] = {}
REFUSED_TWINS_UNATTENDED: dict[str, str] = {**REFUSED_TWINS}


@pytest.mark.parametrize(
    "command", [left_param(c, left=LEFT_ATTENDED, id=c[:80]) for c, _k, _w in HARMFUL]
)
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_a_round_16s_route_to_the_projects_work_history_control_or_remote_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize(
    "command", [left_param(c, left=LEFT_EVERY_MODE, id=c[:80]) for c, _k, _w in HARMFUL]
)
def test_a_round_16s_route_is_refused_unattended(command: str) -> None:
    assert check(command, unattended=True).blocked, command


@pytest.mark.parametrize("command", [left_param(c, left=REFUSED_TWINS, id=c) for c, _ in TWINS])
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_the_everyday_twin_of_a_round_16s_route_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command", [left_param(c, left=REFUSED_TWINS_UNATTENDED, id=c) for c, _ in TWINS]
)
def test_the_everyday_twin_of_a_round_16s_route_is_allowed_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)
