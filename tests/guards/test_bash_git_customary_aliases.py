"""git's customary aliases judged as the commands they stand for (round 20, drinking-bird
tuned on).

``git co``, ``git br``, ``git ci``, ``git st`` (the Git Book's aliases) and ``git sw`` (the
same abbreviation of ``switch``) are no commands of git's: the user's configuration defines
them, and defines them so. They were judged as unknown plugins: passed attended and sandboxed
whatever they did (``git co .`` checked every path out over its changes, ``git br -D x``
deleted a branch with its commits), refused unattended whatever they did (``git co main``).
Now each is judged as the command it stands for, in every mode; an alias the line gives itself
is still expanded first, and another unknown word is judged as before. Every case is data
handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

DESTROYING = [
    ("git co .", "git-checkout-discard"),
    ("git co -- src/app.py", "git-checkout-discard"),
    ("git -C services/api co -- .", "git-checkout-discard"),
    ("git co -f main", "git-checkout-discard"),
    ("git sw --discard-changes main", "git-checkout-discard"),
    ("git sw -f release", "git-checkout-discard"),
    ("git br -D topic", "git-branch-force-delete"),
    ("git ci --no-verify -m wip", "git-skip-hooks"),
    ("git ci -n -am wip", "git-skip-hooks"),
]


@pytest.mark.parametrize(("command", "rule"), DESTROYING)
def test_a_customary_alias_is_refused_as_the_command_it_stands_for(command: str, rule: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == rule, (command, mode)


EVERYDAY = [
    "git co main",
    "git co -b feature/login",
    "git co -",
    "git sw main",
    "git sw -c topic",
    "git br",
    "git br -d merged-topic",
    "git st",
    "git st --short",
    "git ci -m 'fix the parser'",
    "git -C services/api st",
]


@pytest.mark.parametrize("command", EVERYDAY)
def test_a_customary_alias_passes_where_its_command_passes_unattended_too(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


def test_an_alias_the_line_gives_is_expanded_before_the_customary_reading() -> None:
    for mode in MODES:
        assert check("git -c alias.co=status co .", **mode).allowed, mode
        assert check("git -c alias.st='reset --hard' st", **mode).rule == "git-reset-hard", mode


def test_another_unknown_git_word_is_judged_as_before() -> None:
    assert check("git frobnicate .").allowed
    assert check("git frobnicate .", sandboxed=True).allowed
    assert check("git frobnicate .", unattended=True).rule == "unknown-program"
