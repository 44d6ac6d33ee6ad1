"""Deletions spelled in another language are judged as the deletion they are (issue 30, round 5).

A PowerShell ``Remove-Item`` written to bash deletes like ``rm`` (by its targets and
``-Recurse``); ``Format-`` reads only when it formats output; npm's deletion packages delete
like the standard libraries' calls; a sub-command that empties what a service holds destroys.
Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check


@pytest.mark.parametrize("command", ["Remove-Item notes/draft.md", "Remove-Item -Force out.log"])
def test_remove_item_of_a_project_file_is_ordinary_editing(command: str) -> None:
    for unattended in (False, True):
        assert not check(command, unattended=unattended).blocked, (command, unattended)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("Remove-Item -Recurse -Force docs", "rm-recursive-outside-temp"),
        ("Remove-Item -Recurse D:/shares/team", "rm-outside-project"),
        ("Remove-Item ~/notes.txt", "rm-outside-project"),
        ("Remove-Item -Recurse $HOME", "rm-home"),
    ],
)
def test_remove_item_is_judged_by_its_targets_as_rm_is(command: str, rule: str) -> None:
    verdict = check(command)
    assert verdict.blocked and verdict.rule == rule, (command, verdict)


@pytest.mark.parametrize(
    "command", ["Format-Volume -DriveLetter F -FileSystem NTFS", "Clear-Disk -Number 2"]
)
def test_formatting_a_volume_is_a_disk_format_not_a_read(command: str) -> None:
    for unattended in (False, True):
        verdict = check(command, unattended=unattended)
        assert verdict.blocked and verdict.rule == "disk-format", (command, unattended)


def test_format_cmdlets_that_format_output_still_read() -> None:
    assert not check("Format-Table -AutoSize", unattended=True).blocked


@pytest.mark.parametrize(
    "command",
    [
        "node -e \"require('rimraf').sync('/var/lib/app')\"",
        "node -e \"const {rimrafSync} = require('rimraf'); rimrafSync('/var/lib/app')\"",
        "node -e \"require('fs-extra').removeSync('/var/lib/app')\"",
        "node -e \"require('fs-extra').emptyDirSync('/var/lib/app')\"",
    ],
)
def test_npm_deletion_packages_deleting_outside_the_project_are_refused(command: str) -> None:
    verdict = check(command)
    assert verdict.blocked and verdict.rule == "rm-outside-project", (command, verdict)


def test_npm_deletion_packages_deleting_build_output_pass() -> None:
    assert not check("node -e \"require('rimraf').sync('dist')\"").blocked


@pytest.mark.parametrize("command", ["sitectl site empty --yes", "queuectl empty-queue jobs"])
def test_a_verb_that_empties_what_a_service_holds_destroys(command: str) -> None:
    verdict = check(command)
    assert verdict.blocked and verdict.rule == "service-destroy", (command, verdict)


@pytest.mark.parametrize(
    ("command", "blocked"),
    [
        ("rd /s /q D:/shares/team", True),
        ("del /s /q /home/agent/Pictures", True),
        ("rd /s /q docs", True),
        ("rd /s /q dist", False),
        ("del /q notes/draft.md", False),
    ],
)
def test_cmd_deletion_builtins_are_judged_by_their_targets(command: str, blocked: bool) -> None:
    assert check(command).blocked is blocked, command
