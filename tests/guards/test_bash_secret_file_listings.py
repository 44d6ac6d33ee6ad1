"""A secret file reached through a listing of it is read as the file named is.

``cat .env`` is ``read-secret-file`` in every mode; so are the names a listing prints when they
become a reader's operands, by a command substitution (``cat $(ls .env*)``) or through xargs
(``find . -name '*.pem' | xargs cat``), or a loop over a pattern that matches them (``for f in
.env*; do cat "$f"; done``). Listings of other files, a listing that leaves the
secrets out (``grep -v``), and the programs that only look at a file (``wc``, ``ls``) pass as
before. Every case is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

LISTED_SECRETS_READ = [
    "cat $(ls .env*)",
    'cat "$(ls .env*)"',
    "cat `ls .env.local`",
    "cat $(find . -name .env)",
    "head -n 50 $(ls config/*.pem)",
    "less $(git ls-files '*.env')",
    "find . -name '.env*' | xargs cat",
    "ls .env* | xargs cat",
    "git ls-files '*.pem' | xargs cat",
    "find . -name '*.pem' | xargs -I{} cat {}",
    "ls .env* | xargs grep KEY",
    "find . -name id_rsa | sort | xargs head",
    'for f in .env*; do cat "$f"; done',
    "for f in config/*.pem; do head $f; done",
    "F='.env*'; cat $F",
]


@pytest.mark.parametrize("command", LISTED_SECRETS_READ)
def test_a_listing_of_secret_files_given_to_a_reader_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "read-secret-file", (command, mode, verdict.rule)


LISTINGS_THAT_PASS = [
    "cat $(ls src/*.py)",
    "cat $(find . -name '*.md')",
    "find . -name '*.py' | xargs cat",
    "wc -l $(ls .env*)",
    "ls -la $(ls .env*)",
    "ls .env* | xargs wc -l",
    "cat $(ls | grep -v .env)",
    "ls .env.example | xargs cat",
    "cat $(ls .env.example)",
    "docker compose --env-file $(ls .env) up",
    'for f in src/*.py; do cat "$f"; done',
    'for f in .env*; do wc -l "$f"; done',
    "for f in *.md; do cat $f; done",
]


@pytest.mark.parametrize("command", LISTINGS_THAT_PASS)
def test_a_listing_of_other_files_or_a_look_at_secret_ones_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
