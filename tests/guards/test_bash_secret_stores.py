"""Round 22 (tune22b): a store of secrets named for them in a configuration format
(``secrets.json``, ``secrets.yml``/``.yaml``, ``secrets.toml``, ``.secrets``) is a secret file,
as ``.env`` is: printing or copying one out is refused in every mode; its documented examples,
code named for secrets, listing and writing one stay allowed (deleting one is refused from
round 23: ``test_bash_secret_stores_deleted.py``).

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from ondas.guards.secret_files import READ_DENY_GLOBS, secret_hint, secret_name
from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    "path",
    [
        "secrets.json",
        "config/secrets.yml",
        "k8s/secrets.yaml",
        ".streamlit/secrets.toml",
        ".secrets",
        "/srv/other/Secrets.YAML",
    ],
)
def test_a_secrets_store_in_a_configuration_format_is_a_secret_file(path: str) -> None:
    assert secret_hint(path)
    assert secret_name(path), path


@pytest.mark.parametrize(
    "path",
    [
        "config/secrets.yml.example",
        "secrets.example.json",
        "secrets.sample.yaml",
        "secrets.py",
        "test_secrets.go",
        "docs/secrets.md",
        "secrets",
        "kube-secrets.yaml.tmpl",
    ],
)
def test_its_examples_and_code_named_for_secrets_are_not(path: str) -> None:
    assert not secret_name(path), path


@pytest.mark.parametrize(
    "command",
    [
        "cat config/secrets.yml",
        "head -5 k8s/secrets.yaml",
        "less .streamlit/secrets.toml",
        "cp secrets.json /tmp/out.json",
        "grep password config/secrets.yml",
        "cat .secrets",
    ],
)
def test_printing_or_copying_a_secrets_store_is_refused_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "read-secret-file", (command, mode, verdict.rule)
        assert verdict.category == "dangerous"


@pytest.mark.parametrize(
    "command",
    [
        "cat config/secrets.yml.example",
        "cat secrets.example.json",
        "cat test_secrets.py",
        "ls config/secrets.yml",
        "ls -la .secrets",
        "echo secrets.json >> .gitignore",
        "touch secrets.yml",
        "rm secrets.example.json",
        "kubectl get secrets",
    ],
)
def test_its_twins_stay_allowed(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.message())


def test_the_read_tool_is_denied_the_same_stores() -> None:
    for name in ("secrets.json", "secrets.yml", "secrets.yaml", "secrets.toml", ".secrets"):
        assert f"**/{name}" in READ_DENY_GLOBS
