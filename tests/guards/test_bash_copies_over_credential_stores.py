"""A credential store named as the operand ``cp``/``install`` only writes (round 14, the lead).

Every case here is data handed to the guard; none is ever run. A CI step that puts a checked-in
file where a tool reads its settings (``cp .github/ci-gradle.properties
~/.gradle/gradle.properties``) writes the store, it does not read it: the write rules judge it
(outside the project attended and unattended; with the sandbox on, the sandbox stops the write,
as for ``cp x ~/.bashrc``). A store named anywhere else on the line is still a read.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

WRITES = [
    "cp .github/ci-gradle.properties ~/.gradle/gradle.properties",
    "cp ci/credentials ~/.aws/credentials",
    "install -m 600 ci/npmrc ~/.npmrc",
    "cp --preserve=mode ci/pypirc ~/.pypirc",
]


@pytest.mark.parametrize("command", WRITES)
def test_a_copy_over_a_credential_store_is_judged_as_a_write(command: str) -> None:
    assert check(command).rule == "write-outside-project", command
    assert check(command, unattended=True).rule == "write-outside-project", command
    assert check(command, sandboxed=True).allowed, command


@pytest.mark.parametrize(
    "command",
    [
        "cp ~/.aws/credentials .",
        "cp ~/.gradle/gradle.properties leak.txt",
        "cp ~/.ssh/id_rsa ~/.ssh/id_rsa.bak",
        "cp -t ~/.aws credentials",
        "cp -t/tmp notes.txt ~/.npmrc",
        "cp --target-directory=/tmp ~/.npmrc",
        "install ~/.npmrc /tmp/n",
        "cp /etc/shadow /tmp/s",
    ],
)
def test_a_credential_store_copied_from_is_still_read(command: str) -> None:
    for mode in ({}, {"sandboxed": True}, {"unattended": True}):
        assert check(command, **mode).rule == "read-credentials", (command, mode)


def test_a_copy_over_ondas_or_claude_control_files_stays_refused_sandboxed() -> None:
    verdict = check("cp x ~/.claude/settings.json", sandboxed=True)
    assert verdict.blocked, verdict
