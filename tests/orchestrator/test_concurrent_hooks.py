"""Dense concurrent hooks during a run never stop it with a false integrity failure: the
integrity check reads one snapshot, and a hook's tick and stored output are one write."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from ondas.state.verify import validate, verify
from tests.orchestrator.conftest import sample_run

RUNS = int(os.environ.get("ONDAS_HOOK_RUNS", "20"))
WRITERS = 4

# The real PostToolUse hook code, looped: what several Claude Code tool calls finishing at
# once do to the store, without paying a process start per call.
WRITER = r"""
import os, sys, time
from ondas.hooks.post_tool_use import record
project, stop = sys.argv[1], sys.argv[2]
payload = {"cwd": project, "tool_name": "Bash", "hook_event_name": "PostToolUse",
           "tool_response": {"stdout": "ok " * 20, "stderr": ""}}
while not os.path.exists(project + "/.ondas/state.db"):
    if os.path.exists(stop):
        sys.exit(0)
    time.sleep(0.005)
count = 0
while not os.path.exists(stop):
    try:
        if record(payload):
            count += 1
    except Exception as exc:  # a refused write is fine; a torn one is what we look for
        print("writer error:", type(exc).__name__, exc, file=sys.stderr)
print(count)
"""


@pytest.mark.slow  # 20 whole runs, each raced by 4 hook writers: minutes, by design
@pytest.mark.timeout(1800)
def test_dense_hooks_during_runs_cause_no_false_integrity_stop(tmp_path: Path) -> None:
    stops: list[str] = []
    observed = 0
    for index in range(RUNS):
        project = tmp_path / f"run{index:02d}" / "project"
        project.mkdir(parents=True)
        stop = project.parent / "stop"
        writers = [
            subprocess.Popen(
                [sys.executable, "-c", WRITER, str(project), str(stop)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(WRITERS)
        ]
        try:
            out = subprocess.run(
                [sys.executable, "-m", "ondas", *sample_run(project, "--max-waves", "3")],
                capture_output=True,
                text=True,
                timeout=600,
                env={**os.environ},
            )
        finally:
            stop.touch()
            results = [w.communicate(timeout=120) for w in writers]
        if out.returncode != 0:
            stops.append(f"run {index}: exit {out.returncode}: {out.stderr.strip()[-300:]}")
        observed += sum(int(o.strip() or 0) for o, _ in results)
        conn = sqlite3.connect(f"file:{project / '.ondas' / 'state.db'}?mode=ro", uri=True)
        try:
            blocks = conn.execute(
                "SELECT COUNT(*) FROM blocks WHERE subject_key = 'integrity'"
            ).fetchone()[0]
        finally:
            conn.close()
        if blocks:
            stops.append(f"run {index}: an integrity block was registered")
        with Store.open(project / ".ondas", readonly=True, schema=default_schema()) as store:
            assert verify(store).ok and validate(store).ok
            ticks = store.one("SELECT COALESCE(SUM(tool_calls), 0) AS n FROM waves")
            stored = store.one(
                "SELECT COUNT(*) AS n FROM observed_outputs WHERE wave_id IS NOT NULL"
            )
        # Every stored output inside a wave was counted on that wave, and only once.
        assert ticks is not None and stored is not None
        assert int(ticks["n"]) >= int(stored["n"])
    assert not stops, stops
    assert observed > RUNS * WRITERS
