"""A variable the line assigned, edited by bash's removal and replacement operators, has the
edited value (issue 30, round 22, ``npol22``).

``d=build/; rm -rf "${d%/}"`` was refused in every mode as a deletion whose target is "known
only at run time", though bash computes ``build`` from text on the line (red team 13's twin
``d=build; rm -rf "${d//x/x}"``). ``${NAME#pattern}``, ``##``, ``%``, ``%%`` with a glob of
literal characters, ``*``, ``?`` and ``[...]``, and ``${NAME/text/text}``, ``//`` with
literal text, now give the value bash gives, judged as any path; a variable the line did not
assign (the environment's), a computed value, a pattern with quotes, expansions or extended
globs, and a glob or anchored replacement stay unknown.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

SCRATCH = [
    'd=build/; rm -rf "${d%/}"',
    'OUT=./dist; rm -rf "${OUT#./}"',
    'f=src/app.py; rm -f "${f%.py}.pyc"',
    'f=build/app.tar.gz; rm -rf "${f%%.*}"',
    'd=build; rm -rf "${d//x/x}"',
    'd=dist-old; rm -rf "${d/-old/}"',
    'n=tmp-1; rm -rf "${n%-*}"',
]
"""A scratch directory or a generated file named through an edit of a value on the line."""


@pytest.mark.parametrize("command", SCRATCH)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_an_edited_value_naming_scratch_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


REFUSED = [
    ('d=/x; rm -rf "${d%x}"', "rm-root"),
    ('d=buildx; rm -rf "${d%x}/../.."', "rm-escape"),
    ('d=.gitx; rm -rf "${d%x}"', "rm-protected"),
    ('d=src-old; rm -rf "${d%-old}"', "rm-recursive-outside-temp"),
    ('p=./build/src; rm -rf "${p##*/}"', "rm-recursive-outside-temp"),
    ('d=~/.sshx; cat "${d%x}/id_rsa"', "read-credentials"),
    ("CODE='rm -rf /x'; bash -c \"${CODE%x}\"", "rm-root"),
    ("CODE='rm xx-rf /'; eval \"${CODE/xx/}\"", "rm-root"),
]
"""Twins: the edited value names what is dangerous, refused by what it is."""


@pytest.mark.parametrize(("command", "rule"), REFUSED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_an_edited_value_naming_harm_is_refused_by_what_it_is(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == rule, (command, flags, verdict)


UNKNOWN = [
    'd=$(cat f); rm -rf "${d%/}"',
    'rm -rf "${UNSET%/}"',
    'rm -rf "${HOME%/}"',
    'd=build; rm -rf "${d/b*/x}"',
    'd=build; rm -rf "${d/#b/x}"',
    'd=build; rm -rf "${d%$(echo d)}"',
    "d=build; rm -rf \"${d%'d'}\"",
    't=$(mktemp -d); d=${t%/*}; rm -rf "$d"',
    'd=build; rm -rf "${d%@(d)}"',
]
"""Twins still unknown: a computed or unassigned value, a glob or anchored replacement, a
pattern with a substitution, quotes or an extended glob, and an edit of the directory ``mktemp
-d`` makes, whose name the guard only stands in for (``${t%/*}``, its parent, is a temp root:
red team 18's harmful line, sandboxed)."""


@pytest.mark.parametrize("command", UNKNOWN)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_edits_the_guard_does_not_read_stay_unknown(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "rm-unknown-target", (command, flags, verdict)
