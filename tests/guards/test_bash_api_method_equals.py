"""Round 23 (tune23a): the raw API verbs of the forges' Go CLIs (``gh api``, ``glab api``,
``hub api``, ``tea api``) read ``-X=METHOD`` as ``-X METHOD`` (Go's option parsers take a
short option's value after ``=``, as they take ``-XMETHOD`` and ``--method=METHOD``). ``gh api
-X=DELETE repos/o/r`` read the method as ``=DELETE`` and passed in every mode, where ``-X
DELETE`` is refused (glab's and hub's, read by another rule, were refused already); a read
(``-X=GET``) still passes.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("gh api -X=DELETE repos/acme/app", "service-destroy"),
        ("gh api -X=delete /repos/acme/app/releases/7", "service-destroy"),
        ("gh api -X=DELETE repos/acme/app/git/refs/heads/main", "service-destroy"),
        ("gh api -X=PATCH repos/acme/app -f default_branch=x", "remote-mutation"),
        ("gh api -X=PUT repos/acme/app/collaborators/eve", "remote-mutation"),
        ("glab api -X=DELETE projects/1", "service-destroy"),
        ("hub api -X=DELETE repos/acme/app", "service-destroy"),
    ],
)
def test_a_changing_method_after_an_equals_sign_is_refused_in_every_mode(
    command: str, rule: str
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == rule, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "gh api -X=GET repos/acme/app",
        "gh api -X=GET repos/acme/app/issues -f state=open",
        "gh api repos/acme/app/pulls",
        "glab api -X=GET projects/1",
    ],
)
def test_a_read_after_an_equals_sign_passes_attended(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
