"""Round 22 (tune22b): coreutils' ``dir`` and ``vdir`` (``ls -C -b``, ``ls -l -b``) are known
listings, so unattended runs no longer refuse them as unknown; what they are fed into, and the
secret places they would list, are judged as before (never more leniently than ``ls``).

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize("command", ["dir", "dir -la src", "vdir", "vdir build", "dir /srv/app"])
def test_dir_and_vdir_list_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.message())


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("dir | xargs rm -rf", "rm-unknown-target"),
        ("rm -rf $(dir)", "rm-unknown-target"),
        ("dir > .claude/settings.json", "write-protected-path"),
        ("vdir ~/.ssh", "read-credentials"),
    ],
)
def test_what_a_listing_feeds_or_overwrites_is_judged_as_before(command: str, rule: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == rule, (command, mode)
