"""Round 15's left15 (issue 30): round 14's "left alone" list closed by class, each with its
examples and harmless twins in the guard's modes.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

# (1) a container's confinement lifted, a host device or namespace handed to it


@pytest.mark.parametrize(
    "command",
    [
        "docker run --rm -it --security-opt seccomp=unconfined ubuntu bash",
        "docker run --security-opt=apparmor=unconfined ubuntu id",
        "podman run --security-opt label=disable fedora id",
        "docker run --security-opt label:disable ubuntu id",
        "podman run --security-opt unmask=ALL fedora id",
        "podman run --security-opt systempaths=unconfined fedora id",
        "docker run --device /dev/sda ubuntu id",
        "docker run --device=/dev/nvme0n1:/dev/x ubuntu id",
        "nerdctl run --device /dev/mem alpine id",
        "docker run --device /dev/cpu/0/msr alpine id",
        "docker create --device /dev/loop0 img",
        "docker run --device-cgroup-rule 'a *:* rwm' alpine id",
        "docker run --uts=host alpine hostname x",
        "docker run --cgroupns host alpine id",
        "podman run --userns=host fedora id",
        "docker run --ipc host alpine id",
    ],
)
def test_a_container_with_its_confinement_lifted_or_a_host_device_is_privilege_escalation(
    command: str,
) -> None:
    """Read as ``--privileged`` is: each hands the container part of what it grants (no
    system call filter or profile, the host's disks or memory, the host's namespaces)."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "privilege-escalation", (command, mode)
        assert verdict.category == "policy", (command, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "docker run --rm --security-opt no-new-privileges alpine id",
        "docker run --rm --security-opt seccomp=./profile.json alpine id",
        "podman run --rm --security-opt label=type:container_t fedora id",
        "docker run --rm --device /dev/fuse alpine id",
        "docker run --rm --device /dev/kvm qemu id",
        "docker run --rm --device /dev/dri --device /dev/snd app",
        "docker run --rm --device-cgroup-rule 'c 189:* rmw' app",
        "docker run --rm --uts private alpine hostname",
        "docker run --rm --gpus all cuda nvidia-smi",
    ],
)
def test_a_container_kept_confined_with_ordinary_devices_runs(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)
    assert check(command, unattended=True).rule != "privilege-escalation"
