"""``git WORD`` where git has no command ``WORD`` runs an alias of the user's configuration or a
program ``git-WORD`` on ``PATH``: git-extras' commands are judged by what their scripts run,
``git bulk`` by the command it runs, ``git-cliff`` by the file it writes, and any other word is a
program the guard has not read (refused unattended; named for a destruction, in every mode).

Every command is data handed to the guard as a Python string; none is run.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_net import GIT_COMMANDS
from tests.guards.test_bash import MODES, check

IDS = ["attended", "sandboxed", "unattended"]

GIT_EXTRAS_REFUSED = [
    ("git clear", "git-reset-hard"),
    ("git clear-soft", "git-reset-hard"),
    ("git sync", "git-reset-hard"),
    ("git sync origin main", "git-reset-hard"),
    ("git fresh-branch docs", "git-reset-hard"),
    ("git force-clone https://github.com/acme/x x", "git-reset-hard"),
    ("git undo --hard", "git-reset-hard"),
    ("git undo 3 -h", "git-reset-hard"),
    ("git obliterate config/secrets.yml", "git-history-rewrite"),
    ("git reset-file src/app.py", "git-checkout-discard"),
    ("git delete-squashed-branches main", "git-branch-force-delete"),
    ("git delete-gone-branches", "git-branch-force-delete"),
    ("git-clear", "git-reset-hard"),
]

GIT_EXTRAS_PUSHES = [
    "git delete-branch feature",
    "git delete-tag v1.0.0",
    "git rename-branch old new",
    "git rename-tag v1 v1.0.0",
    "git release 1.2.0",
    "git gh-pages",
    "git create-branch -r feature",
    "git magic -p -m wip",
]

KNOWN_AND_HARMLESS = [
    "git undo",  # a soft reset: the commit's work stays in the tree
    "git undo 2",
    "git magic -m wip",
    "git create-branch feature",
    "git bulk -a git status",
    "git bulk --listall",
    "git bulk --addworkspace ws ~/code",
    "git-cliff --unreleased",
    "git-cliff --latest -o CHANGELOG.md",
    "git cliff -o",
    "git lfs pull",
    "git lfs ls-files",
    "git --version",
    "git help commit",
    "git -C sub status",
    "git machete status",  # round 21 (npol21): git plugins' local verbs
    "git flow feature start login",
]

UNKNOWN_TO_THE_GUARD = [
    "git town sync --no-push",  # round 16s: sync pushes unless --no-push
    "git absorb --and-rebase",
    "git machete discover",  # round 21: its read verbs are known, not this one
    "git flow feature rebase login",  # round 21: ``start``/``list``/``log`` are known
    "git crypt unlock",
    "git secrets --scan",
    "git annex get .",
    "git lg main",  # an alias of the user's configuration: git runs what it says
    # (round 20: the customary ``co``, ``br``, ``ci``, ``st``, ``sw`` are read as their
    # commands, test_bash_git_customary_aliases.py)
    "git summary",  # git-extras, not judged here: a program the guard has not read
    "git-town sync --no-push",
]


@pytest.mark.parametrize(("command", "rule"), GIT_EXTRAS_REFUSED)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_git_extras_commands_that_discard_work_or_rewrite_history_are_refused_as_what_they_run(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    assert (verdict.rule, verdict.category) == (rule, "dangerous"), (command, verdict.reason)
    assert "git-extras" in verdict.reason


@pytest.mark.parametrize("command", GIT_EXTRAS_PUSHES)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_git_extras_commands_that_push_are_the_policys_as_git_push_is(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert (verdict.rule, verdict.category) == ("git-push", "policy"), (command, verdict.reason)


@pytest.mark.parametrize("command", KNOWN_AND_HARMLESS)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_git_commands_and_judged_extensions_that_keep_work_pass(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("command", UNKNOWN_TO_THE_GUARD)
def test_a_git_sub_command_git_does_not_have_is_an_unknown_program_unattended(
    command: str,
) -> None:
    assert check(command).allowed, command
    assert check(command, sandboxed=True).allowed, command
    verdict = check(command, unattended=True)
    assert verdict.rule == "unknown-program", (command, verdict.rule)
    word = command.split()[1] if command.startswith("git ") else command[4:].split()[0]
    assert word in verdict.reason


@pytest.mark.parametrize(
    "command",
    ["git bulk -a rm -rf /", "git bulk -g -w ws rm -rf ~", "git bulk -a sh -c 'rm -rf /'"],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_git_bulk_runs_its_command_which_is_judged(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.category == "dangerous", (command, verdict.rule)


@pytest.mark.parametrize(
    "command", ["git purge-history", "git-delete-merged-branches", "git delete-merged-branches"]
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_git_plugin_named_for_a_destruction_is_refused_in_every_mode(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "git-plugin-destroys", verdict.reason


def test_git_cliff_writes_where_any_write_is_judged() -> None:
    assert check("git-cliff -o /etc/profile").rule == "write-outside-project"
    assert check("git-cliff --prepend=/etc/motd", unattended=True).blocked


def test_gits_own_commands_include_porcelain_plumbing_and_built_in_helpers() -> None:
    assert {"status", "commit", "replay", "backfill", "subtree", "stage", "init-db"} <= GIT_COMMANDS
    assert not {"town", "clear", "co"} & GIT_COMMANDS
