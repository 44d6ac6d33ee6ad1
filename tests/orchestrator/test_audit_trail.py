"""The audit trail is whole: validation failures and waits are events where they happen."""

from __future__ import annotations

import json
from pathlib import Path

from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend, builtin_script
from ondas.app import run as commands
from tests.orchestrator.conftest import SAMPLE, rows


def _data(project: Path, kind: str) -> list[dict[str, object]]:
    return [
        json.loads(r["payload"])["data"]
        for r in rows(project, "SELECT payload FROM events WHERE type = ? ORDER BY seq", (kind,))
    ]


def test_an_invalid_artifact_and_an_invalid_role_answer_are_validation_failed_events(
    project: Path,
) -> None:
    calls = [0]

    def plan_once_empty(request: AgentRequest) -> AgentResult:
        result = builtin_script(request)
        calls[0] += 1
        if calls[0] == 1:
            (request.cwd / str(request.context["paths"]["plan"])).write_text("", encoding="utf-8")
        return result

    def bad_review(request: AgentRequest) -> AgentResult:
        return AgentResult(text="x", structured={"checked": ["A01"], "findings": []})

    backend = ScriptedBackend({"plan": plan_once_empty, "security-review": bad_review})
    commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    failed = _data(project, "validation_failed")
    stage_fail = [f for f in failed if f.get("stage") == "plan"]
    assert len(stage_fail) == 1 and stage_fail[0]["attempt"] == 1 and stage_fail[0]["findings"]
    role_fail = [f for f in failed if f.get("role") == "security-review"]
    assert [f["attempt"] for f in role_fail][:2] == [1, 2]
    assert "not checked" in str(role_fail[0]["findings"])


def test_a_pause_between_waves_is_a_schedule_wait_event(project: Path) -> None:
    commands.run(
        project,
        description=SAMPLE,
        backend=ScriptedBackend(),
        tier="local",
        auto_answer=True,
        max_waves=2,
        wave_delay=0.01,
    )
    waits = _data(project, "schedule_wait")
    assert len(waits) == 2 and all(w["why"] == "delay" for w in waits)
