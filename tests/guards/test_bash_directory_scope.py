"""The working directory the bash guard tracks is scoped to the shell that ran the ``cd``.

A ``cd`` in a subshell, a child shell, a background job, a pipeline stage, a command
substitution or a function nobody calls leaves the line's own shell where it was; a ``cd``
that may fail (the directory may not exist) leaves the directory uncertain after ``;`` or
``||``, and then a path is judged under every directory the shell may be in (refused if any
reading is refused). Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "(cd build) && rm -rf src",
        "(cd node_modules; true); rm -rf src",
        "bash -c 'cd build'; rm -rf src",
        'sh -c "cd build" && rm -rf src',
        "cd build & rm -rf src",
        "cd build | cat; rm -rf src",
        "cd build | cat && rm -rf src",
        "x=$(cd build); rm -rf src",
        "echo `cd build`; rm -rf src",
        "f() { cd build; }; rm -rf src",
        "timeout 5 cd build; rm -rf src",
    ],
)
def test_a_cd_in_another_shell_leaves_the_line_where_it_was(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "rm-recursive-outside-temp", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "cd node_modules; rm -rf src",
        "cd build\nrm -rf src",
        "cd build || true; rm -rf src",
        "cd build || rm -rf src",
        "cd build && rm -rf out; rm -rf src",
        "if cd build; then :; fi; rm -rf src",
        "! cd build && rm -rf src",
        "cd build; cd dist; rm -rf src",
        "cd build; echo x; rm -rf src",
        "{ cd build; true; } && rm -rf src",
        "x=$(cd build; rm -rf src)",
        "cat <(cd build; rm -rf src)",
    ],
)
def test_a_cd_that_may_have_failed_leaves_the_directory_uncertain(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "rm-recursive-outside-temp", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "pushd build >/dev/null; popd; rm -rf src",
        "pushd build && popd && rm -rf src",
        "cd build && cd - && rm -rf src",
    ],
)
def test_popd_and_cd_minus_go_back_where_the_shell_was(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "rm-recursive-outside-temp", (command, mode)


def test_a_called_function_moves_the_shell_it_is_called_in() -> None:
    for mode in MODES:
        verdict = check("f() { cd ~; }; f; rm -rf .ssh", **mode)
        assert verdict.blocked, mode


@pytest.mark.parametrize(
    "command",
    [
        "alias b='cd build'; rm -rf src",
        "eval 'cd build'; rm -rf src",
        "f() { cd build; }; f; rm -rf src",
        "case x in x) cd build;; esac; rm -rf src",
    ],
)
def test_code_the_lines_own_shell_runs_moves_it_only_where_it_runs(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "rm-recursive-outside-temp", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "f() { cd build; }; f && rm -rf out",
        "eval 'cd build' && rm -rf out",
        "alias b='cd build'; b && rm -rf out",
    ],
)
def test_code_the_lines_own_shell_runs_moves_it(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "cd build && rm -rf out",
        "cd build && rm -rf src",
        "(cd build && rm -rf out)",
        "(cd build && rm -rf src)",
        "mkdir -p build && cd build && cmake .. && make",
        'cd "$(git rev-parse --show-toplevel)" && rm -rf build',
        "pushd build && rm -rf out && popd",
        "pushd build >/dev/null && rm -rf src && popd",
        "cd build; rm -rf out",
        "cd build && make clean; cd ..",
        "cd build || exit 1; rm -rf src",
        "if cd build; then rm -rf out; fi",
        "cd build && rm -rf out && cd .. && rm -rf dist",
        "bash -c 'cd build && rm -rf src'",
        "(cd build; rm -rf out) && ls",
    ],
)
def test_a_cd_the_guard_is_sure_of_keeps_its_reading(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


def test_a_cd_up_after_a_cd_that_may_have_failed_may_leave_the_project() -> None:
    """If ``cd frontend`` failed, ``cd ..`` leaves the project and ``build`` is its neighbour's."""
    for mode in MODES:
        verdict = check("cd frontend && npm ci; cd ..; rm -rf build", **mode)
        assert verdict.blocked and verdict.rule == "rm-escape", mode
        assert not check("cd frontend && npm ci && cd .. && rm -rf build", **mode).blocked


