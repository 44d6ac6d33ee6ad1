"""The project's own commit gates are not deleted (issue 30, round 21, ``left21``; round 20 left
``rm .pre-commit-config.yaml`` and ``rm .husky/pre-commit`` passing in every mode).

A project's hook managers' configuration (``.pre-commit-config.yaml``, ``lefthook.yml``,
``.overcommit.yml``) and hook directories (``.husky/``, ``.githooks/``) run its checks on every
commit the agent makes. Deleting one turns those checks off for the rest of the run, as
``--no-verify`` and ``HUSKY=0`` do for one commit (both refused): ``rm-protected`` in every mode
(``paths.HOOK_GATES``), and so is ``git rm`` of one (round 22: ``git rm --cached`` too, which
deletes it from the next commit). Editing one is the project's work: a Write
or Edit through the path guard, a redirect into ``.husky/pre-commit`` (husky's documented
set-up) pass as before; so do husky's generated helpers (``.husky/_``) and a file of the same
name below the top.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.guards.paths import check_write
from tests.guards.test_bash import MODES, PROJECT, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

DELETED = [
    "rm .pre-commit-config.yaml",
    "rm -f .pre-commit-config.yml",
    "rm .husky/pre-commit",
    "rm -rf .husky",
    "rm lefthook.yml",
    "rm -f .lefthook.yml",
    "rm .overcommit.yml",
    "rm -rf .githooks",
    "mv .pre-commit-config.yaml /tmp/",
    "cd .husky && rm pre-commit",
    "git rm .pre-commit-config.yaml",
    "git rm -r .husky",
    # round 22 (left22): untracked, the gate leaves the next commit (every clone, CI)
    "git rm --cached .pre-commit-config.yaml",
]


@pytest.mark.parametrize("command", DELETED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_deleting_a_commit_gate_is_refused(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "rm-protected", (command, flags, verdict)


KEPT = [
    "echo 'npm test' > .husky/pre-commit",
    "rm docs/.pre-commit-config.yaml",
    "rm -rf node_modules/.husky",
    "cp .pre-commit-config.yaml /tmp/backup.yaml",
    "cat lefthook.yml",
    "git rm --cached src/.pre-commit-config.yaml",
]


@pytest.mark.parametrize("command", KEPT)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_editing_reading_or_a_namesake_below_the_top_passes(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "name", [".pre-commit-config.yaml", ".husky/pre-commit", "lefthook.yml", ".githooks/pre-push"]
)
def test_a_write_of_a_commit_gate_through_the_path_guard_is_judged_as_before(name: str) -> None:
    verdict = check_write(PROJECT, str(Path(PROJECT) / name))
    assert verdict.allowed, (name, verdict.rule, verdict.reason)
