"""find's expression is read as find reads it: which entries its actions reach.

Every command here is data handed to the guard or to the expression reader; none is run.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_base import temp_pattern
from ondas.guards.find_expression import Expression
from tests.guards.test_bash import MODES, check


def parsed(*args: str) -> Expression:
    expression = Expression.parse(args)
    assert expression is not None, args
    return expression


@pytest.mark.parametrize(
    ("args", "reaches"),
    [
        (("-name", "__pycache__"), False),
        (("(", "-name", "*.pyc", "-o", "-name", "*.pyo", ")", "-delete"), False),
        (("-name", "node_modules", "-prune", "-o", "-name", "*.pyc", "-delete"), False),
        (("-type", "d", "-name", "__pycache__", "-exec", "rm", "-rf", "{}", "+"), False),
        (("!", "-name", "__pycache__", "-exec", "rm", "-rf", "{}", "+"), True),
        (("-not", "-name", "*.pyc", "-delete"), True),
        (("-name", "__pycache__", "-o", "-path", "./src", "-delete"), True),
        (("-name", "*.pyc", "-o", "-type", "f", "-delete"), True),
        (("-name", "__pycache__", "-o", "-regex", ".*", "-delete"), True),
        (("-name", "*.pyc", "-delete", ",", "-delete"), True),
        (("-name", "*.pyc", "-print", "-o", "-print0"), True),
        (("-type", "l", "-delete"), True),
    ],
)
def test_an_expression_reaches_an_ordinary_file_only_past_a_test_that_lets_it(
    args: tuple[str, ...], reaches: bool
) -> None:
    assert parsed(".", *args).acts_on_ordinary(temp_pattern) is reaches


def test_a_directory_certainly_pruned_keeps_find_out_of_it() -> None:
    pruned = parsed(".", "-path", "./.git", "-prune", "-o", "-type", "f", "-print")
    assert not pruned.acts_on(".", "./.git/config")
    assert pruned.acts_on(".", "./.claude/settings.json")
    maybe = parsed(".", "-path", "./.git", "-type", "d", "-prune", "-o", "-print")
    assert not maybe.acts_on(".", "./.git/config")  # a directory is a directory
    unknown = parsed(".", "-path", "./.git", "-mtime", "+1", "-prune", "-o", "-print")
    assert unknown.acts_on(".", "./.git/config")
    depth = parsed(".", "-path", "./.git", "-prune", "-o", "-delete")
    assert depth.acts_on(".", "./.git/config")  # -delete implies -depth: -prune does nothing


@pytest.mark.parametrize(
    "args",
    [
        (".", "-name"),
        (".", "(", "-name", "x"),
        (".", "-exec", "rm", "{}"),
        (".", "-name", "x", "stray"),
    ],
)
def test_a_malformed_expression_is_not_read(args: tuple[str, ...]) -> None:
    assert Expression.parse(args) is None


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "find . ! -name __pycache__ -exec rm -rf {} +",
        "find . -not -name '*.pyc' -delete",
        "find . -name __pycache__ -o -path ./src -exec rm -rf {} +",
        "find . -name __pycache__ -o -path ./src -delete",
        "find . -name __pycache__ -o -regex '.*src' -exec rm -rf {} +",
        "find . -name '*.pyc' -o -type f -delete",
        "find . -name foo -o -path './.git/*' -exec rm {} +",
        "find . ! -name foo -exec rm -f {} +",
        "find . -path ./.git -prune -o -type f -exec sed -i s/a/b/ {} +",
        "find . ! -name __pycache__ | xargs rm -rf",
        "find . -path '*/__pycache__/*' -o -path './src/*' -delete",
        "find . -path '*' -delete",
    ],
)
def test_a_negation_or_an_alternative_past_a_scratch_name_reaches_the_projects_work(
    command: str, mode: dict[str, bool]
) -> None:
    """Before, a ``-name`` of scratch files anywhere in the expression made the whole search
    count as scratch, and a negated or alternative test was not followed."""
    verdict = check(command, **mode)
    assert verdict.blocked, (command, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "find . -name __pycache__ | xargs rm -rf",
        "find . -name '*.egg-info' | xargs rm -rf",
        "find . -name __pycache__ -exec rm -rf {} +",
        "find . \\( -name '*.pyc' -o -name '*.pyo' \\) -delete",
        "find . -name node_modules -prune -o -name '*.pyc' -delete",
        "find . -type d -name __pycache__ -prune -exec rm -rf {} \\;",
        "find . -path ./.git -prune -o -name '*.orig' -print | xargs rm -f",
        "find . -path '*/__pycache__/*' -delete",
        "find . -type d -path '*/node_modules' -prune -exec rm -rf {} +",
    ],
)
def test_scratch_files_a_search_names_are_deleted_however_listed(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, verdict)
