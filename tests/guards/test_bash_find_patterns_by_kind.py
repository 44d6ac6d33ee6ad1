"""A deletion over the project's tree by a pattern is judged by the kinds of the names the
pattern can match (issue 30, round 20, ``left20``; round 19 left ``find . -name '.env*' -exec rm
-f {} +`` passing while ``-name .env`` was refused).

``find -name PATTERN`` with ``-delete`` or ``-exec rm``, the names such a search prints piped to
``xargs rm``, and ``rm **/PATTERN`` each delete every file so named in the tree. A pattern that
can match a secret (the env file, keys and keystores) or a database (``*.sqlite3``, ``*.db``) is
refused as the literal name is; one that matches only scratch, junk, sources (many files, as
before) or documents is judged as before. One directory's glob (``rm .env*``) is the one
directory's files, judged as ``rm .env`` is.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_find_names import kept_pattern, secret_or_data
from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]
ACTIONS = ["-delete", "-exec rm -f {} +", "-exec rm {} \\;", "-print -delete"]

KEPT_PATTERNS = [
    "find . -name '.env*'",
    "find . -name '.env.*'",
    "find . -name '*.env'",
    "find . -name '*.sqlite3'",
    "find . -name '*.sqlite'",
    "find . -name 'db.sqlite*'",
    "find . -name '*.pem'",
    "find . -name '*.key'",
    "find . -name 'id_*'",
    "find . -name '*.p12'",
    "find . -type f -name '*.sqlite3'",
    "find . -iname '*.SQLITE3'",
    "find src -name '.env*'",
    "find . -name '.en[v]'",
]
"""Patterns that can match a secret or a database somewhere in the project's tree."""


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("search", KEPT_PATTERNS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_pattern_of_secrets_or_databases_over_the_tree_is_refused(
    search: str, action: str, flags: dict[str, bool]
) -> None:
    verdict = check(f"{search} {action}", **flags)
    assert verdict.rule == "rm-recursive-outside-temp", (search, action, flags, verdict)


ALLOWED_PATTERNS = [
    "find . -name '*.pyc'",
    "find . -name '*.log'",
    "find . -name '*.orig'",
    "find . -name '*.tmp'",
    "find . -name '*~'",
    "find . -name '*.bak'",
    "find . -name '.DS_Store*'",
    "find . -name '*.txt'",
    "find . -name '*.csv'",
    "find build -name '*.yaml'",
    "find . -maxdepth 1 -name '*.lock'",
    "find . -name '*.pub'",
    "find . -name '*.crt'",
    "find . -name '*.SQLITE3'",
    "find build -name '*.sqlite3'",
    "find /tmp/scratch -name '.env*'",
    "find . -maxdepth 1 -name '*.sqlite3'",
]
"""Scratch, junk, documents, public keys and certificates, a case that ``-name`` does not fold,
a build area, a temp area, and one level (the named directory's own files). Configuration and
lock-file patterns over the whole tree are refused since round 21
(``test_bash_config_patterns_over_the_tree``); a build area's and one level's pass."""


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("search", ALLOWED_PATTERNS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_pattern_of_other_kinds_still_passes(
    search: str, action: str, flags: dict[str, bool]
) -> None:
    verdict = check(f"{search} {action}", **flags)
    assert verdict.allowed, (search, action, flags, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "find . -name '*.py' -exec rm -f {} +",
        "find . -name '*.db' -delete",
        "find . -name '*.json' -exec rm -f {} +",
        "find . -name '*' -delete",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_earlier_readings_of_patterns_keep_their_rules(
    command: str, flags: dict[str, bool]
) -> None:
    """Sources stay many files, a pattern matching a control file stays protected (``*.db``
    matches ``.ondas/state.db``), every file stays many files: the kind test runs after."""
    verdict = check(command, **flags)
    assert verdict.rule in {"rm-many-files", "rm-protected"}, (command, flags, verdict)


LISTED = [
    "find . -name .env | xargs rm",
    "find . -name .env | xargs rm -f",
    "find . -name '.env*' | xargs rm -f",
    "find . -name '*.sqlite3' -print0 | xargs -0 rm -f",
    "find . -name .env | grep -v example | xargs rm",
    "find . -name data.db | sort | xargs rm",
    "find . -name config.json | xargs rm",
]
"""A search's names handed to ``xargs rm``: the same files ``-exec rm {} +`` deletes."""


@pytest.mark.parametrize("command", LISTED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_names_a_search_prints_piped_into_rm_are_every_such_file(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "rm-recursive-outside-temp", (command, flags, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "find . -name '*.pyc' | xargs rm",
        "find . -name .DS_Store | xargs rm",
        "find . -name __pycache__ | xargs rm -rf",
        "find . -name '*.orig' -print0 | xargs -0 rm -f",
        "find . -maxdepth 1 -name .env.example | xargs rm",
        "find /tmp/scratch -name .env | xargs rm",
        "find . -name .env | xargs cat -A",
        "find . -name '*.sqlite3' | xargs ls -la",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_listings_of_junk_or_not_deleted_are_judged_as_before(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    if command.endswith("cat -A"):
        assert verdict.rule == "read-secret-file", (command, flags, verdict)
    else:
        assert verdict.allowed, (command, flags, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "rm -f **/.env",
        "shopt -s globstar; rm -f **/.env",
        "rm -f **/.env.local",
        "rm -rf **/*.sqlite3",
        "rm -f src/**/*.db",
        "rm -f **/*.pem",
        "rm -f **/.env*",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_globstar_of_secrets_or_databases_is_every_such_file(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "rm-many-files", (command, flags, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "rm -f .env.example",
        "rm -f .env.example*",
        "rm -f *.sqlite3",
        "rm -f data.db",
        "rm -f */.env.sample",
        "rm -f **/*.pyc",
        "rm -rf **/__pycache__",
        "rm -f **/.DS_Store",
        "rm -f **/*.log",
        "rm -f **/.env.example",
        "rm -f build/**/*.sqlite3",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_one_directory_or_scratch_globs_still_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


def test_the_kind_test_reads_patterns_as_find_matches_them() -> None:
    assert kept_pattern("*env")  # find's ``*`` matches a leading dot
    assert kept_pattern(".env*")
    assert kept_pattern("*.db")
    assert not kept_pattern("*")
    assert not kept_pattern("?*")
    assert not kept_pattern("*.SQLITE3")
    assert kept_pattern("*.SQLITE3", folded=True)
    assert secret_or_data("app.sqlite3")
    assert secret_or_data(".env")
    assert not secret_or_data("sqlite3")
    assert not secret_or_data(".env.example")
