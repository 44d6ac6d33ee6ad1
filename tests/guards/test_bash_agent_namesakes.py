"""``goose`` the migration tool and ``goose`` the coding agent, told apart by their arguments
(issue 30, round 20, ``left20``; round 19 left ``goose up`` refused as a nested agent).

pressly's goose names a database driver or a migration verb first (``goose up``, ``goose -dir
db/migrations postgres DSN status``); Block's goose agent names its own verbs (``session``,
``run``, ``web``) or none. A migration that rolls back (``down``, ``down-to``, ``redo``,
``reset``) is refused as the other migration tools' rollbacks are (``dbmate rollback``, now
also ``dbmate down``); one that applies, lists or writes migrations passes; the agent stays a
nested agent in every mode.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

MIGRATIONS = [
    "goose up",
    "goose up-by-one",
    "goose up-to 20230101120000",
    "goose status",
    "goose version",
    "goose validate",
    "goose fix",
    "goose create add_users sql",
    "goose -dir db/migrations up",
    'goose -dir migrations postgres "user=x dbname=y sslmode=disable" up',
    "goose -dir db/migrations sqlite3 ./app.db status",
    "goose --dir=db/migrations -table goose_db_version mysql dsn up",
    "goose -v -allow-missing up",
]


@pytest.mark.parametrize("command", MIGRATIONS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_migration_tool_applying_or_listing_passes(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


ROLLBACKS = [
    "goose down",
    "goose down-to 0",
    "goose redo",
    "goose reset",
    "goose -dir db/migrations sqlite3 ./app.db reset",
    'goose postgres "dbname=x" down',
    "goose -dir migrations -table versions mysql dsn down-to 20230101",
    "dbmate down",
    "bin/rails db:migrate:down VERSION=20230101120000",
    "npx knex migrate:down",
]


@pytest.mark.parametrize("command", ROLLBACKS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_rollback_is_refused_as_the_other_migration_tools_are(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "service-destroy", (command, flags, verdict)


AGENT = [
    "goose",
    "goose session",
    "goose s",
    "goose run --recipe x.yaml",
    "goose run -t 'clean up the repository'",
    "goose run -i instructions.md",
    "goose web",
    "goose configure",
    "goose mcp developer",
]


@pytest.mark.parametrize("command", AGENT)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_agent_stays_a_nested_agent(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "nested-agent", (command, flags, verdict)


@pytest.mark.parametrize("command", ["goose --version", "goose -h", "docker compose down"])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_help_and_other_downs_pass(command: str, flags: dict[str, bool]) -> None:
    """``down`` empties only a database's task (a path naming a database, or a migration
    tool): ``docker compose down`` stops containers."""
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)
