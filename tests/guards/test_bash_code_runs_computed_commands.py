"""Interpreter code that runs a command it computes: ``subprocess`` calls under another name
with ``shell=True`` and node's ``spawn``/``execFile`` are shell calls like ``os.system``
(undecidable unattended when their argument is computed), and code that runs its own
command-line arguments has each argument after the code judged as a command line, in every
mode.

Every command is data handed to the guard as a Python string; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

IDS = ["attended", "sandboxed", "unattended"]

COMPUTED_CALLS = [
    "python3 -c 'import subprocess as s; c=input(); s.run(c, shell=True)'",
    "python3 -c 'import subprocess; subprocess.run(input(), shell=True)'",
    "python3 -c 'import subprocess; subprocess.Popen(open(\"cmd.txt\").read(), shell=True)'",
    "python3 -c 'import subprocess as sp; sp.check_output(input().split())'",
    "node -e 'require(\"child_process\").spawnSync(process.env.CMD, {shell: true})'",
    "node -e 'const cp = require(\"child_process\"); cp.exec(process.env.CMD)'",
]

LITERAL_CALLS = [
    'python3 -c \'import subprocess; subprocess.run(["ls", "-la"])\'',
    "python3 -c 'import subprocess as s; s.run(\"make test\", shell=True)'",
    "python3 -c 'import asyncio; asyncio.run(main())'",
    "python3 -c 'import unittest; unittest.main(module=None).run(suite)'",
    'node -e \'require("child_process").spawnSync("npm", ["test"])\'',
    "python3 -c 'import sys; print(sys.argv[1])' 'rm -rf ~'",
    "node -e 'console.log(process.argv.slice(2))' 'rm -rf ~'",
]

ARGUMENTS_RUN = [
    ("python3 -c 'import os, sys; os.system(sys.argv[1])' 'rm -rf ~'", "rm-home"),
    (
        "python3 -c 'import subprocess, sys; subprocess.run(sys.argv[1], shell=True)' 'rm -rf /'",
        "rm-root",
    ),
    ("node -e 'require(\"child_process\").execSync(process.argv[1])' 'rm -rf ~'", "rm-home"),
    ("ruby -e 'system(ARGV[0])' 'rm -rf ~'", "rm-home"),
    ("perl -e 'system($ARGV[0])' 'rm -rf ~'", "rm-home"),
]


@pytest.mark.parametrize("command", COMPUTED_CALLS)
def test_a_shell_call_of_a_computed_command_is_undecidable_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule == "undecidable-payload", (command, verdict.rule)


@pytest.mark.parametrize("command", LITERAL_CALLS)
@pytest.mark.parametrize("flags", MODES, ids=IDS)
def test_literal_calls_and_code_that_only_prints_its_arguments_pass(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(("command", "rule"), ARGUMENTS_RUN)
def test_arguments_handed_to_code_that_runs_them_are_judged_as_commands(
    command: str, rule: str
) -> None:
    assert check(command).rule == rule
    assert check(command, sandboxed=True).rule == rule
    assert check(command, unattended=True).blocked


@pytest.mark.parametrize("flags", MODES[:2], ids=IDS[:2])
def test_a_harmless_argument_handed_to_code_that_runs_it_passes(flags: dict[str, bool]) -> None:
    verdict = check("python3 -c 'import os, sys; os.system(sys.argv[1])' 'make test'", **flags)
    assert verdict.allowed, verdict.reason
