"""Round 23's left23 (issue 30): round 22's noticed-and-left list closed by class, each with
its examples and allowed twins in the guard's three modes.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

# (1) a Windows launcher is its program


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("gcloud.cmd compute instances delete vm1 --zone z", "cloud-mutation"),
        ("az.cmd group delete -n rg --yes", "cloud-mutation"),
        ("AZ.CMD vm delete -n x -g y", "cloud-mutation"),
        ("npm.cmd publish --access public", "publish"),
        ("yarn.cmd npm publish", "publish"),
        ("terraform.exe destroy -auto-approve", "terraform-mutation"),
        ("tofu.bat destroy", "terraform-mutation"),
        ("kubectl.com delete ns prod", "kubectl-mutation"),
        ("/c/tools/gsutil.cmd -m rsync -d src gs://b/x", "cloud-mutation"),
        ("'C:\\Program Files\\nodejs\\npm.cmd' unpublish pkg --force", "publish"),
        ("git.ps1 push --force origin main", "git-push"),
        ("sqlite3.cmd app.db '.restore backup.db'", "database-destroy"),
    ],
)
def test_a_windows_launcher_is_judged_as_its_program(command: str, rule: str) -> None:
    """``gcloud.cmd``, ``npm.cmd``, ``terraform.exe``, a Scoop shim's ``.ps1``: Windows runs
    the program of that name with the words given, so the program's rule judges them."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "npm.cmd test",
        "npm.cmd run build",
        "gcloud.cmd compute instances list",
        "az.cmd account show",
        "terraform.exe plan",
        "terraform.exe fmt -check",
        "kubectl.exe get pods -n prod",
        "git.cmd status",
        "./scripts/build.cmd",
    ],
)
def test_a_windows_launcher_of_a_read_or_build_passes_as_its_program(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


# (4) a short option cluster whose last letter takes the next word


@pytest.mark.parametrize(
    "command",
    [
        "restic -qr forget snapshots",
        "restic -vqr prune snapshots --json",
        "restic -qr /srv/forget stats",
        "borg -vr prune list",
        "borg2 -vr delete info",
    ],
)
def test_a_repository_named_like_a_verb_after_a_short_cluster_is_the_repository(
    command: str,
) -> None:
    """``-qr forget``: ``-q`` then ``-r`` with ``forget`` its value (getopt, Go's pflag); the
    verb is the word after it, a read."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "restic -qr REPO forget --prune --keep-last 1",
        "restic -qr /srv/repo prune",
        "restic -vqr s3:bucket/x forget latest",
        "restic -q -r REPO forget --prune",
        "borg -vr /srv/repo prune --keep-daily 7",
        "borg2 -vr REPO delete",
    ],
)
def test_a_destroying_verb_after_a_short_cluster_with_its_value_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "service-destroy", (command, mode, verdict.rule)
