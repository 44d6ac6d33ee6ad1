"""Round 23 (tune23a): Prisma's ``db execute`` is a database shell: it runs the SQL fed to it
(``--stdin``) or of the file ``--file`` names on the project's database. SQL this line shows
(piped, a here-string, a file the line wrote) that drops or deletes data passed in every mode
where the same SQL given to ``psql`` is refused; it is now judged as ``psql``'s is. A file the
line did not write is the project's, as ``psql -f FILE``'s is.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    "command",
    [
        'echo "DROP TABLE users" | prisma db execute --stdin',
        'echo "DROP TABLE users" | npx prisma db execute --stdin --schema prisma/schema.prisma',
        'prisma db execute --stdin <<< "TRUNCATE TABLE orders"',
        "printf 'DELETE FROM sessions;' | pnpm exec prisma db execute --stdin",
        'echo "DROP SCHEMA public CASCADE" > reset.sql && prisma db execute --file reset.sql',
        "printf 'DELETE FROM users;' > /tmp/x.sql; npx prisma db execute --file=/tmp/x.sql",
        'yarn prisma db execute --stdin <<< "DROP DATABASE app"',
    ],
)
def test_destroying_sql_it_is_shown_is_refused_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "database-destroy", (command, mode, verdict.rule)


def test_a_statements_file_written_unseen_is_refused_unattended() -> None:
    command = "cp /tmp/a.sql b.sql && prisma db execute --file b.sql"
    assert check(command, unattended=True).rule == "undecidable-payload"


@pytest.mark.parametrize(
    "command",
    [
        'echo "SELECT 1" | prisma db execute --stdin',
        'echo "DELETE FROM users WHERE id = 3" | prisma db execute --stdin',
        'echo "CREATE TABLE t (id int)" > t.sql && prisma db execute --file t.sql',
        "prisma db execute --file prisma/seed.sql",
        "prisma db push",
        "prisma db seed",
        "prisma db pull --print",
        "prisma generate",
    ],
)
def test_statements_that_keep_data_and_other_db_verbs_pass_attended(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
