"""``env -S`` read as GNU env splits it (issue 30, round 21, ``tune21a``, shguard tuned on).

Three spellings passed: a long option's unambiguous prefix of any length (``env --s TEXT``:
env's ``getopt_long`` knows one option starting ``--s``), env's own escapes (``\\_`` outside
quotes separates words, so ``rm\\_-rf\\_/`` is ``rm -rf /``; ``\\c`` ends the text), and the
arguments after the text, which env appends as words of their own (``env -S 'sh -c' 'CODE'``
is ``sh -c 'CODE'``; they were joined unquoted). A prefix env finds ambiguous (``--d``:
``--debug`` or ``--default-signal``) stays an option. Every case is data handed to the guard;
none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

SPLIT_COMMANDS = [
    "env --s 'rm -rf /'",
    "env --sp 'rm -rf /'",
    'env -S "rm\\_-rf\\_/"',
    "env -S 'rm\\_-rf\\_/'",
    "env -S 'sh -c' 'rm -rf /'",
    "env -iS 'bash -c' 'rm -rf /'",
    "env -a name rm -rf /",
]


@pytest.mark.parametrize("command", SPLIT_COMMANDS)
def test_the_command_env_splits_out_is_checked(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "rm-root", (command, mode, verdict.rule)


HARMLESS_SPLITS = [
    'env --s "echo hello"',
    "env -S 'echo a' b",
    'env -S "ls\\_-la"',
    "env -S 'echo rm\\_-rf\\_/'",
    'env -S "echo a\\cb; rm -rf /"',
    "env -S 'python3 -u' script.py",
    "env --d ls",
    "env --u FOO ls",
    "env -C src ls",
]


@pytest.mark.parametrize("command", HARMLESS_SPLITS)
def test_a_harmless_split_passes_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


def test_a_following_argument_computed_at_run_time_is_refused() -> None:
    for mode in MODES:
        assert check("env -S 'sh -c' \"$X\"", **mode).rule == "dynamic-command"
