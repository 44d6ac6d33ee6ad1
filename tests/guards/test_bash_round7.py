"""Classes of round 7a of issue 30 (boucle's bash-guard tuned on), each with its own examples.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

BOTH_MODES = (False, True)


def refused_in_both_modes(command: str, rule: str) -> None:
    for unattended in BOTH_MODES:
        verdict = check(command, unattended=unattended)
        assert verdict.blocked and verdict.rule == rule, (command, unattended, verdict)


def allowed_in_both_modes(command: str) -> None:
    for unattended in BOTH_MODES:
        verdict = check(command, unattended=unattended)
        assert verdict.allowed, (command, unattended, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "php artisan migrate:refresh --seed",
        "php artisan migrate:rollback --step=3",
        "bin/rails db:schema:load",
        "bundle exec rake db:fixtures:load",
        "php bin/console doctrine:fixtures:load --no-interaction",
        "npx sequelize-cli db:migrate:undo:all",
        "mix ecto.rollback --all",
        "flyway -url=jdbc:h2:mem:x clean",
        "wp db clean --yes",
    ],
)
def test_a_task_that_empties_or_rebuilds_a_database_is_refused_in_both_modes(
    command: str,
) -> None:
    refused_in_both_modes(command, "service-destroy")


@pytest.mark.parametrize(
    "command",
    [
        "npx prisma db push --accept-data-loss",
        "drizzle-kit push --allow-data-loss",
    ],
)
def test_an_option_accepting_data_loss_is_refused_in_both_modes(command: str) -> None:
    refused_in_both_modes(command, "service-destroy")


@pytest.mark.parametrize(
    "command",
    [
        "php artisan migrate --force",
        "bin/rails db:migrate",
        "bin/rails db:seed",
        "php bin/console doctrine:fixtures:load --append",
        "php bin/console doctrine:schema:validate",
        "npx prisma db push",
        "mix ecto.migrate",
        "php artisan view:clear",
    ],
)
def test_database_tasks_that_keep_the_rows_pass(command: str) -> None:
    allowed_in_both_modes(command)
