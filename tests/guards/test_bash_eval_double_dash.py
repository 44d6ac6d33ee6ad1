"""Round 24 (tune24a): bash's ``eval`` takes ``--`` before its words as its other builtins do
(``eval -- 'echo hi'`` prints ``hi``). The guard evaluated ``--`` as the first word of the
text, a program nobody has: ``eval -- 'echo hi'`` was refused unattended as an unknown program,
and ``eval -- 'rm -rf ~'`` was refused for the wrong reason. A second ``--`` is a word of the
text (bash runs a program ``--``).

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    "command",
    ["eval -- 'echo hi'", "eval -- 'git status' && eval -- 'ls -la'", 'eval -- "$(opam env)"'],
)
def test_evaluated_ordinary_text_after_a_double_dash_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("eval -- 'rm -rf ~'", "rm-home"),
        ("command eval -- 'rm -rf ~'", "rm-home"),
        ("eval -- 'git push --force origin main'", "git-push"),
    ],
)
def test_evaluated_harm_after_a_double_dash_is_refused_by_what_it_does(
    command: str, rule: str
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == rule, (command, mode, verdict.rule)


def test_a_second_double_dash_is_a_program_unattended() -> None:
    assert check("eval -- -- 'echo hi'", unattended=True).rule == "unknown-program"
