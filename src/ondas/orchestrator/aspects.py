"""Key aspects at wave 1: what the run must deliver, so that the purpose-drift abort is live.

They come from ``ondas run --aspects`` (the operator's words) or, when none were given, from
the agent right after the briefing stage closes (role ``key-aspects``). Either way they are
checked by code (3 to 7 kebab-case product aspects; at most 7 technical and 7 operational
ones; no repeats), frozen in the drift tables, and recorded as an informative decision. An
answer that stays invalid after one retry is recorded and the drift check stays DISABLED,
which it then says loudly on every wave.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ondas.audit import decisions as decisions_mod
from ondas.audit import events as events_mod
from ondas.errors import UsageError
from ondas.limits import drift
from ondas.state.execution import ASPECT_KINDS, get_execution
from ondas.state.store import Store

if TYPE_CHECKING:
    from ondas.orchestrator.stage import StageEnv

KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MIN_PRODUCT = 3
MAX_PER_KIND = 7
MAX_LENGTH = 60
ROLE = "key-aspects"
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {kind: {"type": "array", "items": {"type": "string"}} for kind in ASPECT_KINDS},
    "required": ["product"],
}


def problems(answer: dict[str, Any]) -> list[str]:
    """Everything wrong with a key-aspects answer (empty when it is valid)."""
    found: list[str] = []
    seen: set[str] = set()
    for kind in ASPECT_KINDS:
        raw = answer.get(kind, [])
        if raw is None:
            raw = []
        if not isinstance(raw, list):
            found.append(f"{kind} must be a list of strings")
            continue
        low = MIN_PRODUCT if kind == "product" else 0
        if not low <= len(raw) <= MAX_PER_KIND:
            found.append(f"{kind} needs {low} to {MAX_PER_KIND} aspects, got {len(raw)}")
        for item in raw:
            if not isinstance(item, str) or not KEBAB.match(item) or len(item) > MAX_LENGTH:
                found.append(f"{kind} aspect {item!r} is not kebab-case (e.g. note-storage)")
            elif item in seen:
                found.append(f"aspect {item!r} is given twice")
            else:
                seen.add(item)
    return found


def parse_option(text: str) -> dict[str, list[str]]:
    """``--aspects a,b,c`` -> product aspects; a bad list is a usage error (nothing written)."""
    items = [part.strip() for part in text.split(",") if part.strip()]
    by_kind: dict[str, list[str]] = {"product": items, "technical": [], "operational": []}
    found = problems(dict(by_kind))
    if found:
        raise UsageError("--aspects: " + "; ".join(found[:3]))
    return by_kind


def _line(by_kind: dict[str, list[str]]) -> str:
    return "; ".join(f"{kind}: {', '.join(items)}" for kind, items in by_kind.items() if items)


def record(store: Store, by_kind: dict[str, list[str]], *, agent: str, source: str) -> str:
    """Freeze the aspects for the drift check and record them as an informative decision."""
    drift.init(store, by_kind["product"], by_kind["technical"], by_kind["operational"])
    choice = _line(by_kind)
    return decisions_mod.register_decision(
        store,
        agent=agent,
        stage="briefing",
        context="Key aspects of the run (what the purpose-drift check measures waves against)",
        options=[choice],
        choice=choice,
        justification=f"Informative: {source}. Frozen for the drift check.",
        score=2,
    )


def recorded(store: Store) -> bool:
    """True when the execution already has key aspects."""
    return any(drift.key_aspects(store, get_execution(store).id).values())


def normalise(answer: dict[str, Any]) -> dict[str, list[str]]:
    """The three lists of a validated answer."""
    return {kind: [str(a) for a in (answer.get(kind) or [])] for kind in ASPECT_KINDS}


def refused(store: Store, found: list[str], answer: dict[str, Any]) -> None:
    """Record an extraction that stayed invalid; drift stays disabled (and says so)."""
    events_mod.add_event(
        store,
        "key_aspects_refused",
        "; ".join(found[:3])[:200],
        data={"problems": found[:20], "answer": {k: answer.get(k) for k in ASPECT_KINDS}},
    )


def extract(store: Store, env: StageEnv) -> list[str]:
    """After the briefing: ask the agent for the key aspects unless they are recorded.

    Returns the product aspects recorded (empty when they already existed or were refused).
    """
    from ondas.orchestrator import roles
    from ondas.orchestrator.context import stage_context

    if recorded(store):
        return []
    ctx = stage_context(get_execution(store), "briefing")
    got = roles.ask(store, env, ROLE, ctx, problems, SCHEMA)
    if got.transport_error:
        return []
    if not got.ok:
        refused(store, got.problems, got.answer)
        env.progress.emit("note", message=f"key aspects refused; {drift.DISABLED_MESSAGE}")
        return []
    by_kind = normalise(got.answer)
    record(store, by_kind, agent=env.backend.name, source=f"extracted from the briefing by {ROLE}")
    env.progress.emit("note", message=f"key aspects: {_line(by_kind)}")
    return by_kind["product"]
