"""Human blocks: questions only a person may answer, and the answers that unblock the run."""

from __future__ import annotations

import re

from ondas.audit._common import (
    current_execution_id,
    dumps,
    loads_list,
    open_wave_id,
    require_active,
    require_text,
    string_list,
)
from ondas.errors import RuleViolation, UsageError
from ondas.record import Record, asdict
from ondas.state.execution import apply_execution_changes
from ondas.state.store import Tx, utcnow

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ondas.state.interface import StateStore

SEVERITIES = ("light", "normal")
# Who answered a block, by the actor its ``block_answered`` event recorded: the runtime answers
# under ``--auto-answer`` (the recommended option), a policy rule may answer by itself, and
# every other surface (cli, panel, mcp, fleet) carries a person's answer.
AUTO_ACTOR, POLICY_ACTOR = "runtime", "policy"
ANSWERERS = ("person", "auto-answer", "policy")
ANSWERER_WORDS = {
    "person": "a person",
    "auto-answer": "the runtime (--auto-answer, recommended option)",
    "policy": "a policy rule",
}
STATUSES = ("awaiting", "answered")
NEGATIVE_ANSWERS = frozenset(
    {
        "no",
        "nao",
        "não",
        "n",
        "reject",
        "rejected",
        "deny",
        "denied",
        "refuse",
        "refused",
        "abort",
        "cancel",
        "no-continue",
        "stop",
    }
)


