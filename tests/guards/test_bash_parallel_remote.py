"""GNU parallel's remote logins (round 22, the lead).

``parallel -S HOST CMD ::: ARGS`` runs CMD on HOST over ssh: network to another machine, which
passed in every mode while ``ssh HOST CMD`` was refused. Each host of ``-S``/``--sshlogin``
(comma-separated, ``N/`` before a host its job count, ``user@`` kept) is now judged as
``ssh HOST`` is; ``:`` (and ``..`` for the file of logins) is this machine; hosts read from a
file (``--sshloginfile``) or a variable are known only at run time.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "parallel -S server1 echo ::: a",
    "parallel -Sserver1 echo ::: a",
    "parallel --sshlogin 4/me@build.example.com make ::: a",
    "parallel --sshlogin=server1,server2 echo ::: a",
    "parallel -S :,server1 echo ::: a",
    "parallel --slf hosts.txt echo ::: a",
    "parallel --sshloginfile hosts.txt --transfer gzip ::: big.log",
    "parallel -S $REMOTE_HOST echo ::: a",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", REFUSED)
def test_a_command_parallel_runs_on_another_machine_is_network_policy(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.category == "policy", (command, flags, verdict.rule)


ALLOWED = [
    "parallel -S : echo ::: a",
    "parallel -S 4/: echo ::: a",
    "parallel --sshlogin .. echo ::: a",
    "parallel -j4 gzip ::: *.log",
    "parallel --jobs 4 --halt now,fail=1 make -C {} ::: a b",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", ALLOWED)
def test_parallel_on_this_machine_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
