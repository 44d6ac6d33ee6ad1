"""m4 runs the shell commands its input asks for (``syscmd``, ``esyscmd``, by names it may
assemble from other macros), so whatever it is given is code the guard cannot read: refused
unattended, as an interpreter of unseen code is; a person or the OS sandbox stands between it
and the machine in the other modes. Its usage and version pass. Every case here is data handed
to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check


@pytest.mark.parametrize(
    "command",
    [
        "m4 macros.m4",
        "m4 config.m4",
        "m4 list",
        "m4 -D X=1 macros.m4 > out",
        "m4 < in.m4",
        "m4 -s in.m4",
        "echo 'esyscmd(id)' | m4",
        "m4 -- --help",
        "gm4 x.m4",
        "env m4 x.m4",
    ],
)
def test_m4_given_any_input_is_refused_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", command


@pytest.mark.parametrize("command", ["m4 macros.m4", "m4 -D X=1 macros.m4 > out", "m4 < in.m4"])
def test_m4_with_a_person_or_the_sandbox_watching_keeps_passing(command: str) -> None:
    assert check(command).allowed
    assert check(command, sandboxed=True).allowed


@pytest.mark.parametrize("command", ["m4 --version", "m4 --help", "m4 -P --help"])
def test_m4_asked_for_its_usage_or_version_passes_unattended(command: str) -> None:
    assert check(command, unattended=True).allowed
