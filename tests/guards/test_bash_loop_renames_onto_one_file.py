"""Round 16 (work16s): a ``for`` loop whose body moves each of its words onto one named file
(``for f in src/*.py; do mv -f "$f" src/x.py; done``) keeps only the last: judged as ``rm`` of
the loop's words, in every mode. Renames that keep every file (a destination that changes with
the loop, a directory, ``mv -n``/``-b``), one file moved once, and temp files stay everyday."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

COLLAPSED = [
    'for f in src/*.py; do mv -f "$f" src/x.py; done',
    'for f in src/*.py; do mv "$f" src/x.py; done',
    "for f in lib/*.rb; do mv -f ${f} lib/main.rb; done",
    'for f in $(git ls-files); do mv "$f" out.txt; done',
    'for d in src lib; do for f in $d/*.py; do mv -f "$f" out.py; done; done',
]
KEPT = [
    'for f in a.py b.py; do mv "$f" x.py; done',  # two named files, as rm of them is an edit
    'for f in src/one.py; do mv "$f" src/x.py; done',
    'for f in src/*.py; do mv -n "$f" src/x.py; done',
    'for f in src/*.py; do mv --backup=numbered "$f" src/x.py; done',
    'for f in src/*.py; do mv "$f" old/; done',
    'for f in src/*.py; do mv "$f" old; done',
    'for f in src/*.py; do mv "$f" "$f.bak"; done',
    'for f in build/*.log; do mv "$f" build/all.log; done',
    'for f in /tmp/*.log; do mv "$f" /tmp/x.log; done',
    'for f in *.tmp; do mv "$f" last.tmp; done',
    'for f in src/*.py; do cp "$f" /tmp/x.py; done',
]


@pytest.mark.parametrize("command", COLLAPSED)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_loop_moving_each_file_onto_one_name_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize("command", KEPT)
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_a_loop_of_renames_that_keeps_every_file_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)
