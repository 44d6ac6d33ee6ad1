"""``find ROOT -name PATTERN -delete`` and ``find ROOT -name PATTERN -exec rm -f {} +`` delete
the same entries, so they get the same verdict whatever the pattern's atoms (round 17,
``left17``): a ``?`` or ``[...]`` glob (``*.sw?``, ``*.[oa]``) is read by the kinds of file it
may match, as ``rm``'s rules read it (``*.[ch]``, ``*.py?`` and ``*.?s`` may match sources:
refused either way), where ``-delete`` used to read it as a recursive deletion of ROOT. The
other primaries that pick entries (``-iname``, ``-path``, ``-regex``) and the other actions
that run ``rm`` (``-execdir``, ``-ok``, ``-okdir``) are held to the same agreement."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

ACTIONS = ("-exec rm -f {} +", "-execdir rm -f {} +", "-ok rm -f {} \\;", "-okdir rm -f {} \\;")

SCRATCH_PATTERNS = [
    "find . -name '*.sw?' -delete",
    "find . -name '*.[oa]' -delete",
    "find . -name '*.log.[0-9]' -delete",
    "find . -name 'core.[0-9]*' -delete",
    "find . -name 'test_?.txt' -delete",
    "find . -iname '*.SW?' -delete",
    "find . -type f -name '*.sw?' -delete",
    "find build -name '*.[oa]' -delete",
]

SOURCE_OR_EVERY_PATTERNS = [
    ("find . -name '*.py?' -delete", "rm-many-files"),  # .pyi, .pyx
    ("find . -name '*.[ch]' -delete", "rm-many-files"),
    ("find . -name '*.py[^c]' -delete", "rm-many-files"),  # ``[^c]`` negates, as ``[!c]``
    ("find . -name '*.py[!c]' -delete", "rm-many-files"),
    ("find . -name '*.[jt]s' -delete", "rm-many-files"),
    ("find . -name '*.?s' -delete", "rm-many-files"),
    ("find . -iname '*.PY?' -delete", "rm-many-files"),
    ("find . -name '?*' -delete", "rm-protected"),  # every entry, .git's included
    ("find . -name '[a-z]*' -delete", "rm-protected"),
    ("find . -name '.[a-z]*' -delete", None),
    ("find . -path '*.py?' -delete", None),
    ("find . -regex '.*\\.py.' -delete", None),
    ("find . -regex '.*\\.sw.' -delete", None),
    ("find . -name '*.sw?' -o -name '*.py' -delete", None),
]


@pytest.mark.parametrize("command", SCRATCH_PATTERNS)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_find_delete_of_a_scratch_pattern_passes_as_its_exec_rm_twins_do(
    command: str, flags: dict[str, bool]
) -> None:
    for action in ACTIONS:
        twin = command.replace("-delete", action)
        assert check(twin, **flags).allowed, twin
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(("command", "rule"), SOURCE_OR_EVERY_PATTERNS)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_pattern_that_may_match_sources_or_everything_is_refused_by_both_actions(
    command: str, rule: str | None, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    if rule is not None:
        assert verdict.rule == rule, (command, verdict.rule)
    for action in ACTIONS:
        twin = command.replace("-delete", action)
        assert check(twin, **flags).blocked, twin


def test_a_literal_name_stays_a_recursive_deletion_under_delete() -> None:
    """The lead's round-16 decision, kept: a literal name may be many files of that name in as
    many directories (the ``-exec rm -f {} +`` twin passes: see docs, left17)."""
    for flags in MODES:
        assert check("find . -name main.py -delete", **flags).blocked, flags


def test_a_caret_class_negates_in_rm_globs_too() -> None:
    """``[^c]`` is bash's and find's spelling of ``[!c]``; Python's fnmatch reads it as the
    set of ``^`` and ``c``: ``rm -f src/*.py[^c]`` passed as if it named ``.py^`` files."""
    for flags in MODES:
        assert check("rm -f src/*.py[^c]", **flags).rule == "rm-many-files", flags
        assert check("rm -f src/*.py[!c]", **flags).rule == "rm-many-files", flags
        assert check("rm -f build/*.[^ch]", **flags).allowed, flags
