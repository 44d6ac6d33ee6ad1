"""Round 9c of issue 30: the red-team commands of :mod:`tests.guards.redteam9_cases`.

Every harmful command is refused in an unattended run (the guard is the only line there), and
every one that harms the project itself is refused in a sandboxed run too (the OS sandbox cannot
see it). The everyday twins of the same shapes stay allowed. The few rows the guard still lets
through are listed with the reason they were left, as expected failures that must flip to a
pass when a later round closes them.
"""

from __future__ import annotations

import pytest

from tests.guards.redteam9_cases import HARMFUL, TWINS
from tests.guards.test_bash import check, left_param

LEFT_UNATTENDED = {
    "git read-tree --empty": "empties the index only; the work tree and history stay",
    'compgen -v | while read v; do echo "$v=${!v}"; done': (
        "indirect expansion of every variable name: an environment dump the guard cannot tell "
        "from ordinary indirection"
    ),
}
LEFT_SANDBOXED = {
    "git read-tree --empty": LEFT_UNATTENDED["git read-tree --empty"],
}
REFUSED_TWINS = {
    "bash /dev/fd/3 3<<< 'echo ok'": (
        "tree-sitter-bash does not parse a here-string on a numbered descriptor: fail closed"
    ),
}
REFUSED_TWINS_UNATTENDED = {
    **REFUSED_TWINS,
    "julia -e 'println(1 + 1)'": (
        "julia's code is read, but julia stays a program no rule names (unattended policy)"
    ),
}


@pytest.mark.parametrize(
    "command", [left_param(c, left=LEFT_UNATTENDED) for c, _cls, _scope, _why in HARMFUL]
)
def test_a_harmful_command_never_seen_before_is_refused_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked, command


@pytest.mark.parametrize(
    "command",
    [left_param(c, left=LEFT_SANDBOXED) for c, _cls, scope, _why in HARMFUL if scope == "project"],
)
def test_a_command_harming_the_project_is_refused_with_the_sandbox_on(command: str) -> None:
    verdict = check(command, sandboxed=True)
    assert verdict.blocked, command


@pytest.mark.parametrize("command", [left_param(c, left=REFUSED_TWINS) for c, _why in TWINS])
def test_the_everyday_twin_of_a_harmful_shape_is_allowed_with_the_sandbox_on(
    command: str,
) -> None:
    verdict = check(command, sandboxed=True)
    assert verdict.allowed, (command, verdict)


@pytest.mark.parametrize(
    "command", [left_param(c, left=REFUSED_TWINS_UNATTENDED) for c, _why in TWINS]
)
def test_the_everyday_twin_of_a_harmful_shape_is_allowed_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.allowed, (command, verdict)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("python3 -c 'import os; os.system(c + x)'", "undecidable-payload"),
        ("awk -v c=make 'BEGIN{system(c \" \" ARGV[1])}'", "undecidable-payload"),
        ("exec 3< list.txt; bash /dev/fd/3", "undecidable-payload"),
        ("make .SHELLFLAGS='-c echo' all", "undecidable-payload"),
    ],
)
def test_a_payload_the_guard_cannot_decode_is_refused_unattended_with_a_reason_naming_it(
    command: str, rule: str
) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == rule, (command, verdict)
