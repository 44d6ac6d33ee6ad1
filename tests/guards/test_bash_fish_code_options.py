"""fish's code options read as its ``getopt_long`` reads them (issue 30, round 21, ``tune21a``,
shguard tuned on).

fish's ``-c`` takes a value, unlike the POSIX shells' flag: the code may be attached
(``-cCODE``, ``-icCODE``), given by the long name or any unambiguous prefix of it
(``--command=CODE``, ``--com=CODE``), given again (fish runs each ``-c`` in turn), or given
to ``-C``/``--init-command`` (run before the script or the session). Each was read as no
code, so ``rm -rf /`` inside passed in every mode. Every case is data handed to the guard;
none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

CODE_SPELLINGS = [
    "fish -c'rm -rf /'",
    "fish -ic'rm -rf /'",
    "fish --command 'rm -rf /'",
    "fish --command='rm -rf /'",
    "fish --com='rm -rf /'",
    "fish -c ls -c 'rm -rf /'",
    "fish -C 'rm -rf /'",
    "fish --init-command 'rm -rf /'",
    "fish --ini='rm -rf /'",
    "find . -exec fish --command 'rm -rf /' \\;",
    "find . -exec fish -C 'rm -rf /' \\;",
]


@pytest.mark.parametrize("command", CODE_SPELLINGS)
def test_code_given_to_fish_in_any_spelling_is_checked(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "rm-root", (command, mode, verdict.rule)


def test_fish_code_computed_at_run_time_is_refused() -> None:
    for mode in MODES:
        assert check('fish --command="$X"', **mode).rule == "dynamic-command"


def test_fish_init_code_then_a_session_is_interactive_unattended() -> None:
    assert check("fish -C ls").allowed
    assert check("fish -C ls", unattended=True).rule == "interactive-shell"


HARMLESS_FISH = [
    "fish -c ls",
    "fish -c'ls -la'",
    "fish --command=ls",
    "fish --com 'git status'",
    "fish -d 3 -c 'ls'",
    "fish --no-config -c 'git status'",
    "fish -c 'echo hi' arg1 arg2",
    "fish -n build.fish",
    "fish build.fish",
    "find . -exec fish --command=ls \\;",
    "fish --version",
    "fish -h",
    "fish --print-debug-categories",
]


@pytest.mark.parametrize("command", HARMLESS_FISH)
def test_harmless_fish_code_passes_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


def test_posix_shells_keep_their_c_flag() -> None:
    # ``bash -c'...'`` is a cluster of one-letter options bash refuses (a blank is none)
    assert check("bash -c 'rm -rf /'").rule == "rm-root"
    assert check("bash -ic 'rm -rf /'").rule == "rm-root"
