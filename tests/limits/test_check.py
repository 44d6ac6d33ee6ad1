from __future__ import annotations

import json
from collections.abc import Callable
from subprocess import CompletedProcess

from ondas.limits import cycles, spawn
from ondas.limits.check import ORDER, check_all, first_abort
from ondas.state.store import Store

Runner = Callable[..., CompletedProcess[str]]


def test_check_runs_every_trigger_in_order(store: Store) -> None:
    results = check_all(store)
    assert [r.trigger for r in results] == list(ORDER)
    assert first_abort(results) is None


def test_drift_without_aspects_reports_itself_disabled_loudly(
    store: Store, ondas_cli: Runner
) -> None:
    drift = check_all(store)[3]
    assert drift.disabled and drift.status == "warn"
    assert "DISABLED" in drift.message
    result = ondas_cli("limits", "check", "--state-dir", str(store.state_dir))
    assert result.returncode == 0
    assert "drift: WARN DISABLED: no key aspects recorded" in result.stdout
    assert "WARNING: drift check DISABLED" in result.stderr


def test_check_exits_3_with_the_first_abort_reason(store: Store, ondas_cli: Runner) -> None:
    for _ in range(6):
        cycles.tick(store)
    for _ in range(3):
        spawn.enter(store)
    result = ondas_cli("limits", "check", "--state-dir", str(store.state_dir), "--json")
    assert result.returncode == 3
    assert result.stderr.splitlines()[-1].startswith("ondas: [loop_in_stage]")
    statuses = {r["trigger"]: r["status"] for r in json.loads(result.stdout)}
    assert statuses["spawn"] == "warn" and statuses["cycles"] == "abort"
