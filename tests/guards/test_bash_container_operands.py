"""Classes of round 16 of issue 30 (cmd-guard tuned on), each with its twins.

A container engine's verb that takes images, containers or files as operands (``pull``,
``tag``, ``build``, ``create``, ``start``, ``run``, ...) ends its sub-command path: a name after
it that reads like a destroying verb (an image called ``prune``, a container ``db-reset``) is a
name, not ``docker system prune``. The engines' own destroying verbs, under a group or with
options before them, stay refused. Every case here is data handed to the guard; none is ever
run. Cases are written for this module as members of a class, not copied from the peer's suite.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "docker build --tag prune:latest .",
        "docker build -t team/prune -f Dockerfile.dev .",
        "podman build -t prune .",
        "docker image build -t prune ./svc",
        "docker run --rm prune",
        "podman run --rm -it prune sh",
        "docker create --name prune redis:7",
        "docker container create --name purge-worker alpine",
        "docker pull registry.example.com/team/prune:1.4",
        "docker image pull prune",
        "nerdctl pull prune",
        "docker tag prune:latest registry.example.com/team/prune:latest",
        "docker start db-reset",
        "docker stop remove-me",
        "docker restart cache-flush",
        "docker kill prune",
        "docker commit web snapshot-delete",
        "docker logs -f purge-worker",
        "docker volume create prune",
        "docker network create wipe-net",
    ],
)
def test_a_container_engines_operand_that_reads_like_a_verb_is_a_name(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("docker system prune", "service-destroy"),
        ("docker system prune -af --volumes", "service-destroy"),
        ("docker image prune -a", "service-destroy"),
        ("docker builder prune --all", "service-destroy"),
        ("docker buildx prune -f", "service-destroy"),
        ("docker container prune", "service-destroy"),
        ("podman pod prune -f", "service-destroy"),
        ("nerdctl system prune", "service-destroy"),
        ("docker scout cache prune", "service-destroy"),
        ("docker --log-level debug volume prune", "service-destroy"),
        ("docker -H unix:///var/run/docker.sock network prune", "service-destroy"),
        ("docker system -f prune", "docker-destroy"),
        ("podman image --all prune", "docker-destroy"),
        ("docker prune", "service-destroy"),
        ("docker checkpoint rm web cp1", "service-destroy"),
        ("docker volume rm pgdata", "service-destroy"),
        ("docker container rm -f web", "service-destroy"),
        ("docker image rm redis:7", "service-destroy"),
        ("podman system reset", "service-destroy"),
    ],
)
def test_a_container_engines_destroying_verbs_stay_refused(command: str, rule: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict)


def test_a_command_run_in_a_container_is_still_judged() -> None:
    for mode in MODES:
        verdict = check("docker run --rm -v /:/host prune rm -rf /host/etc", **mode)
        assert verdict.blocked, (mode, verdict)
