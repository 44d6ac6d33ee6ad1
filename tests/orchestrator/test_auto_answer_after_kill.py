"""An auto-answered run killed between opening a block (the opt-ins, a structural choice) and
answering it: ``resume`` answers it as the run would have, and the run completes (found by the
slow fault-injection trials, where a random SIGKILL landed in that window once in a hundred).
Only the runtime's own intent, recorded with the block, is answered so: a block opened any
other way (an agent through MCP, which cannot pass that intent) still waits for a person."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.audit import blocks
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from ondas.stopping import STOP_AT_ENV
from tests.conftest import run_ondas
from tests.orchestrator.conftest import rows, sample_run


def _killed_after_opening_the_block(project: Path, point: str = "block-registered") -> str:
    killed = subprocess.run(
        [sys.executable, "-m", "ondas", *sample_run(project)],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, STOP_AT_ENV: f"{point}@1:KILL:group"},
        timeout=600,
        start_new_session=True,  # the point signals its own process group
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    [awaiting] = rows(project, "SELECT id FROM blocks WHERE status = 'awaiting'")
    return str(awaiting["id"])


def _answer_events(project: Path, block_id: str) -> list[dict[str, object]]:
    found = rows(project, "SELECT payload FROM events WHERE type = 'block_answered'")
    datas = [json.loads(r["payload"])["data"] for r in found]
    return [d for d in datas if d.get("block_id") == block_id]


@pytest.mark.parametrize("point", ["optins-registered", "block-registered"])
def test_a_run_killed_before_auto_answering_its_block_is_answered_on_resume(
    project: Path, point: str
) -> None:
    block_id = _killed_after_opening_the_block(project, point)

    resumed = run_ondas("resume", str(project))
    assert resumed.returncode == 0, resumed.stderr
    [execution] = rows(project, "SELECT status FROM executions")
    assert execution["status"] == "completed"
    [block] = rows(project, "SELECT status, answer FROM blocks WHERE id = ?", (block_id,))
    assert block["status"] == "answered" and block["answer"]
    assert [e["actor"] for e in _answer_events(project, block_id)] == [blocks.AUTO_ACTOR]


def test_a_block_opened_without_the_runtimes_intent_still_waits_for_a_person(
    project: Path,
) -> None:
    block_id = _killed_after_opening_the_block(project)
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        other = blocks.register_block(
            store, question="Ship it?", options=["yes"], context_for_answer="Recommended: yes."
        )

    resumed = run_ondas("resume", str(project))
    assert resumed.returncode == 5, resumed.stderr
    assert other in resumed.stderr
    answered = {r["id"]: r["status"] for r in rows(project, "SELECT id, status FROM blocks")}
    assert answered[block_id] == "answered" and answered[other] == "awaiting"
    assert _answer_events(project, other) == []
