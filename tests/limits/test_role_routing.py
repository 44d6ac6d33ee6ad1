"""Per-role model routing: config + tier pick each role's model, one decision per role per wave."""

from __future__ import annotations

from pathlib import Path

from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend
from ondas.app import run as commands
from ondas.limits.routing import role_model
from tests.orchestrator.conftest import SAMPLE, rows


class _Online(ScriptedBackend):
    """The scripted agent, taken for a real model so that routing runs."""

    offline = False

    def run(self, request: AgentRequest) -> AgentResult:
        result = super().run(request)
        self.models = [*getattr(self, "models", []), (request.stage, request.model)]
        return result


def test_a_role_model_follows_config_then_the_tier_rule() -> None:
    models = {"security-review": "sonnet", "retro": "opus", "clarify-ask": "haiku"}
    assert role_model("security-review", "cloud-public", models)[0] == "opus"  # floor
    assert role_model("security-review", "internal-network", models)[0] == "sonnet"
    assert role_model("retro", "local", models)[0] == "sonnet"  # local cap
    assert role_model("retro", "cloud-internal", models)[0] == "opus"
    assert role_model("clarify-ask", "cloud-public", models)[0] == "haiku"
    assert role_model("unknown-role", "local", {})[0] == "keep-current"


def test_each_role_gets_one_audited_model_decision_per_wave(project: Path) -> None:
    (project / ".ondas").mkdir()
    (project / ".ondas" / "config.toml").write_text('[models]\nsecurity-review = "sonnet"\n')
    backend = _Online()
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    assert result.status == "completed"
    routed = rows(
        project,
        "SELECT wave_id, stage, choice, justification FROM decisions "
        "WHERE agent = 'ondas-runtime' AND context LIKE 'Model for role %' ORDER BY id",
    )
    by_role = {(r["wave_id"], r["stage"]) for r in routed}
    assert len(by_role) == len(routed)  # never twice for a role in one wave
    roles = {r["stage"] for r in routed}
    assert {"key-aspects", "clarify-ask", "clarify-answer", "security-review"} <= roles
    review = [r for r in routed if r["stage"] == "security-review"]
    assert {r["choice"] for r in review} == {"opus"}
    assert "raised to opus at tier cloud-public" in review[0]["justification"]
    asked = [m for stage, m in backend.models if stage == "security-review"]
    assert asked and set(asked) == {"opus"}
