"""Unattended, a program that runs the recipes of the directory it works in (a makefile,
``package.json``'s scripts, ``build.rs``, ``conftest.py``) run where the line moved into a temp
area runs code anyone may have written there, as ``make -C /tmp/w`` does: an unknown program,
unless the line copied the project there. Attended and sandboxed these pass as before.

Every command is data handed to the guard as a Python string; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

IN_A_TEMP_AREA = [
    "cd /tmp/w && make",
    "cd /tmp/w && make test",
    "cd /var/tmp/build && ninja",
    "cd /tmp/w && just",
    "cd /tmp/w && npm test",
    "cd /tmp/w && npm run build",
    "cd /tmp/w && npm install",
    "cd /tmp/w && pnpm run dev",
    "cd /tmp/w && cargo run",
    "cd /tmp/w && cargo test",
    "cd /tmp/w && go run .",
    "cd /tmp/w && go generate ./...",
    "cd /tmp/w && pytest",
    "cd /tmp/w && tox -e py312",
    "cd /dev/shm/x && rake",
    "cd /tmp/w && gradle build",
    "cd /tmp/w && mvn package",
    "cd /tmp/w && dotnet run",
    "npm --prefix /tmp/w run build",
    "pnpm -C /tmp/w test",
    "yarn --cwd /tmp/w build",
]

NOT_RECIPES = [
    "cd /tmp/w && make --version",
    "cd /tmp/w && cargo fmt",
    "cd /tmp/w && go version",
    "cd /tmp/w && npm --version",
    "cd /tmp/w && ls",
    "cp -r . /tmp/w && cd /tmp/w && make",
    "make",
    "cd build && make",
    "make -C build",
    "cd dist && npm test",
]


@pytest.mark.parametrize("command", IN_A_TEMP_AREA)
def test_recipes_run_in_a_temp_area_are_unknown_code_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule == "unknown-program", (command, verdict.rule, verdict.reason)
    assert "/tmp" in verdict.reason or "/dev/shm" in verdict.reason


@pytest.mark.parametrize("command", IN_A_TEMP_AREA)
def test_recipes_run_in_a_temp_area_pass_with_a_person_or_the_sandbox(command: str) -> None:
    assert check(command).allowed, command
    assert check(command, sandboxed=True).allowed, command


@pytest.mark.parametrize("command", NOT_RECIPES)
def test_the_projects_recipes_a_copy_of_them_and_usage_queries_pass_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)
