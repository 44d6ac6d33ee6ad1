"""Model routing: which model runs the next wave, picked from a stage -> model map, and which
model each role (clarify asker and answerer, security reviewer, retrospective, key aspects, and
sovai's ``sovai-<role>`` roles) runs with, picked by rule (config + tier) with one audited
decision per role per wave.

The map is :data:`ondas.config.DEFAULT_STAGE_MODELS`, overridable under ``[models]`` in
config.toml. The pick is recorded once per wave as a decision plus a ``wave_models`` row;
asking again in the same wave returns the recorded answer and writes nothing.
:func:`wave_select` never raises: on any problem it answers ``keep-current``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ondas.config import (
    DEFAULT_ROLE_MODELS,
    DEFAULT_STAGE_MODELS,
    KEEP_CURRENT,
    MODELS,
    load_config,
)
from ondas.limits._common import execution_id, require_live
from ondas.limits._waves import open_wave
from ondas.record import Record, asdict
from ondas.state.store import utcnow

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

RUNTIME_AGENT = "ondas-runtime"


class RouteChoice(Record):
    """The model for a wave, and whether this call recorded it."""

    model: str
    stage: str | None = None
    wave_id: str | None = None
    decision_id: str | None = None
    recorded: bool = False
    fallback_reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def model_for(stage: str, models: dict[str, str]) -> str:
    """The mapped model of ``stage``, ``keep-current`` when unmapped or not allowed."""
    model = models.get(stage, KEEP_CURRENT)
    return model if model in MODELS else KEEP_CURRENT


def _recorded(store: StateStore | Any, exec_id: str, wave_id: str) -> RouteChoice | None:
    done = store.one(
        "SELECT stage, model, decision_id FROM wave_models WHERE execution_id = ? AND wave_id = ?",
        (exec_id, wave_id),
    )
    if done is None:
        return None
    return RouteChoice(done["model"], done["stage"], wave_id, done["decision_id"])


def _select(store: StateStore) -> RouteChoice:
    from ondas.audit.decisions import register_in_tx

    config = load_config(store.state_dir)
    exec_id = execution_id(store)
    wave = open_wave(store, exec_id)
    row = store.one("SELECT current_stage FROM executions WHERE id = ?", (exec_id,))
    stage = str(row["current_stage"]) if row else ""
    model = model_for(stage, config.models)
    if wave is None:
        return RouteChoice(model, stage, fallback_reason="no open wave: nothing recorded")
    wave_id = str(wave["id"])
    earlier = _recorded(store, exec_id, wave_id)
    if earlier is not None:
        return earlier
    overridden = config.models.get(stage) != DEFAULT_STAGE_MODELS.get(stage)
    source = f"{config.path} [models]" if overridden else "the default stage map"
    with store.transaction("model_routed", execution_id=exec_id, description=model) as tx:
        require_live(tx, exec_id)
        raced = _recorded(tx, exec_id, wave_id)
        if raced is not None:
            raise _Recorded(raced)
        decision_id = register_in_tx(
            tx,
            exec_id,
            agent=RUNTIME_AGENT,
            stage=stage,
            context=f"Model for {wave_id} at stage {stage}",
            options=list(MODELS),
            choice=model,
            justification=f"stage {stage} maps to {model} in {source}",
            score=2,
        )
        tx.insert(
            "wave_models",
            {
                "execution_id": exec_id,
                "wave_id": wave_id,
                "stage": stage,
                "model": model,
                "decision_id": decision_id,
                "selected_at": utcnow(),
            },
        )
    return RouteChoice(model, stage, wave_id, decision_id, recorded=True)


LOCAL_CAP = "sonnet"
"""At the ``local`` tier no role runs above this model (a run on one's own machine)."""
FLOORS = {
    "security-review": "opus",
    "clarify-answer": "opus",
    "sovai-coordinate": "opus",
    "sovai-diagnose": "opus",
}
"""At the cloud tiers these roles (the ones that judge or diagnose) never run below this model."""
CLOUD = ("cloud-internal", "cloud-public")
_RANK = {"haiku": 0, "sonnet": 1, "opus": 2}


def role_model(role: str, tier: str, models: dict[str, str]) -> tuple[str, str]:
    """``(model, why)`` of ``role`` at ``tier``: the config or default map, then the tier rule
    (capped at :data:`LOCAL_CAP` at ``local``, floored per :data:`FLOORS` at the cloud tiers)."""
    model = models.get(role, DEFAULT_ROLE_MODELS.get(role, KEEP_CURRENT))
    model = model if model in MODELS else KEEP_CURRENT
    why = f"role {role} maps to {model}"
    if model == KEEP_CURRENT:
        return model, why
    if tier == "local" and _RANK[model] > _RANK[LOCAL_CAP]:
        return LOCAL_CAP, f"{why}, capped at {LOCAL_CAP} at tier local"
    floor = FLOORS.get(role)
    if tier in CLOUD and floor is not None and _RANK[model] < _RANK[floor]:
        return floor, f"{why}, raised to {floor} at tier {tier}"
    return model, f"{why} at tier {tier}"


def role_select(
    store: StateStore | None, role: str, models: dict[str, str] | None = None
) -> RouteChoice:
    """The model for ``role`` in the open wave, one audited decision per role per wave;
    ``keep-current`` on any problem (never raises). ``models`` replaces the ``[models]`` map of
    config.toml (sovai passes its ``[sovai.models]``, keyed ``sovai-<role>``)."""
    if store is None:
        return RouteChoice(KEEP_CURRENT, role, fallback_reason="no state store")
    try:
        from ondas.audit.decisions import register_in_tx
        from ondas.limits.tier import get_tier

        exec_id = execution_id(store)
        wave = open_wave(store, exec_id)
        mapped = models if models is not None else load_config(store.state_dir).models
        model, why = role_model(role, get_tier(store), mapped)
        if wave is None:
            return RouteChoice(model, role, fallback_reason="no open wave: nothing recorded")
        wave_id = str(wave["id"])
        with store.transaction("model_routed", execution_id=exec_id, description=model) as tx:
            require_live(tx, exec_id)
            done = tx.one(
                "SELECT id, choice FROM decisions WHERE execution_id = ? AND wave_id = ? "
                "AND agent = ? AND stage = ?",
                (exec_id, wave_id, RUNTIME_AGENT, role),
            )
            if done is not None:
                raise _Recorded(RouteChoice(str(done["choice"]), role, wave_id, str(done["id"])))
            decision_id = register_in_tx(
                tx,
                exec_id,
                agent=RUNTIME_AGENT,
                stage=role,
                context=f"Model for role {role} in {wave_id}",
                options=list(MODELS),
                choice=model,
                justification=why,
                score=2,
            )
        return RouteChoice(model, role, wave_id, decision_id, recorded=True)
    except _Recorded as done:
        return done.choice
    except Exception as exc:
        return RouteChoice(KEEP_CURRENT, role, fallback_reason=f"{type(exc).__name__}: {exc}")


class _Recorded(Exception):
    """Rolls back the (empty) transaction and carries the already recorded choice."""

    def __init__(self, choice: RouteChoice) -> None:
        super().__init__("already recorded")
        self.choice = choice


def wave_select(store: StateStore | None) -> RouteChoice:
    """The model for the open wave, recorded once per wave; ``keep-current`` on any error."""
    if store is None:
        return RouteChoice(KEEP_CURRENT, fallback_reason="no state store")
    try:
        return _select(store)
    except _Recorded as done:
        return done.choice
    except Exception as exc:
        return RouteChoice(KEEP_CURRENT, fallback_reason=f"{type(exc).__name__}: {exc}")
