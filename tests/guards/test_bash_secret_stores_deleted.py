"""Round 23 (tune23b): a store of issued secrets in the project deleted is ``file-destroyed`` in
every mode. The env file and its environments' variants and credential files
(``ondas.guards.secret_files.secret_store``: the Read tool's deny class but key files) are
kept out of git by convention and their values were issued elsewhere: deleting one loses what
nothing restores, as emptying it in place does (``> .env``, already refused). The sandbox does
not see it (the project is writable), so the guard refuses it in every mode.

Twins that pass: examples and documents about the variables (``.env.example``, ``.env.md``),
key files (``.key``, ``.pem``, keystores, ssh keys: a project's scripts and tests generate and
clean them up, ``rm -f server.*``), public keys and certificates, code named for secrets,
copies in a build or temp area, a file outside the project (the existing rules: outside, or the
sandbox's), moving one aside, copying it to another secret name, removing it from git's index
only, ``rmdir``.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from ondas.guards.secret_files import secret_store
from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    "command",
    [
        "rm .env",
        "rm -f .env.production",
        "rm -fv config/.env.staging",
        "rm -- .env.development.local",
        "unlink backend/.env",
        "rm credentials.json",
        "rm -f gcp/service-account-prod.json",
        "rm .netrc",
        "rm config/secrets.yml",
        "rm -f .env*",
        "rm -f */.env",
        "rm notes.txt .env",
        "printf '%s\\n' .env | xargs rm -f",
        "echo .env.test | xargs rm",
        "cd api && rm .env",
        "git status && rm -f .env",
        "find . -maxdepth 1 -name .env -exec rm -f {} +",
    ],
)
def test_a_secret_store_deleted_in_the_project_is_destroyed(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "file-destroyed", (command, mode, verdict.message())


@pytest.mark.parametrize(
    "command",
    [
        "rm .env.example",
        "rm config/master.key",
        "rm -f certs/server.key",
        "rm deploy/id_ed25519",
        "rm android/app/upload.keystore",
        "rm -f certs/*.pem",
        "rm -f server.*",
        "rm -f cacert.pem ca.crt ca-private.key *.csr",
        "rm -f *.json",
        "rm -f .env.sample .env.template",
        "rm -f .env.md",
        "rm .env.d.ts",
        "rm id_ed25519.pub",
        "rm -f certs/fullchain.pem",
        "rm cert.pem",
        "rm secrets.py",
        "rm env.py",
        "rm .envrc",
        "rm build/.env",
        "rm -f node_modules/pkg/.env",
        "rm /tmp/ci/.env",
        "rm -f *.pyc",
        "rm notes.txt",
        "rm '.env*'",
        "mv .env .env.bak",
        "cp .env .env.bak",
        "git rm --cached .env",
        "rmdir .env",
        "echo .env >> .gitignore",
        "ls -la .env",
    ],
)
def test_its_twins_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.message())


@pytest.mark.parametrize(
    "command",
    [
        "find . -maxdepth 1 -name .env | xargs rm",
        "find . -maxdepth 1 -name .env -delete",
        "find config -maxdepth 1 -name credentials.json -exec rm {} +",
    ],
)
def test_one_level_of_a_search_deletes_the_one_store(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode)


@pytest.mark.parametrize(
    "command", ["rimraf .env.local", "rmz .env.production", "sh -c 'rm -f .env'", "rimraf .env"]
)
def test_other_deleters_and_shells_are_refused_too(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode)


def test_a_search_over_the_tree_keeps_its_wider_reading() -> None:
    for command in (
        "find . -name .env -delete",
        "find . -name '.env*' -exec rm -f {} +",
        "find . -name .env | xargs rm",
    ):
        assert check(command).rule == "rm-recursive-outside-temp", command


def test_outside_the_project_the_existing_readings_stand() -> None:
    attended = check("rm ~/.env")
    assert attended.rule == "rm-outside-project"
    assert check("rm ~/.env", sandboxed=True).allowed  # the OS sandbox fails it
    assert check("rm ~/.env", unattended=True).rule == "rm-outside-project"


def test_the_trash_keeps_what_it_takes() -> None:
    verdict = check("trash-put .env")
    assert verdict.rule != "file-destroyed", verdict.message()


@pytest.mark.parametrize(
    ("value", "glob", "named"),
    [
        (".env", False, True),
        (".env*", True, True),
        (".env*", False, False),
        ("*.key", True, False),
        ("*.env", True, True),
        ("server.key", False, False),
        ("*", True, False),
        ("*.py", True, False),
        (".env.example", False, False),
        ("src/main.py", False, False),
    ],
)
def test_secret_store_reads_a_name_or_a_glob(value: str, glob: bool, named: bool) -> None:
    assert secret_store(value, glob=glob) is named


@pytest.mark.parametrize("path", ["credentials/", "config/", "credentials//"])
def test_a_directory_named_for_a_store_is_read_without_raising(path: str) -> None:
    """``secret_name`` raised on a bare name ending in ``/`` whose name a place makes a store
    (``credentials/``: no parent to look at); the hook failed closed on ``cat credentials/``."""
    assert secret_store(path) is False


@pytest.mark.parametrize("command", ["rm -rf build/credentials/", "cat credentials/"])
def test_a_directory_named_for_a_store_is_judged(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.message())
