"""Other version control tools' reverts that drop every uncommitted change (issue 30, round 21,
``left21``; round 20 left ``darcs revert -a`` and ``fossil revert`` passing attended and
sandboxed while ``git checkout -- .`` is refused).

``darcs revert -a`` (no question asked) and ``fossil revert`` throw away the work tree's
changes. Their undo (``darcs unrevert``, ``fossil undo``) holds one slot, which the next
update, merge or revert of the tree replaces: no way back an agent's run can count on, so they
are ``vcs-discard`` in every mode, as ``svn revert -R .`` and ``p4 revert`` are. Reverts that
keep a backup file beside each file (``hg revert``'s ``.orig``, ``bzr revert``'s ``.~1~``)
and the read verbs pass as before.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

DISCARDS = [
    "darcs revert -a",
    "darcs revert --all",
    "darcs revert -a src/Main.hs",
    "fossil revert",
    "fossil revert src/x.c",
    "cd sub && fossil revert",
]


@pytest.mark.parametrize("command", DISCARDS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_whole_tree_revert_of_another_vcs_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "vcs-discard", (command, flags, verdict)


KEPT = ["hg revert --all", "hg revert -a", "darcs whatsnew", "fossil status", "fossil changes"]


@pytest.mark.parametrize("command", KEPT)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_revert_that_keeps_backups_and_the_read_verbs_pass(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("flags", [{}, {"sandboxed": True}], ids=["attended", "sandboxed"])
def test_bazaars_revert_keeps_backups_and_passes(flags: dict[str, bool]) -> None:
    verdict = check("bzr revert", **flags)
    assert verdict.allowed, (flags, verdict.rule, verdict.reason)
