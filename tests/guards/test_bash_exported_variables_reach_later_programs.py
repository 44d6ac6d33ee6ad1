"""A variable exported by an earlier statement of the line is in every later program's
environment, as a prefix assignment is in its one command's (issue 30, round 19, ``left19``;
round 18 left ``export X=src; pre-commit clean``).

``PRE_COMMIT_HOME=src pre-commit clean`` was refused (the cache directory is the sources, and
``clean`` deletes it), ``export PRE_COMMIT_HOME=src; pre-commit clean`` passed. Every reader of
a program's environment (:attr:`Ctx.assigned`: a tool's cache or build directory, hardhat's
network) now sees exported variables too: ``export NAME=V``, ``declare -x NAME=V``, ``NAME=V;
export NAME``. A variable set without ``export`` (``X=src; cmd``) stays the shell's own, and
``export -n`` takes the mark off.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EXPORTED = [
    "export PRE_COMMIT_HOME=src; pre-commit clean",
    "export PRE_COMMIT_HOME=src && pre-commit clean",
    "declare -x PRE_COMMIT_HOME=src; pre-commit clean",
    "PRE_COMMIT_HOME=src; export PRE_COMMIT_HOME; pre-commit clean",
    "export CARGO_TARGET_DIR=src; cargo clean",
    "export GOMODCACHE=src; go clean -modcache",
    "export GOCACHE=$PWD/src; go clean -cache",
    "export BUILDDIR=lib; make clean",
]


@pytest.mark.parametrize("command", EXPORTED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_an_exported_directory_deleted_by_a_later_program_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    prefixed = check(command.replace("export ", "", 1).replace("; ", " ", 1), **flags)
    verdict = check(command, **flags)
    assert verdict.rule == "rm-recursive-outside-temp", (command, flags, verdict)
    if command.startswith("export") and "&&" not in command and "$" not in command:
        assert prefixed.rule == verdict.rule  # the prefix form: the same judgement


NOT_EXPORTED = [
    "PRE_COMMIT_HOME=src; pre-commit clean",
    "export -n PRE_COMMIT_HOME=src; pre-commit clean",
    "export PRE_COMMIT_HOME=.cache/pre-commit; pre-commit clean",
    "export PRE_COMMIT_HOME=/tmp/pc; pre-commit clean",
    "export CARGO_TARGET_DIR=target; cargo clean",
    "export X=src; pre-commit clean",
    "export PRE_COMMIT_HOME=src; pre-commit run --all-files",
    "export NODE_ENV=production; npm run build",
]
"""Not exported, unmarked, scratch or outside, a variable no program reads, nothing cleaned."""


@pytest.mark.parametrize("command", NOT_EXPORTED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_unexported_scratch_and_unread_variables_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)