class Block(Record, frozen=True):
    """One human block."""

    id: str
    execution_id: str
    created_at: str
    question: str
    decision_id: str | None
    context_for_answer: str | None
    options: list[str] | None
    subject_key: str | None
    severity: str
    status: str
    answer: str | None
    answered_at: str | None
    wave_id: str | None

    @property
    def authorising(self) -> bool:
        """True when answered with anything but a refusal ("no", "reject", "abort"...)."""
        return self.status == "answered" and is_authorising(self.answer)

    @classmethod
    def from_row(cls, row: Any) -> Block:
        """The block of its row."""
        return cls(
            id=row["id"],
            execution_id=row["execution_id"],
            created_at=row["created_at"],
            question=row["question"],
            decision_id=row["decision_id"],
            context_for_answer=row["context_for_answer"],
            options=None if row["options"] is None else loads_list(row["options"]),
            subject_key=row["subject_key"],
            severity=row["severity"],
            status=row["status"],
            answer=row["answer"],
            answered_at=row["answered_at"],
            wave_id=row["wave_id"],
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        data = asdict(self)
        data["authorising"] = self.authorising
        return data


def is_authorising(answer: str | None) -> bool:
    """An answer authorises unless it is empty or starts with a refusal word."""
    if not answer or not answer.strip():
        return False
    first = re.split(r"[\s,.;:!]+", answer.strip().lower(), maxsplit=1)[0]
    return first not in NEGATIVE_ANSWERS and answer.strip().lower() not in NEGATIVE_ANSWERS


def register_in_tx(
    tx: Tx,
    execution_id: str,
    *,
    question: str | None,
    decision_id: str | None = None,
    context_for_answer: str | None = None,
    options: Any = None,
    subject_key: str | None = None,
    severity: str = "normal",
) -> str:
    """Check and record a block inside ``tx``; return its id."""
    require_text("question", question)
    if severity not in SEVERITIES:
        raise UsageError(f"severity must be one of {', '.join(SEVERITIES)}; got {severity!r}")
    opts = None if options is None else string_list("options", options)
    require_active(tx, execution_id)
    if decision_id is not None and (
        tx.one(
            "SELECT 1 FROM decisions WHERE execution_id = ? AND id = ?",
            (execution_id, decision_id),
        )
        is None
    ):
        raise RuleViolation(
            "decision-not-found", f"block links to {decision_id}, which is not a decision here"
        )
    block_id = tx.next_id(execution_id, "block")
    tx.insert(
        "blocks",
        {
            "execution_id": execution_id,
            "id": block_id,
            "created_at": utcnow(),
            "question": question,
            "decision_id": decision_id,
            "context_for_answer": context_for_answer,
            "options": None if opts is None else dumps(opts),
            "subject_key": subject_key,
            "severity": severity,
            "status": "awaiting",
            "answer": None,
            "answered_at": None,
            "wave_id": open_wave_id(tx, execution_id),
        },
    )
    tx.data["block_id"] = block_id
    return block_id


def register_block(
    store: StateStore,
    *,
    question: str | None,
    decision_id: str | None = None,
    context_for_answer: str | None = None,
    options: Any = None,
    subject_key: str | None = None,
    severity: str = "normal",
    auto_answer: str | None = None,
) -> str:
    """Open a human block on the current execution; return its id (``block-001``...).

    ``auto_answer``: the answer the runtime is about to give it (an auto-answered run),
    recorded in the same event, so a run killed before it answers leaves that intent for
    ``resume`` (:func:`auto_answers_left`); no agent-facing surface passes it."""
    execution_id = current_execution_id(store)
    with store.transaction(
        "block_registered", execution_id=execution_id, description=(question or "")[:200]
    ) as tx:
        if auto_answer is not None:
            tx.data["auto_answer"] = require_text("auto_answer", auto_answer)
        return register_in_tx(
            tx,
            execution_id,
            question=question,
            decision_id=decision_id,
            context_for_answer=context_for_answer,
            options=options,
            subject_key=subject_key,
            severity=severity,
        )


def auto_answers_left(store: StateStore) -> dict[str, str]:
    """Awaiting blocks the runtime opened to answer at once (``auto_answer`` of
    :func:`register_block`) and did not answer, its run killed in between: id -> answer."""
    awaiting = {b.id for b in list_blocks(store, status="awaiting")}
    if not awaiting:
        return {}
    execution_id = current_execution_id(store)
    left: dict[str, str] = {}
    for event in store.events(execution_id=execution_id, type_="block_registered"):
        data = (event.payload or {}).get("data") or {}
        if data.get("block_id") in awaiting and isinstance(data.get("auto_answer"), str):
            left[data["block_id"]] = data["auto_answer"]
    return left


def answered_by(actor: str | None) -> str:
    """The one attribution rule of answers: ``auto-answer``, ``policy`` or ``person``."""
    if actor == AUTO_ACTOR:
        return "auto-answer"
    if actor == POLICY_ACTOR:
        return "policy"
    return "person"


def respond_block(
    store: StateStore, answer: str | None, block_id: str | None = None, *, actor: str | None = None
) -> Block:
    """Answer ``block_id`` (default: the oldest awaiting block) and return it.

    ``actor``, when given, names the surface the answer came through (``cli``, ``mcp``,
    ``panel``, ``fleet``, ``runtime``); it is recorded in the ``block_answered`` event. When
    it is not given, a store that stamps its own actor (the MCP server's) records that one.

    When the execution was awaiting a human and no normal block is left awaiting, it goes
    back to ``in_progress`` in the same transaction.
    """
    require_text("answer", answer)
    execution_id = current_execution_id(store)
    with store.transaction("block_answered", execution_id=execution_id) as tx:
        status = require_active(tx, execution_id)
        if block_id is None:
            row = tx.one(
                "SELECT id FROM blocks WHERE execution_id = ? AND status = 'awaiting' "
                "ORDER BY length(id), id LIMIT 1",
                (execution_id,),
            )
            if row is None:
                raise RuleViolation("no-pending-block", "no block is awaiting an answer")
            target = str(row["id"])
        else:
            target = block_id
        row = tx.one(
            "SELECT status FROM blocks WHERE execution_id = ? AND id = ?", (execution_id, target)
        )
        if row is None:
            raise RuleViolation("block-not-found", f"no block {target} in {execution_id}")
        if row["status"] == "answered":
            raise RuleViolation("block-answered", f"{target} is already answered")
        tx.update(
            "blocks",
            {"execution_id": execution_id, "id": target},
            {"status": "answered", "answer": answer, "answered_at": utcnow()},
        )
        tx.data["block_id"] = target
        if actor is not None:
            tx.data["actor"] = actor
        left = tx.one(
            "SELECT 1 FROM blocks WHERE execution_id = ? AND status = 'awaiting' "
            "AND severity = 'normal' LIMIT 1",
            (execution_id,),
        )
        if status == "awaiting_human" and left is None:
            apply_execution_changes(tx, execution_id, {"status": "in_progress"})
    return get_block(store, target)


def get_block(store: StateStore | Tx, block_id: str) -> Block:
    """One block of the current execution."""
    execution_id = current_execution_id(store)
    row = store.one(
        "SELECT * FROM blocks WHERE execution_id = ? AND id = ?", (execution_id, block_id)
    )
    if row is None:
        raise RuleViolation("block-not-found", f"no block {block_id} in {execution_id}")
    return Block.from_row(row)


def list_blocks(store: StateStore, *, status: str | None = None) -> list[Block]:
    """Blocks of the current execution, oldest first."""
    if status is not None and status not in STATUSES:
        raise UsageError(f"status must be one of {', '.join(STATUSES)}; got {status!r}")
    execution_id = current_execution_id(store)
    sql = "SELECT * FROM blocks WHERE execution_id = ?"
    params: list[Any] = [execution_id]
    if status is not None:
        sql += " AND status = ?"
        params.append(status)
    return [Block.from_row(r) for r in store.all(sql + " ORDER BY length(id), id", params)]


def count_blocks(store: StateStore, *, pending_only: bool = False) -> int:
    """How many blocks (or awaiting blocks) the current execution holds."""
    execution_id = current_execution_id(store)
    sql = "SELECT COUNT(*) AS n FROM blocks WHERE execution_id = ?"
    if pending_only:
        sql += " AND status = 'awaiting'"
    row = store.one(sql, (execution_id,))
    return int(row["n"]) if row else 0


def require_resolved(store: StateStore, decision_id: str) -> Block:
    """Return the answered, authorising block linked to ``decision_id``; refuse otherwise."""
    execution_id = current_execution_id(store)
    rows = store.all(
        "SELECT * FROM blocks WHERE execution_id = ? AND decision_id = ? ORDER BY length(id), id",
        (execution_id, decision_id),
    )
    blocks = [Block.from_row(r) for r in rows]
    for block in blocks:
        if block.authorising:
            return block
    if not blocks:
        detail = f"no block is linked to {decision_id}"
    elif any(b.status == "awaiting" for b in blocks):
        detail = f"the block of {decision_id} still awaits an answer"
    else:
        detail = f"the block of {decision_id} was answered with a refusal"
    raise RuleViolation("block-not-resolved", detail)
