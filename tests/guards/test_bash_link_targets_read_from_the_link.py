"""Where a symbolic link's relative target is read from: the link's own directory, as the
kernel reads it, or the working directory with ``ln -r`` (which rewrites it for the link); each
target of ``ln -s A B DIR/`` and ``-t DIR`` is a link of its own (round 18, holes18)."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

OUT_OR_INTO_CONTROL = (
    # read from the working directory with -r: the project's parent, .git
    "ln -sr .. build/a/b",
    "ln -sr ../.. build/a/b",
    "ln -s --relative .. build/a/b",
    "ln -srf ../.git build/a/b",
    "ln -sr .git build/a/g",
    "ln -sr .git -t build/a",
    # read from the link's own directory: the project's parent, .git
    "ln -s ../../.. build/a/b",
    "ln -s ../../.git build/a/g",
    "ln -s ../.git build/link",
    "cd build/a && ln -s ../../.git g",
    "ln -s -t build/a ../../.git",
    # every target of a link into a directory, not the first alone
    "ln -s ../x ../../.. build/a/",
    "ln -s ../x ../../.git build/a/",
)


@pytest.mark.parametrize("mode", MODES, ids=("attended", "sandboxed", "unattended"))
@pytest.mark.parametrize("command", OUT_OR_INTO_CONTROL)
def test_a_link_is_judged_where_its_target_is_read_from(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert not verdict.allowed, (command, verdict)


def test_a_link_into_git_state_names_it_rather_than_the_outside() -> None:
    verdict = check("ln -s ../.git build/link", unattended=True)
    assert verdict.rule == "symlink-outside-project" and "'.git'" in verdict.reason


@pytest.mark.parametrize(
    "command",
    (
        "ln -s ../../x build/a/b",  # build/a/../../x is the project's x
        "ln -s ../.git build/a/g",  # build/.git, a scratch name
        "ln -s ../.git build/a/",
        "ln -s -t build/a ../.git",
        "ln -sr src build/a/s",
        "ln -sr scripts/x build/a/b",
        "ln -s .. build/up",
        "ln -s ../x ../y build/a/",
    ),
)
def test_a_link_whose_target_lands_in_the_project_passes(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).allowed, (command, mode)
