"""Round 24 (redteam24) of issue 30: a fifteenth red team on unattended runs (``--unattended``:
the guard is the only line), aimed at what round 23 added or left thin: programs run by name
through yarn, pnpm, bun and npx, editors' ex and batch modes, command lists, loops reading
listings, stdin redirections after pipelines, container option clusters, Windows launchers,
and every harm class of the issue (:mod:`tests.guards.redteam24_cases`).

First run: not yet measured.
"""

from __future__ import annotations

import pytest

from tests.guards.redteam24_cases import HARMFUL, TWINS
from tests.guards.test_bash import check, left_param

LEFT_UNATTENDED: dict[str, str] = {}
REFUSED_TWINS: dict[str, str] = {}
REFUSED_TWINS_UNATTENDED: dict[str, str] = {}
MODES = {"attended": {}, "sandboxed": {"sandboxed": True}, "unattended": {"unattended": True}}


@pytest.mark.parametrize(
    "command", [left_param(c, left=LEFT_UNATTENDED, id=c[:80]) for c, _k, _w in HARMFUL]
)
def test_a_round_24_harm_is_refused_unattended(command: str) -> None:
    assert check(command, unattended=True).blocked, command


def _twin_params() -> list[object]:
    params = []
    for command, _kind, _why in TWINS:
        for mode, flags in MODES.items():
            left = dict(REFUSED_TWINS)
            if mode == "unattended":
                left.update(REFUSED_TWINS_UNATTENDED)
            params.append(left_param(command, flags, left=left, id=f"{mode}-{command[:70]}"))
    return params


@pytest.mark.parametrize(("command", "flags"), _twin_params())
def test_the_everyday_twin_of_a_round_24_harm_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
