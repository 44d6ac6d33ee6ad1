"""Round 24's left24 (issue 30): round 23's noticed-and-left list closed by class, each with
its examples and allowed twins in the guard's three modes.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

# (1) a search whose root holds the project reaches the project's files

SANDBOXED = {"sandboxed": True}


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("find /work -name '*.py' -exec rm {} +", "rm-many-files"),
        ("find /work -name '*.py' -exec rm -f {} \\;", "rm-many-files"),
        ("find /work/ -type f -name '*.ts' -exec rm -f {} +", "rm-many-files"),
        ("find /work -iname '*.PY' -delete", "rm-many-files"),
        ("find -L /work -name '*.go' -delete", "rm-many-files"),
        ("cd /tmp && find /work -name '*.rs' -exec rm {} +", "rm-many-files"),
        ("find /work -exec rm {} +", "rm-protected"),
    ],
)
def test_a_search_of_a_directory_holding_the_project_deletes_the_projects_files(
    command: str, rule: str
) -> None:
    """``find /work -name '*.py' -exec rm {} +`` for a project in ``/work/project`` deletes the
    project's sources too, which the sandbox lets go: sandboxed it is judged as a search of the
    project; attended and unattended it stays a deletion outside the project."""
    verdict = check(command, **SANDBOXED)
    assert verdict.blocked and verdict.rule == rule, (command, verdict.rule)
    for mode in MODES:
        assert check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "find /work -name '*.pyc' -delete",
        "find /work -name '*.pyc' -exec rm -f {} +",
        "find /work -maxdepth 1 -name '*.py' -delete",
        "find /work -maxdepth 1 -name '*.py' -exec rm {} +",
        "find /work/other -name '*.py' -exec rm {} +",
        "find /srv -name '*.py' -exec rm {} +",
    ],
)
def test_a_search_that_does_not_reach_the_project_is_left_to_the_sandbox(command: str) -> None:
    """Scratch files of the project, a search one level deep, a sibling directory or another
    tree: the project's sources are not reached, the sandbox fails the rest."""
    verdict = check(command, **SANDBOXED)
    assert verdict.allowed, (command, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "find /work -name '*.py' -exec cat {} +",
        "find /work -name '*.py' -exec grep -l TODO {} +",
        "find / -name '*.py' -print",
    ],
)
def test_a_search_that_reads_what_it_finds_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
