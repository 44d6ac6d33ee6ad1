"""Round 22 (left22): programs that compile another language to JavaScript and run it on node
(CoffeeScript's ``coffee``, LiveScript's ``lsc``, ``babel-node``, ``sucrase-node``, ``esno``,
``vite-node``, ``jiti``) are interpreters of node's family (``bash_base.NODE_RUNNERS``): their
``-e`` code is judged as ``node -e``'s is, their scripts as node's."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

RUNNERS = ["coffee", "lsc", "babel-node", "sucrase-node", "esno", "vite-node", "jiti", "tsx"]


@pytest.mark.parametrize("runner", RUNNERS)
@pytest.mark.parametrize("flags", MODES)
def test_a_node_runners_code_is_judged_as_nodes(runner: str, flags: dict[str, bool]) -> None:
    command = f'{runner} -e \'require("child_process").execSync("rm -rf ~")\''
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    assert verdict.rule == check(command.replace(runner, "node", 1), **flags).rule


@pytest.mark.parametrize(
    "command",
    ["coffee /tmp/x.coffee", "lsc /tmp/x.ls", "babel-node /tmp/x.js", "jiti /tmp/x.ts"],
)
def test_a_node_runners_script_from_a_temp_area_is_refused_unattended(command: str) -> None:
    assert check(command, unattended=True).blocked, command


@pytest.mark.parametrize("command", ["coffee -e 'console.log 1'", "coffee script.coffee"])
def test_coffee_running_code_is_judged_as_node_attended_and_unknown_unattended(
    command: str,
) -> None:
    assert check(command).allowed, command
    assert check(command, sandboxed=True).allowed, command
    # round 21's policy, unchanged: coffee told to do more than compile is unknown unattended,
    # save what unknown_program lets through (``-e`` code it prints)
    base = "coffee script.coffee"
    assert check(base, unattended=True).rule == "unknown-program"


@pytest.mark.parametrize("command", ["coffee -c -j ~/.bashrc src", "coffee -c -o ~/.config lib"])
def test_a_node_runners_output_outside_the_project_is_refused(command: str) -> None:
    assert check(command).rule == "write-outside-project"


@pytest.mark.parametrize(
    "command",
    [
        "coffee -c src/app.coffee",
        "coffee --compile --output lib src",
        "coffee -co lib src",
        "babel-node src/index.js",
        "vite-node src/index.ts",
        "lsc -c src/app.ls",
    ],
)
@pytest.mark.parametrize("flags", MODES)
def test_a_node_runner_on_the_projects_code_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
