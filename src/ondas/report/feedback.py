"""A person's verdicts on a run: keep, change or remove each done item, with a note.

The HTML report lets a person mark every task and decision and copy the verdicts as a text
block (:func:`format_feedback` writes the same format). ``ondas feedback import`` records
them as one audited ``feedback_imported`` event; the next ``run`` or ``resume`` turns the
"change" and "remove" verdicts into a human block whose answer every later prompt carries,
and records a ``feedback_applied`` event so that each import is acted on once.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ondas.errors import StateMissing, UsageError

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

HEADER = "# ondas feedback v1"
VERDICTS = ("keep", "change", "remove")
ACTIONABLE = ("change", "remove")
IMPORTED = "feedback_imported"
APPLIED = "feedback_applied"
MAX_NOTE = 2000
LINE_RE = re.compile(
    r"^(?P<verdict>[a-z]+)\s+(?P<item>(?:task|decision):[A-Za-z0-9._-]+)(?:\s+note:\s?(?P<note>.*))?$"
)
META_RE = re.compile(r"^#\s*(execution|project):\s*(\S.*)$")


@dataclass(frozen=True)
class Verdict:
    """One verdict on one item (``task:<id>`` or ``decision:<id>``)."""

    item: str
    verdict: str
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


@dataclass
class Feedback:
    """A parsed feedback block: which execution it is about and the verdicts."""

    execution_id: str | None
    verdicts: list[Verdict]


def format_feedback(execution_id: str, project: str, verdicts: list[Verdict]) -> str:
    """The text block the HTML page's "Copy feedback" button produces."""
    lines = [HEADER, f"# execution: {execution_id}", f"# project: {project}"]
    for v in verdicts:
        note = " ".join(v.note.split())
        lines.append(f"{v.verdict} {v.item}" + (f" note: {note}" if note else ""))
    return "\n".join(lines) + "\n"


def parse_feedback(text: str) -> Feedback:
    """Parse a feedback block; a malformed line is a usage error naming its number."""
    execution_id: str | None = None
    found: dict[str, Verdict] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            meta = META_RE.match(line)
            if meta and meta.group(1) == "execution":
                execution_id = meta.group(2).strip()
            continue
        match = LINE_RE.match(line)
        if match is None or match.group("verdict") not in VERDICTS:
            raise UsageError(
                f"feedback line {number} is not '<keep|change|remove> <task|decision>:<id> "
                f"[note: text]': {line[:80]!r}"
            )
        note = (match.group("note") or "").strip()
        if len(note) > MAX_NOTE:
            raise UsageError(f"feedback line {number}: the note exceeds {MAX_NOTE} characters")
        item = match.group("item")
        found[item] = Verdict(item, match.group("verdict"), note)
    if not found:
        raise UsageError("the feedback holds no verdict")
    return Feedback(execution_id, list(found.values()))


def _known_items(store: StateStore, execution_id: str) -> set[str]:
    tasks = store.all("SELECT task_id FROM tasks WHERE execution_id = ?", (execution_id,))
    decisions = store.all("SELECT id FROM decisions WHERE execution_id = ?", (execution_id,))
    return {f"task:{r['task_id']}" for r in tasks} | {f"decision:{r['id']}" for r in decisions}


def import_feedback(store: StateStore, text: str) -> tuple[str, list[Verdict]]:
    """Record the verdicts of ``text`` as one audited event; nothing is written on bad input."""
    from ondas.audit._common import current_execution_id
    from ondas.report.model import cleaner_for

    feedback = parse_feedback(text)
    execution_id = feedback.execution_id or current_execution_id(store)
    row = store.one("SELECT project_path FROM executions WHERE id = ?", (execution_id,))
    if row is None:
        raise StateMissing(f"the feedback is about {execution_id}, which this store does not hold")
    known = _known_items(store, execution_id)
    unknown = [v.item for v in feedback.verdicts if v.item not in known]
    if unknown:
        raise UsageError(f"{execution_id} has no {', '.join(unknown[:5])}")
    clean = cleaner_for(Path(row["project_path"]))
    verdicts = [Verdict(v.item, v.verdict, clean(v.note)) for v in feedback.verdicts]
    counts = {k: sum(1 for v in verdicts if v.verdict == k) for k in VERDICTS}
    with store.transaction(
        IMPORTED,
        execution_id=execution_id,
        description=", ".join(f"{n} {k}" for k, n in counts.items() if n),
    ) as tx:
        tx.data.update({"execution_id": execution_id, "verdicts": [v.to_dict() for v in verdicts]})
    return execution_id, verdicts


def imported(store: StateStore) -> list[tuple[int, str, list[Verdict]]]:
    """Every import in the store: (event seq, execution id, verdicts)."""
    out = []
    for ev in store.events(type_=IMPORTED):
        data = ev.payload.get("data", {})
        verdicts = [
            Verdict(str(v["item"]), str(v["verdict"]), str(v.get("note") or ""))
            for v in data.get("verdicts", [])
        ]
        out.append((ev.seq, str(data.get("execution_id") or ev.execution_id), verdicts))
    return out


def pending(store: StateStore) -> list[tuple[int, str, list[Verdict]]]:
    """Imports no ``run``/``resume`` has acted on yet."""
    done: set[int] = set()
    for ev in store.events(type_=APPLIED):
        done.update(int(s) for s in ev.payload.get("data", {}).get("imports", []))
    return [entry for entry in imported(store) if entry[0] not in done]


def _describe(store: StateStore, execution_id: str, item: str) -> str:
    kind, _, ident = item.partition(":")
    if kind == "task":
        row = store.one(
            "SELECT title FROM tasks WHERE execution_id = ? AND task_id = ?", (execution_id, ident)
        )
        return f"task {ident} ({row['title']})" if row else f"task {ident}"
    row = store.one(
        "SELECT context, choice FROM decisions WHERE execution_id = ? AND id = ?",
        (execution_id, ident),
    )
    return f"decision {ident} ({row['context']} -> {row['choice']})" if row else f"decision {ident}"


def apply_pending(store: StateStore) -> str | None:
    """Turn pending change/remove verdicts into one human block; return its id, if any.

    Imports holding only "keep" verdicts are marked as acted on without a block.
    """
    from ondas.audit import blocks as blocks_mod
    from ondas.audit._common import current_execution_id

    entries = pending(store)
    if not entries:
        return None
    current = current_execution_id(store)
    requests: list[str] = []
    for _seq, execution_id, verdicts in entries:
        for v in verdicts:
            if v.verdict in ACTIONABLE:
                what = _describe(store, execution_id, v.item)
                requests.append(f"{v.verdict} {what}" + (f": {v.note}" if v.note else ""))
    block_id: str | None = None
    if requests:
        numbered = " ".join(f"({i}) {r}" for i, r in enumerate(requests, start=1))
        block_id = blocks_mod.register_block(
            store,
            question=(
                f"A person reviewed earlier work and asks for {len(requests)} change(s): "
                f"{numbered}. Answer with how to proceed (for example: apply them as tasks)."
            )[:4000],
            context_for_answer="From 'ondas feedback import'; the answer reaches every later "
            "prompt of this run.",
            subject_key="feedback",
        )
    with store.transaction(APPLIED, execution_id=current, description=block_id or "kept") as tx:
        tx.data.update(
            {"imports": [seq for seq, _, _ in entries], "block": block_id, "requests": requests}
        )
    return block_id
