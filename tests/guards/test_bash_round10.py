"""Classes of round 10 of issue 30 (nine more public repositories looked at), each with its own
examples.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the repositories' files.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_sed import sed_script
from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    "command",
    [
        'sed -i \'s~^title=""$~title="<b>\\n</b>; new Tag();\\n"~g\' export.cfg',
        "sed -i 's/old;e name/new/' notes.txt",
        "sed -e 's|/etc/x|/srv/y|' config.ini",
        "sed -n '$ a done; e is only text here' log.txt",
        "sed ':a;N;$!ba;s/\\n/ /g' list.txt",
    ],
)
def test_an_e_inside_a_sed_substitution_or_text_is_data_not_a_command(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "sed 's/.*/id/e' input.txt",
        "sed -n '1{p};e date' input.txt",
        "sed '/x/I,+1 e uname' input.txt",
        "sed -e 's~a~b~ge' input.txt",
    ],
)
def test_seds_e_command_and_e_flag_still_run_commands_and_are_refused(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).blocked, (command, mode)


def test_a_sed_w_flag_writes_the_file_it_names_to_the_end_of_the_line() -> None:
    read = sed_script("1s/a/b/w out/changed.txt")
    assert read is not None and read.writes == ["out/changed.txt"] and not read.executes
    assert check("sed -n 's/a/b/w /home/agent/.profile' in.txt").blocked


def test_a_sed_script_the_reader_cannot_read_keeps_the_wider_reading() -> None:
    assert sed_script("s/unterminated") is None
    assert sed_script("1k") is None
    assert check("sed 's/unterminated;e date' in.txt").blocked
