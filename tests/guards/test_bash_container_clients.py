"""Round 19 (harm19): container clients beyond docker's giving a container the host's powers.

docker, podman and nerdctl refuse a privileged container, a host namespace or capability and
the host's root mounted in every mode (the daemon runs outside the OS sandbox); ``ctr`` (with
its own spellings), ``finch`` and ``buildah`` (docker's), ``lxc`` and ``incus`` (instance
settings and disk devices) passed them attended and sandboxed, as unknown programs.
Every case here is data handed to the guard; none is ever run, and none is a peer's.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

IMAGE = "docker.io/library/alpine:3.20"


@pytest.mark.parametrize(
    "command",
    [
        f"ctr run --privileged {IMAGE} job1 sh",
        f"ctr run --rm --privileged-without-host-devices {IMAGE} job1 sh",
        f"ctr -n k8s.io run --net-host {IMAGE} job1 sh",
        f"ctr --namespace=moby run --with-ns pid:/proc/1/ns/pid {IMAGE} job1 sh",
        f"ctr run --with-ns=ipc:/proc/1/ns/ipc {IMAGE} job1 sh",
        f"ctr run --cap-add CAP_SYS_MODULE {IMAGE} job1 sh",
        f"ctr run --cap-add=SYS_ADMIN,NET_RAW {IMAGE} job1 sh",
        f"ctr run --device /dev/nvme0n1 {IMAGE} job1 sh",
        "ctr run --rootfs / job1 sh",
        f"ctr run --mount type=bind,src=/,dst=/host,options=rbind:rw {IMAGE} job1 sh",
        f"ctr run --mount type=bind,source=/etc,destination=/e {IMAGE} job1 sh",
        f"ctr c create --privileged {IMAGE} job1",
        f"ctr containers create --net-host {IMAGE} job1",
        f"ctr -a /run/containerd/containerd.sock run --privileged {IMAGE} job1",
        f"cd /srv/jobs && ctr run --privileged {IMAGE} job1",
        "finch run --privileged alpine sh",
        "finch container run --net host alpine sh",
        "finch run -v /:/host alpine sh",
        "finch exec --privileged web sh",
        "buildah run --privileged builder sh",
        "buildah from --cap-add SYS_ADMIN alpine",
        "buildah run -v /:/host builder sh",
        "lxc config set web security.privileged true",
        "incus config set web security.privileged=true",
        "lxc profile set default security.privileged 1",
        "lxc --project dev config set web raw.lxc lxc.cap.drop=",
        "lxc config device add web hostroot disk source=/ path=/mnt/root",
        "incus profile device add default hostetc disk source=/etc path=/mnt/etc",
        "lxc launch ubuntu:24.04 web -c security.privileged=true",
        "incus launch images:debian/12 web --config=raw.lxc=lxc.apparmor.profile=unconfined",
        'lxc init ubuntu:24.04 web -c raw.idmap="both 0 0"',
    ],
)
def test_a_container_client_giving_the_host_powers_is_refused_in_every_mode(
    command: str,
) -> None:
    """As ``docker run --privileged``: ``privilege-escalation`` attended, sandboxed and
    unattended, whatever spelling the client has for the power."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.allowed, (command, mode)
        assert verdict.rule == "privilege-escalation", (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        f"ctr run --rm -t {IMAGE} job1 sh",
        f"ctr run --with-ns network:/var/run/netns/cni-42 {IMAGE} job1 true",
        f"ctr run --cap-add CAP_NET_ADMIN {IMAGE} job1 true",
        f"ctr run --mount type=bind,src=/tmp/data,dst=/data,options=rbind {IMAGE} job1 true",
        "ctr run --rootfs /tmp/rootfs job1 sh",
        f"ctr run --env MODE=--privileged {IMAGE} job1 true",
        f"ctr run {IMAGE} job1 echo --privileged --net-host",
        f"ctr c create {IMAGE} job1",
        f"ctr run --privileged=false --net-host=false {IMAGE} job1 true",
        "finch run --rm alpine echo hi",
        "finch run --cap-add NET_ADMIN alpine true",
        "buildah run builder make",
        "buildah from alpine",
        "lxc config set web security.privileged false",
        "lxc config set web limits.memory 2GB",
        "lxc config device add web data disk source=/srv/data path=/data",
        "lxc launch ubuntu:24.04 web -c limits.cpu=2",
        "incus exec web -- make test",
    ],
)
def test_a_container_client_run_without_host_powers_is_an_unknown_program(
    command: str,
) -> None:
    """Twins: the same clients without those options (or with them inside the container's
    command or a variable's value) pass attended and sandboxed and are an unknown program
    unattended, as before the round."""
    for mode in MODES[:2]:
        assert check(command, **mode).allowed, (command, mode)
    verdict = check(command, unattended=True)
    assert verdict.rule == "unknown-program", (command, verdict.rule)


@pytest.mark.parametrize(
    "command",
    ["ctr images ls", "ctr c ls", "ctr task ls", "finch ps", "ctr run --help", "lxc list"],
)
def test_a_container_client_listing_passes_in_every_mode(command: str) -> None:
    """Listings and help print only."""
    for mode in MODES:
        assert check(command, **mode).allowed, (command, mode)
