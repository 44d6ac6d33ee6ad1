"""What the panel shows, as plain data: one function per page, each reading one snapshot.

The executions page needs a handful of counts per store (:func:`summary`); the page of one
execution reuses the review surface's model (:func:`ondas.report.model.build`), the same one
``report.md`` and ``report.html`` are rendered from, so the panel and the report never
disagree. Every text that reaches a page passes through the report's secrets filter.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ondas.panel.sources import Project
from ondas.state.store import Store

ORDER = {"awaiting_human": 0, "in_progress": 1, "aborted": 2, "completed": 3}


@dataclass
class PendingBlock:
    """A question waiting for a person."""

    id: str
    question: str
    options: list[str]
    context: str
    severity: str
    created_at: str


@dataclass
class Summary:
    """One row of the executions page: where a project's current execution stands."""

    key: str
    project: str
    project_name: str
    execution_id: str
    status: str
    stage: str
    feature: str
    description: str
    stage_number: int
    stage_count: int
    waves: int
    tasks_done: int
    tasks: int
    cost_usd: float
    last_activity: str | None
    started_at: str
    finished_at: str | None
    next_instruction: str | None
    running: bool
    earlier_executions: int
    pending: list[PendingBlock] = field(default_factory=list)

    @property
    def progress(self) -> int:
        """Percent of the pipeline's stages behind the execution."""
        if self.status == "completed":
            return 100
        return round(100 * max(self.stage_number - 1, 0) / max(self.stage_count, 1))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        data = asdict(self)
        data["progress"] = self.progress
        return data


@dataclass
class Unavailable:
    """A project whose store cannot be read right now, and why."""

    key: str
    project: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


CLEANER_TTL = 60.0
_cleaners: dict[str, tuple[float, Callable[[str], str]]] = {}


def cleaner(project: Path) -> Callable[[str], str]:
    """The report's secrets filter for ``project``, remembering what it already cleaned.

    Scrubbing one text costs a fraction of a millisecond and a page shows the same texts
    again and again; the filter is rebuilt every :data:`CLEANER_TTL` seconds so that a new
    value in the project's ``.env`` is picked up.
    """
    from ondas.report.model import cleaner_for

    key = str(project)
    found = _cleaners.get(key)
    if found is not None and time.monotonic() - found[0] < CLEANER_TTL:
        return found[1]
    clean = functools.lru_cache(maxsize=4096)(cleaner_for(project))
    _cleaners[key] = (time.monotonic(), clean)
    return clean


def head(store: Store) -> str:
    """The store's chain head (``seq:hash``): it changes with every committed write."""
    row = store.one("SELECT value FROM meta WHERE key = 'chain_head'")
    return str(row[0]) if row and row[0] else ""


def summary(store: Store, project: Project) -> Summary:
    """The executions-page row of ``project``, read from one snapshot."""
    from ondas.audit import blocks as blocks_mod
    from ondas.orchestrator.features import feature_name
    from ondas.pipeline.stages import stages
    from ondas.state import lock as lock_mod
    from ondas.state.execution import list_executions

    clean = cleaner(project.path)
    with store.snapshot():
        executions = list_executions(store)
        if not executions:
            from ondas.errors import StateMissing

            raise StateMissing("the store holds no execution yet")
        ex = executions[-1]
        chain = stages("default")
        waves = store.one("SELECT COUNT(*) FROM waves WHERE execution_id = ?", (ex.id,))
        tasks = store.all(
            "SELECT outcome, COUNT(*) FROM tasks WHERE execution_id = ? GROUP BY outcome",
            (ex.id,),
        )
        cost = store.one(
            "SELECT COALESCE(SUM(cost_usd), 0) FROM wave_costs WHERE execution_id = ?", (ex.id,)
        )
        last = store.one("SELECT ts FROM events ORDER BY seq DESC LIMIT 1")
        pending = blocks_mod.list_blocks(store, status="awaiting")
        lock = lock_mod.check(store, ex.id)
    by_outcome = {str(r[0]): int(r[1]) for r in tasks}
    return Summary(
        key=project.key,
        project=str(project.path),
        project_name=ex.project_name,
        execution_id=ex.id,
        status=ex.status,
        stage=ex.current_stage,
        feature=feature_name(Path(ex.project_path)) or "",
        description=clean(ex.description),
        stage_number=chain.index(ex.current_stage) + 1 if ex.current_stage in chain else 0,
        stage_count=len(chain),
        waves=int(waves[0]) if waves else 0,
        tasks_done=by_outcome.get("pass", 0),
        tasks=sum(by_outcome.values()),
        cost_usd=float(cost[0]) if cost else 0.0,
        last_activity=str(last[0]) if last else None,
        started_at=ex.started_at,
        finished_at=ex.finished_at,
        next_instruction=clean(ex.next_instruction or "") or None,
        running=lock.held and not lock.stale,
        earlier_executions=len(executions) - 1,
        pending=[
            PendingBlock(
                id=b.id,
                question=clean(b.question),
                options=[clean(o) for o in b.options or []],
                context=clean(b.context_for_answer or ""),
                severity=b.severity,
                created_at=b.created_at,
            )
            for b in pending
        ],
    )


def sort_key(row: Summary | Unavailable) -> tuple[int, str]:
    """Blocked runs first, then running ones, then finished; most recent activity first."""
    if isinstance(row, Unavailable):
        return (9, row.project)
    stamp = row.last_activity or row.started_at
    inverted = "".join(chr(0x10FFFF - ord(c)) for c in stamp)
    return (ORDER.get(row.status, 5), inverted)


@dataclass
class Detail:
    """The page of one execution: its summary row and the report model."""

    summary: Summary
    report: Any
    chart: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the chart is drawn from ``report.waves``)."""
        return {"summary": self.summary.to_dict(), "report": self.report.to_dict()}


def backend_label(name: str) -> str:
    """The backend's label as the report shows it (its name when it cannot be loaded here)."""
    from ondas.agents.registry import get_backend

    try:
        return get_backend(name).label
    except Exception:  # a plugin missing on this machine: the name still identifies it
        return name


def detail(store: Store, project: Project) -> Detail:
    """The execution page of ``project``: summary plus the review surface's run model."""
    from ondas.orchestrator.settings import load_settings
    from ondas.report import model, render

    row = summary(store, project)
    settings = load_settings(store, row.execution_id)
    report = model.build(store, backend_label=backend_label(settings.backend))
    return Detail(summary=row, report=report, chart=render.chart(report))


def knowledge(query: str, limit: int = 20) -> list[dict[str, Any]] | None:
    """Best matches in the knowledge DB (None when there is no DB), read-only."""
    from ondas.recall.db import Knowledge, db_path

    path = db_path()
    if not path.is_file():
        return None
    if not query.strip():
        return []
    with Knowledge(path, readonly=True) as kb:
        found = kb.search(query, limit=limit)
    return [{**e.to_dict(), "project_name": Path(e.project).name} for e in found]
