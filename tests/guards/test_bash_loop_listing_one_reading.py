"""A listing's names bound to a loop variable, read one way (issue 30, round 23, ``diff23``).

The guard gives a loop variable the names a listing prints in three places: ``_while_read``
(``PRODUCER | while read f``) takes the lines ``echo``/``printf``/``seq``/``ls`` print
(``bash_loop_lists.printed_lines``) or a listing's root (``listing_glob``); the ``read``
builtin's own reading (``_builtin_assigns``) takes a secret file the listing names; ``for f in
$(PRODUCER)`` takes ``printed_words``. They disagreed:

- ``ls *.pem`` printed ``*`` for the first (its operands dropped), so ``ls *.pem | while read
  f; do cat "$f"; done`` and ``for f in $(ls *.pem)`` read ``cat *`` and passed in every mode,
  while ``ls *.pem | sort | while read f`` (the second reading) and ``ls *.pem | xargs cat``
  were refused. ``ls`` now prints its operands' matches and, for a directory among them, its
  entries (``*``), as bash's ``ls`` does.
- ``for f in $(find . -name '*.pem'); do cat "$f"; done`` gave the loop no value and passed,
  where ``find . -name '*.pem' | while read f`` was refused: the substitution now names the
  secret its listing prints, as the pipe does.

- Only ``read [-r] NAME`` fed by a pipe was read: ``IFS= read -r -d '' f`` (a ``-print0``
  listing's names), ``read -t 5 f``, ``read line rest`` (the first field), ``read`` (into
  ``REPLY``) and a loop fed by ``done < <(LISTING)`` or ``done <<< "$(LISTING)"`` gave the loop
  no value, so each passed a listing of secrets in every mode. ``read``'s options are now read
  one way (``_read_target``) by both the loop and the builtin, and a loop's redirection from a
  substitution feeds it as a pipe does.

Each line below is checked with its three spellings (``| while read``, ``| while IFS= read
-r``, ``for ... in $(...)``), which must agree, in every mode.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

FORMS = (
    '{p} | while read f; do {c} "$f"; done',
    '{p} | while IFS= read -r f; do {c} "$f"; done',
    'for f in $({p}); do {c} "$f"; done',
)

SECRETS_LISTED = [
    ("ls *.pem", "cat"),
    ("ls id_rsa*", "cat"),
    ("ls *.key", "base64"),
    ("ls -1 server.key", "head -3"),
    ("ls .env*", "cat"),
    ("find . -name '*.pem'", "cat"),
    ("find . -name '*.key' -type f", "cp -t /tmp"),
    ("find ~ -name '*.pem'", "cat"),
    ("ls *.pem | sort", "cat"),
    ("git ls-files '*.env'", "grep KEY"),
]

LISTINGS_THAT_PASS = [
    ("ls *.txt", "cat"),
    ("ls *.md", "wc -l"),
    ("ls", "wc -l"),
    ("ls *.py", "python3 -m py_compile"),
    ("ls *.pem", "wc -l"),
    ("ls .env*", "echo"),
    ("find . -name '*.py'", "cat"),
    ("find . -name '*.pem'", "echo"),
    ("seq 1 3", "echo"),
    ("ls src", "echo"),
]


@pytest.mark.parametrize(("producer", "consumer"), SECRETS_LISTED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_listing_of_secrets_bound_to_a_loop_is_read_alike_and_refused(
    producer: str, consumer: str, flags: dict[str, bool]
) -> None:
    for form in FORMS:
        command = form.format(p=producer, c=consumer)
        assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize(("producer", "consumer"), LISTINGS_THAT_PASS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_listing_of_other_files_bound_to_a_loop_passes_alike(
    producer: str, consumer: str, flags: dict[str, bool]
) -> None:
    for form in FORMS:
        command = form.format(p=producer, c=consumer)
        verdict = check(command, **flags)
        assert verdict.allowed, (command, flags, verdict.rule)


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_removal_over_a_listing_stays_as_it_was(flags: dict[str, bool]) -> None:
    """``ls *.o | while read f; do rm "$f"; done``: ``*`` (a directory's entries) is still one
    of the values, so what was refused for it still is."""
    for form in FORMS:
        command = form.format(p="ls *.o", c="rm")
        assert check(command, **flags).blocked, (command, flags)


READS_OF_A_SECRET_LISTING = [
    "find . -name '*.pem' -print0 | while IFS= read -r -d '' f; do cat \"$f\"; done",
    "ls *.key | while read -rd '' f; do head -3 \"$f\"; done",
    'ls *.pem | while read -t 5 f; do cat "$f"; done',
    'ls *.pem | while read -r -s f; do base64 "$f"; done',
    "ls .env* | while read line rest; do cat $line; done",
    'ls id_rsa* | while read; do cat "$REPLY"; done',
    'while read f; do cat "$f"; done < <(ls *.pem)',
    "while IFS= read -r f; do cp \"$f\" /tmp/; done < <(find . -name '*.key')",
    'while read -r f; do cat "$f"; done <<< "$(ls .env*)"',
    'while read f; do cat "$f"; done < <(ls *.pem | sort)',
]

READS_THAT_PASS = [
    "find . -name '*.py' -print0 | while IFS= read -r -d '' f; do cat \"$f\"; done",
    'ls *.md | while read -t 5 f; do wc -l "$f"; done',
    'ls *.pem | while read; do echo "$REPLY"; done',
    'while read f; do cat "$f"; done < <(ls *.txt)',
    "while read -r f; do wc -l \"$f\"; done < <(find . -name '*.pem')",
    'while read -r f; do cat "$f"; done <<< "$(git ls-files \'*.py\')"',
    'while read -r f; do cat "$f"; done < files.txt',
    "printf '%s\\n' a b | while read -r x y; do echo \"$x\"; done",
    'seq 1 3 | while read -t 1 i; do echo "$i"; done',
]


@pytest.mark.parametrize("command", READS_OF_A_SECRET_LISTING)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_reads_of_every_shape_bind_the_listed_secret(command: str, flags: dict[str, bool]) -> None:
    assert check(command, **flags).rule == "read-secret-file", (command, flags)


@pytest.mark.parametrize("command", READS_THAT_PASS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_reads_of_other_listings_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)


READ_LINES_RUN = [
    "printf 'rm -rf ~\\n' | while read -t 1 c; do $c; done",
    "echo 'git push --force' | while read; do $REPLY; done",
    "while read -r c; do $c; done < <(echo 'rm -rf ~')",
    "while read -r c; do $c; done <<< \"$(printf 'rm -rf ~')\"",
]
READ_LINES_RUN_TWINS = [
    "printf 'ls -la\\n' | while read -t 1 c; do $c; done",
    "while read -r c; do $c; done < <(echo 'git status')",
]


@pytest.mark.parametrize("command", READ_LINES_RUN)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_printed_command_read_by_any_read_is_judged(command: str, flags: dict[str, bool]) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize("command", READ_LINES_RUN_TWINS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_printed_harmless_command_read_by_any_read_passes(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
