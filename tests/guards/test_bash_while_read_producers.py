"""What a ``while read`` loop's variable holds when a pipe feeds it (issue 30, round 21,
``left21``; round 20 left the loop not binding what its pipe prints).

``PRODUCER | while read [-r] NAME; do BODY; done``: NAME is each line the producer prints.
When the producer prints literal lines (``echo``/``printf`` of static words) or a listing of
known shape (``seq``'s integers, ``ls``'s entries, judged as ``*``), the body is checked once
for each line, as ``for`` checks its words; otherwise NAME stays unknown (``cat FILE``:
``rm-unknown-target`` for a deletion). Round 22 (``left22``): a ``find`` listing binds NAME to
the entries it can name, as ``for f in $(find ...)`` does (scratch names pass, sources not).
``read`` binds the whole line (``echo build dist`` is one name with a space).
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

REFUSED = [
    ('echo ~ | while read x; do rm -rf "$x"; done', "rm-home"),
    ("printf '%s\\n' build ~ | while read -r d; do rm -rf \"$d\"; done", "rm-home"),
    ('echo /etc | while read d; do rm -rf "$d"; done', "rm-outside-project"),
    ('ls | while read x; do rm -rf "$x"; done', "rm-many-files"),
    ('find . -name "*.py" | while read f; do rm -f "$f"; done', "rm-unknown-target"),
    ('cat list.txt | while read f; do rm -rf "$f"; done', "rm-unknown-target"),
]


@pytest.mark.parametrize(("command", "rule"), REFUSED)
@pytest.mark.parametrize("flags", [{}, {"unattended": True}], ids=["attended", "unattended"])
def test_a_loop_body_is_judged_with_each_line_its_producer_prints(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == rule, (command, flags, verdict)


PASSING = [
    "printf '%s\\n' build dist | while read x; do rm -rf \"$x\"; done",
    'echo build | while read d; do rm -rf "$d"; done',
    'echo src/app.py | while read f; do cat "$f"; done',
    "seq 1 3 | while read i; do mkdir dir_$i; done",
    'ls *.txt | while read f; do cp "$f" backup/; done',
    # round 22 (left22): a find's listing binds NAME as ``for f in $(find ...)`` does
    'find . -name "*.pyc" | while read f; do rm -f "$f"; done',
]


@pytest.mark.parametrize("command", PASSING)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_loop_over_literal_lines_in_the_project_passes(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
