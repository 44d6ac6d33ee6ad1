"""SQL handed to a database client or a service CLI is read as statements (issue 30, round 5).

A statement destroys when it drops or truncates, or deletes or updates rows with no ``WHERE``
(or one that always holds); comments, strings and dollar quotes cannot scope or unscope it.
Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_sql import destroying_sql, sql_text
from tests.guards.test_bash import check

SCOPED = [
    'psql -c "DELETE FROM carts WHERE owner_id = 12"',
    "sqlite3 var/dev.sqlite \"UPDATE jobs SET state='done' WHERE id=4\"",
    'mysql --execute "delete from tokens where expires_at < now()"',
    'psql -d app -c "DELETE FROM carts\nWHERE owner_id = 12 RETURNING id"',
    "psql -c 'SELECT count(*) FROM carts'",
]


@pytest.mark.parametrize("command", SCOPED)
def test_a_delete_or_update_scoped_by_where_is_ordinary_work_in_both_modes(command: str) -> None:
    for unattended in (False, True):
        assert not check(command, unattended=unattended).blocked, (command, unattended)


UNSCOPED = [
    'psql -c "DELETE FROM carts"',
    'psql -c "DELETE FROM carts -- WHERE owner_id = 12"',
    'psql -c "DELETE FROM carts /* WHERE owner_id = 12 */"',
    "psql -c \"DELETE FROM carts RETURNING 'where'\"",
    "psql -c 'DELETE FROM carts RETURNING $tag$where$tag$'",
    'mysql -e "UPDATE jobs SET state=0 WHERE 1 = 1"',
    "sqlite3 var/dev.sqlite \"DELETE FROM jobs WHERE 'x'='x'\"",
    "psql -c'TRUNCATE carts'",
    "psql --command='DROP TABLE carts'",
    'psql -c "SELECT 1; DROP TABLE IF EXISTS carts"',
    'mysql -e "ALTER TABLE carts DROP COLUMN owner_id"',
]


@pytest.mark.parametrize("command", UNSCOPED)
def test_sql_destroying_rows_or_tables_is_refused_whatever_hides_its_scope(command: str) -> None:
    for unattended in (False, True):
        verdict = check(command, unattended=unattended)
        assert verdict.blocked and verdict.rule == "database-destroy", (command, unattended)


def test_a_service_cli_given_unscoped_sql_is_refused_and_scoped_sql_is_not() -> None:
    assert check("wrangler d1 execute shop --command 'DELETE FROM carts'").blocked
    assert not check("wrangler d1 execute shop --command 'DELETE FROM carts WHERE id=2'").blocked


def test_an_attached_option_value_is_read_as_the_sql_it_carries() -> None:
    assert sql_text("-cDROP TABLE t") == "DROP TABLE t"
    assert sql_text("--execute=DROP TABLE t") == "DROP TABLE t"
    assert sql_text("DROP TABLE t") == "DROP TABLE t"
    assert destroying_sql("SELECT 'drop table t'") is None


@pytest.mark.parametrize(
    "command",
    [
        'psql -c "SELECT 1 # 2; DROP TABLE carts"',  # ``#`` is an operator to postgres
        'mysql -e "SELECT 1--2; DROP TABLE carts"',  # ``--`` needs a space to be mysql\'s comment
        "mysql -e 'SELECT 1 /*! ; DROP TABLE carts */'",  # mysql runs ``/*! */``
    ],
)
def test_a_comment_of_one_dialect_does_not_hide_a_statement_another_runs(command: str) -> None:
    assert check(command).rule == "database-destroy", command
