"""Disks, network settings and device nodes with the sandbox on (round 14, sbx14).

Every case here is data handed to the guard; none is ever run. Claude Code 2.1.197 on Linux
runs each sandboxed Bash command in bubblewrap with a ``/dev`` of its own and a network
namespace of its own, so formatting ``/dev/sda1`` or ``iptables -F`` would likely change
nothing there. The guard still refuses them in every mode: that holds only for one version's
undocumented bubblewrap arguments, on Linux, for a non-root user, and no everyday work needs
them (the lead withdrew sbx14's relaxation: held-out everyday sets gained nothing from it).
A device node made on the line reaches past any sandbox run as root, so ``mknod`` of a device
is refused in every mode.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

DISK_FORMATS = [
    "mkfs.ext4 -F /dev/sda1",
    "mkfs -t ext4 -F -L mylabel -c /dev/sdb",
    "mkfs.xfs /dev/nvme0n1p2",
    "wipefs -a /dev/vdb",
    "sgdisk --zap-all /dev/sdc",
    "parted /dev/sdd mklabel gpt",
    "partprobe -s",
    "mkswap /dev/disk/by-id/usb-stick-part1",
]
NETWORK_CHANGES = [
    "ip link set eth0 up",
    "ip route add default via 192.168.1.1",
    "ip addr add 10.0.0.2/24 dev eth0",
    "ifconfig eth0 down",
    "route add default gw 10.0.0.1",
    "arp -d 10.0.0.1",
    "iptables -F",
    "ip6tables -P INPUT DROP",
    "nft flush ruleset",
    "ufw reset --force",
]


@pytest.mark.parametrize("command", DISK_FORMATS + NETWORK_CHANGES)
def test_disks_and_network_settings_stay_refused_with_the_sandbox_on(command: str) -> None:
    for mode in ({}, {"sandboxed": True}, {"unattended": True}):
        assert check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("mkfs.ext4 /dev/shm/disk.img", "disk-format"),
        ("mkfs.ext4 /dev/fd/3", "disk-format"),
        ("mkfs.ext4 $DEVICE", "disk-format"),
        ("mkfs.ext4 /dev/sda1 .git/objects/pack", "disk-format"),
        ("diskutil eraseDisk APFS Blank disk2", "disk-format"),
        ("mknod disk b 8 0 && mkfs.ext4 disk", "device-write"),
        ("mknod /dev/sda b 8 0; mkfs.ext4 /dev/sda", "device-write"),
        ("mknod -m 600 mem c 1 1", "device-write"),
        ("mknod node $KIND 8 0", "device-write"),
        ("mount -t devtmpfs devtmpfs /tmp/d && mkfs.ext4 /tmp/d/sda1", "system-change"),
        ("mount -o remount,rw /", "system-change"),
        ("umount .git", "system-change"),
        ("ip netns exec host ip link set eth0 down", "system-change"),
        ("ip -n host link set eth0 down", "system-change"),
        ("ip -netns host link set eth0 down", "system-change"),
        ("ip link set eth0 netns 1", "system-change"),
        ("ip -all netns exec ip link set lo down", "system-change"),
        ("ip vrf exec blue ip link set eth0 down", "system-change"),
        ("ip -b commands.txt", "system-change"),
        ("ip link set $IFACE down", "system-change"),
        ("firewall-cmd --panic-on", "system-change"),
        ("sysctl -w kernel.randomize_va_space=0", "system-change"),
        ("modprobe -r e1000e", "system-change"),
        ("systemctl stop nginx", "system-change"),
    ],
)
def test_disk_network_and_device_commands_are_refused_sandboxed_by_their_rule(
    command: str, rule: str
) -> None:
    """A device the sandbox's ``/dev`` holds, a device node made on the line (root keeps its
    capabilities in bubblewrap), a mount (which can make the read-only file system writable),
    another network namespace, daemons reached by socket, and machine-wide kernel settings."""
    verdict = check(command, sandboxed=True)
    assert verdict.rule == rule, (command, verdict)


@pytest.mark.parametrize("command", ["mknod disk b 8 0", "mknod tty c 4 1"])
def test_a_device_node_is_refused_in_every_mode(command: str) -> None:
    for mode in ({}, {"sandboxed": True}, {"unattended": True}):
        assert check(command, **mode).rule == "device-write", (command, mode)


@pytest.mark.parametrize("command", ["mknod pipe p", "mknod -m 600 /tmp/fifo p", "mkfifo q"])
def test_a_named_pipe_is_not_a_device(command: str) -> None:
    assert check(command).allowed, command


def test_an_image_file_in_the_project_is_judged_as_before() -> None:
    assert check("mkfs.ext4 -F disk.img").allowed
    assert check("mkfs.ext4 -F .git/index").blocked
