"""SQL another program prints, piped into a database shell, known by the printer's verb (issue
30, round 20, ``left20``; round 19s left ``python manage.py sqlflush | python manage.py dbshell``
passing).

Django's ``sqlflush`` prints the statements ``manage.py flush`` runs, which empty every table;
piped into the framework's database shell or into the database's own client (``psql``,
``mysql``, ``sqlite3``), they run. Refused in every mode as the SQL itself is (``echo 'DELETE
FROM users' | manage.py dbshell`` is ``database-destroy``). Other printing verbs (a migration's
SQL, sequence resets) and the flush written to a file pass.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

FLUSHED = [
    "python manage.py sqlflush | python manage.py dbshell",
    "./manage.py sqlflush | ./manage.py dbshell",
    "python3 manage.py sqlflush --database default | python3 manage.py dbshell",
    "django-admin sqlflush | django-admin dbshell",
    "python -m django sqlflush | python -m django dbshell",
    "uv run python manage.py sqlflush | uv run python manage.py dbshell",
    "python manage.py sqlflush | psql mydb",
    "python manage.py sqlflush | mysql mydb",
    "python manage.py sqlflush | sqlite3 db.sqlite3",
]


@pytest.mark.parametrize("command", FLUSHED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_flush_sql_piped_into_a_database_shell_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "database-destroy", (command, flags, verdict)


TWINS = [
    "python manage.py sqlflush",
    "python manage.py sqlflush > flush.sql",
    "python manage.py sqlflush | less",
    "python manage.py sqlmigrate app 0001 | python manage.py dbshell",
    "python manage.py sqlsequencereset app | python manage.py dbshell",
    "echo 'SELECT 1' | python manage.py dbshell",
    "python manage.py dbshell",
]


@pytest.mark.parametrize("command", TWINS)
@pytest.mark.parametrize("flags", MODES[:2], ids=MODE_IDS[:2])
def test_other_printed_sql_and_a_printed_flush_alone_pass(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)
