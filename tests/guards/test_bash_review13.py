"""Review of round 13: files moved more than once before a deletion; a patch reversed by its
long option; an option of code files attached to its value (``rustc -Clinker=/tmp/l``).

The deletion of a name the line moved a file to is judged as the deletion of the file's first
name, once: ``mv a b && mv b a && rm a`` deletes ``a`` (the guard followed the two names round
and round until it gave up, ``nesting-too-deep``, in every mode), ``mv src x && mv x y && rm -rf
y`` deletes ``src``, and a swap through a third name deletes the file that was swapped in.
``patch --reverse`` fed ``diff /dev/null F`` empties F as ``patch -R`` does (round 13 read only
``-R``).
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]


@pytest.mark.parametrize(
    "command",
    [
        "mv src/app.py src/tmp.py && mv src/tmp.py src/app.py && rm src/app.py",
        "mv notes.txt a.txt; mv a.txt notes.txt; rm -f notes.txt",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_file_moved_back_to_its_name_is_deleted_as_that_file(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command",
    [
        "mv src a && mv a b && rm -rf b",
        "mv src x && mv lib src && mv x lib && rm -rf lib",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_tree_moved_twice_is_deleted_as_its_first_name(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    assert verdict.rule == "rm-recursive-outside-temp", (command, flags, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "diff -u /dev/null src/app.py | patch -R -p0",
        "diff -u /dev/null src/app.py | patch --reverse -p0",
        "diff -u /dev/null src/app.py | patch -p0 --reverse",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_patch_applied_in_reverse_by_its_long_option_empties_the_source_as_by_its_short(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    assert verdict.rule == "file-destroyed", (command, flags, verdict.rule)


@pytest.mark.parametrize(
    ("attached", "separate"),
    [
        ("rustc -Clinker=/tmp/l a.rs", "rustc -C linker=/tmp/l a.rs"),
        ("rustc -Copt-level=3 a.rs", "rustc -C opt-level=3 a.rs"),
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_an_option_of_code_files_attached_to_its_value_is_judged_as_given_apart(
    attached: str, separate: str, flags: dict[str, bool]
) -> None:
    together, apart = check(attached, **flags), check(separate, **flags)
    assert (together.allowed, together.rule) == (apart.allowed, apart.rule), (attached, flags)


def test_rustc_linking_with_a_temp_areas_linker_attached_to_its_option_is_refused_unattended() -> (
    None
):
    verdict = check("rustc -Clinker=/tmp/l a.rs", unattended=True)
    assert verdict.blocked
    assert verdict.rule == "unknown-program", verdict.rule


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_globs_deleted_after_more_renames_than_the_guard_compares_are_refused(
    flags: dict[str, bool],
) -> None:
    command = "".join(f"mv a b{i}; " for i in range(100)) + "rm -f " + "c* " * 50
    verdict = check(command, **flags)
    assert verdict.blocked, flags
    assert verdict.rule == "rm-unknown-target", (flags, verdict.rule)
