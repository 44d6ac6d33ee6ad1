"""Round 24 (tune24a): ``command`` and ``builtin`` run bash's declaration builtins
(``export``, ``declare``, ``typeset``, ``readonly``, ``local``) as they run alone: ``command
export GIT_CONFIG_GLOBAL=/tmp/g; git p`` exports the name for every later command. The guard
read the words after ``command`` as a program's arguments, so the names were never judged:
``command export LD_PRELOAD=/tmp/x.so; ls`` passed in every mode where ``export
LD_PRELOAD=/tmp/x.so; ls`` is refused. The builtin's words are now read as the line written
alone.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    "command",
    [
        "command export LD_PRELOAD=/tmp/x.so; ls",
        "builtin export LD_PRELOAD=/tmp/x.so; ls",
        "command -p export GIT_CONFIG_GLOBAL=/tmp/g; git status",
        "command -- export GIT_CONFIG_GLOBAL=/tmp/g && git log",
        "command declare -x GIT_DIR=/tmp/other.git; git status",
        "builtin typeset -x GIT_CONFIG_SYSTEM=/tmp/g; git fetch",
    ],
)
def test_a_declaration_through_command_or_builtin_is_judged_as_written_alone(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "env-injection", (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "command export FOO=1; ls",
        "builtin export PATH=$PWD/bin:$PATH; make",
        "command export NODE_ENV=production && npm run build",
        "builtin declare -r answer=42",
        "command -v export",
    ],
)
def test_ordinary_declarations_through_command_or_builtin_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


def test_the_environment_printed_through_command_is_refused_unattended() -> None:
    for command in ("command export -p", "builtin declare -p"):
        assert check(command).allowed
        assert check(command, unattended=True).rule == "environment-dump"
