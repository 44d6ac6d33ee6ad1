"""Configuration and lock-file patterns deleted over the whole tree (issue 30, round 21,
``left21``; round 20 left ``find . -name '*.yaml' -delete`` and ``rm **/*.lock`` passing).

A pattern over the project's tree that can match a configuration or lock file (``*.yaml``,
``*.yml``, ``*.toml``, ``*.lock``, ``*.ini``, ``*.cfg``, ``*.conf``, ``*.properties``) deletes
the project's settings, workflows, manifests and pinned dependencies in every directory, as
``**/*.py`` deletes its sources: ``find`` is judged as a recursive deletion of its root
(``rm-recursive-outside-temp``), ``rm **/PATTERN`` as many files (``rm-many-files``), as
secrets and databases are since ``left20``. A literal name across the tree (``**/config.json``)
is the same kind. One directory's glob, a build or temp area's search, ``-maxdepth 1`` and
scratch patterns pass.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

FOUND = [
    "find . -name '*.yaml' -delete",
    "find . -name '*.yml' -delete",
    "find . -name '*.lock' -delete",
    "find . -iname '*.LOCK' -delete",
    "find . -type f -name '*.ini' -exec rm -f {} +",
    "find . -name '*.cfg' -print0 | xargs -0 rm -f",
    "find src -name '*.properties' -delete",
]


@pytest.mark.parametrize("command", FOUND)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_search_deleting_configuration_over_the_tree_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "rm-recursive-outside-temp", (command, flags, verdict)


GLOBBED = ["rm **/*.lock", "rm -f **/*.yaml", "rm **/*.toml", "rm **/config.json", "rm **/*.conf"]


@pytest.mark.parametrize("command", GLOBBED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_globstar_of_configuration_over_the_tree_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "rm-many-files", (command, flags, verdict)


TWINS = [
    "find build -name '*.yaml' -delete",
    "find /tmp/x -name '*.lock' -delete",
    "find . -maxdepth 1 -name '*.lock' -delete",
    "find . -name '*.pyc' -delete",
    "find . -name '*.log' -delete",
    "find . -name '*.txt' -delete",
    "rm *.lock",
    "rm -f *.yaml",
    "rm -rf **/node_modules",
    "rm -rf **/__pycache__",
    "rm **/*.pyc",
]


@pytest.mark.parametrize("command", TWINS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_one_directory_a_scratch_area_or_scratch_patterns_pass(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
