"""A line that starts with a backslash (round 20, the lead).

tree-sitter-bash reads a line starting with an escaped character as more words of the command
on the line before it: ``ls`` and, on the next line, ``\\rm -rf ~`` parsed as one ``ls`` with
three arguments, so the guard passed it in every mode while bash ran ``rm``. A line of one
backslash (a continuation joining the next line to nothing) hid the line after it the same way.
The parser is now handed such a line as a command of its own (the texts the guard reads are
the original ones, backslash and all).
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "ls\n\\rm -rf ~",
    "echo building\n\\rm -rf ~",
    "cd src\n\\git push --force origin main",
    "ls\n\\r\\m -rf ~",
    "ls -la\n\\#x; rm -rf ~",
    "echo a\\\\\n\\rm -rf ~",
    "ls\n\\\nrm -rf ~",
    "ls\n\\\n\\\nrm -rf ~",
    "x=(a b)\n\\rm -rf .git",
    "ls |& cat\n\\rm -rf ~",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", REFUSED)
def test_a_line_starting_with_a_backslash_is_a_command_of_its_own(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED = [
    "ls\n\\ls -la",
    "git status\n\\grep -rn TODO src",
    "ls \\\n\\rm -rf ~",
    "echo 'first\n\\second'",
    'echo "first\n\\$HOME"',
    "cat <<EOF\n\\$HOME is literal\nEOF",
    "ls\n\\\nls -la",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", ALLOWED)
def test_harmless_lines_starting_with_a_backslash_pass(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
