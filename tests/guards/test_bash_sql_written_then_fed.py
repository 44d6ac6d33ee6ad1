"""A destroying SQL script written and fed to a database client on one line (issue 30, round
21, ``left21``; round 20 left ``python manage.py sqlflush > f.sql && psql < f.sql`` passing).

Two gaps of one class. tree-sitter hangs the ``<`` of ``a > f && b < f`` on the whole list;
bash gives it to the last command, so the client was judged with no input at all (an
interactive prompt unattended) and never with the file the line had written: the ``<`` is now
read when that command runs, after the list's earlier commands wrote the file. And the file a
SQL printer's verb writes (``manage.py sqlflush > f.sql``) holds what the verb prints, the
statements that empty every table, so a client fed it is ``database-destroy`` in every mode.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

FED = [
    "python manage.py sqlflush > f.sql && psql < f.sql",
    "python manage.py sqlflush > f.sql && psql -f f.sql",
    "python manage.py sqlflush > f.sql; sqlite3 db.sqlite3 < f.sql",
    "python manage.py sqlflush > f.sql && python manage.py dbshell < f.sql",
    "django-admin sqlflush > /tmp/f.sql && mysql app < /tmp/f.sql",
    "printf 'DROP TABLE users;' > f.sql && psql < f.sql",
    "echo 'TRUNCATE users;' > f.sql && true && psql < f.sql",
]


@pytest.mark.parametrize("command", FED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_destroying_sql_written_then_fed_to_a_client_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "database-destroy", (command, flags, verdict)


TWINS = [
    "python manage.py sqlflush > f.sql",
    "python manage.py sqlflush > f.sql && cat f.sql",
    "python manage.py sqlmigrate app 0001 > f.sql && psql < f.sql",
    "printf 'SELECT 1;' > f.sql && psql < f.sql",
    "python manage.py sqlflush > f.sql && psql < schema.sql",
]


@pytest.mark.parametrize("command", TWINS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_other_sql_or_another_file_fed_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
