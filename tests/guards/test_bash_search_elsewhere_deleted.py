"""Round 23 (tune23b): the paths a search outside the project prints, handed to ``rm``
(``find ~/.local/share/app/logs | xargs rm``, ``rm $(find /var/log/app -type f)``), lie under
its root: judged as ``find ROOT -exec rm {} +`` is, by where the root is, no longer unknown.
Outside the project that is ``rm-outside-project`` attended and unattended, and left to the OS
sandbox sandboxed (it fails the deletion), as ``rm ~/x/file`` is.

A root that holds the project (``/srv`` for a project in ``/srv/app/proj``, ``..``), one
followed through links (``-L``, ``-follow``: the paths then reach where the links point) or a
root known only at run time stays ``rm-unknown-target``; the home, the machine's root and an
agent's own settings keep their rules.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import PROJECT, check

ATTENDED, SANDBOXED, UNATTENDED = {}, {"sandboxed": True}, {"unattended": True}


@pytest.mark.parametrize(
    "command",
    [
        "find ~/.local/share/app/logs | xargs rm",
        "find ~/old -type f | xargs rm -f",
        "find /var/log/app -type f -print0 | xargs -0 rm",
        "find ~/Downloads/build-output | sort | xargs rm",
        "find /opt/tool/state -mtime +7 | xargs rm -f",
        "find $HOME/notes/drafts | xargs rm",
        "find ~ -name 'id_*' | xargs rm -f",  # keys in the home: as rm -f ~/.ssh/id_rsa
    ],
)
def test_a_search_elsewhere_deleted_is_outside_the_project(command: str) -> None:
    for mode in (ATTENDED, UNATTENDED):
        verdict = check(command, **mode)
        assert verdict.rule == "rm-outside-project", (command, mode, verdict.message())
    assert check(command, **SANDBOXED).allowed, command


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("find ~ | xargs rm", "rm-home"),
        ("find / | xargs rm", "rm-unknown-target"),
        ("find ~/.claude | xargs rm", "write-claude-config"),
        ("find ~/.claude/projects -name '*.jsonl' | xargs rm", "write-claude-config"),
        ("find -L ~/links | xargs rm", "rm-unknown-target"),
        ("find ~/links -follow | xargs rm", "rm-unknown-target"),
        (f"find {PROJECT.parent} | xargs rm", "rm-unknown-target"),
        (f"find {PROJECT.parent} -name '*.py' | xargs rm", "rm-unknown-target"),
        ("find .. | xargs rm", "rm-unknown-target"),
        ('find "$DIR" | xargs rm', "rm-unknown-target"),
    ],
)
def test_roots_that_hold_the_project_or_are_not_known_keep_their_rules(
    command: str, rule: str
) -> None:
    for mode in (ATTENDED, SANDBOXED, UNATTENDED):
        verdict = check(command, **mode)
        assert verdict.rule == rule, (command, mode, verdict.message())


@pytest.mark.parametrize(
    "command",
    [
        "find /tmp/build-x | xargs rm",
        "find /tmp/x -name '*.o' | xargs rm -f",
        "find ~/.local/share/app/logs | xargs wc -l",
        "find build -name '*.o' | xargs rm",
    ],
)
def test_temp_areas_and_listings_not_deleted_pass(command: str) -> None:
    for mode in (ATTENDED, SANDBOXED, UNATTENDED):
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.message())
