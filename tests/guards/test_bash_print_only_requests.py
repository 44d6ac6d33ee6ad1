"""Requests that make a program print and run nothing: PostgreSQL's and MySQL's clients asked
their usage or version by their first argument, the AWS CLI's ``--generate-cli-skeleton`` and
pulumi's ``--preview-only`` (issue 30, round 23, ``npol23``).

``mysqladmin --help drop production``, ``dropdb -V production``, ``aws rds delete-db-instance
--generate-cli-skeleton output`` and ``pulumi destroy --preview-only`` were refused in every
mode as the destroying verb they name, though each prints (a usage, a version, a skeleton
answered by a stubbed client, a preview) and changes nothing. A request in a place where a
valued option takes it as its value (``dropdb -U -V production``, ``pulumi destroy --stack
--preview-only --yes``), a later one (``mysqladmin drop production -V``) or one turned off
(``--generate-cli-skeleton=false``, ``--preview-only=false``) stays refused.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

PRINTS = [
    "mysqladmin --help drop staging",
    "mysqladmin -? shutdown",
    "mysqladmin -V drop app_test",
    "mysqladmin --version",
    "mariadb-admin --help drop shop",
    "dropdb -V orders",
    "dropdb --version analytics",
    "dropdb -? orders",
    "dropuser -V ci_user",
    "pg_restore -V --clean dump.sql",
    "psql -V -c 'DROP DATABASE shop'",
    "mysql -V -e 'DROP DATABASE shop'",
    "aws ec2 terminate-instances --generate-cli-skeleton",
    "aws s3api delete-bucket --generate-cli-skeleton input",
    "aws dynamodb delete-table --table-name t --generate-cli-skeleton=output",
    "aws iam delete-role --generate-cli-skeleton yaml-input",
    "aws --region eu-west-1 lambda delete-function --generate-cli-skeleton",
    "pulumi destroy --preview-only",
    "pulumi destroy -s dev --preview-only=true",
    "pulumi --cwd infra destroy --preview-only --target urn:x",
    "pulumi refresh --preview-only",
]
"""Each prints a usage, a version, a skeleton or a preview, and changes nothing."""


@pytest.mark.parametrize("command", PRINTS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_request_that_only_prints_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


REFUSED = [
    ("mysqladmin drop production", "database-destroy"),
    ("mysqladmin drop production -V", "database-destroy"),
    ("mysqladmin -u -V drop production", "database-destroy"),
    ("dropdb production", "database-destroy"),
    ("dropdb -U -V production", "database-destroy"),
    ("dropdb -e -V production", "database-destroy"),
    ("mysql -e 'DROP DATABASE shop'", "database-destroy"),
    ("aws rds delete-db-instance --db-instance-identifier db1", "cloud-mutation"),
    (
        "aws rds delete-db-instance --db-instance-identifier db1 --generate-cli-skeleton=false",
        "cloud-mutation",
    ),
    ("aws s3api delete-bucket --bucket b --generate-cli-skeleton=no", "cloud-mutation"),
    ("pulumi destroy --yes", "terraform-mutation"),
    ("pulumi destroy --preview-only=false --yes", "terraform-mutation"),
    ("pulumi destroy --stack --preview-only --yes", "terraform-mutation"),
    ("pulumi --stack --preview-only destroy --yes", "terraform-mutation"),
    ("pulumi destroy -s --preview-only --yes", "terraform-mutation"),
    ("pulumi destroy --stack --dry-run --yes", "terraform-mutation"),
]
"""Twins: the destroying verb run, or the request another option's value or turned off."""


@pytest.mark.parametrize(("command", "rule"), REFUSED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_destroying_verb_whose_print_request_is_absent_or_void_is_refused(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert not verdict.allowed and verdict.rule == rule, (command, flags, verdict)
