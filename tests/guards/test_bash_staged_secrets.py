"""Round 9 of issue 30 (cc-safe-setup tuned on): a secret file staged or committed goes into
the project's history, and an attached commit message is not a cluster of flags.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "git add .env",
        "git add -f deploy/.env.prod",
        "git add services/api/prod.env",
        "git stage keys/signing.key",
        "git add tls/ca-key.pem",
        "git add android/app/upload.keystore",
        "git add certs/client.pfx",
        "git add gcp/service-account-prod.json",
        "git add -- config/credentials.json .netrc",
        "git add -u secrets/id_ecdsa",
        "git add -A . ops/.htpasswd",
        "git add *.p12",
        "git -C backend add .env.local",
        "git commit -m 'wire the settings' app/.env",
        "git commit -am wip -- .pgpass",
        "git commit -F .env",
        "git commit --file=config/.env.staging",
        "git update-index --add infra/terraform.key",
        "make lint && git add .env.development && git commit -m env",
    ],
)
def test_staging_or_committing_a_secret_file_is_refused_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "git-add-secret", (command, mode, verdict)
        assert verdict.category == "dangerous"


@pytest.mark.parametrize(
    "command",
    [
        "git add .aws/credentials",
        "git add ./.aws/config .aws/credentials",
        "git add .kube/config",
        "git add .docker/config.json",
        "git add .ssh/id_ed25519",
        "git add .config/gh/hosts.yml",
        "git add .cargo/credentials.toml",
    ],
)
def test_staging_a_clients_credential_store_found_in_the_project_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "git-add-secret", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "git add .",
        "git add -A",
        "git add src/settings.py src/env.py",
        "git add .env.example",
        "git add config/.env.sample .env.template",
        "git add deploy/id_rsa.pub",
        "git add certs/fullchain.pem certs/cacert.pem",
        "git add keys/release.gpg.key",
        "git add -n .env",
        "git add --dry-run secrets/server.key",
        "git add . ':!.env'",
        "git add -- . ':(exclude)config/.env'",
        "git commit -m 'keep .env out of the repo'",
        "git commit -m 'ignore *.pem' .gitignore",
        "git rm --cached .env",
        "git restore --staged .env.local",
        "git update-index --force-remove .env",
        "git add .npmrc .yarnrc.yml",
        "git add .ssh/config",
        "git add config/credentials/production.yml.enc",
        "git add .github/workflows/release.yml",
        "git add docs/secrets.md",
        "git check-ignore -v .env",
    ],
)
def test_near_misses_of_staging_a_secret_pass_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        'git commit -m"Initial commit"',
        'git commit -am"fix the login form"',
        'git commit -m"drop .env from the docs"',
        "git commit -Fnotes/release.txt",
        "git commit -Cfeature-head",
        "git commit -Skeyname -m signed",
    ],
)
def test_a_commit_message_attached_to_its_option_is_not_a_cluster_of_flags(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command", ["git commit -n -m wip", "git commit -anm wip", "git commit -qn -m x"]
)
def test_skipping_commit_hooks_in_a_cluster_is_still_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "git-skip-hooks", (command, mode, verdict)
