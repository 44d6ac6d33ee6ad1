"""Classes of round 9b of issue 30 (shellfirm tuned on), each with its own examples.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "fdisk -l",
        "fdisk --list /dev/nvme0n1",
        "sfdisk --dump /dev/sdb",
        "sfdisk -J /dev/vda",
        "gdisk -l /dev/sdc",
        "parted --list",
    ],
)
def test_listing_partition_tables_is_allowed_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "mkfs.ext4 build/rootfs.img",
        "mkfs -t vfat -n EFI out/esp.img",
        "mkswap images/swap.raw",
        "fdisk out/disk.img",
        "mke2fs",
    ],
)
def test_a_disk_tool_given_an_image_file_in_the_project_is_allowed_in_every_mode(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "mkfs.ext4 -F /dev/sdb1",
        "mkfs -t ext4 -L data /dev/nvme1n1",
        "fdisk /dev/vdb",
        "parted",
        "gdisk",
        "mkfs.xfs $TARGET",
        "cd /dev && mkswap vda2",
        "parted -l -s /dev/sda mklabel gpt",
    ],
)
def test_a_disk_tool_given_a_device_or_a_computed_operand_is_still_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "disk-format", (command, mode, verdict)


def test_a_disk_tool_given_an_image_file_outside_the_project_is_a_write_there() -> None:
    verdict = check("mkfs.ext4 /srv/images/root.img")
    assert verdict.blocked and verdict.rule == "write-outside-project"


@pytest.mark.parametrize(
    "command",
    [
        "rsync -n --delete build/ /srv/www/",
        "rsync -avn --delete-after dist/ /opt/site/",
        "rsync -nrt out/ /var/backups/app/",
        "terraform state mv -dry-run aws_instance.a aws_instance.b",
        "tofu state rm -dry-run module.db",
    ],
)
def test_a_programs_own_dry_run_spelling_lifts_its_write(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "rsync -av --delete build/ /srv/www/",
        "rsync -en build/ /srv/www/",
        "terraform state mv aws_instance.a aws_instance.b",
    ],
)
def test_without_a_dry_run_those_writes_are_still_refused(command: str) -> None:
    assert check(command).blocked, command


@pytest.mark.parametrize(
    "command",
    [
        "gcloud run services list",
        "gcloud run services describe api --region europe-west1",
        "gcloud run revisions list --service api",
        "yarn npm info left-pad",
        "yarn npm audit",
        "yarn npm whoami",
        "yarn npm tag list left-pad",
    ],
)
def test_reads_under_a_group_named_like_a_verb_are_allowed(command: str) -> None:
    for mode in ({}, {"sandboxed": True}):
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "gcloud run deploy api --source .",
        "gcloud run jobs execute nightly",
        "yarn npm publish",
        "yarn npm tag add left-pad@2.0.0 latest",
        "pnpm unpublish left-pad@1.0.0",
        "pnpm deprecate left-pad@1 'use v2'",
        "pnpm dist-tag add left-pad@2.0.0 next",
    ],
)
def test_changes_to_a_registry_or_a_cloud_service_are_refused(command: str) -> None:
    verdict = check(command)
    assert verdict.blocked and verdict.rule in {"publish", "remote-mutation"}, (command, verdict)


@pytest.mark.parametrize(
    "command",
    ["docker run --privileged=true alpine sh", "podman run --privileged=1 -it fedora"],
)
def test_a_privileged_container_spelled_with_a_value_is_refused(command: str) -> None:
    verdict = check(command)
    assert verdict.blocked and verdict.rule == "privilege-escalation", verdict


def test_a_container_with_privileged_turned_off_is_allowed() -> None:
    assert not check("docker run --privileged=false alpine true").blocked


@pytest.mark.parametrize(
    "command",
    ["mv notes.txt /dev/null", "mv -f build.log /dev/null", "mv --verbose a.txt b.txt /dev/null"],
)
def test_moving_a_file_onto_dev_null_replaces_the_device_and_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "device-write", (command, mode, verdict)


def test_copying_or_redirecting_to_dev_null_is_allowed() -> None:
    for command in ("cp build.log /dev/null", "make test > /dev/null"):
        assert not check(command).blocked, command


@pytest.mark.parametrize(
    "command",
    [
        "fly secrets unset DATABASE_URL",
        "flyctl secrets unset API_KEY SENTRY_DSN --app web",
        "netlify env:unset STRIPE_KEY --context production",
    ],
)
def test_unsetting_a_services_secret_or_variable_is_refused_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "service-destroy", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    ["fly secrets unset", "netlify env:unset", "fly secrets list", "netlify env:list"],
)
def test_an_unset_naming_nothing_or_a_listing_of_secrets_is_allowed(command: str) -> None:
    assert not check(command).blocked, command


@pytest.mark.parametrize(
    "command",
    [
        "ip link set wlan0 down",
        "ip addr add 10.1.2.3/24 dev eth1",
        "ip route replace default via 10.0.0.254",
        "ip -batch netcfg.txt",
        "ip netns exec blue bash",
        "route add -net 10.0.0.0/8 gw 192.168.1.1",
        "blockdev --setrw /dev/nvme0n1",
        "blockdev --flushbufs /dev/sdb",
        "cryptsetup open /dev/sdb2 vault",
        "cryptsetup luksDump --dump-master-key /dev/sdb2",
    ],
)
def test_network_and_block_device_changes_are_system_changes_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "system-change", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "ip -br addr",
        "ip a s",
        "ip -j route show table main",
        "ip route get 8.8.8.8",
        "ip link",
        "route -n",
        "route -n get default",
        "blockdev --getsize64 /dev/nvme0n1",
        "blockdev --report",
        "cryptsetup luksDump /dev/sdb2",
        "cryptsetup status vault",
    ],
)
def test_their_reading_forms_are_allowed_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    ["heroku ps:kill web.1", "heroku ps:restart", "netlify env:clone --to 1234-abcd"],
)
def test_a_topic_verb_word_is_judged_by_its_verb_not_its_topic_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict)


@pytest.mark.parametrize(
    "command", ["heroku ps", "heroku apps:info", "netlify env:list", "heroku config:get PORT"]
)
def test_a_topic_verb_word_whose_verb_reads_is_allowed_unattended(command: str) -> None:
    assert not check(command, unattended=True).blocked, command
