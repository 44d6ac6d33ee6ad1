"""A program run by a path into a temporary directory is known by where it lies, not by its
name (issue 30, round 11): ``/tmp/w`` is whatever was written there, as ``/tmp/x.sh`` is.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check


@pytest.mark.parametrize(
    "command",
    [
        "/tmp/w",
        "/tmp/gh status",
        "/tmp/env FOO=bar ls",
        "/var/tmp/tools/git log",
        "/dev/shm/ls -la",
        "true && /tmp/cache/bin/python3 -V",
        "/tmp/venv/bin/pytest -q",
    ],
)
def test_a_known_name_in_a_temp_directory_is_an_unknown_program_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule == "unknown-program", verdict
    assert "temporary directory" in verdict.reason


@pytest.mark.parametrize("command", ["/tmp/w", "/tmp/gh status", "/tmp/venv/bin/pytest -q"])
@pytest.mark.parametrize("mode", [{}, {"sandboxed": True}])
def test_with_a_person_or_the_sandbox_a_temp_program_is_judged_by_its_name(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).allowed


@pytest.mark.parametrize(
    "command",
    [
        "/usr/bin/python3 -m pytest",
        "/usr/local/bin/gh pr list",
        "./scripts/w",
        "ls /tmp/w",
        "cat /tmp/build.log",
        "/bin/ls -la",
    ],
)
def test_programs_outside_temp_directories_and_temp_operands_are_unchanged_unattended(
    command: str,
) -> None:
    assert check(command, unattended=True).allowed


def test_a_temp_program_that_destroys_is_still_refused_for_its_verb_in_every_mode() -> None:
    for mode in ({}, {"sandboxed": True}):
        assert not check("/tmp/bin/rm -rf ~", **mode).allowed


@pytest.mark.parametrize(
    "command",
    [
        "PATH=/tmp:$PATH w",
        'PATH="/tmp/x:$PATH" make test',
        "export PATH=/tmp/bin:$PATH; gh status",
        "PATH=/dev/shm/b:$PATH ls",
    ],
)
def test_a_name_looked_up_on_a_path_set_to_a_temp_directory_is_unknown_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule == "unknown-program", verdict
    assert check(command, sandboxed=True).allowed


@pytest.mark.parametrize(
    "command",
    [
        'export PATH="/tmp/tools:$PATH"',
        "export PATH=/tmp/t:$PATH; echo ok; cd src; pwd",
        "export PATH=$PWD/node_modules/.bin:$PATH; jest",
        "PATH=/usr/local/bin:$PATH make",
        "PATH=/tmp/x:$PATH true",
    ],
)
def test_builtins_and_paths_outside_temp_areas_are_unchanged_unattended(command: str) -> None:
    assert check(command, unattended=True).allowed
