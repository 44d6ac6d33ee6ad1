"""Patterns the hook runs only where their literal text can appear (round 21, perf21): each
first look is a necessary condition of its pattern, so no verdict moves, and a line that
writes or names a plain file imports no ``re`` in the hook process."""

from __future__ import annotations

import re
import re._constants as sre_constants
import re._parser as sre_parser

import pytest

from ondas.guards import bash_base
from ondas.guards.bash_base import STARTUP_FILE, startup_file


def _runs(items: sre_parser.SubPattern) -> list[str]:
    """The runs of literal characters of one alternative, at its own level."""
    runs, run = [], ""
    for op, arg in items:
        if op is sre_constants.LITERAL:
            run += chr(arg)
            continue
        runs.append(run)
        run = ""
    return [*runs, run]


def _covered(items: sre_parser.SubPattern) -> bool:
    """Whether an alternative holds a hint in a literal run, is ``rc$``, or holds a group each
    of whose alternatives is covered."""
    ops = list(items)
    if ops == [
        (sre_constants.LITERAL, ord("r")),
        (sre_constants.LITERAL, ord("c")),
        (sre_constants.AT, sre_constants.AT_END),
    ]:
        return True
    if any(hint in run for run in _runs(items) for hint in bash_base._STARTUP_HINTS):
        return True
    for op, arg in ops:
        if op is sre_constants.SUBPATTERN:  # a capturing group: its one item
            inner = list(arg[-1])
            op, arg = inner[0] if len(inner) == 1 else (op, arg)
        if op is sre_constants.BRANCH and all(_covered(b) for b in arg[1]):
            return True  # ``(?:husky|githooks)``: each alternative holds a hint
    return False


def test_every_startup_name_holds_a_hint() -> None:
    assert STARTUP_FILE.flags == 0 and not STARTUP_FILE.ignores_case  # the hints are cased
    parsed = sre_parser.parse(STARTUP_FILE.source)
    ((op, (_, alternatives)),) = list(parsed)
    assert op is sre_constants.BRANCH
    missed = [str(list(a)) for a in alternatives if not _covered(a)]
    assert not missed


@pytest.mark.parametrize(
    "path",
    [
        "/p/conftest.py",
        "/p/sitecustomize.py",
        "/h/.pythonrc",
        "/v/lib/x.pth",
        "/h/.bashrc",
        "/h/.npmrc\n",
        "/p/.eslintrc.yml",
        "/h/.profile",
        "/h/.zshenv",
        "/h/.config/fish/config.fish",
        "/h/.gitconfig",
        "/p/.git/config",
        "/h/.config/pip/pip.conf",
        "/p/pytest.ini",
        "/p/setup.cfg",
        "/h/.bash_aliases",
        "/p/.husky/pre-commit",
        "/p/.githooks/pre-push",
        "/p/.gitmodules",
    ],
)
def test_startup_files_are_found(path: str) -> None:
    assert startup_file(path)
    assert STARTUP_FILE.search(path)


@pytest.mark.parametrize(
    "path",
    ["/p/out.txt", "/p/src/app.js", "/p/notes.md", "/p/rc/x", "/p/build/rcx", "/p/.husky"],
)
def test_plain_files_are_not(path: str) -> None:
    assert not startup_file(path)
    assert (STARTUP_FILE.search(path) is not None) is startup_file(path)


def test_glob_first_look_agrees_with_the_pattern() -> None:
    for text in ["a", "*", "a?b", "x[1]", "]", "{a,b}", "", "a*b?c[", "\n*"]:
        assert bash_base._has_glob(text) is (re.search(r"[*?\[]", text) is not None)
