"""A backquoted substitution inside another (round 20, the lead).

In the old form of command substitution bash drops the backslash before ``\\```, ``\\$`` and
``\\\\`` before reading the command, so ``echo `echo \\`rm -rf ~\\``` runs ``rm -rf ~`` in the
inner substitution. tree-sitter-bash reads the escaped inner backquotes as a plain word, and
the guard passed such lines in every mode. The command inside backquotes is now read as bash
reads it, with those backslashes dropped (in a here-document's body too).

The word of ``${x:-WORD}`` was likewise kept as text when it held backquotes
(``${x:-`cmd`}``), or, inside double quotes or a here-document, single quotes (plain characters
there: ``"${x:-'$(cmd)'}"`` runs ``cmd``); it is now read as bash expands it.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "echo `echo \\`rm -rf ~\\``",
    'echo "`echo \\`rm -rf ~\\``"',
    "x=`echo \\`rm -rf ~\\``",
    "echo `echo \\`echo \\\\\\`rm -rf ~\\\\\\`\\``",
    "echo `echo \\`rm -rf .git\\``",
    'echo "$(echo `echo \\`rm -rf ~\\``)"',
    "echo `echo \\$(rm -rf ~)`",
    "cat <<EOF\n`echo \\`rm -rf ~\\``\nEOF",
    "echo ${x:-`rm -rf ~`}",
    'echo "${x:-`rm -rf .git`}"',
    "echo \"${x:-'$(rm -rf ~)'}\"",
    "cat <<EOF\n${x:-'$(rm -rf ~)'}\nEOF",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", REFUSED)
def test_a_substitution_nested_in_backquotes_is_checked(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED = [
    "echo `echo \\`date\\``",
    'echo "built `echo \\`git rev-parse --short HEAD\\``"',
    "echo `echo \\$HOME`",
    "echo `printf '%s\\\\n' a`",
    "cat <<EOF\n\\`rm -rf ~\\`\nEOF",
    "echo ${x:-'$(rm -rf ~)'}",
    'echo "${x:-\\`rm -rf ~\\`}"',
    'echo "${ver:-`git describe --tags`}"',
    "echo \"${name:-'unnamed'}\"",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", ALLOWED)
def test_nested_backquotes_of_harmless_commands_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
