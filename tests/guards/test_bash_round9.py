"""Classes of round 9 of issue 30 (developer tools known truthfully), each with its own examples.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from any corpus.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "brakeman -q --no-pager",
        "bundle exec brakeman -o tmp/brakeman.json",
        "bundle exec database_consistency",
        "npx envinfo --system --binaries",
        "symfony server:start -d --no-tls",
        "symfony serve --port 8001",
        "symfony server:stop",
        "docusaurus build --out-dir build",
        "docusaurus start --port 3003",
        "wrangler dev --local",
        "wrangler types",
        "mix release",
        "php -i",
        "php --ini",
        "terraform plan -out tfplan",
    ],
)
def test_a_known_tools_build_lint_or_local_server_verb_runs_unattended(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "terraform apply -auto-approve",
        "tofu apply -no-color",
        "terragrunt run-all apply",
        "pulumi up --yes",
        "docusaurus deploy",
        "symfony deploy",
        "symfony cloud:deploy --bypass-checks",
        "wrangler deploy",
        "mix hex.publish --yes",
        "rake release",
        "flutter pub publish --force",
        "dart pub publish",
        "conan upload 'zlib/*' -r company",
    ],
)
def test_a_known_tools_deploy_or_publish_verb_is_refused_as_policy(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "remote-mutation", (command, mode, verdict)
        assert verdict.category == "policy"


@pytest.mark.parametrize(
    "command",
    [
        "terraform destroy -auto-approve",
        "terraform apply -destroy -auto-approve",
        "terragrunt run-all destroy",
        "pulumi destroy --yes",
        "wrangler delete my-worker",
        "wrangler d1 delete prod-db",
    ],
)
def test_a_known_tools_destroy_verb_is_refused_as_harm(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.category == "dangerous", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "prisma migrate deploy",
        "npx prisma migrate deploy",
    ],
)
def test_deploying_a_projects_migrations_is_not_publishing(command: str) -> None:
    assert check(command, unattended=True).allowed


@pytest.mark.parametrize(
    "command",
    [
        "conan install . --build=missing",
        "conan create . --version 1.0",
        "pkg_add bat",
        "pkg_delete ripgrep",
    ],
)
def test_a_c_or_openbsd_package_install_is_the_package_policy(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "package-install", verdict
    assert verdict.category == "policy"


@pytest.mark.parametrize(
    "command",
    [
        "symfony run ./bin/cleanup",
        "symfony php -r 'echo 1;'",
        "symfony console app:import",
        "symfony composer update",
        "symfony new --webapp shop",
    ],
)
def test_a_symfony_verb_that_runs_another_program_is_unknown_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", verdict
    assert check(command, sandboxed=True).allowed


def test_php_started_with_no_script_is_still_interactive_unattended() -> None:
    verdict = check("php", unattended=True)
    assert verdict.blocked and verdict.rule == "interactive-shell"
    assert check("python3 -i", unattended=True).blocked  # python's -i is interactive
