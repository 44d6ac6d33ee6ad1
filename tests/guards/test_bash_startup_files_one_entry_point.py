"""Start-up files brought or written unseen, then loaded: one entry point for ``.envrc`` too
(issue 30, round 19, ``left19``; round 18's merge kept two: ``bash_sources.STARTUP_READERS``
from ``left18`` and ``bash_startup.trusted_brought`` from ``redteam18``, overlapping on ``cp
/tmp/x .envrc && direnv allow``).

``direnv`` reads ``.envrc`` through :data:`~ondas.guards.bash_sources.STARTUP_READERS` alone:
in its working directory, in a directory it is given, and now the file itself when an
argument names it (``direnv allow sub/.envrc``, ``trusted_brought``'s form). What both entry
points judged keeps its verdict; a ``.envrc`` written with unseen text and named so
(``cat /tmp/x > sub/.envrc && direnv allow sub/.envrc``), which only the file-naming form had
missed, is undecidable unattended as the directory form was. The ``.pth`` and
``sitecustomize`` files stay judged at two moments by the one judgement (``brought_code``):
by a Python program on the line that loads them, and at the end of the line (every later
start loads them).
"""

from __future__ import annotations

import pytest

from ondas.guards import bash_startup
from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

BROUGHT = [
    "cp /tmp/x .envrc && direnv allow",
    "cp /tmp/x .envrc && direnv allow .",
    "mkdir -p sub && cp /tmp/x sub/.envrc && direnv allow sub",
    "mkdir -p sub && cp /tmp/x sub/.envrc && direnv allow sub/.envrc",
    "cp /tmp/x sub/.envrc && direnv exec sub/.envrc true",
    "cp /tmp/x pytest.ini && pytest -q",
    "mkdir -p cfg && cp /tmp/x cfg/pytest.ini && pytest -c cfg/pytest.ini",
    "cp /tmp/x .npmrc && npm test",
    "mkdir -p .cargo && cp /tmp/x .cargo/config.toml && cargo build",
    "cp /tmp/x .venv/lib/python3.11/site-packages/x.pth && python -c pass",
    "cp /tmp/x .venv/lib/python3.11/site-packages/x.pth && ls",
    "cp /tmp/x .venv/lib/python3.11/site-packages/sitecustomize.py",
]
"""A start-up file brought from outside the project, every entry point's forms."""


@pytest.mark.parametrize("command", BROUGHT)
def test_a_brought_startup_file_is_judged_as_running_it_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule == "unknown-program", (command, verdict)
    for mode in ({}, {"sandboxed": True}):
        assert check(command, **mode).allowed, (command, mode)


UNSEEN = [
    "cat /tmp/x > .envrc && direnv allow",
    "mkdir -p sub && cat /tmp/x > sub/.envrc && direnv allow sub/.envrc",
    "cat /tmp/x > pytest.ini && pytest",
]


@pytest.mark.parametrize("command", UNSEEN)
def test_a_startup_file_written_unseen_is_undecidable_unattended(command: str) -> None:
    assert check(command, unattended=True).rule == "undecidable-payload", command


PASSES = [
    "direnv allow",
    "direnv allow sub/.envrc",
    "cp .envrc.example sub/.envrc && direnv allow sub/.envrc",
    "echo 'export A=1' > .envrc && direnv allow",
    "cp /tmp/x notes.txt && direnv allow",
]


@pytest.mark.parametrize("command", PASSES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_projects_own_and_readable_envrc_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_readable_text_keeps_its_own_judgement(flags: dict[str, bool]) -> None:
    assert check("echo 'rm -rf ~' > .envrc && direnv allow", **flags).blocked
    assert check("direnv allow /tmp/x", **flags).rule == "system-change"


def test_one_entry_point() -> None:
    assert not hasattr(bash_startup, "trusted_brought")
