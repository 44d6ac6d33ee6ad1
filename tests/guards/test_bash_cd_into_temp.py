"""A relative path after a ``cd`` the guard is sure of, into a temp directory (round 15).

``cd /tmp && rm -rf NAME`` deletes ``/tmp/NAME``: scratch, as ``rm -rf /tmp/NAME`` is. The guard
reads it so only when the ``cd`` cannot have failed or been undone before the path is used:
``/tmp`` or ``/var/tmp`` (every machine has them), run by the line's own shell whatever came
before. Where it may not have run (a subshell, a child shell, a background job, a branch, a
function, the right of ``||``), may have failed (a directory that may not exist) or where the
path climbs out (``..``), a relative path leaving the project stays an escape. Every case here
is data handed to the guard; none is ever run; none is copied from a peer's tests.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

ATTENDED, SANDBOXED, UNATTENDED = MODES


@pytest.mark.parametrize(
    "command",
    [
        "cd /tmp && rm -rf checkout-7 && git clone https://github.com/o/r.git checkout-7",
        "cd /tmp; rm -rf ./bench-run",
        "cd /var/tmp && rm -rf cache/old",
        "cd /tmp\nrm -f report.html",
        "cd /tmp/ && rm -rf wheelhouse",
    ],
)
def test_a_relative_path_after_a_sure_cd_into_a_temp_directory_is_scratch(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "(cd /tmp) && rm -rf src",
        "bash -c 'cd /tmp'; rm -rf src",
        "echo $(cd /tmp && pwd); rm -rf src",
        "cd /tmp | cat; rm -rf src",
        "cd /tmp & rm -rf src",
        "cd /tmp && true & rm -rf src",
        "true || cd /tmp; rm -rf src",
        "test -d /x && cd /tmp; rm -rf src",
        "if [ -d /opt/x ]; then cd /tmp; fi; rm -rf src",
        "go() { cd /tmp; }; rm -rf src",
        "cd /tmp 2>/dev/null; rm -rf src",
        "cd /private/tmp; rm -rf src",
        "cd /tmp/work; rm -rf src",
        "cd /tmp && cd build; rm -rf src",
        "cd /tmp && rm -rf ../srv",
        "cd /tmp && rm -rf a/../../srv/app",
    ],
)
def test_a_cd_that_may_not_have_run_or_a_path_that_climbs_stays_an_escape(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode, verdict)


def test_the_temp_directory_wholesale_is_still_refused() -> None:
    for mode in (ATTENDED, UNATTENDED):
        verdict = check("cd /tmp && rm -rf *", **mode)
        assert verdict.blocked and verdict.rule == "rm-outside-project", (mode, verdict)


@pytest.mark.parametrize(
    ("project", "command"),
    [
        ("/tmp/proj", "cd /tmp && rm -rf proj"),
        ("/tmp/team/proj", "cd /tmp && rm -rf team"),
        ("/tmp/team/proj", "cd /tmp && rm -rf team/other"),
    ],
)
def test_a_project_in_the_temp_directory_and_its_neighbours_stay_refused(
    project: str, command: str
) -> None:
    for mode in MODES:
        verdict = check(command, project=project, cwd=project, **mode)
        assert verdict.blocked, (project, command, mode, verdict)
