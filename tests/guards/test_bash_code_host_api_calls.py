"""A code host's API called through its CLI (``gh api``, ``glab api``, ``tea api``) changes the
remote when its method does: POST, PUT and PATCH (fields sent without ``-X`` are a POST) are the
policy's remote changes, DELETE is destroying, and a GET reads (round 16, the lead; found by the
engineer of ``verbs16``: ``glab api -X POST projects/1/jobs/2/erase`` passed in every mode, its
``api`` read as a local verb)."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

CHANGES = [
    "glab api -X POST projects/1/jobs/2/erase",
    "glab api --method PUT projects/1 -f visibility=public",
    "glab api --method=PATCH projects/1/merge_requests/2",
    "glab api -f title=x projects/1/issues",
    "glab api --raw-field body=x projects/1/issues/2/notes",
    "glab api -XPOST projects/1/pipeline",
    "tea api -X POST repos/o/r/issues",
    "gh api -X POST repos/o/r/issues -f title=x",
    "gh api -F ref=main repos/o/r/actions/workflows/ci.yml/dispatches",
]

READS = [
    "glab api projects/1/issues",
    "glab api -X GET projects/1 -f per_page=5",
    "glab api --paginate projects/1/pipelines",
    "gh api repos/o/r",
    "gh api -X GET search/issues -f q=bug",
]


@pytest.mark.parametrize("command", CHANGES)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_an_api_call_with_a_changing_method_is_the_policys_remote_change(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    assert verdict.category == "policy", (command, verdict.rule)


@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_an_api_deletion_through_a_code_host_cli_is_refused(flags: dict[str, bool]) -> None:
    assert check("glab api -X DELETE projects/1", **flags).blocked


@pytest.mark.parametrize("command", READS)
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_an_api_read_through_a_code_host_cli_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
