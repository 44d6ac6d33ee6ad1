"""gh's verbs that write a branch on the remote are pushes, the specification's policy (issue 30,
round 18, ``left18``; ``left17`` left ``gh pr update-branch 12`` passing): ``gh pr
update-branch`` merges or rebases the base into the pull request's branch, ``gh pr revert``
pushes a revert branch, ``gh issue develop`` creates one. gh's verbs are read past ``-R
OWNER/REPO`` (``gh -R o/r pr merge 12`` passed where ``gh pr merge 12`` was refused)."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

BRANCH_PUSHES = [
    "gh pr update-branch 12",
    "gh pr update-branch 12 --rebase",
    "gh pr update-branch",
    "gh -R owner/repo pr update-branch 12",
    "gh pr revert 12",
    "gh issue develop 12 --name fix-12",
]


@pytest.mark.parametrize("command", BRANCH_PUSHES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_gh_verb_that_writes_a_remote_branch_is_the_push_policy(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "git-push", (command, flags, verdict)
    assert verdict.category == "policy"
    assert "policy" in (verdict.reason or "")


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_gh_verbs_are_read_past_the_repository_option(flags: dict[str, bool]) -> None:
    assert check("gh -R owner/repo pr merge 12", **flags).rule == "remote-mutation"
    assert check("gh --repo owner/repo pr close 3", **flags).rule == "remote-mutation"


READS_AND_LOCAL = [
    "gh pr checkout 12",
    "gh pr view 12 --comments",
    "gh pr diff 12",
    "gh pr status",
    "gh issue develop --list 12",
    "gh -R owner/repo pr view 12",
    "gh repo set-default owner/repo",
    "gh pr list --state open",
]


@pytest.mark.parametrize("command", READS_AND_LOCAL)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_gh_reads_and_local_verbs_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)
