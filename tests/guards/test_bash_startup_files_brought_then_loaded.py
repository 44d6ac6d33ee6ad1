"""A start-up or settings file written with text the guard cannot read, then loaded by a later
program of the line (issue 30, round 18, ``left18``; round 17's ``copied17`` left it).

pytest follows ``addopts`` and ``-p`` plugins from ``pytest.ini``/``tox.ini``/``setup.cfg``/
``pyproject.toml``; pip and tox build with the backend ``pyproject.toml`` names; npm runs
``script-shell`` and ``node-options`` from ``.npmrc``, yarn the ``yarnPath`` of ``.yarnrc.yml``,
bun the ``preload`` of ``bunfig.toml``; cargo its config's ``runner``; gradle and maven a JVM's
agents and their wrapper's download; bazel ``--run_under``; every Python program the ``.pth``
files of its ``site-packages``; ``direnv allow`` approves ``.envrc`` for the person's next
shell. The judgement is copied17's for build files (one function, ``bash_sources.
unread_file``): brought from a named file outside the project, as running that file directly
(round 12: ``unknown-program`` unattended, left to the person or the OS sandbox otherwise);
written unseen (``cat /tmp/x > setup.cfg``), ``undecidable-payload`` unattended. With text the
guard reads, the file is checked at the end of the line as before (``planted_startup_files``).
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

BROUGHT_THEN_LOADED = [
    "cp /tmp/x setup.cfg && pytest",
    "cp /tmp/x pytest.ini && pytest -q",
    "mv /tmp/p.ini .pytest.ini && py.test",
    "cp /tmp/x tox.ini && pytest tests",
    "cp /tmp/x pyproject.toml && pytest",
    "cp /tmp/x pyproject.toml && pip install .",
    "install -m644 /tmp/x setup.cfg && tox",
    "cp /tmp/x venv/lib/python3.11/site-packages/x.pth && python",
    "cp /tmp/x .venv/lib/python3.12/site-packages/zz.pth && pytest",
    "ln -sf /tmp/x .venv/lib/python3.12/site-packages/sitecustomize.py && python3 app.py",
    "cp /tmp/evil .envrc && direnv allow",
    "cp /tmp/evil .envrc && direnv exec . make",
    "cp /tmp/evil sub/.envrc && direnv allow sub",
    "cp /tmp/evil .npmrc && npm install",
    "cp /tmp/evil .npmrc && pnpm test",
    "cp /tmp/evil .yarnrc.yml && yarn",
    "cp /tmp/evil bunfig.toml && bun test",
    "cp /tmp/evil .cargo/config.toml && cargo build",
    "cp /tmp/evil gradle.properties && ./gradlew build",
    "cp /tmp/evil .mvn/jvm.config && mvn package",
    "cp /tmp/evil .bazelrc && bazel test //...",
    "tar xf /tmp/cfg.tar && pytest",
]


@pytest.mark.parametrize("command", BROUGHT_THEN_LOADED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_settings_file_brought_from_outside_then_loaded_is_judged_as_running_it(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    if flags.get("unattended"):
        assert verdict.rule == "unknown-program", (command, verdict)
    else:
        assert verdict.allowed, (command, flags, verdict)
    # the same judgement as a build file brought then run (copied17)
    assert check("cp /tmp/evil Makefile; make", **flags).blocked == verdict.blocked


UNSEEN_THEN_LOADED = [
    "cat /tmp/x > setup.cfg && pytest",
    "cat /tmp/x > .venv/lib/python3.11/site-packages/x.pth && python",
    'printf "%s" "$CFG" > pytest.ini && pytest',
    "base64 -d cfg.b64 > .npmrc && npm ci",
]


@pytest.mark.parametrize("command", UNSEEN_THEN_LOADED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_settings_file_written_unseen_then_loaded_is_undecidable_unattended(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    if flags.get("unattended"):
        assert verdict.rule == "undecidable-payload", (command, verdict)
    else:
        assert verdict.allowed, (command, flags, verdict)


EVERYDAY_TWINS = [
    "cp setup.cfg.example setup.cfg && pytest",
    "cp /tmp/notes setup.cfg.bak && pytest",
    "cp /tmp/x .envrc && cat .envrc",
    "cp /tmp/x .npmrc",
    "cp /tmp/evil .npmrc && git status",
    'echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci',
    "printf '[pytest]\\naddopts = -q\\n' > pytest.ini && pytest",
    "echo 'use flake' > .envrc && direnv allow",
    "cp pyproject.toml /tmp/p.toml && pytest",
    "cp config/pytest.ci.ini pytest.ini && pytest",
    "cp ../shared/.npmrc .npmrc && npm ci",
    # not ``cp /tmp/x .venv/.../x.pth && ls``: a .pth brought from outside is refused unattended
    # when copied, since every later Python start runs it (redteam18; the lead kept it)
    "cp /tmp/x .venv/lib/python3.11/site-packages/mod.py && python app.py",
    "pip install -e . && pytest",
]


@pytest.mark.parametrize("command", EVERYDAY_TWINS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_projects_own_settings_readable_text_and_files_nothing_loads_pass(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_readable_settings_keep_their_own_judgement(flags: dict[str, bool]) -> None:
    """Known text is read as before: ``addopts`` judged as pytest's options."""
    command = "printf '[pytest]\\naddopts = --basetemp=/home/u\\n' > pytest.ini && pytest"
    assert check(command, **flags).blocked
    assert check("echo 'rm -rf ~' > .envrc && direnv allow", **flags).blocked
