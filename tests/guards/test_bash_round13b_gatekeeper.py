"""Classes of round 13b of issue 30 (gatekeeper tuned on), each with its own examples.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peer's test module.
"""

from __future__ import annotations

import pytest

from ondas.guards.verdict import category_of
from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "find / -type f -name '*.sh' -exec bash {} \\;",
        "find / -name 'setup*.py' -exec python3 {} +",
        "find ~ -name '*.rb' -execdir ruby {} \\;",
        "find /* -perm -u+x -type f -exec {} \\;",
        "find $HOME -name '*.js' -exec node {} \\;",
        "find / -name '*.sh' -ok sh -x {} \\;",
    ],
)
def test_a_shell_run_on_each_file_a_search_of_the_machine_or_home_finds_is_refused(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "dynamic-command", (command, mode, verdict)
        assert category_of(verdict.rule) == "unknown"


@pytest.mark.parametrize(
    "command",
    [
        "find . -name '*.sh' -exec shellcheck {} +",
        "find scripts -name 'check_*.sh' -exec bash {} \\;",
        "find . -name '*.py' -exec python3 -m py_compile {} +",
        "find / -name '*.conf' -exec cat {} \\;",
        "find ~ -name '*.sh' -exec wc -l {} +",
        "find / -name 'node' -type f -exec ls -l {} \\;",
        "find / -name '*.sh' -exec sh -c 'echo \"$1\"' _ {} \\;",
    ],
)
def test_checking_found_scripts_or_running_the_projects_own_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize("command", ["sh /*.sh", "bash /*/setup.sh", "python3 /*.py"])
def test_unattended_a_script_named_by_a_pattern_of_the_roots_entries_is_unseen(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and category_of(verdict.rule or "") == "unknown", verdict
    for mode in MODES[:2]:
        assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "node -p process.env",
        "node --print 'process.env'",
        "node -p '({...process.env})'",
        "node -p 'Object.entries(process.env)'",
        "bun --print process.env",
        "julia -E ENV",
    ],
)
def test_unattended_an_expression_printed_as_its_value_that_is_the_environment_is_refused(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "environment-dump", verdict
    assert category_of(verdict.rule) == "dangerous"
    for mode in MODES[:2]:
        assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "node -p process.env.NODE_ENV",
        "node -p 'process.env.HOME'",
        "node -p 'process.versions'",
        "node -e 'const env = process.env; console.log(env.PORT)'",
        "node -p 'require(\"./package.json\").version'",
        "node -p process.platform",
    ],
)
def test_one_variable_or_other_values_printed_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)
