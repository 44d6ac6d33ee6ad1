"""A ``for`` loop over what ``seq`` or ``ls`` prints (round 20, cc-bash-guardian tuned on).

``for i in $(seq 1 10); do mkdir dir_$i; done`` and ``for f in $(ls *.txt); do cp $f
backup/$f; done`` bound their variable to the unknown output of a command, so every write of
the body was ``write-unknown-target``. ``seq`` with integer operands prints integers, and ``ls``
with no option prints names without a ``/`` that do not start with a dot: the body is judged
with those values (a long ``seq`` by three of them; an ``ls`` name as ``*``, an entry of the
working directory). Other listings, options and quoted substitutions stay unknown. Every case
is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

KNOWN_LISTS = [
    "for i in $(seq 1 10); do mkdir dir_$i; done",
    "for i in $(seq 5); do touch out_$i.log; done",
    "for i in `seq 1 2 99`; do cp template.txt copy_$i.txt; done",
    "for n in $(seq -w 1 12); do mkdir -p logs/$n; done",
    "for i in $(seq 10 -1 1); do touch step_$i; done",
    "for file in $(ls *.txt); do cp $file backup/$file; done",
    "for f in $(ls -1 *.md); do cp $f docs/; done",
]


@pytest.mark.parametrize("command", KNOWN_LISTS)
def test_a_loop_over_integers_or_names_printed_by_seq_or_ls_writes_in_the_project(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


STILL_REFUSED = [
    ("for i in $(seq 1 10); do rm -rf ~/$i; done", "rm-outside-project"),
    ("for f in $(ls ~); do rm -rf ~/$f; done", "rm-home"),
    ("for f in $(ls); do rm -rf $f; done", "rm-many-files"),
    ("for f in $(ls src); do rm -rf src/$f; done", "rm-many-files"),
    # round 21 (the lead): ``ls`` given dot names prints them; the body reads each
    ('for f in $(ls .env*); do cat "$f"; done', "read-secret-file"),
    ('for f in $(ls .env .env.local); do cat "$f"; done', "read-secret-file"),
]


@pytest.mark.parametrize(("command", "rule"), STILL_REFUSED)
def test_what_the_body_does_with_those_values_is_judged(command: str, rule: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == rule, (command, mode)


UNKNOWN_LISTS = [
    "for i in $(cat list.txt); do mkdir dir_$i; done",
    "for f in $(ls -a); do rm -rf $f; done",
    "for i in $(seq 1.5 3); do mkdir d_$i; done",
    'for i in "$(seq 1 3)"; do mkdir d_$i; done',
    "for f in $(ls -R); do rm $f; done",
]


@pytest.mark.parametrize("command", UNKNOWN_LISTS)
def test_other_listings_leave_the_variable_unknown(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule in {"write-unknown-target", "rm-unknown-target"}, verdict.rule
