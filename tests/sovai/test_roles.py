"""Each role's requests carry its model and effort from the settings."""

from __future__ import annotations

from pathlib import Path

from ondas.agents.scripted import ScriptedBackend
from ondas.app.sovai_run import run
from tests.sovai.conftest import calc_project


def test_mechanical_tasks_and_diagnoses_use_their_roles_model_and_effort(tmp_path: Path) -> None:
    project, plan = calc_project(tmp_path)
    (project / ".ondas").mkdir()
    (project / ".ondas" / "config.toml").write_text(
        '[sovai.models]\nmechanical = "haiku"\ndiagnose = "opus"\n'
        '[sovai.effort]\ndiagnose = "high"\n'
    )
    backend = ScriptedBackend()
    outcome = run(plan, project, backend=backend, parallel=2)
    assert outcome.built
    seen = {
        (r.stage, str(r.context.get("task", {}).get("id", ""))): (r.model, r.effort)
        for r in backend.requests
    }
    assert seen[("sovai-execute", "T2")] == ("haiku", "low")
    assert seen[("sovai-execute", "T1")] == ("sonnet", "medium")
    assert seen[("sovai-diagnose", "T7")] == ("opus", "high")
    assert seen[("sovai-decompose", "")] == ("opus", "high")
