"""The "Pipeline checks" section of the report: key aspects, preflight, clarify, gates, retro.

Everything here is read from the audited events of the execution (and the frozen key
aspects), so the section says only what the log can prove.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ondas.state.store import Event

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

KINDS = (
    "key_aspects_refused",
    "preflight_baseline",
    "preflight_rebaselined",
    "clarify_round",
    "gate_run",
    "gate_finding",
    "retro_run",
    "spawn_observed",
)


def _data(event: Event) -> dict[str, Any]:
    data = event.payload.get("data") if isinstance(event.payload, dict) else None
    return data if isinstance(data, dict) else {}


def _aspects(store: StateStore, execution_id: str) -> list[str]:
    rows = store.all(
        "SELECT kind, aspect FROM key_aspects WHERE execution_id = ? ORDER BY kind, position",
        (execution_id,),
    )
    by_kind: dict[str, list[str]] = {}
    for row in rows:
        by_kind.setdefault(str(row["kind"]), []).append(str(row["aspect"]))
    if not by_kind:
        return ["- Key aspects: none recorded — the purpose-drift check is DISABLED."]
    text = "; ".join(f"{kind}: {', '.join(items)}" for kind, items in by_kind.items())
    return [f"- Key aspects (drift check live): {text}"]


def _line(event: Event) -> str | None:
    data = _data(event)
    kind = event.type
    if kind == "key_aspects_refused":
        return f"- Key aspects refused: {event.description}"
    if kind == "preflight_baseline":
        return f"- Preflight baseline recorded: {event.description}"
    if kind == "preflight_rebaselined":
        return (
            f"- Preflight: {data.get('file')} changed outside the pipeline; accepted in "
            f"{data.get('block')} and re-baselined"
        )
    if kind == "clarify_round":
        return (
            f"- Clarify: {data.get('questions', 0)} question(s) asked, "
            f"{data.get('decided', 0)} answered by the answerer, "
            f"{len(data.get('blocks') or [])} sent to a person"
            + (f" ({', '.join(data.get('blocks') or [])})" if data.get("blocks") else "")
        )
    if kind == "gate_run" and data.get("mode") == "skip":
        gate, stage = data.get("gate"), data.get("stage")
        return f"- Gate {gate} after {stage}: skipped at tier {data.get('tier')}"
    if kind == "gate_run":
        return (
            f"- Gate {data.get('gate')} after {data.get('stage')} ({data.get('mode')} at tier "
            f"{data.get('tier')}): {data.get('findings', 0)} finding(s), "
            f"{data.get('critical', 0)} critical" + (" — BLOCKED" if data.get("blocked") else "")
        )
    if kind == "gate_finding":
        return (
            f"  - [{data.get('severity')}] {data.get('gate')}/{data.get('rule')}: "
            f"{data.get('detail')}"
        )
    if kind == "retro_run":
        return f"- Retrospective at milestone {data.get('threshold')}: {data.get('path')}"
    if kind == "spawn_observed":
        return f"- Subagents: depth {data.get('depth')} seen in {data.get('stage')}"
    return None


def pipeline_checks(store: StateStore, execution_id: str, events: list[Event]) -> str:
    """The section's Markdown body (one line per check that ran)."""
    lines = _aspects(store, execution_id)
    for event in events:
        if event.type in KINDS:
            line = _line(event)
            if line:
                lines.append(line)
    return "\n".join(lines) + "\n"
