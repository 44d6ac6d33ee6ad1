"""A listing of secret files fed to a reader as names (``| xargs cat``, ``| while read f``,
``$(...)``) is refused unless an exclusion leaves the secrets out: ``grep -v example`` still
lists ``.env`` (round 18, holes18; round 17's reading let any ``-v`` pass)."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

STILL_LISTS_SECRETS = (
    'ls .env* | grep -v example | while read f; do cat "$f"; done',
    "ls .env* | grep -v local | xargs cat",
    "ls .env* | grep -v -e example -e sample | xargs cat",
    "ls .env* | grep -v .env.example | xargs cat",
    "cat $(ls .env* | grep -v example)",
    "find . -name '.env*' -not -name '.env.example' | xargs cat",
    "find . -name '*.pem' ! -name 'ca.pem' | xargs cat",
)


@pytest.mark.parametrize("mode", MODES, ids=("attended", "sandboxed", "unattended"))
@pytest.mark.parametrize("command", STILL_LISTS_SECRETS)
def test_an_exclusion_of_other_names_still_lists_the_secrets(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert not verdict.allowed and verdict.rule == "read-secret-file", (command, verdict)


@pytest.mark.parametrize(
    "command",
    (
        "ls .env* | grep -v example",
        "ls .env* | grep -v .env | xargs cat",
        "ls .env* | grep -v '\\.env' | xargs cat",
        "find . -type f -not -name '.env*' | xargs cat",
        "find . -name '*.pem' -not -name '*.pem' | xargs cat",
        "grep -rl foo --exclude=.env . | xargs cat",
        'ls src/*.py | grep -v test | while read f; do cat "$f"; done',
        "ls *.md | grep -v README | xargs cat",
    ),
)
def test_an_exclusion_of_the_secrets_or_a_listing_of_other_files_passes(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).allowed, (command, mode)
