"""The WAL is checkpointed at each wave end, so losing ``state.db-wal`` after a crash costs
at most the wave that was running."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from ondas.state.verify import validate, verify
from tests.orchestrator.conftest import run_sample


def test_a_lost_wal_after_a_crash_costs_at_most_the_running_wave(
    project: Path, tmp_path: Path
) -> None:
    marker = tmp_path / "killed-once"
    command = (
        f"if [ ! -e {marker} ]; then touch {marker}; kill -9 $PPID; fi; "
        f"{sys.executable} -m unittest discover -s tests -t ."
    )
    # The test command is the harness (it kills ondas), so it runs outside the sandbox.
    killed = run_sample(project, "--no-sandbox", "--test-command", command)
    assert killed.returncode == -signal.SIGKILL
    sdir = project / ".ondas"
    with Store.open(sdir, readonly=True, schema=default_schema()) as store:
        closed = int(store.one("SELECT COUNT(*) AS n FROM waves WHERE ended_at IS NOT NULL")["n"])
        running = store.one("SELECT id FROM waves WHERE ended_at IS NULL")
    assert closed >= 5 and running is not None
    (sdir / "state.db-wal").unlink()
    (sdir / "state.db-shm").unlink(missing_ok=True)
    with Store.open(sdir, readonly=True, schema=default_schema()) as store:
        kept = int(store.one("SELECT COUNT(*) AS n FROM waves WHERE ended_at IS NOT NULL")["n"])
        assert verify(store).ok and validate(store).ok
    assert kept == closed
