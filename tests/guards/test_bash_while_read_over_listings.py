"""Round 22 (left22): ``LISTING | while read [-r] NAME; do BODY; done`` binds NAME to the entries
the listing can name (``ROOT/*`` for ``find ROOT ...`` or ``ls``, through line filters), as
``for NAME in $(LISTING)`` binds it (:func:`ondas.guards.bash_base.listing_glob`): compressing
the project's logs one by one is an everyday line; deleting its sources, writing into git's
directory or outside the project stays refused, as the ``for`` loop's twin is."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

EVERYDAY = [
    "find . -name '*.log' | while read f; do gzip $f; done",
    "find . -name '*.log' | while read -r f; do gzip \"$f\"; done",
    "find . -name '*.log' | while IFS= read -r f; do gzip \"$f\"; done",
    "find . -name '*.log' | grep -v keep | while read f; do gzip \"$f\"; done",
    'find . -name \'*.log\' | while read f; do mv "$f" "$f.bak"; done',
    "find /tmp -name '*.log' | while read f; do rm \"$f\"; done",
    'ls *.txt | while read f; do wc -l "$f"; done',
]
REFUSED = [
    "find . -name '*.py' | while read f; do rm \"$f\"; done",
    "find .git -type f | while read f; do echo x > $f; done",
    "find src -type f | while read f; do rm $f; done",
    "find . -type f | while read f; do shred -u $f; done",
    "find . -name '*.py' | while read f; do : > \"$f\"; done",
    "ls | while read f; do rm -rf $f; done",
    "cat list.txt | while read f; do gzip $f; done",
]


@pytest.mark.parametrize("command", EVERYDAY)
@pytest.mark.parametrize("flags", MODES)
def test_a_loop_over_a_listing_of_known_roots_is_judged_by_its_entries(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("command", REFUSED)
@pytest.mark.parametrize("flags", MODES)
def test_a_loop_over_a_listing_that_destroys_or_is_unknown_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize(
    "command",
    [
        "find ~ -name '*.log' | while read f; do gzip $f; done",
        "find / -name '*.log' | while read f; do echo x > $f; done",
    ],
)
def test_a_loop_over_a_listing_outside_the_project_writes_there(command: str) -> None:
    assert check(command).rule == "write-outside-project"
    assert check(command, unattended=True).blocked


@pytest.mark.parametrize(
    ("piped", "looped"),
    [
        (
            "find . -name '*.log' | while read f; do gzip $f; done",
            "for f in $(find . -name '*.log'); do gzip $f; done",
        ),
        (
            "find . -name '*.py' | while read f; do rm $f; done",
            "for f in $(find . -name '*.py'); do rm $f; done",
        ),
        (
            "find ~ -name '*.log' | while read f; do gzip $f; done",
            "for f in $(find ~ -name '*.log'); do gzip $f; done",
        ),
    ],
)
@pytest.mark.parametrize("flags", MODES)
def test_a_while_read_loop_and_its_for_twin_are_judged_alike(
    piped: str, looped: str, flags: dict[str, bool]
) -> None:
    assert check(piped, **flags).rule == check(looped, **flags).rule
