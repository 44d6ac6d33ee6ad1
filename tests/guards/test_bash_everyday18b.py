"""Round 18 of issue 30 (everyday18b): version control verbs that take files out of the working
copy, and a framework's runner given a project script, in all three modes.

- ``svn rm PATH`` (and Mercurial's, Sapling's, Bazaar's, Fossil's, darcs's and Pijul's
  removal verbs) schedules a file's removal, undone by the tool's revert: its last committed
  text stays in the repository, as ``git rm`` leaves it. The verb's name alone no longer reads
  as a service CLI's destroying verb: the operands are judged as ``rm``'s (outside the project,
  a control file, a computed word), and the options that also delete what the repository does
  not hold (``svn rm --force DIR``, ``bzr rm --force``) as ``rm -r``. A repository URL commits
  (``svn rm URL``: the push rule's); a configuration on the line keeps it unknown unattended.
- ``rails runner scripts/fix.rb`` runs the project's script: the file's name is not a
  sub-command (its ``.rb`` read as ``s3 rb``); the script's arguments, code given instead of a
  file, and a script outside the project are read as before.
- ``unar`` (The Unarchiver) is judged as ``unzip``: its output directory (``-o``, else the
  working directory) is a write in every mode, ``-f`` into the project's root is refused, and
  with its own options only it is known unattended.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "svn rm src/a.c",
    "svn delete src/old_module.c",
    "svn remove docs/obsolete.md",
    "svn del -q tests/legacy_test.c",
    "svn rm --keep-local build.xml",
    "hg rm src/a.c",
    "hg remove -f src/a.c",
    "hg forget src/generated.c",
    "bzr rm src/a.c",
    "brz remove --keep src/a.c",
    "fossil rm src/a.c",
    "darcs remove src/a.c",
    "pijul remove src/a.c",
    "rails runner scripts/fix.rb",
    "bin/rails runner lib/tasks/backfill.rb",
    "bin/rails r db/seeds_delete.rb",
]

REFUSED = [
    ("svn rm --force src", "rm-recursive-outside-temp"),
    ("bzr rm --force src", "rm-recursive-outside-temp"),
    ("svn rm .git/config", "write-protected-path"),
    ("svn rm svn://host/repo/trunk/a.c", "git-push"),
    ("svn del ^/branches/old -m gone", "git-push"),
    ("svn revert -R .", "vcs-discard"),
    ("rails runner 'User.delete_all'", "service-destroy"),
    ("rails runner scripts/fix.rb db:drop", "service-destroy"),
    ("rails db:drop", "service-destroy"),
    ("p4 delete src/a.c", "service-destroy"),
    ("hg --cwd=/etc rm passwd", "service-destroy"),
    ("hg -R /etc rm passwd", "service-destroy"),
    ("svn rm --targets list.txt", "service-destroy"),
]


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("command", EVERYDAY)
def test_working_copy_removals_and_project_scripts_pass(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, verdict


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize(("command", "rule"), REFUSED)
def test_what_loses_work_or_commits_stays_refused(
    command: str, rule: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    if mode.get("unattended"):  # round 19 (left19): an ORM's call through a console, unattended
        rule = UNATTENDED_RULES.get(command, rule)
    assert not verdict.allowed and verdict.rule == rule, verdict


UNATTENDED_RULES = {"rails runner 'User.delete_all'": "database-destroy"}
"""Rows refused unattended by a rule that reads them first there: ``bash_consoles``' ORM
calls (round 19, ``left19``), before the verb ``delete_all`` is read as a word."""


def test_a_runner_given_a_temp_areas_script_stays_refused() -> None:
    """``rails runner /tmp/x.rb``: a destroying verb's word read from the operand attended and
    sandboxed; unattended, since round 19 (redteam19), the script is judged as a temp area's
    code run (``unseen_script``), as ``ruby /tmp/x.rb`` is."""
    rules = ("service-destroy", "service-destroy", "unknown-program")
    for mode, rule in zip(MODES, rules, strict=True):
        verdict = check("rails runner /tmp/x.rb", **mode)
        assert not verdict.allowed and verdict.rule == rule, (mode, verdict)


def test_removal_outside_the_project_is_refused_unattended() -> None:
    verdict = check("svn rm /etc/passwd", unattended=True)
    assert not verdict.allowed and verdict.rule == "rm-outside-project", verdict


def test_removal_given_a_configuration_stays_unknown_unattended() -> None:
    verdict = check("svn --config-dir /tmp/c rm src/a.c", unattended=True)
    assert not verdict.allowed and verdict.rule == "unknown-program", verdict
    assert check("svn --config-dir /tmp/c rm src/a.c", sandboxed=True).allowed


UNAR_EVERYDAY = [
    "unar archive.zip",
    "unar -o out a.zip",
    "unar -q -D -o vendor deps.tar.gz",
    "unar -f -o build/unpacked a.zip",
]


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("command", UNAR_EVERYDAY)
def test_unar_into_the_project_passes_as_unzip_does(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, verdict


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("unar -o .git a.zip", "write-protected-path"),
        ("unar -o ~/.ssh a.zip", "read-credentials"),
        ("unar -f a.zip", "undecidable-payload"),
    ],
)
def test_unar_over_control_files_or_the_root_is_refused(
    command: str, rule: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert not verdict.allowed and verdict.rule == rule, verdict


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("unar -o /etc a.zip", "write-outside-project"),
        ("cd /etc && unar a.zip", "write-outside-project"),
        ("unar -o out -zz a.zip", "unknown-program"),
        ("unar $A", "unknown-program"),
        ("unar /tmp/a.zip && ./run.sh", "unknown-program"),
    ],
)
def test_unar_outside_the_project_or_unlisted_is_refused_unattended(
    command: str, rule: str
) -> None:
    verdict = check(command, unattended=True)
    assert not verdict.allowed and verdict.rule == rule, verdict
