"""Questions for the operator: MCP elicitation when a person is there, else a human block.

Both tools record a durable human block first, so the question survives whatever happens to
the session. When the client declared elicitation support and the server was started for a
person (``--interactive``), the question is also put to the person through the client; an
answer in time answers the block at once. A client without elicitation, an unattended run,
a declined or cancelled form, an error or a timeout leave the block awaiting: the call
returns at once (or after the timeout) and never fails the wave.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import anyio
from mcp import types
from mcp.server.fastmcp import Context
from pydantic import BaseModel, Field

from ondas.audit import blocks
from ondas.errors import OndasError
from ondas.state.execution import get_execution, update_execution
from ondas.state.store import Store

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

OPTINS = ("roadmap_mode", "atomic_commit")
OPTINS_SUBJECT = "optins"
OPTINS_QUESTION = (
    "Which opt-ins should this execution use? roadmap_mode (plan a roadmap of features first) "
    "and/or atomic_commit (one commit per task). Answer with the names, or none."
)
OPTINS_OPTIONS = ["none", "roadmap_mode", "atomic_commit", "roadmap_mode,atomic_commit"]
_SPLIT = re.compile(r"[\s,+;]+")

StoreOpener = Callable[[], AbstractContextManager[Store]]
Answerer = Callable[[Store, str, str], blocks.Block]
"""``(store, text, block_id)``: answers a block through the one call every surface uses
(:func:`ondas.app.answering.answer`, actor ``mcp``), handed in by whoever serves the tools."""


@dataclass(frozen=True)
class Presence:
    """Whether a person may be asked through the client, how long to wait for them, and who
    records their answer (no answerer: nobody is asked, the question stays a human block)."""

    interactive: bool
    timeout: float
    answer: Answerer | None = None


class OperatorAnswer(BaseModel):
    """The form shown to the operator by ``ask_operator``."""

    answer: str = Field(description="Your answer to the question.")


class OptIns(BaseModel):
    """The form shown to the operator by ``collect_optins``."""

    roadmap_mode: bool = Field(default=False, description="Plan a roadmap of features first.")
    atomic_commit: bool = Field(default=False, description="One commit per task.")


def can_elicit(ctx: Context[Any, Any, Any], presence: Presence) -> bool:
    """True when a person is there and the client declared elicitation support."""
    if not presence.interactive or presence.answer is None:
        return False
    wanted = types.ClientCapabilities(elicitation=types.ElicitationCapability())
    return bool(ctx.session.check_client_capability(wanted))


async def _elicit(
    ctx: Context[Any, Any, Any], presence: Presence, message: str, schema: type[BaseModel]
) -> tuple[BaseModel | None, str]:
    """The accepted form, or ``None`` and why there is none (never raises, never hangs)."""
    if not can_elicit(ctx, presence):
        return None, "no person can be asked through this client"
    try:
        with anyio.move_on_after(presence.timeout) as scope:
            result = await ctx.elicit(message, schema)
        if scope.cancelled_caught:
            return None, f"no answer within {presence.timeout:g}s"
    except Exception as exc:  # any failure of the client falls back to the durable block
        return None, f"elicitation failed ({type(exc).__name__})"
    if result.action == "accept":
        return result.data, "answered through the client"
    return None, f"the operator chose {result.action}"


def _answer(presence: Presence, store: Store, text: str, block_id: str) -> blocks.Block:
    """Answer through the answerer the server was handed (asked only when there is one)."""
    if presence.answer is None:  # pragma: no cover - can_elicit asks nobody then
        raise RuntimeError("no answerer: the operator is never asked")
    return presence.answer(store, text, block_id)


def _pending(block: blocks.Block, why: str) -> dict[str, Any]:
    return {
        "status": "awaiting",
        "block_id": block.id,
        "question": block.question,
        "why": why,
        "how_to_answer": f"ondas resume --answer TEXT --block {block.id}",
    }


async def ask_operator(
    ctx: Context[Any, Any, Any],
    opener: StoreOpener,
    presence: Presence,
    *,
    question: str | None,
    options: list[str] | None,
    context_for_answer: str | None,
    subject_key: str | None,
    severity: str,
) -> dict[str, Any]:
    """Record the question as a human block, then ask a present person through the client."""
    with opener() as store:
        block_id = blocks.register_block(
            store,
            question=question,
            context_for_answer=context_for_answer,
            options=options,
            subject_key=subject_key,
            severity=severity,
        )
        block = blocks.get_block(store, block_id)
    message = block.question
    if block.options:
        message += f"\nOptions: {', '.join(block.options)}"
    if block.context_for_answer:
        message += f"\n{block.context_for_answer}"
    form, why = await _elicit(ctx, presence, message, OperatorAnswer)
    if not isinstance(form, OperatorAnswer) or not form.answer.strip():
        return _pending(block, why if form is None else "the operator gave an empty answer")
    with opener() as store:
        try:
            answered = _answer(presence, store, form.answer, block.id)
        except OndasError as err:
            return _pending(block, f"the answer was refused: {err}")
    return {
        "status": "answered",
        "block_id": answered.id,
        "question": answered.question,
        "answer": answered.answer,
    }


def parse_optins(answer: str) -> tuple[dict[str, bool], list[str]]:
    """The opt-in flags an answer names, and the words it holds that name none."""
    words = [w for w in _SPLIT.split(answer.strip().lower()) if w]
    chosen = {name: name in words for name in OPTINS}
    unknown = [w for w in words if w not in OPTINS and w != "none"]
    return chosen, unknown


def _apply(store: StateStore, chosen: dict[str, bool]) -> dict[str, Any]:
    ex = get_execution(store)
    changes = {k: v for k, v in chosen.items() if getattr(ex, k) != v}
    if changes:
        ex = update_execution(store, changes, description="opt-ins from the operator")
    return {name: getattr(ex, name) for name in OPTINS}


async def collect_optins(
    ctx: Context[Any, Any, Any], opener: StoreOpener, presence: Presence
) -> dict[str, Any]:
    """Ask which opt-ins the execution uses; an answered opt-ins block is applied.

    Without a person the question becomes a light block (the run goes on with the current
    flags) and the next call applies its answer once someone has given it.
    """
    with opener() as store:
        mine = [b for b in blocks.list_blocks(store) if b.subject_key == OPTINS_SUBJECT]
        awaiting = [b for b in mine if b.status == "awaiting"]
        if mine and not awaiting:
            chosen, unknown = parse_optins(mine[-1].answer or "")
            return {
                "status": "applied",
                "block_id": mine[-1].id,
                "optins": _apply(store, chosen),
                "ignored_words": unknown,
            }
        if awaiting:
            block = awaiting[0]
        else:
            block = blocks.get_block(
                store,
                blocks.register_block(
                    store,
                    question=OPTINS_QUESTION,
                    options=OPTINS_OPTIONS,
                    subject_key=OPTINS_SUBJECT,
                    severity="light",
                ),
            )
    form, why = await _elicit(ctx, presence, OPTINS_QUESTION, OptIns)
    if not isinstance(form, OptIns):
        return _pending(block, why)
    answer = ",".join(name for name in OPTINS if getattr(form, name)) or "none"
    with opener() as store:
        try:
            _answer(presence, store, answer, block.id)
        except OndasError as err:
            return _pending(block, f"the answer was refused: {err}")
        chosen, _ = parse_optins(answer)
        return {"status": "applied", "block_id": block.id, "optins": _apply(store, chosen)}
