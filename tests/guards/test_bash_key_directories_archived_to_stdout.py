"""A client's key directory archived to standard output and redirected into the project, or
named through ``tar -C`` (issue 30, round 18, ``left18``; ``left17`` left both): the same read
of every token as ``tar czf k.tgz ~/.kube``, which round 17 refused unattended
(``bash_key_directories``). The archive agrees with the copy: refused unattended as
``read-credentials``; attended and sandboxed unchanged, as for the copy. Standard output shown
or piped on without a file (red team 13's recorded decision), a redirect outside the project,
and other directories still pass."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

ARCHIVED_INTO_THE_PROJECT = [
    "tar czf - ~/.kube > k.tgz",
    "tar czf - ~/.kube | gzip > k.tgz",
    "tar -c -z -f - ~/.docker > d.tgz",
    "tar cf - $HOME/.config/gcloud >> backup/g.tar",
    "/usr/bin/tar czf - ~/.azure > a.tgz",
    "zip -qr - ~/.config/gh > gh.zip",
    "tar czf - -C ~ .kube > k.tgz",
    "tar czf k.tgz -C ~ .kube",
    "tar --create --directory=$HOME --file=d.tar .docker",
]


@pytest.mark.parametrize("command", ARCHIVED_INTO_THE_PROJECT)
def test_a_key_directory_archived_into_the_project_is_refused_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule == "read-credentials", (command, verdict)
    # the same decision as the archive named with -f, round 17's
    assert check("tar czf k.tgz ~/.kube", unattended=True).rule == "read-credentials"


@pytest.mark.parametrize("command", ARCHIVED_INTO_THE_PROJECT)
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_attended_and_sandboxed_are_unchanged_as_for_the_copy(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).allowed == check("tar czf k.tgz ~/.kube", **flags).allowed


STILL_PASSING = [
    "tar czf - ~/.kube | base64",  # shown, not kept: red team 13's recorded decision
    "tar czf - ~/.kube > /tmp/k.tgz",  # outside the project: the write rules'
    "tar czf - src > src.tgz",
    "tar czf - -C build . > out.tgz",
    "tar czf - -C ~ .bashrc > b.tgz",
    "tar czf - -C ~/.kube/cache . > c.tgz",
    "git archive HEAD | gzip > src.tgz",
    "tar czf - . | wc -c",
]


@pytest.mark.parametrize("command", STILL_PASSING)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_other_archives_to_standard_output_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)
