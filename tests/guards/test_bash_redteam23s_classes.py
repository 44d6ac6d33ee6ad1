"""Round 23s (redteam23s) of issue 30: the classes its red team found, by other members of
each class than the red team's own rows, and the everyday twins that must still pass."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

_EVERY_MODE = pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
_ATTENDED_AND_SANDBOXED = pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "cmd //c rd //s //q lib",
        "cmd //K rmdir //S //Q .hg",
        "cmd.exe //c del //f //s //q .git\\\\refs",
        "cmd //c git push --force",
        'cmd /c "copy /y C:\\\\Users\\\\x\\\\h .git\\\\hooks\\\\pre-push"',
        'cmd //c "echo {} >.claude\\\\settings.local.json"',
        'cmd //c "type C:\\\\x\\\\wl 1>> .ondas\\\\whitelist"',
        'cmd /c "move /y C:\\\\x\\\\s.json .claude\\\\settings.json"',
        'cmd /c "ren .git\\\\hooks\\\\pre-commit.sample pre-commit"',
    ],
)
def test_cmd_exe_from_git_bash_reads_its_options_redirects_and_file_builtins(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, command


@_ATTENDED_AND_SANDBOXED
@pytest.mark.parametrize(
    "command",
    [
        "cmd //c dir",
        "cmd //c rd //s //q build",
        'cmd /c "copy a.txt b.txt"',
        'cmd /c "echo hi > out.txt"',
        'cmd //c "dir > nul"',
        'cmd /c "type README.md"',
        'cmd //c "echo x >> build\\\\log.txt"',
        'cmd /c "move /y notes.txt docs\\\\notes.txt"',
    ],
)
def test_ordinary_cmd_exe_work_from_git_bash_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)
