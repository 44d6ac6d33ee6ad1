"""The milestone retrospective: answering ``yes-run-retro`` runs a retro stage.

Every ``milestone_every`` waves (25 by default) the runtime opens a light block asking for a
retrospective (:mod:`ondas.audit.waves`). When a person answers ``yes-run-retro``, the next
wave runs the ``retro`` role instead of the current stage: the agent looks back at the run
and answers JSON (went well, went badly, actions), checked by code; the runtime writes it to
``docs/retro/wave-<threshold>.md`` and records a ``retro_run`` event. The wave does not
advance the stage; the one after it goes on where the run was. An unattended run pauses at
the milestone until the block is answered (:func:`pause_unattended`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ondas.audit import blocks as blocks_mod
from ondas.audit import events as events_mod
from ondas.audit import waves as waves_mod
from ondas.audit.waves import RETRO_OPTIONS
from ondas.orchestrator import roles
from ondas.orchestrator.context import stage_context
from ondas.orchestrator.stage import StageEnv, StageRun
from ondas.state.execution import apply_execution_changes, get_execution
from ondas.state.export import atomic_write
from ondas.state.store import Store

ROLE = "retro"
EVENT = "retro_run"
YES = RETRO_OPTIONS[0]
LISTS = ("went_well", "went_badly", "actions")
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "summary": {"type": "string"},
        **{key: {"type": "array", "items": {"type": "string"}} for key in LISTS},
    },
    "required": ["summary", *LISTS],
}


def pause_unattended(store: Store, milestone: waves_mod.Milestone) -> None:
    """Hold an unattended run at a milestone until a person answers its block.

    The milestone block is light (an attended run shows it and goes on), but nobody watches
    an unattended run (``--auto-answer`` or detached), so its ``pause-human`` decision is
    made real: the execution awaits a human; answering the block lets it go on.
    """
    ex = get_execution(store)
    if ex.status != "in_progress":
        return
    with store.transaction("milestone_paused", execution_id=ex.id) as tx:
        apply_execution_changes(
            tx,
            ex.id,
            {
                "status": "awaiting_human",
                "next_instruction": f"milestone of {milestone.threshold} waves: ondas resume "
                f"--answer {YES}|{RETRO_OPTIONS[1]} --block {milestone.block_id}",
            },
        )
        tx.data["block"] = milestone.block_id


def retro_path(threshold: int) -> str:
    """Where the retrospective of milestone ``threshold`` is written."""
    return f"docs/retro/wave-{threshold:03d}.md"


def problems(answer: dict[str, Any]) -> list[str]:
    """Everything wrong with a retro answer."""
    found: list[str] = []
    if not str(answer.get("summary") or "").strip():
        found.append('"summary" is required')
    for key in LISTS:
        value = answer.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            found.append(f'"{key}" must be a list of sentences')
    if not answer.get("actions"):
        found.append('"actions" needs at least one action')
    return found


def pending(store: Store) -> int | None:
    """The milestone answered ``yes-run-retro`` whose retrospective has not run yet.

    Called before every wave: the (small) blocks table is read first, the log only when a
    milestone was answered yes.
    """
    wanted = [
        int((b.subject_key or "").split(":", 1)[1])
        for b in blocks_mod.list_blocks(store, status="answered")
        if (b.subject_key or "").startswith("milestone:") and (b.answer or "").strip() == YES
    ]
    if not wanted:
        return None
    done = {
        int(e.payload.get("data", {}).get("threshold", -1))
        for e in events_mod.list_events(store, type_=EVENT)
    }
    return next((t for t in wanted if t not in done), None)


def render(answer: dict[str, Any], threshold: int, project_name: str) -> str:
    """The retrospective as Markdown."""
    titles = {"went_well": "What went well", "went_badly": "What went badly", "actions": "Actions"}
    parts = [f"# Retrospective: {project_name}, wave {threshold}", "", str(answer["summary"])]
    for key in LISTS:
        parts += ["", f"## {titles[key]}", ""]
        parts += [f"- {item}" for item in answer.get(key) or []] or ["- (none)"]
    return "\n".join(parts) + "\n"


def run_retro(store: Store, env: StageEnv, threshold: int) -> StageRun:
    """Run the retro role and write its answer; the stage does not advance."""
    ex = get_execution(store)
    rel = retro_path(threshold)
    ctx = {
        **stage_context(ex, ex.current_stage),
        "threshold": threshold,
        "retro_path": rel,
        "current_stage": ex.current_stage,
        "waves": len(waves_mod.list_waves(store)),
        "blocks": len(blocks_mod.list_blocks(store)),
        "retries": len(events_mod.list_events(store, type_="wave_retry")),
    }
    got = roles.ask(store, env, ROLE, ctx, problems, SCHEMA)
    if got.transport_error:
        return StageRun(transport_error=got.transport_error)
    if not got.ok:
        answer = {
            "summary": "The retro agent gave no valid answer: " + "; ".join(got.problems[:3]),
            "went_well": [],
            "went_badly": [],
            "actions": ["Review the run by hand: the retrospective could not be produced."],
        }
    else:
        answer = got.answer
    path = Path(env.project) / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, render(answer, threshold, ex.project_name).encode("utf-8"))
    events_mod.add_event(
        store,
        EVENT,
        f"retrospective at wave {threshold}: {rel}",
        data={
            "threshold": threshold,
            "path": rel,
            "valid": got.ok,
            "actions": [str(a) for a in answer.get("actions") or []][:20],
        },
    )
    env.progress.emit("note", message=f"retrospective written to {rel}")
    return StageRun(files=[rel])
