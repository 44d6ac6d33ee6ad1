"""A command run in Lima's or Colima's virtual machine by its wrapper is judged as run here
(issue 30, round 20, ``left20``; round 19's ``harm19`` left ``lima nerdctl …`` and ``colima
nerdctl -- …`` passing: a runner's command not judged as nerdctl's).

``lima CMD`` is ``limactl shell default CMD``: the machine mounts the user's home at the same
path and starts in the same working directory, as WSL does, and its containerd gives a
``--privileged`` container the machine's powers over those mounts. The inner command is judged
by its own rules (``nerdctl run --privileged`` is ``privilege-escalation``), as ``apptainer
exec IMG CMD`` and ``wsl CMD`` are; with no command each opens a shell there.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

POWERS = [
    "lima nerdctl run --privileged alpine sh",
    "lima nerdctl run -v /:/host alpine sh",
    "lima nerdctl run --net=host alpine",
    "lima nerdctl run --pid=host alpine",
    "lima nerdctl container run --privileged alpine",
    "lima nerdctl compose run --privileged web",
    "limactl shell default nerdctl run --privileged alpine",
    "limactl shell --workdir /tmp default nerdctl run --pid=host alpine",
    "colima nerdctl -- run --privileged alpine",
    "colima -p dev nerdctl -- run --cap-add SYS_ADMIN alpine",
    "colima nerdctl run -v /etc:/etc alpine",
    "colima ssh -- nerdctl run --privileged alpine",
    "nerdctl.lima run --privileged alpine",
    "podman.lima run --privileged alpine",
]
"""A container given the machine's powers through the wrapper's client."""


@pytest.mark.parametrize("command", POWERS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_container_given_the_host_powers_through_a_vm_wrapper_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "privilege-escalation", (command, flags, verdict)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("lima rm -rf ~", "rm-home"),
        ("limactl shell default rm -rf ~", "rm-home"),
        ("colima ssh -- rm -rf ~", "rm-home"),
        ("docker.lima run -v /:/host alpine", "container-mount"),
        ("kubectl.lima delete ns prod", "kubectl-mutation"),
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_inner_command_keeps_its_own_rule(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == rule, (command, flags, verdict)


TWINS = [
    "lima nerdctl ps",
    "lima nerdctl images",
    "lima nerdctl run --rm alpine echo hi",
    "lima nerdctl run -v /tmp/data:/data alpine ls /data",
    "lima uname -a",
    "lima nerdctl run --privileged --help",
    "limactl list",
    "limactl shell default uname -a",
    "colima nerdctl -- ps",
    "colima nerdctl -- run --rm alpine echo hi",
    "colima ssh -- uname -a",
    "nerdctl.lima ps",
    "podman.lima images",
    "kubectl.lima get pods",
]
"""Listings and containers without the host's powers pass in every mode."""


@pytest.mark.parametrize("command", TWINS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_ordinary_runs_through_the_wrappers_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


@pytest.mark.parametrize("command", ["lima", "limactl shell default", "colima ssh"])
def test_a_wrapper_alone_opens_a_shell_there(command: str) -> None:
    assert check(command).allowed
    assert check(command, unattended=True).rule == "interactive-shell"


@pytest.mark.parametrize(
    "command", ["colima start", "colima nerdctl install", "limactl start default"]
)
def test_the_wrappers_other_verbs_stay_unknown_unattended(command: str) -> None:
    assert check(command).allowed
    assert check(command, unattended=True).rule == "unknown-program"
