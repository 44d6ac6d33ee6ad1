"""An escaped backslash at the end of an ANSI-C quoted string (round 20, the lead).

In ``$'...'`` bash reads ``\\\\`` as one backslash, so ``$'\\\\'`` ends at its second quote.
tree-sitter-bash reads the second backslash as escaping that quote and runs the string on to
the next ``'``: ``echo $'\\\\'; rm -rf ~ #'`` was one ``echo`` of one word, passed in every
mode, and bash ran ``rm``. The parser is now handed two word characters for each pair of
backslashes (texts are read from the original).
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "echo $'\\\\'; rm -rf ~ #'",
    "echo $'a\\\\'; rm -rf ~ #'",
    "echo $'\\\\\\\\'; git push --force origin main #'",
    "printf $'%s\\\\' x; rm -rf .git #'",
    "x=$'\\\\'; rm -rf ~ #'",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", REFUSED)
def test_a_command_after_an_ansi_c_string_ending_in_a_backslash_is_checked(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED = [
    "printf '%s\\\\n' a b",
    "echo $'a\\\\b'",
    'echo "\\\\\\\\server\\\\share"',
    "sed 's/\\\\\\\\/\\\\//g' paths.txt",
    "echo $'\\\\'; ls #'",
    "echo $'\\''; ls",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", ALLOWED)
def test_escaped_backslashes_in_harmless_lines_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
