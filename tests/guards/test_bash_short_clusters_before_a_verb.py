"""A cluster of short options before a CLI's verb whose last option takes the next word as its
value (issue 30, round 23, ``npol23``).

``restic -qr forget snapshots`` lists the snapshots of a repository named ``forget`` and
``borg -vr prune list`` the archives of ``prune``: restic's pflag and borg's argparse read
``-qr`` as ``-q -r`` and give ``-r`` the next word. The verb path read ``forget``/``prune`` and
refused them in every mode. The backup tools' global options that take a value are now read
before their verb (as the container CLIs' and version control tools' were), and for the CLIs
whose parser reads clusters the word after a cluster ending in one of them is its value; an
option taking a value earlier in the cluster takes the rest of it instead (``-Pfoo``, ``-rq``).
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

READS = [
    "restic -qr forget snapshots",
    "restic -vr prune snapshots",
    "restic -r forget snapshots",
    "restic --repo forget snapshots --json",
    "borg -vr prune list",
    "borg --repo delete list",
    "borg2 -vr prune list",
]
"""A repository named like a destroying verb, then a verb that reads."""


@pytest.mark.parametrize("command", READS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_repository_named_like_a_verb_after_a_cluster_is_not_the_verb(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


REFUSED = [
    "restic -qr /srv/repo forget --keep-last 1",
    "restic -q -r /srv/repo forget --prune",
    "restic -rq forget snapshots",
    "restic -r /srv/repo forget --keep-last 1",
    "borg -vr /srv/repo prune --keep-daily 7",
    "borg -Pfoo prune list",
    "borg -vP prune delete",
    "docker -lH tcp://h rm -f web",
    "docker -Dl debug rm -f web",
]
"""Twins: the destroying verb after the cluster's value, or a cluster whose valued option takes
the rest of it (``-rq`` names the repository ``q``; ``-Pfoo``, ``-vP prune`` then ``delete``)."""


@pytest.mark.parametrize("command", REFUSED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_destroying_verb_after_a_cluster_and_its_value_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert not verdict.allowed and verdict.rule == "service-destroy", (command, flags, verdict)
