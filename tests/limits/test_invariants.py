from __future__ import annotations

import sqlite3

from ondas.limits import retro, spawn
from ondas.state.store import Store
from ondas.state.verify import validate


def test_limits_tables_of_a_normal_run_validate_clean(store: Store) -> None:
    spawn.enter(store)
    retro.consume(store, "f1")
    assert validate(store).ok


def test_a_depth_written_behind_the_runtime_fails_validate(store: Store) -> None:
    spawn.enter(store)
    conn = sqlite3.connect(store.path)
    conn.execute("UPDATE limit_spawn SET depth = 7")
    conn.commit()
    conn.close()
    report = validate(store)
    assert not report.ok
    assert any("spawn depth recorded above 3" in str(f) for f in report.findings)
