"""Classes of round 12b of issue 30 (zeptoclaw tuned on), each with its own examples.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peer's test module.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "cat /etc/shad?w",
        "head /etc/g[s]hadow",
        "less /etc/*shadow",
        "cp /etc/ssh/ssh_host_*_key /tmp/k",
        "grep root /etc/s*w",
        "strings /proc/[0-9]*/environ",
        "tail /e?c/master.passwd",
    ],
)
def test_a_pattern_bash_expands_to_a_machine_secret_reads_it(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "read-credentials", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "cat /etc/*release",
        "cat /etc/os-releas?",
        "ls /etc/sh*",
        "du -sh /*",
        "cat /proc/*/status | head",
        "find /etc -path '/etc/*' -name '*.conf'",
        "grep -r 'etc/sh?dow' docs",
        "cat /etc/hostname",
    ],
)
def test_patterns_of_ordinary_system_files_and_quoted_patterns_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "cat .en[v]",
        "head config/server.ke[y]",
        "cat keys/id_ed2551[9]",
        "cp deploy/.env.pro[d] /tmp/e",
        "grep TOKEN .e[n]v",
    ],
)
def test_a_bracket_pattern_that_spells_a_secret_name_reads_the_secret(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "read-secret-file", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "cat src/[a-z]*.py",
        "wc -l tests/test_[ab]*.py",
        "cat '.en[v]-notes'",
        "cat docs/[Rr]EADME.md",
        "ls .en[v]",
    ],
)
def test_bracket_patterns_of_ordinary_files_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "cat .aws/credentials",
        "cd ~ && head .aws/credentials",
        "cat deploy/.kube/config",
        "cp .docker/config.json /tmp/d.json",
        "cat .cargo/credentials.toml",
        "grep token ../.config/gh/hosts.yml",
    ],
)
def test_a_clients_key_store_named_by_its_directory_is_a_secret_anywhere(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "read-secret-file", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "cat .aws/config",
        "cat credentials",
        "cat src/credentials.py",
        "docker build -f .docker/Dockerfile .",
        "kubectl --kubeconfig .kube/config get pods",
        "ls -la .aws/credentials",
        "cat config/config.json",
    ],
)
def test_a_stores_name_elsewhere_and_its_use_by_its_client_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "cat ~/.zeptoclaw/config.yaml",
        "jq . /home/dev/.zeptoclaw/config.json",
        "cat ~/.gemini/oauth_creds.json",
        "cat $HOME/.config/github-copilot/apps.json",
        "base64 ~/.local/share/opencode/auth.json",
        "cat ~/.continue/config.yaml",
        "grep -i key ~/.zeptoclaw/con*",
    ],
)
def test_an_ai_agents_store_of_provider_keys_is_a_credential_store(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "read-credentials", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "cat ~/.zeptoclaw/skills/SKILL.md",
        "ls ~/.gemini",
        "cat ~/.gemini/GEMINI.md",
        "cat ~/.continue/README.md",
        "cat .continue/rules/style.md",
    ],
)
def test_an_ai_agents_other_files_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)
