"""A project's program named like a Windows system program (round 20, cc-bash-guardian tuned on).

``./cmd`` (a project's program named ``cmd``) was read as Windows' ``cmd.exe`` started with no
``/c``, its prompt: refused unattended (``interactive-shell``); ``./tools/format`` was Windows'
disk formatter, refused in every mode (``disk-format``). Windows installs ``cmd``, ``format``,
``diskpart`` and ``powershell`` only in its own system directory: run by a path into the
project they are the project's programs, judged as ``./app`` is. The bare names, Windows'
paths, paths outside the project, ``pwsh`` (which installs anywhere) and a file this line
copied there keep their readings. Every case is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

PROJECTS_OWN = [
    "./cmd",
    "./cmd serve --port 8080",
    "bin/cmd --config config.yaml",
    "./tools/format",
    "./scripts/diskpart",
    "./powershell",
    "./cmd.exe",
]


@pytest.mark.parametrize("command", PROJECTS_OWN)
def test_a_project_program_named_like_a_windows_system_program_is_the_projects(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


WINDOWS_PROGRAMS = [
    ("cmd", "interactive-shell"),
    ("/c/Windows/System32/cmd.exe", "interactive-shell"),
    ("../cmd", "interactive-shell"),
    ("./pwsh", "interactive-shell"),
    ("format C:", "disk-format"),
    ("diskpart", "disk-format"),
]


@pytest.mark.parametrize(("command", "rule"), WINDOWS_PROGRAMS)
def test_windows_programs_by_their_name_or_path_keep_their_reading(command: str, rule: str) -> None:
    assert check(command, unattended=True).rule == rule


def test_a_windows_program_copied_into_the_project_by_the_line_is_still_windows() -> None:
    command = "cp /c/Windows/System32/cmd.exe ./cmd && ./cmd /c rd /s /q ."
    for mode in MODES:
        assert not check(command, **mode).allowed, mode
