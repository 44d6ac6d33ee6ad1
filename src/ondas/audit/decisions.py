"""Decisions: every choice an agent or the runtime makes, refused unless it obeys the rules.

A decision is append-only. ``mark_invalid`` never edits it: it adds an invalidation row, and
listings show the decision as invalidated.
"""

from __future__ import annotations

import json
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
from ondas.audit.events import evidence_observed_in, has_observed_outputs
from ondas.errors import RuleViolation, UsageError
from ondas.record import Record, asdict
from ondas.state.store import Tx, utcnow

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ondas.state.interface import StateStore

CLASSES = ("operational", "structural")
AXES = (
    "language-runtime",
    "stack-frameworks",
    "architecture",
    "persistence",
    "target-environment",
    "delivery-tier",
)
CONSTITUTION_ANSWERS = (
    "update-global-via-semver-bump",
    "create-feature-delta-with-sync-impact-report",
    "abort-feature-without-own-principles",
)
HUMAN_BLOCK_RE = re.compile(r"^(pause-human|human-block-[A-Za-z0-9._-]+)$")
MIN_EVIDENCE = 20
CONSTITUTION_FILE = "docs/constitution.md"
"""The project's constitution (the pipeline's layout puts it there); score-1 quotes it."""


class Decision(Record, frozen=True):
    """One recorded decision, with its invalidation when there is one."""

    id: str
    execution_id: str
    wave_id: str | None
    created_at: str
    agent: str
    stage: str
    context: str
    options: list[str]
    choice: str
    justification: str
    score: int | None
    evidence: str | None
    references: list[Any]
    class_: str
    axis: str | None
    consent: str | None
    invalidated: bool = False
    invalid_reason: str | None = None

    @classmethod
    def from_row(cls, row: Any) -> Decision:
        """The decision of its row."""
        return cls(
            id=row["id"],
            execution_id=row["execution_id"],
            wave_id=row["wave_id"],
            created_at=row["created_at"],
            agent=row["agent"],
            stage=row["stage"],
            context=row["context"],
            options=loads_list(row["options"]),
            choice=row["choice"],
            justification=row["justification"],
            score=row["score"],
            evidence=row["evidence"],
            references=loads_list(row["references"]),
            class_=row["class"],
            axis=row["axis"],
            consent=row["consent"],
            invalidated=row["invalid_id"] is not None,
            invalid_reason=row["invalid_reason"],
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``class_`` is spelled ``class``)."""
        data = asdict(self)
        data["class"] = data.pop("class_")
        return data


def is_human_block_token(value: str) -> bool:
    """True for ``pause-human`` and ``human-block-<reason>``."""
    return bool(HUMAN_BLOCK_RE.match(value))


def _check_consent(tx: Tx, execution_id: str, consent: str, axis: str | None) -> None:
    row = tx.one(
        "SELECT status, subject_key FROM blocks WHERE execution_id = ? AND id = ?",
        (execution_id, consent),
    )
    if row is None or row["status"] != "answered":
        state = "does not exist in this execution" if row is None else "is not answered"
        raise RuleViolation("consent-not-answered", f"consent block {consent} {state}")
    if axis is not None and row["subject_key"] != f"axis:{axis}":
        raise RuleViolation(
            "consent-other-subject",
            f"block {consent} is about {row['subject_key']!r}, not 'axis:{axis}'; consent for "
            "one subject never authorises another",
        )


def _validate(
    *,
    agent: str | None,
    stage: str | None,
    context: str | None,
    options: Any,
    choice: str | None,
    justification: str | None,
    score: int,
    evidence: str | None,
    references: Any,
    class_: str,
    axis: str | None,
) -> tuple[list[str], list[Any]]:
    for name, value in (
        ("context", context),
        ("choice", choice),
        ("justification", justification),
        ("agent", agent),
    ):
        require_text(name, value)
    if options is None or options == "" or options == []:
        raise RuleViolation("missing-field", "options is required and must not be empty")
    opts = string_list("options", options)
    if not any(o.strip() for o in opts):
        raise RuleViolation("missing-field", "options is required and must not be empty")
    refs: list[Any] = []
    if references is not None:
        if isinstance(references, str):
            try:
                references = json.loads(references)
            except json.JSONDecodeError as exc:
                raise UsageError(f"references is not valid JSON: {exc.msg}") from exc
        if not isinstance(references, list):
            raise UsageError("references must be a JSON list")
        refs = references
    if stage is not None and not isinstance(stage, str):
        raise UsageError("stage must be a string")
    if isinstance(score, bool) or not isinstance(score, int) or not 0 <= score <= 3:
        raise UsageError(f"score must be an integer 0..3, got {score!r}")
    if class_ not in CLASSES:
        raise UsageError(f"class must be one of {', '.join(CLASSES)}; got {class_!r}")
    if choice not in opts:
        raise RuleViolation("choice-not-in-options", f"choice {choice!r} is not one of the options")
    if score == 3 and (evidence is None or len(evidence.strip()) < MIN_EVIDENCE):
        raise RuleViolation(
            "score3-needs-evidence",
            f"score 3 needs evidence of at least {MIN_EVIDENCE} characters",
        )
    if (class_ == "structural" or axis is not None) and axis not in AXES:
        raise RuleViolation("unknown-axis", f"axis must be one of {', '.join(AXES)}; got {axis!r}")
    if axis is not None and class_ != "structural":
        raise RuleViolation(
            "axis-needs-structural",
            f"a decision on the {axis} axis is structural, whatever class the caller declares",
        )
    return opts, refs


def _constitution_text(tx: Tx, execution_id: str) -> str | None:
    import os

    row = tx.one("SELECT project_path FROM executions WHERE id = ?", (execution_id,))
    if row is None:
        return None
    path = os.path.join(str(row["project_path"]), CONSTITUTION_FILE)
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError):
        return None


def _check_score1(tx: Tx, execution_id: str, opts: list[str], choice: str, refs: list[Any]) -> None:
    """Score 1 decides only because every other option violates the constitution: each other
    option needs a reference ``{"option", "violates"}`` quoting the project's constitution
    literally."""
    quoted = {
        str(r.get("option")): str(r.get("violates") or "").strip()
        for r in refs
        if isinstance(r, dict)
    }
    others = [o for o in opts if o != choice and not is_human_block_token(o)]
    missing = [o for o in others if len(quoted.get(o, "")) < MIN_EVIDENCE]
    if missing:
        raise RuleViolation(
            "score1-needs-violation",
            "score 1 decides only when the other options violate the constitution: give a "
            f'reference {{"option", "violates"}} quoting it for {", ".join(missing)}',
        )
    text = _constitution_text(tx, execution_id)
    if text is None:
        raise RuleViolation(
            "score1-needs-violation", f"score 1 needs the project's {CONSTITUTION_FILE} to quote"
        )
    flat = " ".join(text.split())
    wrong = [o for o in others if " ".join(quoted[o].split()) not in flat]
    if wrong:
        raise RuleViolation(
            "score1-needs-violation",
            f"the violation quoted for {', '.join(wrong)} is not a literal quote of "
            f"{CONSTITUTION_FILE}",
        )


def register_in_tx(
    tx: Tx,
    execution_id: str,
    *,
    agent: str | None,
    stage: str | None,
    context: str | None,
    options: Any,
    choice: str | None,
    justification: str | None,
    score: int,
    evidence: str | None = None,
    references: Any = None,
    class_: str = "operational",
    axis: str | None = None,
    consent: str | None = None,
    by_operator: bool = False,
) -> str:
    """Check every rule and record the decision inside ``tx``; return its id.

    ``by_operator`` marks a decision the human operator made through an operator command
    (``tier set``, ``state set --as-operator``): a structural one then needs no human block,
    since the human is the one deciding. No agent-facing entry point passes it.
    """
    opts, refs = _validate(
        agent=agent,
        stage=stage,
        context=context,
        options=options,
        choice=choice,
        justification=justification,
        score=score,
        evidence=evidence,
        references=references,
        class_=class_,
        axis=axis,
    )
    assert choice is not None
    require_active(tx, execution_id)
    if class_ == "structural" and not by_operator:
        if not any(is_human_block_token(o) for o in opts):
            raise RuleViolation(
                "structural-needs-block",
                "a structural decision must offer a human-block option "
                "(pause-human or human-block-<reason>)",
            )
        if consent is None and not is_human_block_token(choice):
            raise RuleViolation(
                "structural-needs-block",
                f"structural choice on axis {axis} needs the human: choose pause-human or "
                "pass --consent with the answered block",
            )
    if consent is not None:
        _check_consent(tx, execution_id, consent, axis if class_ == "structural" else None)
    if all(a in opts for a in CONSTITUTION_ANSWERS) and score != 0 and consent is None:
        raise RuleViolation(
            "constitution-needs-human",
            "a constitution conflict is the human's call: score 0 (pause) or pass --consent",
        )
    if (
        score == 3
        and evidence is not None
        and has_observed_outputs(tx, execution_id)
        and not evidence_observed_in(tx, execution_id, evidence)
    ):
        raise RuleViolation(
            "evidence-not-observed",
            "score-3 evidence is not a literal substring of any tool output observed in this "
            "execution",
        )
    if score == 1 and not is_human_block_token(choice):
        _check_score1(tx, execution_id, opts, choice, refs)
    decision_id = tx.next_id(execution_id, "dec")
    tx.insert(
        "decisions",
        {
            "execution_id": execution_id,
            "id": decision_id,
            "wave_id": open_wave_id(tx, execution_id),
            "created_at": utcnow(),
            "agent": agent,
            "stage": stage or "",
            "context": context,
            "options": dumps(opts),
            "choice": choice,
            "justification": justification,
            "score": score,
            "evidence": evidence,
            "references": dumps(refs),
            "class": class_,
            "axis": axis,
            "consent": consent,
        },
    )
    tx.data["decision_id"] = decision_id
    return decision_id


def register_decision(
    store: StateStore,
    *,
    agent: str | None,
    stage: str | None,
    context: str | None,
    options: Any,
    choice: str | None,
    justification: str | None,
    score: int,
    evidence: str | None = None,
    references: Any = None,
    class_: str = "operational",
    axis: str | None = None,
    consent: str | None = None,
) -> str:
    """Record a decision of the current execution and return its id (``dec-001``...)."""
    execution_id = current_execution_id(store)
    with store.transaction(
        "decision_registered", execution_id=execution_id, description=(choice or "")[:200]
    ) as tx:
        return register_in_tx(
            tx,
            execution_id,
            agent=agent,
            stage=stage,
            context=context,
            options=options,
            choice=choice,
            justification=justification,
            score=score,
            evidence=evidence,
            references=references,
            class_=class_,
            axis=axis,
            consent=consent,
        )


_SELECT = (
    "SELECT d.*, i.reason AS invalid_reason, i.decision_id AS invalid_id FROM decisions d "
    "LEFT JOIN decision_invalidations i ON i.execution_id = d.execution_id "
    "AND i.decision_id = d.id"
)


def list_decisions(
    store: StateStore, *, stage: str | None = None, wave_id: str | None = None
) -> list[Decision]:
    """Decisions of the current execution in id order, invalidated ones flagged."""
    execution_id = current_execution_id(store)
    sql = _SELECT + " WHERE d.execution_id = ?"
    params: list[Any] = [execution_id]
    if stage is not None:
        sql += " AND d.stage = ?"
        params.append(stage)
    if wave_id is not None:
        sql += " AND d.wave_id = ?"
        params.append(wave_id)
    sql += " ORDER BY length(d.id), d.id"
    return [Decision.from_row(r) for r in store.all(sql, params)]


def count_decisions(store: StateStore, *, valid_only: bool = False) -> int:
    """How many decisions the current execution holds."""
    execution_id = current_execution_id(store)
    sql = "SELECT COUNT(*) AS n FROM decisions d WHERE d.execution_id = ?"
    if valid_only:
        sql += (
            " AND NOT EXISTS (SELECT 1 FROM decision_invalidations i WHERE "
            "i.execution_id = d.execution_id AND i.decision_id = d.id)"
        )
    row = store.one(sql, (execution_id,))
    return int(row["n"]) if row else 0


def get_decision(store: StateStore | Tx, decision_id: str) -> Decision:
    """One decision of the current execution."""
    execution_id = current_execution_id(store)
    row = store.one(_SELECT + " WHERE d.execution_id = ? AND d.id = ?", (execution_id, decision_id))
    if row is None:
        raise RuleViolation("decision-not-found", f"no decision {decision_id} in {execution_id}")
    return Decision.from_row(row)


def mark_invalid(store: StateStore, decision_id: str, reason: str | None) -> None:
    """Invalidate a decision by appending a record; the decision itself never changes."""
    require_text("reason", reason)
    execution_id = current_execution_id(store)
    with store.transaction(
        "decision_invalidated", execution_id=execution_id, description=decision_id
    ) as tx:
        if (
            tx.one(
                "SELECT 1 FROM decisions WHERE execution_id = ? AND id = ?",
                (execution_id, decision_id),
            )
            is None
        ):
            raise RuleViolation(
                "decision-not-found", f"no decision {decision_id} in {execution_id}"
            )
        if tx.one(
            "SELECT 1 FROM decision_invalidations WHERE execution_id = ? AND decision_id = ?",
            (execution_id, decision_id),
        ):
            raise RuleViolation("decision-already-invalid", f"{decision_id} is already invalidated")
        tx.insert(
            "decision_invalidations",
            {
                "execution_id": execution_id,
                "decision_id": decision_id,
                "reason": reason,
                "created_at": utcnow(),
            },
        )


def decision_exists(store: StateStore | Tx, execution_id: str, decision_id: str) -> bool:
    """True when ``decision_id`` is a decision of ``execution_id``."""
    return (
        store.one(
            "SELECT 1 FROM decisions WHERE execution_id = ? AND id = ?",
            (execution_id, decision_id),
        )
        is not None
    )


__all__ = [
    "AXES",
    "CONSTITUTION_ANSWERS",
    "Decision",
    "count_decisions",
    "decision_exists",
    "get_decision",
    "is_human_block_token",
    "list_decisions",
    "mark_invalid",
    "register_decision",
    "register_in_tx",
]
