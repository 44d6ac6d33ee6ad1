"""A fetch of tags: a forced one moves local tags to the remote's (passes); pruning them deletes
the local tags the remote lacks, which keep no reflog (refused)."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = [{}, {"sandboxed": True}, {"unattended": True}]
MODE_IDS = ["attended", "sandboxed", "unattended"]

PASSES = [
    "git fetch --force --tags",
    "git fetch -t -f origin",
    "git fetch --tags --force",
    "git fetch origin --tags -f",
    "git fetch --prune --unshallow --tags --force",
    "git fetch --tags origin",
]
REFUSED = [
    "git fetch --prune-tags",
    "git fetch -P origin",
    "git fetch --force origin '+refs/tags/*:refs/tags/*' --prune",
    "git fetch origin +main:main",
]


@pytest.mark.parametrize("command", PASSES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_forced_fetch_of_tags_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)


@pytest.mark.parametrize("command", REFUSED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_fetch_that_deletes_or_moves_local_refs_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "git-history-rewrite", (command, flags, verdict.rule)
