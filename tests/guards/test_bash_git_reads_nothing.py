"""Round 24 (tune24a): two ways git runs nothing a line chose.

- git's options ``--html-path``, ``--man-path``, ``--info-path`` and ``--exec-path`` (without
  a value) print a directory and exit as git reads them, before any later option or the
  sub-command (``handle_options``): ``git --html-path push -uf`` and ``git --info-path clean
  -df`` print a path. They were refused as the push and the clean they never run. An option
  before them is still judged (``git -c core.pager=CMD --html-path``), and ``--exec-path=DIR``
  still re-points git's programs.
- ``GIT_CONFIG_GLOBAL`` and ``GIT_CONFIG_SYSTEM`` set to ``/dev/null`` or to nothing make git
  read no file for that level (an empty name is no file; ``/dev/null`` holds nothing), and
  ``GIT_CONFIG_NOSYSTEM`` only skips the system's file: git reads less configuration, none the
  line chose (a test suite's isolation). They were refused as ``env-injection`` with every
  other value; a file (``/tmp/g``, ``/dev/stdin``, ``$CFG``) still is.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    "command",
    [
        "git --html-path push -uf",
        "git --man-path push --force origin main",
        "git --info-path clean -df",
        "git --exec-path reset --hard",
        "git -C /tmp/r --html-path push -f",
        "GIT_CONFIG_GLOBAL=/dev/null git status",
        "GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_SYSTEM=/dev/null git log -p",
        "GIT_CONFIG_GLOBAL= git status",
        "GIT_CONFIG_SYSTEM= git diff",
        "GIT_CONFIG_NOSYSTEM=1 git commit -m wip",
        "export GIT_CONFIG_GLOBAL=/dev/null; git diff",
        "env GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=true git status",
    ],
)
def test_git_running_nothing_the_line_chose_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("git --no-pager push -f", "git-push"),
        ("git push -f --html-path", "git-push"),
        ("git -c core.pager='rm -rf ~' --html-path", "git-config-tamper"),
        ("GIT_CONFIG_GLOBAL=/dev/null git push -f", "git-push"),
        ("GIT_CONFIG_GLOBAL=/tmp/g git status", "env-injection"),
        ("GIT_CONFIG_GLOBAL=/dev/null/../../tmp/g git status", "env-injection"),
        ("GIT_CONFIG_GLOBAL=/dev/stdin git status", "env-injection"),
        ("GIT_CONFIG_SYSTEM=~/.evil git status", "env-injection"),
        ('GIT_CONFIG_GLOBAL="$CFG" git status', "env-injection"),
    ],
)
def test_what_git_still_runs_or_reads_is_judged(command: str, rule: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == rule, (command, mode, verdict.rule)


def test_an_exec_path_given_a_directory_is_still_refused() -> None:
    assert check("git --exec-path=/tmp/x status").rule == "git-config-tamper"
