"""Opt-ins before the first wave: the delivery tier, atomic commits and roadmap mode.

No wave opens before each opt-in is either given as a flag (``--tier``,
``--atomic-commit/--no-atomic-commit``, ``--roadmap/--no-roadmap``) or answered. What was not
given becomes one human block (subject ``optins``) registered before any wave, and the
execution awaits a person; the answer (``tier=local atomic-commit=no roadmap=no``) is checked
by code, then applied: the tier through :func:`ondas.limits.tier.set_tier` (a recorded
decision), the two flags on the execution, and an ``optins_applied`` event. With
``--auto-answer`` the runtime answers the block itself with the recommended values (the
strictest tier, no atomic commits, no roadmap), as it does for structural decisions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ondas import stopping
from ondas.audit import blocks as blocks_mod
from ondas.audit import events as events_mod
from ondas.errors import UsageError
from ondas.limits import tier as tier_mod
from ondas.state.execution import TIERS, apply_execution_changes, get_execution, update_execution
from ondas.state.store import Store

SUBJECT = "optins"
APPLIED = "optins_applied"
NAMES = ("tier", "atomic-commit", "roadmap")
ALIASES = {
    "tier": "tier",
    "delivery-tier": "tier",
    "delivery_tier": "tier",
    "atomic-commit": "atomic-commit",
    "atomic_commit": "atomic-commit",
    "roadmap": "roadmap",
    "roadmap-mode": "roadmap",
    "roadmap_mode": "roadmap",
}
RECOMMENDED = {"tier": tier_mod.STRICTEST, "atomic-commit": "no", "roadmap": "no"}
YES, NO = ("yes", "true", "on", "1"), ("no", "false", "off", "0")
_SPLIT = re.compile(r"[\s,;]+")


@dataclass(frozen=True)
class Given:
    """The opt-ins as the caller gave them (``None``: not given)."""

    tier: str | None
    atomic_commit: bool | None
    roadmap: bool | None

    def missing(self) -> list[str]:
        """The names of the opt-ins still to be answered, in :data:`NAMES` order."""
        values = {"tier": self.tier, "atomic-commit": self.atomic_commit, "roadmap": self.roadmap}
        return [name for name in NAMES if values[name] is None]


def answer_form(missing: list[str]) -> str:
    """The answer the block expects, e.g. ``tier=<...> atomic-commit=<yes|no>``."""
    forms = {"tier": f"tier=<{'|'.join(TIERS)}>", "atomic-commit": "atomic-commit=<yes|no>"}
    forms["roadmap"] = "roadmap=<yes|no>"
    return " ".join(forms[name] for name in missing)


def recommended(missing: list[str]) -> str:
    """The recommended answer for ``missing`` (strictest tier, nothing opted in)."""
    return " ".join(f"{name}={RECOMMENDED[name]}" for name in missing)


def parse(answer: str, missing: list[str]) -> dict[str, str]:
    """``{name: value}`` from an answer; every name in ``missing`` must be there, nothing else."""
    chosen: dict[str, str] = {}
    problems: list[str] = []
    for word in (w for w in _SPLIT.split(answer.strip().lower()) if w):
        key, sep, value = word.partition("=")
        name = ALIASES.get(key)
        if not sep or name is None or name not in missing:
            problems.append(f"unexpected {word!r}")
            continue
        if name == "tier" and value not in TIERS:
            problems.append(f"tier must be one of {', '.join(TIERS)}")
        elif name != "tier" and value not in YES + NO:
            problems.append(f"{name} must be yes or no")
        else:
            chosen[name] = value if name == "tier" else ("yes" if value in YES else "no")
    left = [name for name in missing if name not in chosen]
    if left:
        problems.append(f"not answered: {', '.join(left)}")
    if problems:
        raise UsageError(f"opt-ins answer: {'; '.join(problems)} (expected {answer_form(missing)})")
    return chosen


def _missing_of(block: blocks_mod.Block) -> list[str]:
    return [n for n in (block.context_for_answer or "").split() if n in NAMES]


def ask(store: Store, missing: list[str], *, auto: bool) -> str | None:
    """Register the opt-ins block for ``missing``; with ``auto`` answer it at once.

    Returns the id of the block left awaiting (the execution then awaits a person), or
    ``None`` when nothing is missing or the runtime answered it.
    """
    if not missing:
        return None
    block_id = blocks_mod.register_block(
        store,
        question=(
            f"Before the first wave, choose the opt-ins not given as flags: {', '.join(missing)}. "
            f"Answer {answer_form(missing)} (recommended: {recommended(missing)})."
        ),
        context_for_answer=" ".join(missing),
        options=[recommended(missing)],
        subject_key=SUBJECT,
        auto_answer=recommended(missing) if auto else None,  # resume gives it if killed here
    )
    stopping.point("optins-registered")
    if auto:
        blocks_mod.respond_block(store, recommended(missing), block_id, actor="runtime")
        apply_answered(store)
        return None
    ex = get_execution(store)
    with store.transaction("optins_held", execution_id=ex.id) as tx:
        apply_execution_changes(
            tx,
            ex.id,
            {
                "status": "awaiting_human",
                "next_instruction": f"answer the opt-ins: ondas resume --answer "
                f"'{answer_form(missing)}'",
            },
        )
    return block_id


def check_answer(store: Store, block_id: str | None, answer: str) -> None:
    """Refuse a bad answer to the opt-ins block before anything is written."""
    awaiting = blocks_mod.list_blocks(store, status="awaiting")
    normal = [b for b in awaiting if b.severity == "normal"] or awaiting
    target = next((b for b in awaiting if b.id == block_id), None) if block_id else None
    if target is None and block_id is None and normal:
        target = normal[0]
    if target is not None and target.subject_key == SUBJECT:
        parse(answer, _missing_of(target))


def apply_answered(store: Store) -> dict[str, str] | None:
    """Apply the answered opt-ins block not applied yet; the values applied, or ``None``."""
    applied = {
        str(e.payload.get("data", {}).get("block"))
        for e in events_mod.list_events(store, type_=APPLIED)
    }
    todo = [
        b
        for b in blocks_mod.list_blocks(store, status="answered")
        if b.subject_key == SUBJECT and b.id not in applied
    ]
    if not todo:
        return None
    block = todo[-1]
    missing = _missing_of(block)
    try:
        chosen = parse(block.answer or "", missing)
    except UsageError as err:  # answered through a surface that did not check it
        events_mod.add_event(
            store, APPLIED, f"opt-ins of {block.id} refused: {err}", data={"block": block.id}
        )
        ask(store, missing, auto=False)
        return None
    if "tier" in chosen:
        tier_mod.set_tier(
            store, chosen["tier"], justification=f"opt-in answered in {block.id}: {block.answer}"
        )
    changes = {
        field: chosen[name] == "yes"
        for name, field in (("atomic-commit", "atomic_commit"), ("roadmap", "roadmap_mode"))
        if name in chosen
    }
    if changes:
        update_execution(store, changes, description=f"opt-ins answered in {block.id}")
    events_mod.add_event(
        store, APPLIED, f"opt-ins of {block.id}: {block.answer}", data={"block": block.id, **chosen}
    )
    return chosen