@pytest.mark.parametrize(
    "command",
    [
        "enable -n cd; cd build && rm -rf src",
        "enable -n pushd; pushd build && rm -rf src",
        "enable -n cd popd; cd build && rm -rf src",
        "enable -n cd; builtin cd build && rm -rf src",
        "enable -n cd; command cd build && rm -rf src",
    ],
)
def test_a_builtin_turned_off_runs_a_program_that_does_not_move_the_shell(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "rm-recursive-outside-temp", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "enable -n cd; cd build && rm -rf out",
        "(enable -n cd); cd build && rm -rf src",
        "builtin cd build && rm -rf src",
        "command cd build && rm -rf src",
        "f() { builtin cd build; }; f && rm -rf out",
        "time cd build && rm -rf src",
    ],
)
def test_the_builtin_cd_still_moves_the_shell(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "set -e; cd frontend; npm ci; cd ..; rm -rf build",
        "set -e; cd build; rm -rf src",
        "set -o errexit; cd build; rm -rf src",
        "set -eu; cd build\nrm -rf src",
        "set -euo pipefail; cd build; rm -rf src",
        "set -e; (cd build; rm -rf src)",
        "set -e; f() { cd build; rm -rf src; }; f",
        "bash -e -c 'cd build; rm -rf src'",
        "bash -ec 'cd build; rm -rf src'",
        "printf '#!/bin/bash -e\\ncd build; rm -rf src\\n' > b.sh; chmod +x b.sh; ./b.sh",
    ],
)
def test_under_errexit_a_failed_cd_ends_the_shell(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "set -e; set +e; cd build; rm -rf src",
        "set -e; set +o errexit; cd build; rm -rf src",
        "set -e; cd build || true; rm -rf src",
        "set -e; cd build && true; rm -rf src",
        "set -e; cd build && cd dist; rm -rf src",
        "set -e; ! cd build; rm -rf src",
        "set -e; if cd build; then :; fi; rm -rf src",
        "set -e; while cd build; do break; done; rm -rf src",
        "set -e; { cd build; rm -rf src; } || true",
        "set -e; f() { cd build; rm -rf src; }; f || true",
        "set -e; f() { cd build; rm -rf src; }; if f; then :; fi",
        "set -e; x=$(cd build; rm -rf src)",
        "set -e; bash -c 'cd build; rm -rf src'",
        "(set -e); cd build; rm -rf src",
        "set $X; cd build; rm -rf src",
        "printf '#!/bin/bash -e\\ncd build; rm -rf src\\n' > b.sh; bash b.sh",
    ],
)
def test_errexit_is_off_ignored_or_not_inherited_there(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "rm-recursive-outside-temp", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "if cd build; then rm -rf src; fi",
        "if cd build && cd dist; then rm -rf src; fi",
        "if true; then :; elif cd build; then rm -rf src; fi",
        "if cd build; then rm -rf src; else echo no build; fi",
        "if cd build; then cd dist && rm -rf src; fi",
    ],
)
def test_an_if_whose_condition_is_a_cd_runs_its_then_branch_where_the_cd_went(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "if cd build; then :; else rm -rf src; fi",
        "if cd build; then :; fi; rm -rf src",
        "if cd build; then :; elif true; then rm -rf src; fi",
        "if cd build; true; then rm -rf src; fi",
        "if cd build || true; then rm -rf src; fi",
        "if ! cd build; then rm -rf src; fi",
        "if true; then cd build; fi; rm -rf src",
        "if cd build; then cd ..; fi; rm -rf ../src",
    ],
)
def test_the_other_branches_and_what_follows_see_where_the_cd_failed(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode)
