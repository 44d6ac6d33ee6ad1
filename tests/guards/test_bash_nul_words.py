"""A NUL in an ANSI-C quoted word (``$'rm\\0x'``): bash's words are C strings, so the word ends
at the NUL and bash runs ``rm``. The guard read the whole word, a program no rule names: it
passed ``$'rm\\0x' -rf ~`` attended and raised on it unattended (an ``lstat`` of a path holding
a NUL), which the hook turns into a refusal but the guard's callers saw as a crash."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
@pytest.mark.parametrize(
    "command",
    [
        "$'rm\\0x' -rf ~",
        "$'rm\\x00junk' -rf ~",
        "$'rm\\u0000' -rf ~/.ssh",
        "$'rm\\c@' -rf ~",
        "git $'push\\0x' origin main",
    ],
)
def test_a_word_is_read_up_to_its_nul_as_bash_runs_it(command: str, flags: dict[str, bool]) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
@pytest.mark.parametrize("command", ["$'ls\\0x' -la", "ls $'src\\0junk'", "$'git\\0x' status"])
def test_a_harmless_word_cut_at_its_nul_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)


@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_program_name_that_is_only_a_nul_does_not_raise(flags: dict[str, bool]) -> None:
    check("$'\\0' arg", **flags)
    check("$'ab\\0cd'", **flags)
