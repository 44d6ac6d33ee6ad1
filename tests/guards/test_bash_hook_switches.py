"""Hook managers' environment switches skip the repository's hooks as ``--no-verify`` does
(round 20, drinking-bird tuned on).

``git commit --no-verify`` is ``git-skip-hooks`` in every mode, but the managers that install
the hooks read a variable that skips them too (Husky's ``HUSKY=0``, Lefthook's ``LEFTHOOK=0``,
pre-commit's ``SKIP=ID``...): ``HUSKY=0 git commit`` passed. Such a variable set for a git
command that runs the hooks (in front of it, through ``env``, exported earlier in the line) is
now refused as ``--no-verify`` is. The same variable for another command, and a value that
skips nothing, pass. Every case is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_hook_switches import hook_switch
from tests.guards.test_bash import MODES, check

SKIPPING = [
    "HUSKY=0 git commit -m 'wip'",
    "HUSKY_SKIP_HOOKS=1 git commit -am wip",
    "LEFTHOOK=0 git commit -m wip",
    "LEFTHOOK=false git merge feature",
    "LEFTHOOK_EXCLUDE=lint,security git commit -m wip",
    "SKIP=flake8,mypy git commit -m wip",
    "OVERCOMMIT_DISABLE=1 git cherry-pick abc123",
    "SKIP_SIMPLE_GIT_HOOKS=1 git am 0001-fix.patch",
    "HUSKY=0 git -C services/api rebase main",
    "env HUSKY=0 git commit -m wip",
    "env -u GIT_EDITOR LEFTHOOK=0 git revert HEAD",
    "export HUSKY=0; git commit -m wip",
    "git add -A && HUSKY=0 git commit -m wip",
    "LEFTHOOK=0 git pull origin main",
]


@pytest.mark.parametrize("command", SKIPPING)
def test_a_hook_managers_switch_on_a_hook_running_git_command_skips_the_hooks(
    command: str,
) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == "git-skip-hooks", (command, mode)


TWINS = [
    "HUSKY=0 npm ci",
    "HUSKY=0 pnpm install --frozen-lockfile",
    "LEFTHOOK=1 npm install",
    "HUSKY=1 git commit -m wip",
    "LEFTHOOK=true git commit -m wip",
    "SKIP= git commit -m wip",
    "HUSKY=0 git status",
    "LEFTHOOK=0 git diff --stat",
    "env HUSKY=0 git log --oneline -5",
    "SKIP=mypy pre-commit run --all-files",
    "PRE_COMMIT_ALLOW_NO_CONFIG=1 git commit -m wip",
]


@pytest.mark.parametrize("command", TWINS)
def test_the_same_switch_elsewhere_or_a_value_that_skips_nothing_passes(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


def test_a_computed_value_may_be_the_switch() -> None:
    assert hook_switch({"HUSKY": None}) == "HUSKY=..."
    assert hook_switch({"HUSKY": "2", "CI": "true"}) is None
    assert hook_switch({"SKIP": ""}) is None


def test_a_pull_hands_no_verify_to_its_merge() -> None:
    for mode in MODES:
        assert check("git pull --no-verify", **mode).rule == "git-skip-hooks", mode
        assert check("git pull --no-verify --rebase origin main", **mode).rule == "git-skip-hooks"
    for command in ("git pull", "git pull -n", "git pull --rebase origin main"):
        for mode in MODES[:2]:
            verdict = check(command, **mode)
            assert verdict.allowed, (command, mode, verdict.rule)
