"""crictl's removals (``rm`` of containers, ``rmi`` of images, ``rmp`` of pods, with ``-a`` of
all of them) destroy what the container runtime holds, in every mode; its listings and
inspections only read. Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "crictl rm abc",
        "crictl rm -a",
        "crictl rmp abc",
        "crictl rmp -a",
        "crictl rmp -f -a",
        "crictl rmi img",
        "crictl rmi --prune",
        "sudo crictl rmp --all",
    ],
)
def test_crictl_removing_pods_images_or_containers_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode)
        if not command.startswith("sudo"):
            assert verdict.rule == "service-destroy", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "crictl ps",
        "crictl ps -a",
        "crictl images",
        "crictl pods",
        "crictl pods --name web",
        "crictl inspect abc",
        "crictl inspectp abc",
        "crictl logs abc",
    ],
)
def test_crictl_listings_and_inspections_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
