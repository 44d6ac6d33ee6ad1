"""A globstar matches no directory too (zsh's ``**/``, bash's with ``globstar``): a glob whose
``**`` reaches ``.git``, ``.ondas`` or ``.claude`` is judged as the control path it can match
(round 18, holes18)."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REACHES_CONTROL = (
    "rm -f ./**/.git",
    "rm ./**/.git",
    "rm -rf **/.git",
    "rm -f ./**/.ondas",
    "rm -rf **/.ondas",
    "rm -f ./**/.git/index",
    "rm -f **/**/.git",
    "rm -f ./**/.clau?e/settings.json",
)


@pytest.mark.parametrize("mode", MODES, ids=("attended", "sandboxed", "unattended"))
@pytest.mark.parametrize("command", REACHES_CONTROL)
def test_a_globstar_glob_reaching_a_control_path_is_refused_as_that_path(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert not verdict.allowed and verdict.rule == "rm-protected", (command, verdict)


@pytest.mark.parametrize(
    "command",
    (
        "rm -f ./**/*.pyc",
        "rm -rf ./**/__pycache__",
        "rm -rf **/node_modules",
        "rm -f **/.DS_Store",
        "rm -f src/**/.gitkeep",
        "ls ./**/.git",
    ),
)
def test_a_globstar_glob_of_scratch_files_still_passes(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).allowed, (command, mode)
