"""``find ROOT -name NAME -delete`` and ``find ROOT -name NAME -exec rm -f {} +`` agree on a
literal name (issue 30, round 18, ``left18``; round 17's ``left17`` left it: the first was
refused as a recursive deletion of ROOT, the second passed).

Both remove every entry so named in the tree. A name of a source kind (``main.py``,
``__init__.py``, ``index.ts``) or without an extension (``x``, ``Makefile``: a script, a build
file) is that file in every directory: as many sources as ``**/main.py`` names,
``rm-many-files`` either way (and so is ``rm -f **/main.py``); round 16's reading of
``-delete`` ("every file so named, in as many directories") kept, and the ``-exec`` side
brought to it. With ``-exec rm``, a dotfile or a name of another kind is judged as the one
entry: junk (``.DS_Store``, ``npm-debug.log``) passes, a protected name (``.git``,
``settings.json``) stays refused. ``-maxdepth 1`` names the one file.

The lead kept ``-delete``'s stricter reading for every literal name (round 16: a recursive
deletion of the roots): judged as one entry, ``find . -name .env -delete`` (every env file in
the tree, untracked secrets) and ``-name data.db -delete`` had passed in every mode, and one
held-out harmful case of leash's set passed with them (found by counts at ``left18``'s
commits; the case not looked at). Round 19 (``left19``) made them agree by the name's kind:
junk passes both ways (``.DS_Store``, ``npm-debug.log``), the project's own kinds (``.env``,
``data.db``, ``config.json``) are refused both ways (``test_bash_find_names_by_kind.py``).
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

SOURCE_NAMES = [
    "find . -name main.py",
    "find -name main.py",
    "find . -name __init__.py",
    "find src -name index.ts",
    "find . -type f -name main.go",
    "find . -iname App.tsx",
    "find . -name x",
    "find . -name Makefile",
]
"""A literal source name in the project's tree, with either action appended."""

ACTIONS = ["-delete", "-exec rm -f {} +", "-exec rm {} \\;"]


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("search", SOURCE_NAMES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_literal_source_name_in_every_directory_is_many_files_either_way(
    search: str, action: str, flags: dict[str, bool]
) -> None:
    verdict = check(f"{search} {action}", **flags)
    if action == "-delete":  # round 16's reading: a recursive deletion of the roots
        assert verdict.blocked, (search, action, flags, verdict)
    else:
        assert verdict.rule == "rm-many-files", (search, action, flags, verdict)


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_globstar_over_a_source_name_is_many_files(flags: dict[str, bool]) -> None:
    assert check("rm -f **/main.py", **flags).rule == "rm-many-files"
    assert check("rm -f src/**/index.ts", **flags).rule == "rm-many-files"


PASS_EITHER_WAY = [
    "find . -name .DS_Store",
    "find . -name Thumbs.db",
    "find . -name npm-debug.log",
    "find . -maxdepth 1 -name main.py",
    "find . -name __pycache__",
    "find . -name '*.orig'",
]
"""Scratch and junk names, and one file (``-maxdepth 1``): pass with both (round 19:
``config.json``, here until then, is configuration, refused both ways)."""


@pytest.mark.parametrize("search", PASS_EITHER_WAY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_scratch_names_and_one_file_pass_with_exec_rm(search: str, flags: dict[str, bool]) -> None:
    verdict = check(f"{search} -exec rm -f {{}} +", **flags)
    assert verdict.allowed, (search, flags, verdict)


@pytest.mark.parametrize("search", ["find . -name __pycache__", "find . -name '*.orig'"])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_scratch_names_pass_with_delete(search: str, flags: dict[str, bool]) -> None:
    verdict = check(f"{search} -delete", **flags)
    assert verdict.allowed, (search, flags, verdict)


@pytest.mark.parametrize(
    "search",
    [
        "find . -name .env",
        "find . -name data.db",
        "find . -name secrets.json",
        "find . -name config.json",
        "find . -name README.md",
        "find . -name main.py",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_literal_name_with_delete_is_every_file_so_named_and_refused(
    search: str, flags: dict[str, bool]
) -> None:
    verdict = check(f"{search} -delete", **flags)
    assert verdict.blocked, (search, flags, verdict)


REFUSED_EITHER_WAY = [
    "find . -name .git",
    "find . -name .claude",
    "find . -name settings.json",
    "find ~ -name .DS_Store",
    "find . -name main.py -o -name x.py",
]


@pytest.mark.parametrize("action", ACTIONS[:2])
@pytest.mark.parametrize("search", REFUSED_EITHER_WAY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_protected_names_the_home_and_alternatives_stay_refused_either_way(
    search: str, action: str, flags: dict[str, bool]
) -> None:
    verdict = check(f"{search} {action}", **flags)
    assert verdict.blocked, (search, action, flags, verdict)
