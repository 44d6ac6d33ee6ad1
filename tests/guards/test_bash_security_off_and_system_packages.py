"""Programs round 15 left (round 16, left16): the machine's security turned off, a tracer that
reads another process's memory, a deployment network named by a variable, system packages
installed by a test tool. Every case is data handed to the guard; none is ever run."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

IDS = ["attended", "sandboxed", "unattended"]


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        # SELinux made permissive, the kernel's audit stopped or its rules changed
        ("setenforce 0", "system-change"),
        ("setenforce Permissive", "system-change"),
        ("auditctl -e 0", "system-change"),
        ("auditctl -D", "system-change"),
        ("auditctl -l -D", "system-change"),  # round 15 had these unknown, unattended only
        ("auditctl -d always,exit -F arch=b64 -S execve", "system-change"),
        ("auditctl -w /etc/passwd -p wa", "system-change"),
        # a library call tracer attached to a running process reads what its calls carry
        ("ltrace -p 1234", "read-credentials"),
        ("ltrace -f -p $(pgrep node)", "read-credentials"),
        # the deployment's network named by the variable hardhat reads
        ("HARDHAT_NETWORK=mainnet npx hardhat run scripts/mint.js", "remote-mutation"),
        ("export HARDHAT_NETWORK=sepolia; npx hardhat run scripts/mint.js", "remote-mutation"),
        # system packages through sudo apt-get
        ("npx playwright install --with-deps", "package-install"),
        ("npx playwright install --with-deps chromium", "package-install"),
        ("npx playwright install-deps", "package-install"),
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_security_off_memory_reads_remote_networks_and_system_packages_are_refused(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "setenforce 1",
        "setenforce Enforcing",
        "getenforce",
        "auditctl -l",
        "auditctl -s",
        "auditctl -e 1",
        "strace -p 1234",
        "ltrace ./a.out",
        "ltrace -c ./a.out",
        "HARDHAT_NETWORK=localhost npx hardhat run scripts/seed.js",
        "HARDHAT_NETWORK=hardhat npx hardhat run scripts/seed.js",
        "npx hardhat run scripts/mint.js",
        "npx playwright install chromium",
        "npx playwright install",
        "npx playwright test",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_their_reading_and_turning_on_twins_stay_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_a_shell_given_e_runs_a_written_script_with_errexit(flags: dict[str, bool]) -> None:
    """``bash -e b.sh`` stops at the first plain statement that fails, so ``cd ..`` after a
    ``cd frontend`` that failed never runs (``bash b.sh``, and ``-e`` taken back, do not)."""
    script = "printf 'cd frontend\\nnpm ci\\ncd ..\\nrm -rf build\\n' > b.sh && "
    assert check(script + "bash -e b.sh", **flags).allowed
    assert check(script + "bash -eu b.sh", **flags).allowed
    assert check(script + "bash b.sh", **flags).blocked
    assert check(script + "bash -e +e b.sh", **flags).blocked
    assert check("printf 'cd x || true\\ncd ..\\nrm -rf build\\n' > b.sh && bash -e b.sh").blocked
