"""Suggestions about ondas' own skills and prompts, from agents and from the runtime.

A suggestion is an audited ``suggestion`` event: a severity (observation, improvement,
defect), a subject (a stage, a skill, a rule) and a text, scrubbed of secrets. The same
subject and text are recorded once per store (their hash is the key). ``render`` writes
``.ondas/suggestions.md``; an issue draft can be made from them (:mod:`ondas.report.drafts`).
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ondas.errors import UsageError

SEVERITIES = ("observation", "improvement", "defect")
SOURCES = ("agent", "runtime", "human")
EVENT = "suggestion"
MAX_TEXT = 4000
FILE_NAME = "suggestions.md"

if TYPE_CHECKING:
    from ondas.report.model import RunReport
    from ondas.state.interface import StateStore


@dataclass(frozen=True)
class Suggestion:
    """One recorded suggestion."""

    id: str
    severity: str
    subject: str
    text: str
    source: str
    execution_id: str | None
    hash: str
    ts: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def _digest(subject: str, text: str) -> str:
    norm = " ".join(f"{subject}\n{text}".lower().split())
    return hashlib.sha256(norm.encode()).hexdigest()


def list_suggestions(store: StateStore, *, severity: str | None = None) -> list[Suggestion]:
    """Every suggestion of the store, oldest first."""
    out = []
    for ev in store.events(type_=EVENT):
        d = ev.payload.get("data", {})
        item = Suggestion(
            id=f"sug-{ev.seq}",
            severity=str(d.get("severity")),
            subject=str(d.get("subject")),
            text=str(d.get("text")),
            source=str(d.get("source")),
            execution_id=ev.execution_id,
            hash=str(d.get("hash")),
            ts=ev.ts,
        )
        if severity is None or item.severity == severity:
            out.append(item)
    return out


def add_suggestion(
    store: StateStore, *, severity: str, subject: str, text: str, source: str = "agent"
) -> tuple[Suggestion, bool]:
    """Record a suggestion; returns it and whether it is new (an equal one is not repeated)."""
    from ondas.audit._common import current_execution_id
    from ondas.report.model import cleaner_for

    if severity not in SEVERITIES:
        raise UsageError(f"severity must be one of {', '.join(SEVERITIES)}; got {severity!r}")
    if source not in SOURCES:
        raise UsageError(f"source must be one of {', '.join(SOURCES)}; got {source!r}")
    subject, text = subject.strip(), text.strip()
    if not subject or not text:
        raise UsageError("a suggestion needs a subject and a text")
    if len(text) > MAX_TEXT:
        raise UsageError(f"the text exceeds {MAX_TEXT} characters")
    execution_id = current_execution_id(store)
    row = store.one("SELECT project_path FROM executions WHERE id = ?", (execution_id,))
    clean = cleaner_for(Path(row["project_path"])) if row else (lambda s: s)
    subject, text = clean(subject)[:200], clean(text)
    digest = _digest(subject, text)
    for existing in list_suggestions(store):
        if existing.hash == digest:
            return existing, False
    with store.transaction(EVENT, execution_id=execution_id, description=severity) as tx:
        tx.data.update(
            {
                "severity": severity,
                "subject": subject,
                "text": text,
                "source": source,
                "hash": digest,
            }
        )
    return list_suggestions(store)[-1], True


def runtime_suggestions(store: StateStore, report: RunReport) -> list[Suggestion]:
    """Suggestions the runtime draws from a run's retries and refusals (each made once)."""
    made: list[Suggestion] = []
    for retry in report.retries:
        stage = retry.description.split(":", 1)[0]
        first = retry.findings[0] if retry.findings else retry.description
        item, new = add_suggestion(
            store,
            severity="improvement",
            subject=f"skill {stage}",
            text=f"The {stage} prompt produced an artifact that failed its check once: {first}",
            source="runtime",
        )
        if new:
            made.append(item)
    for refusal in report.refusals:
        item, new = add_suggestion(
            store,
            severity="observation",
            subject=f"rule {refusal.rule}",
            text=f"An agent attempted a call the {refusal.source} refuses ({refusal.tool}); "
            "the prompt could say so up front.",
            source="runtime",
        )
        if new:
            made.append(item)
    return made


def render(suggestions: list[Suggestion]) -> str:
    """Markdown of the suggestions, defects first."""
    order = {s: i for i, s in enumerate(reversed(SEVERITIES))}
    lines = ["# ondas suggestions", ""]
    if not suggestions:
        lines.append("None recorded.")
    for s in sorted(suggestions, key=lambda s: (order[s.severity], s.id)):
        lines.append(f"- **{s.severity}** `{s.id}` {s.subject} ({s.source}): {s.text}")
    return "\n".join(lines) + "\n"


def write(store: StateStore, state_dir: Path) -> Path:
    """Write ``suggestions.md`` into ``state_dir`` atomically."""
    from ondas.state.export import atomic_write

    path = state_dir / FILE_NAME
    atomic_write(path, render(list_suggestions(store)).encode())
    return path
