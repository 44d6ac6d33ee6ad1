"""Round sbx14: what a sandboxed run on Linux contains by its namespaces.

Every case here is data handed to the guard; none is ever run. On Linux, Claude Code runs each
sandboxed Bash command in bubblewrap with a ``/dev`` of its own (no disk in it) and a network
namespace of its own, so formatting ``/dev/sda1`` finds no such disk and ``ip link set eth0
up`` changes only the sandbox's namespace. The twins show the dangerous forms still refused:
the same commands attended and unattended, on Seatbelt (macOS), through another namespace,
on a device the sandbox's ``/dev`` holds, or with a device node made on the line.
"""

from __future__ import annotations

import pytest

from ondas.guards import bash_base
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


@pytest.fixture
def linux(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bash_base, "SANDBOX_NAMESPACES", True)


@pytest.mark.usefixtures("linux")
@pytest.mark.parametrize("command", DISK_FORMATS + NETWORK_CHANGES)
def test_what_the_sandboxs_namespaces_hold_is_left_to_it(command: str) -> None:
    verdict = check(command, sandboxed=True)
    assert verdict.allowed, (command, verdict)
    assert check(command).blocked, command
    assert check(command, unattended=True).blocked, command


@pytest.mark.parametrize("command", DISK_FORMATS + NETWORK_CHANGES)
def test_seatbelt_has_no_such_namespaces(monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    monkeypatch.setattr(bash_base, "SANDBOX_NAMESPACES", False)
    assert check(command, sandboxed=True).blocked, command


@pytest.mark.usefixtures("linux")
@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("mkfs.ext4 /dev/shm/disk.img", "disk-format"),
        ("mkfs.ext4 /dev/fd/3", "disk-format"),
        ("mkfs.ext4 $DEVICE", "disk-format"),
        ("mkfs.ext4 /dev/sda1 .git/objects/pack", "write-protected-path"),
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
def test_what_reaches_past_the_namespaces_stays_refused(command: str, rule: str) -> None:
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
