"""An ORM's deleting call handed to a framework's console, unattended (issue 30, round 19,
``left19``; round 18 left ``python manage.py shell -c "User.objects.all().delete()"``).

The guard does not know the application's models, but the deleting calls are spelt alike
(``.delete()``, ``destroy_all``, ``::truncate()``, ``Repo.delete_all``, ``drop_all``): through
a console (its ``-c``/``--execute``/``-e`` code, ``rails runner``'s operand, or what its
standard input is fed) such a call destroys the database's rows, refused unattended as
``database-destroy``, as the SQL a framework's database shell is given is. Reads pass;
``rails console --sandbox`` rolls every change back.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_consoles import ORM_DESTROYING
from tests.guards.test_bash import check

DESTROYING = [
    'python manage.py shell -c "User.objects.all().delete()"',
    'python manage.py shell -c "from a.models import T; T.objects.filter(x=1).delete()"',
    'python3 manage.py shell_plus --command="Order.objects.all().delete()"',
    'django-admin shell -c "Session.objects.all().delete()"',
    "echo 'User.objects.all().delete()' | python manage.py shell",
    "python manage.py shell <<< 'Post.objects.all().delete()'",
    'php artisan tinker --execute="User::truncate()"',
    "php artisan tinker --execute='User::query()->delete()'",
    "php artisan tinker --execute='Post::withTrashed()->forceDelete()'",
    "echo 'User::truncate();' | php artisan tinker",
    "mix run -e 'Repo.delete_all(User)'",
    "rails console <<< 'User.destroy_all'",
    "echo 'Order.update_all(total: 0)' | rails c",
    "bin/rails c <<< 'ActiveRecord::Base.connection.drop_table(:users)'",
]


@pytest.mark.parametrize("command", DESTROYING)
def test_an_orm_deleting_call_through_a_console_is_refused_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked, (command, verdict)
    assert verdict.rule in {"database-destroy", "service-destroy"}, (command, verdict)


@pytest.mark.parametrize("command", ["rails runner 'User.destroy_all'", DESTROYING[0]])
def test_the_refusal_names_the_call(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule == "database-destroy"
    assert "ORM call" in (verdict.reason or "")


READS = [
    'python manage.py shell -c "print(User.objects.count())"',
    'python manage.py shell -c "print(User.objects.filter(deleted_at=None).count())"',
    "python manage.py shell",
    "php artisan tinker --execute='echo User::count()'",
    "php artisan tinker",
    "mix run -e 'IO.puts Repo.aggregate(User, :count)'",
    "mix run priv/repo/seeds.exs",
    "rails runner 'puts User.count'",
    "rails runner scripts/fix.rb",
    "rails c",
    "rails console -e development",
    "echo 'User.first.destroyed?' | rails c",
    "rails console --sandbox <<< 'User.destroy_all'",
    "rails c -s <<< 'User.destroy_all'",
]
"""Reads, a project's own script, the console alone, a sandboxed console."""


@pytest.mark.parametrize("command", READS)
def test_reads_and_sandboxed_consoles_pass_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.allowed, (command, verdict)


@pytest.mark.parametrize("flags", [{}, {"sandboxed": True}], ids=["attended", "sandboxed"])
@pytest.mark.parametrize("command", [DESTROYING[0], DESTROYING[6], DESTROYING[11]])
def test_attended_and_sandboxed_runs_leave_the_call_to_the_person(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).allowed


@pytest.mark.parametrize(
    ("code", "destroys"),
    [
        ("User.objects.all().delete()", True),
        ("User.destroy_all", True),
        ("user.destroy!", True),
        ("Schema::dropIfExists('users')", True),
        ("db.drop_all()", True),
        ("coll.delete_many({})", True),
        ("User.first.destroyed?", False),
        ("User.where(deleted_at: nil).count", False),
        ("row.delete_button", False),
        ("delete(x)", False),
    ],
)
def test_orm_deleting_calls_by_their_spelling(code: str, destroys: bool) -> None:
    assert (ORM_DESTROYING.search(code) is not None) is destroys
