"""The ``scripted`` backend: offline and deterministic, no model is called.

It exists for the demo and for tests of the wave loop. Its built-in script
(:mod:`ondas.agents.sample`) builds a small notes CLI through every stage, writing each
stage's artifact, and at clarify reports one structural decision on the persistence axis
that asks for a human (``consent: pause-human``). Everything it produces is labelled as
scripted, so nobody mistakes it for the work of a model.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ondas.agents import sample
from ondas.agents.base import AgentRequest, AgentResult, ToolCall
from ondas.errors import UsageError
from ondas.pipeline.artifacts import layout_key
from ondas.pipeline.stages import STAGES

LABEL = "scripted (offline, deterministic; no model was called)"

StageScript = Callable[[AgentRequest], AgentResult]

# stage -> content of the artifact it writes (where: the stage table's ``written`` key)
ARTIFACTS: dict[str, Callable[[dict[str, Any]], str]] = {
    "briefing": sample.briefing,
    "constitution": sample.constitution,
    "specify": sample.spec,
    "clarify": sample.clarified_spec,
    "plan": sample.plan,
    "checklist": sample.checklist,
    "create-tasks": sample.tasks,
    "review-task": sample.review,
    "review-features": sample.features_review,
    "roadmap": sample.roadmap,
}


def _write(cwd: Path, rel: str, content: str, calls: list[ToolCall]) -> None:
    target = (cwd / rel).resolve()
    if not target.is_relative_to(cwd.resolve()):
        raise UsageError(f"scripted backend refuses to write outside the project: {rel}")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(content, encoding="utf-8")
    calls.append(ToolCall("Write", {"file_path": str(target)}))


def _answer(summary: str, decisions: list[dict[str, Any]]) -> str:
    body = json.dumps({"summary": summary, "decisions": decisions}, indent=2)
    return f"[{LABEL}] {summary}\n\n```json\n{body}\n```\n"


def _read(cwd: Path, ctx: dict[str, Any], key: str) -> str:
    path = cwd / str(ctx["paths"][key])
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def _key_aspects(request: AgentRequest) -> dict[str, Any]:
    return sample.key_aspects(_read(request.cwd, request.context, "briefing"))


# role -> structured answer (roles answer JSON and write no artifact)
ROLES: dict[str, Callable[[AgentRequest], dict[str, Any]]] = {
    "key-aspects": _key_aspects,
    "clarify-ask": lambda request: {"questions": [dict(q) for q in sample.CLARIFY_QUESTIONS]},
    "retro": lambda request: {
        "summary": f"Scripted retrospective after {request.context.get('threshold')} waves.",
        "went_well": ["Every stage left its artifact on the first attempt."],
        "went_badly": ["Nothing was measured against real users yet."],
        "actions": ["Keep the tasks small and run the suite after each one."],
    },
    "security-review": lambda request: {
        "checked": [str(item["id"]) for item in request.context.get("checklist") or []],
        "findings": [],
    },
    "clarify-answer": lambda request: {
        "answers": sample.clarify_answers(list(request.context.get("questions") or []))
    },
}


def _role(request: AgentRequest) -> AgentResult:
    answer = ROLES[request.stage](request)
    body = json.dumps(answer, indent=2)
    return AgentResult(
        text=f"[{LABEL}] {request.stage}\n\n```json\n{body}\n```\n",
        structured=answer,
        session_id=f"scripted-{request.stage}",
        backend="scripted",
    )


def builtin_script(request: AgentRequest) -> AgentResult:
    """Play the built-in notes-CLI script for ``request.stage`` (or role)."""
    if request.stage.startswith("sovai-"):
        from ondas.agents import sovai_script

        return sovai_script.play(request)
    ctx = request.context
    if request.stage in ROLES:
        return _role(request)
    calls: list[ToolCall] = []
    decisions: list[dict[str, Any]] = []
    if request.stage == "execute-task":
        task = ctx.get("task") or {}
        files = sample.TASK_FILES.get(str(task.get("id")), {})
        for rel, content in files.items():
            _write(request.cwd, rel, content, calls)
        summary = f"implemented {task.get('id')}: {len(files)} file(s) written"
    elif request.stage == "converge":
        rel = str(ctx["paths"]["checklist"])
        path = request.cwd / rel
        _write(request.cwd, rel, sample.converged_checklist(path.read_text()), calls)
        summary = f"verified every item of {rel}"
    elif request.stage in ARTIFACTS:
        content_fn = ARTIFACTS[request.stage]
        rel = str(ctx["paths"][layout_key(STAGES[request.stage].written)])
        _write(request.cwd, rel, content_fn(ctx), calls)
        summary = f"wrote {rel}"
        answered = any(a.get("subject") == "axis:persistence" for a in ctx.get("answers") or [])
        if request.stage == "clarify" and not answered:
            decisions.append(dict(sample.PERSISTENCE_DECISION))
    else:
        raise UsageError(f"the scripted backend has no script for stage {request.stage!r}")
    text = _answer(summary, decisions)
    return AgentResult(
        text=text,
        structured={"summary": summary, "decisions": decisions},
        tool_calls=calls,
        session_id=f"scripted-{request.stage}",
        backend="scripted",
    )


def _delay() -> float:
    """``ONDAS_SCRIPTED_DELAY``: seconds each scripted answer takes (benchmarks, fleet tests)."""
    raw = os.environ.get("ONDAS_SCRIPTED_DELAY", "").strip()
    if not raw:
        return 0.0
    try:
        value = float(raw)
    except ValueError as exc:
        raise UsageError("ONDAS_SCRIPTED_DELAY must be a number of seconds") from exc
    if value < 0 or value > 3600:
        raise UsageError("ONDAS_SCRIPTED_DELAY must be between 0 and 3600 seconds")
    return value


class ScriptedBackend:
    """Plays a script instead of calling a model; ``script`` replaces stages of the built-in."""

    name = "scripted"
    offline = True
    hooked = False
    label = LABEL

    def __init__(self, script: dict[str, StageScript] | None = None) -> None:
        self.script = dict(script or {})
        self.requests: list[AgentRequest] = []

    def run(self, request: AgentRequest) -> AgentResult:
        """Answer ``request`` from the script (deterministic, offline)."""
        self.requests.append(request)
        pause = _delay()
        if pause > 0:
            time.sleep(pause)
        result = self.script.get(request.stage, builtin_script)(request)
        result.backend = self.name
        return result
