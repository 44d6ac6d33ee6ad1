"""Round 22 (tune22b): the Supabase CLI's ``start`` runs its local development stack in this
machine's docker (as ``minikube start`` does) and ``init`` writes into the project: known local
verbs, while its remote and destroying verbs keep their rules.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize("command", ["supabase start", "supabase init", "supabase status"])
def test_supabases_local_stack_passes_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.message())


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("supabase db push", "remote-mutation"),
        ("supabase functions deploy hello", "remote-mutation"),
        ("supabase db reset", "service-destroy"),
        ("supabase projects delete abc", "service-destroy"),
    ],
)
def test_supabases_remote_and_destroying_verbs_keep_their_rules(command: str, rule: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == rule, (command, mode)


def test_supabases_other_verbs_stay_unknown_unattended() -> None:
    # round 23 (left23): ``stop --no-backup`` deletes the local database's volumes
    # (``service-destroy`` in every mode, tests/guards/test_bash_left23.py); ``stop`` keeps them
    assert check("supabase stop", unattended=True).rule == "unknown-program"
