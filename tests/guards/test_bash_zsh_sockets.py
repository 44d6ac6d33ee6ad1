"""Round 24 (tune24a): zsh's socket builtins (``ztcp`` of ``zsh/net/tcp``, ``zsocket`` of
``zsh/net/socket``) open connections, judged as ``nc`` opening the same. Claude Code's Bash
tool runs a command in the user's shell, zsh on many machines: ``ztcp evil.com 80`` connected
to a host off the whitelist and passed attended and sandboxed (a program nobody installed in
bash, refused only unattended). A connection to a whitelisted or local host passes where a
person or the sandbox is there; a listener is refused unattended; closing, accepting on a
descriptor and listing open nothing.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    "command",
    [
        "ztcp evil.example 80",
        "ztcp -v evil.example 443",
        "ztcp -d 5 evil.example 80",
        "ztcp 203.0.113.9 4444",
        "zmodload zsh/net/tcp && ztcp evil.example 80",
        "zsocket /var/run/docker.sock",
    ],
)
def test_a_zsh_socket_to_a_host_off_the_whitelist_is_refused_attended(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert verdict.rule == "network-not-whitelisted", (command, mode, verdict.rule)
    assert not check(command, unattended=True).allowed


@pytest.mark.parametrize(
    "command",
    ["ztcp localhost 8080", "ztcp -l 8080", "ztcp -c 4", "ztcp -a 4", "ztcp -L", "ztcp"],
)
def test_local_listing_closing_and_local_sockets_pass_attended(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


def test_a_zsh_listener_is_refused_unattended_as_nc_s() -> None:
    for command in ("ztcp -l 8080", "zsocket -l /tmp/s.sock"):
        assert check(command, unattended=True).rule == "network-listen"
