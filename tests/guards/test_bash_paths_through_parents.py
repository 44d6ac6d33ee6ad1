"""Credential paths spelled through ``..`` (round 20, cc-bash-guardian tuned on).

A path through ``..`` was judged as spelled: ``~/../../etc/shadow`` and ``../../etc/shadow``
(from the project) read the machine's password hashes and passed in every mode, since the
machine-secret pattern knew one ``/x/..`` and no home or working directory; and
``~/../../etc/passwd`` (world-readable, no secret in it) was refused, its ``..`` read as a dot
entry of the home holding a file named ``passwd``. A path through ``..`` is now judged by the
file it reaches, resolved as its words read against the home and the working directory. Every
case is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REACHES_A_SECRET = [
    "cat ~/../../etc/shadow",
    "head -n 3 ../../etc/shadow",
    "less /var/lib/../../etc/gshadow",
    "cp ~/../../root/.ssh/id_ed25519 ./k",
    "tar -czf k.tgz ../../etc/ssh/ssh_host_ed25519_key",
    "base64 ~/../agent/.aws/credentials",
    "xxd ~/.config/../.netrc",
    "grep root < ~/../../etc/shadow",
    "wc -c src/../../../etc/shadow",
]


@pytest.mark.parametrize("command", REACHES_A_SECRET)
def test_a_credential_reached_through_parent_directories_is_read_credentials(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule in {"read-credentials", "read-secret-file"}, (command, mode)


REACHES_NO_SECRET = [
    "cat ~/../../etc/passwd",
    "cat ~/../../etc/hosts",
    "wc -l ~/../../etc/group",
    "cat /home/agent/../../etc/os-release",
    "diff ../../etc/hosts ./hosts",
    "cp ~/../../etc/passwd ./passwd.copy",
    "cat ~/../agent/notes.txt",
    "cat src/../docs/index.md",
    "cat ../project/README.md",
    "ls ~/..",
    "grep -n root < ~/../../etc/passwd",
]


@pytest.mark.parametrize("command", REACHES_NO_SECRET)
def test_a_path_through_parent_directories_to_no_secret_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


def test_a_path_relative_to_a_directory_the_guard_lost_is_judged_as_spelled() -> None:
    verdict = check('cd "$DIR" && cat ../../etc/passwd')
    assert verdict.allowed, verdict.rule
