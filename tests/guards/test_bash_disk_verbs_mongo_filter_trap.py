"""Classes of round 15b of issue 30 (gatecat tuned on), each with its twins.

Disk tools that erase by a verb or an option (nvme-cli, mdadm) are refused as ``mkfs`` is, and
their printing forms (``sgdisk -p``) pass; ``pg_resetwal`` without its dry run loses committed
transactions; a mongo delete whose filter names a field deletes what it names, as SQL's
``DELETE ... WHERE`` does; a PowerShell encoded command that is not whole UTF-16LE text is
refused; ``trap``'s forms without code are a builtin, known unattended; a gcloud verb compounded
with a changing one (``add-iam-policy-binding``) is a remote change. Every case here is data
handed to the guard; none is ever run. Cases are written for this module as members of a class,
not copied from the peer's suite.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

ATTENDED, SANDBOXED, UNATTENDED = MODES


def _refused_everywhere(command: str, rule: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict)


def _allowed_everywhere(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "nvme format /dev/nvme1n1 --ses=1",
        "nvme sanitize /dev/nvme0 --sanact=2",
        "nvme delete-ns /dev/nvme0 --namespace-id=1",
        "nvme write-zeroes /dev/nvme2n1 --start-block=0 --block-count=1023",
        "mdadm --zero-superblock /dev/sdc1",
        "mdadm -C /dev/md3 -l 1 -n 2 /dev/sdc1 /dev/sdd1",
        "mdadm --grow /dev/md3 --raid-devices=3",
        "mdadm /dev/md3 --add /dev/sde1",
    ],
)
def test_erasing_verbs_of_nvme_and_mdadms_metadata_writes_are_disk_format(command: str) -> None:
    _refused_everywhere(command, "disk-format")


@pytest.mark.parametrize(
    "command",
    [
        "sgdisk -p /dev/sdc",
        "sgdisk --print /dev/nvme0n1",
        "sgdisk -v /dev/sdc",
        "sgdisk --print-mbr /dev/sdc",
        "sgdisk -P --zap-all /dev/sdc",
        "nvme list",
        "nvme smart-log /dev/nvme0",
    ],
)
def test_printing_the_partition_table_or_a_drives_log_passes(command: str) -> None:
    _allowed_everywhere(command)


@pytest.mark.parametrize(
    "command", ["sgdisk -Z /dev/sdc", "sgdisk -p -o /dev/sdc", "sgdisk --zap-all /dev/sdc"]
)
def test_sgdisk_that_writes_the_table_stays_disk_format(command: str) -> None:
    _refused_everywhere(command, "disk-format")


@pytest.mark.parametrize(
    "command",
    ["mdadm --detail /dev/md3", "mdadm --examine /dev/sdc1", "nvme id-ctrl /dev/nvme0"],
)
def test_reading_forms_of_the_raid_and_nvme_tools_are_judged_as_before(command: str) -> None:
    for mode in (ATTENDED, SANDBOXED):
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    ["pg_resetwal -f /srv/pg/16/main", "pg_resetwal /srv/pg/16/main", "pg_resetxlog -f ./pgdata"],
)
def test_resetting_the_write_ahead_log_is_database_destroy(command: str) -> None:
    _refused_everywhere(command, "database-destroy")


@pytest.mark.parametrize(
    "command", ["pg_resetwal -n /srv/pg/16/main", "pg_resetwal --dry-run ./pgdata"]
)
def test_pg_resetwals_dry_run_passes_attended(command: str) -> None:
    for mode in (ATTENDED, SANDBOXED):
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "mongosh --eval 'db.sessions.deleteMany({expired: true})'",
        'mongosh app --eval \'db.jobs.deleteMany({ "state": "done", age: {$gt: 30} })\'',
        "mongo --eval 'db.carts.remove({userId: 42})'",
    ],
)
def test_a_mongo_delete_whose_filter_names_a_field_passes(command: str) -> None:
    _allowed_everywhere(command)


@pytest.mark.parametrize(
    "command",
    [
        "mongosh --eval 'db.sessions.deleteMany({})'",
        "mongosh --eval 'db.sessions.deleteMany( { } )'",
        "mongosh --eval 'db.sessions.deleteMany()'",
        "mongosh --eval 'db.sessions.deleteMany(filter)'",
        "mongosh --eval 'db.sessions.deleteMany({$where: \"1 == 1\"})'",
        "mongosh --eval 'db.carts.remove({})'",
        "mongosh --eval 'db.carts.drop()'",
    ],
)
def test_a_mongo_delete_of_every_document_stays_database_destroy(command: str) -> None:
    _refused_everywhere(command, "database-destroy")


def test_a_powershell_encoded_command_that_is_not_utf16_text_is_refused() -> None:
    # base64 of an odd number of bytes of UTF-16LE: PowerShell cannot read it as text
    _refused_everywhere("pwsh -enc VwByAGkAdABlAC0ASABvAHMAdAAgAGg", "parse-error")


def test_a_powershell_encoded_command_that_decodes_is_judged_by_its_text() -> None:
    _allowed_everywhere("pwsh -EncodedCommand RwBlAHQALQBEAGEAdABlAA==")  # Get-Date


@pytest.mark.parametrize("command", ["trap - INT", "trap -- - TERM HUP", "trap -l", "trap -p"])
def test_trap_forms_without_code_pass_unattended(command: str) -> None:
    _allowed_everywhere(command)


def test_trap_code_is_still_judged() -> None:
    verdict = check("trap 'rm -rf ~' EXIT", **UNATTENDED)
    assert verdict.blocked and verdict.rule == "rm-home", verdict


@pytest.mark.parametrize(
    "command",
    [
        "gcloud projects add-iam-policy-binding demo --member=user:a@b.c --role=roles/editor",
        "gcloud storage buckets add-iam-policy-binding gs://site --member=allUsers --role=x",
        "gcloud compute instances set-machine-type web-1 --machine-type=e2-small",
    ],
)
def test_a_gcloud_verb_compounded_with_a_changing_one_is_a_remote_change(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "remote-mutation", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "gcloud projects get-iam-policy demo",
        "gcloud compute instances describe web-1",
        "gcloud compute instances describe set-up-vm",
    ],
)
def test_a_gcloud_read_verb_passes(command: str) -> None:
    _allowed_everywhere(command)
