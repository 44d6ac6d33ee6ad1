"""Words read as read verbs that set or place something (issue 30, round 21, ``left21``; round 20
left ``ng config -g`` passing unattended because ``config`` counts as a read verb, and ``waf
--top=.`` read as a read option).

- A ``config`` noun given a key and a value sets it: ``ng config -g KEY VALUE``
  writes the user's global configuration (the project's own, without ``-g``, is its work).
  Unattended, such a line of a program the guard has no table for is ``unknown-program``; the
  noun alone, or with a key, still reads (``ng config cli.packageManager``).
- An option given a place (``--top=.``, ``--top DIR``) is a setting of where the program
  works, not a verb that reads, whatever its name: ``tool --top=. rebuild`` is judged as
  ``tool rebuild`` (unknown unattended). ``--list``, ``kafka-topics --list`` still read.
  waf itself is now known by its verbs (``configure``, ``build``, ``distclean``: the project's
  own ``wscript``), its ``--top`` judged as the project it builds: another directory's stays
  unknown, as ``waf install`` (its prefix) does.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

SETTING = [
    "ng config -g cli.packageManager yarn",
    "ng config --global cli.analytics false",
    "tool --top=. rebuild",
    "tool --top /srv/app rebuild",
    "waf --top=/tmp/w configure",
    "waf --top /tmp/w configure",
    "waf install",
]


@pytest.mark.parametrize("command", SETTING)
def test_a_setting_spelled_with_a_read_word_is_unknown_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule == "unknown-program", (command, verdict)


READING = [
    "ng config cli.packageManager",
    "ng config -g cli.analytics",
    "ng config",
    "ng config cli.packageManager yarn",
    "ng config projects.app.architect.build.options.sourceMap true",
    "vercel env ls production",
    "vercel env ls production preview",
    "ng version",
    "kafka-topics --bootstrap-server host:9092 --list",
    "waf --help",
    "waf --top=. distclean",
    "waf --top . configure build",
    "waf configure build",
    "./waf configure build",
]


@pytest.mark.parametrize("command", READING)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_read_word_without_a_value_or_place_still_reads(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
