"""Round 22 (left22): round 21's "noticed and left" rows, fixed as classes.

- a backup program's options and variables that name a command it runs (restic's
  ``--password-command`` and ``-o sftp.command=``, borg's ``--rsh``; ``BORG_RSH``,
  ``BORG_PASSCOMMAND``, any ``*_RSH`` and ``*PASSCOMMAND`` variable) have that command judged;
- ``git rm --cached`` of a commit gate (``paths.HOOK_GATES``) deletes it from the next commit,
  refused as ``git rm`` of it is; untracking other files stays allowed;
- other version control tools' repositories at the project's top (Subversion's ``.svn``,
  Sapling's ``.sl``, Fossil's checkout database, CVS's directory) are protected as ``.hg`` is.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

COMMANDS_RUN = [
    "restic --password-command 'rm -rf ~' snapshots",
    "restic backup --password-command='rm -rf ~' .",
    "restic -o sftp.command='rm -rf ~' snapshots",
    "restic --option rclone.program='rm -rf ~' snapshots",
    "borg --rsh 'rm -rf ~' list repo",
    "borg list --rsh='rm -rf ~' repo",
    "BORG_RSH='rm -rf ~' borg list repo",
    "BORG_PASSCOMMAND='rm -rf ~' borg list repo",
    "BORG_NEW_PASSCOMMAND='rm -rf ~' borg list repo",
    "RSYNC_RSH='rm -rf ~' rsync -a src/ dst/",
    "RESTIC_PASSWORD_COMMAND='rm -rf ~' restic snapshots",
]
BACKUP_TWINS = [
    "restic snapshots",
    "borg list repo",
    "restic -r /tmp/repo backup src",
    "borg --rsh 'ssh -p 2222' list repo",
    "BORG_RSH='ssh -i ~/.ssh/backup_key' borg list repo",
    "restic --password-command 'echo hunter2' -r /tmp/repo snapshots",
]


@pytest.mark.parametrize("command", COMMANDS_RUN)
@pytest.mark.parametrize("flags", MODES)
def test_a_backup_programs_command_option_or_variable_is_judged_as_a_command(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    assert verdict.rule == "rm-home", verdict


@pytest.mark.parametrize("command", BACKUP_TWINS)
@pytest.mark.parametrize("flags", [{}, {"sandboxed": True}], ids=["attended", "sandboxed"])
def test_a_backup_program_with_a_harmless_command_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command",
    [
        "git rm --cached .pre-commit-config.yaml",
        "git rm --cached -r .husky",
        "git rm -r --cached .githooks",
        "git rm --cached lefthook.yml",
        "git rm -q --cached .overcommit.yml",
    ],
)
@pytest.mark.parametrize("flags", MODES)
def test_untracking_a_commit_gate_is_refused(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    assert verdict.rule == "rm-protected", verdict


@pytest.mark.parametrize(
    "command",
    [
        "git rm --cached .env",
        "git rm -r --cached .",
        "git rm -r --cached node_modules",
        "git rm --cached src/main.py",
        "git rm --cached -r .husky/_",
        "git rm --cached .claude/settings.local.json",
    ],
)
@pytest.mark.parametrize("flags", MODES)
def test_untracking_other_files_is_allowed(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command",
    [
        "rm -rf .svn",
        "echo x > .svn/wc.db",
        "rm -rf .sl",
        "rm -f .fslckout",
        "rm -f _FOSSIL_",
        "rm -rf CVS",
        "echo x > CVS/Root",
    ],
)
@pytest.mark.parametrize("flags", MODES)
def test_another_version_control_tools_repository_is_protected(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    assert verdict.rule in {"rm-protected", "write-protected-path"}, verdict


@pytest.mark.parametrize(
    "command",
    ["svn status", "cat .svn/entries", "ls .sl", "rm -rf build/svn", "echo x > docs/CVS.md"],
)
@pytest.mark.parametrize("flags", [{}, {"sandboxed": True}], ids=["attended", "sandboxed"])
def test_reading_a_repository_or_a_namesake_elsewhere_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
