"""``git reflog expire`` that drops no more than ``git gc`` drops itself passes (round 18,
deny-dangerous tuned on).

Every ``git reflog expire`` was ``git-history-rewrite``, in every mode: ``--expire=90.days.ago``
(git's own default, ``gc.reflogExpire``, which every ``git gc`` applies) was refused as
``--expire=now --all`` is, while ``git gc --prune=2.weeks.ago`` passed. An age at least git's
defaults (90 days for reachable entries, 30 for unreachable ones), ``never``, no age (the
defaults) or a dry run now passes; a shorter age, a date, a computed value, ``--stale-fix`` and
``git reflog delete`` stay refused. Every case is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

GC_AGES = [
    "git reflog expire --expire=90.days.ago",
    "git reflog expire --expire=3.months.ago --all",
    "git reflog expire --expire=1.year.ago --expire-unreachable=30.days.ago --all",
    "git reflog expire --expire='6 months ago' refs/heads/main",
    "git reflog expire --expire=never --expire-unreachable=never --all",
    "git reflog expire --all",
    "git reflog expire --verbose --all",
    "git reflog expire -n --expire=now --all",
    "git reflog expire --dry-run --expire-unreachable=now --all",
]


@pytest.mark.parametrize("command", GC_AGES)
def test_a_reflog_expired_at_gcs_own_ages_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


LOSES_HISTORY = [
    "git reflog expire --expire=now --all",
    "git reflog expire --expire-unreachable=now --all",
    "git reflog expire --expire=all",
    "git reflog expire --expire=2.weeks.ago --all",
    "git reflog expire --expire=89.days.ago",
    "git reflog expire --expire=90.days.ago --expire-unreachable=1.day.ago",
    "git reflog expire --expire-unreachable=7.days.ago",
    "git reflog expire --exp=now --all",
    "git reflog expire --expire-unr=now --all",
    "git reflog expire --expire=2024-01-01",
    "git reflog expire --expire=$AGE --all",
    "git reflog expire --stale-fix --all",
    "git reflog expire --expire 90.days.ago",
    "git reflog delete HEAD@{1}",
    "git -c gc.reflogExpire=now reflog expire --all",
]


@pytest.mark.parametrize("command", LOSES_HISTORY)
def test_a_reflog_expired_sooner_than_gc_would_is_refused(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.allowed, (command, mode)
        assert verdict.rule in {"git-history-rewrite", "git-config-tamper"}, (command, mode)
