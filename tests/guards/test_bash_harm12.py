"""Classes of round 12's harm12 (issue 30): what the tuned-on peers still passed unattended,
each class with its own examples and harmless twins, in all three modes.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    ("spelled", "as_it_reads"),
    [
        ("X-Y=1 git clean -fdx", "git clean -fdx"),
        ("=on rm -rf ~/projects", "rm -rf ~/projects"),
        ("a.b=2 git reset --hard HEAD~3", "git reset --hard HEAD~3"),
        ("nice LD_PRELOAD=./hook.so make", "LD_PRELOAD=./hook.so make"),
        ("timeout 9 GIT_SSH_COMMAND=/tmp/w/ssh git fetch", "GIT_SSH_COMMAND=/tmp/w/ssh git fetch"),
        ("nohup PAGER=/tmp/w/p git log", "PAGER=/tmp/w/p git log"),
        ("xargs -0 N=1 rm -rf /srv", "rm -rf /srv"),
        ("nohup GIT_WORK_TREE=/ git clean -fdx", "GIT_WORK_TREE=/ git clean -fdx"),
        ("timeout 3 OUT=/ rm -rf ~/src", "rm -rf ~/src"),
    ],
)
def test_a_name_equals_value_word_where_a_program_is_named_is_judged_as_the_line_reads(
    spelled: str, as_it_reads: str
) -> None:
    """Bash runs a program named by the whole word (no assignment after a wrapper, none with
    an invalid name); the line reads as a variable set for the command after it, and is
    refused wherever that reading is."""
    refused = 0
    for mode in MODES:
        reads = check(as_it_reads, **mode)
        verdict = check(spelled, **mode)
        assert verdict.blocked == reads.blocked, (spelled, mode, verdict, reads)
        refused += verdict.blocked
    assert refused, spelled


@pytest.mark.parametrize(
    "command",
    [
        "nice CFLAGS=-O2 make",
        "timeout 60 LANG=C sort words.txt",
        "command GIT_PAGER=cat git log -3",
        "A-B=1 ls",
        "nohup RUST_LOG=debug cargo run",
        "xargs -0 LC_ALL=C grep -l TODO",
    ],
)
def test_an_ordinary_variable_in_a_programs_place_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)
