"""Answering a block: one library call for every surface, then whatever waits for it is woken.

``resume --answer``, the MCP server, the panel and ``fleet answer`` all answer through
:func:`answer`, so the same rules apply (a structural axis answer becomes a structural decision
with consent, an answered block is never answered twice) and the ``block_answered`` event names
the surface as its ``actor``.

After the answer is committed, :func:`answer` calls each waker in :data:`WAKERS` in order. A
waker gets the store and the project directory (``None`` for a store without a checkout, e.g. a
fleet store) and returns a short description of what it woke, or ``None`` when it had nothing
to wake. Wakers are listed explicitly here, never registered by import side effects; a waker
that fails does not undo the answer (it is recorded) and its error is returned to the caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ondas.app.detach import wake_detached
from ondas.audit import blocks as blocks_mod
from ondas.fleet.waker import wake_fleet
from ondas.state.store import Store

Waker = Callable[[Store, Path | None], str | None]

ACTORS = ("cli", "mcp", "panel", "fleet", "runtime")

#: Called in order after an answer is committed. Each one wakes one kind of waiting run.
WAKERS: tuple[Waker, ...] = (
    wake_detached,  # a detached run (ondas run --detach) that stopped for this block
    wake_fleet,  # a fleet submission parked on the block: queue its next wave
)


@dataclass(frozen=True)
class Answered:
    """The answered block and what was woken because of it."""

    block: blocks_mod.Block
    execution_status: str
    woken: list[str] = field(default_factory=list)
    wake_errors: list[str] = field(default_factory=list)


def answer(
    store: Store,
    text: str,
    block_id: str | None = None,
    *,
    actor: str,
    project: Path | None = None,
    agent: str = "human",
    wakers: tuple[Waker, ...] | None = None,
) -> Answered:
    """Answer ``block_id`` (default: the oldest awaiting block) as ``actor`` and wake the run."""
    from ondas.errors import UsageError
    from ondas.orchestrator.stage import answer_block
    from ondas.state.execution import get_execution

    if actor not in ACTORS:
        raise UsageError(f"actor must be one of {', '.join(ACTORS)}; got {actor!r}")
    block = answer_block(store, agent, text, block_id, actor=actor)
    status = get_execution(store).status
    woken: list[str] = []
    errors: list[str] = []
    for waker in WAKERS if wakers is None else wakers:
        try:
            what = waker(store, project)
        except Exception as err:  # the answer stands; the caller shows the error
            errors.append(f"{getattr(waker, '__name__', 'waker')}: {err}")
            continue
        if what:
            woken.append(what)
    return Answered(block=block, execution_status=status, woken=woken, wake_errors=errors)
