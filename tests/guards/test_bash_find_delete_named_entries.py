"""``find ROOT -name GLOB -delete`` removes the entries the name test lets through, and a
directory only once it is empty (what does not match stays in it), so it is judged as ``find
ROOT -name GLOB -exec rm -f {} +`` is, the same entries given to ``rm -f`` (round 16, the lead;
found by the engineer of ``sbx16``: ``find . -name '*.test' -delete`` was refused as a recursive
deletion of ``.`` while ``-exec rm -f {} +`` of the same files passed). Without a name test, or
with ``-o``/``!`` around it, or a literal name (every file so named, in as many
directories), ``-delete`` is still a recursive deletion of its roots."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

NAMED_SCRATCH = [
    "find . -name '*.test' -delete",
    "find . -iname '*.TEST' -type f -delete",
    "find src -name '*.test' -delete",
    "find . -name '*.tmp' -delete",
    "find . -name '*.orig' -delete",
]

STILL_REFUSED = [
    ("find . -name '*.py' -delete", "rm-many-files"),  # a source glob: many files
    ("find . -name '*' -delete", None),  # every entry, git's included
    ("find . -name '.*' -delete", "rm-protected"),
    ("find . -name '.git' -delete", None),
    ("find . -name 'settings.json' -delete", None),
    ("find . -name '*.json' -delete", "rm-protected"),
    ("find . -delete", None),
    ("find . -name main.py -delete", None),  # a literal name: every file so named, anywhere
    ("x=$(find . -name x -delete | wc -l)", None),
    ("find . -type f -delete", None),
    ("find . -name '*.test' -o -name '*.py' -delete", None),
    ("find . ! -name '*.test' -delete", None),
    ("find ~ -name '*.test' -delete", None),
    ("find / -name '*.test' -delete", None),
]


@pytest.mark.parametrize("command", NAMED_SCRATCH)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_named_find_delete_passes_where_the_same_exec_rm_does(
    command: str, flags: dict[str, bool]
) -> None:
    twin = command.replace("-delete", "-exec rm -f {} +")
    assert check(twin, **flags).allowed, twin
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(("command", "rule"), STILL_REFUSED)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_find_delete_of_sources_control_files_or_everything_stays_refused(
    command: str, rule: str | None, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    if rule is not None:
        assert verdict.rule == rule, (command, verdict.rule)
