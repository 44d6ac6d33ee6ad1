"""Round 23 (tune23a): a container engine's parser reads a cluster of one-letter options as
each of them, the last that takes a value taking the rest of the word or the next word
(``docker run -itv /:/host IMG`` is ``-i -t -v /:/host``). Every rule reads ``docker run``'s
options one a word: the cluster hid the mount (the host's root, home or system directories
given to the container passed in every mode) and made the mount's value the image, so the
container's command was misread. The cluster is spelled out before the image; the words after
the image are the container program's and stay as written.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import PROJECT, check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    "command",
    [
        "docker run -itv /:/host alpine",
        "docker run -itv/:/host alpine",
        "docker run -tiv /etc:/etc ubuntu sh",
        "docker run --rm -dtv ~/.ssh:/keys alpine",
        "podman run -itv /home:/h fedora",
        "docker create -iv /var/run:/r busybox",
        "docker container run -itv /root:/r alpine",
        "docker -H unix:///var/run/docker.sock run -itv /:/mnt alpine",
    ],
)
def test_a_mount_of_the_machine_in_a_cluster_is_refused_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "container-mount", (command, mode, verdict.rule)


def test_the_containers_command_after_a_clustered_mount_is_read_on_the_host() -> None:
    verdict = check(f"docker run -itv {PROJECT}:/w alpine rm -rf /w")
    assert not verdict.allowed
    assert verdict.rule == "rm-recursive-outside-temp"


@pytest.mark.parametrize(
    "command",
    [
        "docker run -itv .:/app node:20 npm test",
        f"docker run -itv {PROJECT}:/app node:20 npm test",
        "docker run -itv /tmp/cache:/cache alpine ls /cache",
        "docker run -itp 8080:80 nginx",
        "docker run -ite NODE_ENV=test node:20 node -v",
        "docker run -itd --name web nginx",
        "docker run --rm -it python:3.12 python -c 'print(1)'",
        "docker run --rm -it alpine ls -la /",
        "docker run -it alpine tar -xvf /data.tar",
        "docker exec -it web ls -la",
    ],
)
def test_clusters_of_ordinary_options_pass_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
