"""sovai roles pick their model by rule (config + tier), one audited decision per role per round."""

from __future__ import annotations

from pathlib import Path

from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend
from ondas.app.sovai_run import run
from ondas.limits.routing import role_model
from tests.sovai.conftest import calc_project, rows


class _Online(ScriptedBackend):
    """The scripted agent, taken for a real model so that routing runs."""

    offline = False

    def run(self, request: AgentRequest) -> AgentResult:
        self.asked = [*getattr(self, "asked", []), (request.stage, request.model)]
        return super().run(request)


def test_sovai_roles_follow_their_config_then_the_tier_rule() -> None:
    models = {"sovai-coordinate": "sonnet", "sovai-diagnose": "haiku", "sovai-decompose": "opus"}
    assert role_model("sovai-coordinate", "cloud-public", models)[0] == "opus"  # floor
    assert role_model("sovai-diagnose", "cloud-internal", models)[0] == "opus"  # floor
    assert role_model("sovai-coordinate", "internal-network", models)[0] == "sonnet"
    assert role_model("sovai-decompose", "local", models)[0] == "sonnet"  # local cap
    assert role_model("sovai-decompose", "cloud-public", models)[0] == "opus"


def test_each_sovai_role_gets_one_audited_model_decision_per_round(tmp_path: Path) -> None:
    project, plan = calc_project(tmp_path)
    (project / ".ondas").mkdir()
    (project / ".ondas" / "config.toml").write_text(
        '[sovai.models]\ncoordinate = "sonnet"\nmechanical = "haiku"\n'
    )
    backend = _Online()
    outcome = run(plan, project, backend=backend, parallel=2)
    assert outcome.built
    (tier,) = rows(project, "SELECT delivery_tier FROM executions")
    routed = rows(
        project,
        "SELECT wave_id, stage, choice, justification FROM decisions "
        "WHERE agent = 'ondas-runtime' AND context LIKE 'Model for role sovai-%' ORDER BY id",
    )
    pairs = [(r["wave_id"], r["stage"]) for r in routed]
    assert len(set(pairs)) == len(pairs)  # never twice for a role in one round
    waves = {r["wave_id"] for r in routed}
    assert len(waves) >= 2  # the calc plan takes two rounds: each round decides again
    roles = {r["stage"] for r in routed}
    assert {"sovai-decompose", "sovai-executor", "sovai-mechanical", "sovai-coordinate"} <= roles
    assert {"sovai-diagnose", "sovai-finalize"} <= roles
    review = [r for r in routed if r["stage"] == "sovai-coordinate"]
    assert tier["delivery_tier"] in ("cloud-public", None)  # a sovai run is judged strictest
    assert {r["choice"] for r in review} == {"opus"}
    assert "raised to opus at tier cloud-public" in review[0]["justification"]
    asked = dict(backend.asked)
    assert asked["sovai-review"] == "opus"
    assert asked["sovai-decompose"] == "opus"
    mechanical = [r for r in routed if r["stage"] == "sovai-mechanical"]
    assert {r["choice"] for r in mechanical} == {"haiku"}
