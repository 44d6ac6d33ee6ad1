"""``find ROOT -name LITERAL -delete`` and ``-exec rm {} +`` agree by what the name is (issue 30,
round 19, ``left19``; round 18 left ``-name .env -exec rm -f {} +`` passing and ``-name
.DS_Store -delete`` refused).

Both delete every file so named in the project's tree. The project's own kinds (an env or
secret file, data, configuration, a lock file) are refused both ways, as round 16 read
``-delete`` (a recursive deletion of the roots); the system's junk and scratch (``.DS_Store``,
``Thumbs.db``, ``desktop.ini``, ``npm-debug.log``, ``.coverage``) pass both ways. A source's
name stays ``rm-many-files`` with ``-exec rm`` (round 18); one level (``-maxdepth 1``) names
the one file.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_find_names import junk_name
from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]
ACTIONS = ["-delete", "-exec rm -f {} +", "-exec rm {} \\;", "-exec unlink {} \\;"]

KEPT = [
    "find . -name .env",
    "find . -name .env.local",
    "find . -name .envrc",
    "find . -name data.db",
    "find . -name db.sqlite3",
    "find . -name config.json",
    "find . -name settings.toml",
    "find . -name secrets.yaml",
    "find . -name package-lock.json",
    "find src -name .env",
    "find . -type f -name .env",
    "find . -iname CONFIG.YML",
]
"""Every file of the project's own kind so named in the tree."""


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("search", KEPT)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_every_project_file_so_named_is_refused_either_way(
    search: str, action: str, flags: dict[str, bool]
) -> None:
    verdict = check(f"{search} {action}", **flags)
    assert verdict.rule == "rm-recursive-outside-temp", (search, action, flags, verdict)


JUNK = [
    "find . -name .DS_Store",
    "find . -name Thumbs.db",
    "find . -name desktop.ini",
    "find . -name npm-debug.log",
    "find . -name x.orig",
    "find . -name .coverage",
    "find . -name __pycache__",
    "find . -type f -name .DS_Store",
    "find src -name .DS_Store",
]
"""The system's junk and scratch, every one in the tree."""


@pytest.mark.parametrize("action", ACTIONS[:3])
@pytest.mark.parametrize("search", JUNK)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_junk_so_named_passes_either_way(search: str, action: str, flags: dict[str, bool]) -> None:
    verdict = check(f"{search} {action}", **flags)
    assert verdict.allowed, (search, action, flags, verdict)


TWINS = [
    "find . -maxdepth 1 -name .env.example -exec rm -f {} +",
    "find . -name .env",
    "find . -name data.db -exec ls -l {} +",
    "find . -name config.json -exec ls -l {} +",
    "find /tmp/x -name .env -exec rm -f {} +",
    "find build -name config.json -exec rm -f {} +",
    "rm -f .env.example",
    "rm -f config.json",
]
"""One file, a read of every one, a temp area's: not the class (one env file deleted is
``file-destroyed`` from round 23: ``test_bash_secret_stores_deleted.py``)."""


@pytest.mark.parametrize("command", TWINS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_one_file_reads_and_temp_areas_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


STILL_REFUSED = [
    "find ~ -name .DS_Store -delete",
    "find . -name .git -exec rm -rf {} +",
    "find . -name main.py -exec rm -f {} +",
    "find . -name .DS_Store -o -name .env -delete",
]


@pytest.mark.parametrize("command", STILL_REFUSED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_home_control_files_sources_and_alternatives_stay_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags, verdict)


@pytest.mark.parametrize(
    ("name", "junk"),
    [
        (".DS_Store", True),
        ("Thumbs.db", True),
        ("._notes.txt", True),
        ("npm-debug.log", True),
        ("x.orig", True),
        (".env", False),
        ("data.db", False),
        ("config.json", False),
        ("Cargo.lock", False),
    ],
)
def test_junk_names_by_kind(name: str, junk: bool) -> None:
    assert junk_name(name) is junk
