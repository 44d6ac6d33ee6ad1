"""How an execution is driven, and where its state lives: light enough for ``ondas status``.

``ondas status`` imports this module and not the orchestrator (agents, skills, templates),
so that reading where a run stands costs little more than opening the store.
"""

from __future__ import annotations

import json
import os

from ondas.errors import StateMissing
from ondas.runtime.schema import default_schema
from ondas.state.store import Store

# Not ``typing.TYPE_CHECKING``: ``ondas status`` imports neither typing nor dataclasses.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

SETTINGS_KEY = "orchestrator"
KEY_PREFIX = "wave-git/"
"""Key prefix (in ``extras``) of each wave's git record: its base, dirty paths and commit."""
VERDICT_EVENT = "review_verdict"
"""The event type of a recorded review verdict (written by ``ondas.orchestrator.delivery``)."""


class RunSettings:
    """How an execution is driven; stored with it so that ``resume`` drives it the same way."""

    # Every setting in order (what to_dict, equality and repr follow).
    FIELDS = ("backend", "auto_answer", "wave_delay", "test_command", "model", "sandbox")

    def __init__(
        self,
        backend: str = "claude-code",
        auto_answer: bool = False,
        wave_delay: float = 0.0,
        test_command: str | None = None,
        model: str | None = None,
        sandbox: bool = True,
    ) -> None:
        self.backend = backend
        self.auto_answer = auto_answer
        self.wave_delay = wave_delay
        self.test_command = test_command
        self.model = model
        self.sandbox = sandbox

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RunSettings):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"RunSettings({fields})"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {name: getattr(self, name) for name in self.FIELDS}


def state_dir(project: Path) -> Path:
    """``<project>/.ondas``."""
    return project / ".ondas"


def open_project_store(project: Path | str, *, create: bool = False) -> Store:
    """The store of ``project`` (``<project>/.ondas``, or its schema on a shared server)."""
    from ondas.state.dialect import store_exists

    sdir = os.path.join(project, ".ondas")  # text: ``ondas status`` imports no pathlib
    if not create and not store_exists(sdir):
        raise StateMissing(f"no ondas state in {project} (start one with 'ondas run')")
    if create:
        from pathlib import Path

        from ondas.state.anchors import retire_if_new

        retire_if_new(Path(sdir))
    return Store.open(sdir, create=create, schema=default_schema())


def save_settings(store: Store, execution_id: str, settings: RunSettings) -> None:
    """Record the run settings with the execution (audited)."""
    with store.transaction("run_settings", execution_id=execution_id) as tx:
        tx.upsert(
            "extras",
            {"execution_id": execution_id, "key": SETTINGS_KEY},
            {"value": json.dumps(settings.to_dict(), sort_keys=True)},
        )


def load_settings(store: Store, execution_id: str) -> RunSettings:
    """The run settings of ``execution_id`` (defaults when none were stored)."""
    row = store.one(
        "SELECT value FROM extras WHERE execution_id = ? AND key = ?", (execution_id, SETTINGS_KEY)
    )
    if row is None:
        return RunSettings()
    data = json.loads(row["value"])
    known = {k: v for k, v in data.items() if k in RunSettings.FIELDS}
    return RunSettings(**known)


def status(project: Path | str) -> dict[str, Any]:
    """Where the execution stands: stage, waves, pending blocks, metrics, lock, report."""
    target = os.path.realpath(project)  # as Path.resolve(), without importing pathlib
    store = open_project_store(target)
    try:
        with store.snapshot():
            return _status(store, target)
    finally:
        store.close()


def _status(store: Store, target: str) -> dict[str, Any]:
    """The status document, read from one snapshot."""
    from ondas.audit import blocks as blocks_mod
    from ondas.audit import waves as waves_mod
    from ondas.state import lock as lock_mod
    from ondas.state.execution import get_execution

    ex = get_execution(store)
    settings = load_settings(store, ex.id)
    waves = waves_mod.wave_status(store)
    return {
        "execution": reported_status(store, ex.to_dict()),
        "backend": settings.backend,
        "settings": settings.to_dict(),
        "waves": waves,
        "pending_blocks": [b.to_dict() for b in blocks_mod.list_blocks(store, status="awaiting")],
        "lock": lock_mod.check(store).to_dict(),
        "report": os.path.join(target, ".ondas", "report.md"),
        "verification": verification(store, ex.id),
    }


def verification(store: Store, execution_id: str | None = None) -> dict[str, Any]:
    """Task outcomes by count and the last verdict of each review stage (no test is run).

    ``execution_id`` is the current execution's when the caller has read it already.
    """
    from ondas.audit import tasks as tasks_mod
    from ondas.state.execution import get_execution

    outcomes = {name: 0 for name in tasks_mod.OUTCOMES}
    for task in tasks_mod.list_tasks(store):
        outcomes[task.outcome] = outcomes.get(task.outcome, 0) + 1
    # The verdicts ondas.orchestrator.delivery records, read here without importing it (and
    # its test runner and review parser): ``ondas status`` starts as a process of its own.
    last: dict[str, dict[str, Any]] = {}
    if execution_id is None:
        execution_id = get_execution(store).id
    for event in store.events(execution_id=execution_id, type_=VERDICT_EVENT):
        data = dict(event.payload.get("data") or {})
        last[str(data.get("stage"))] = data
    return {
        "tasks": outcomes,
        "reviews": {stage: v.get("verdict") for stage, v in last.items()},
    }


def uncommitted_waves(store: Store, execution_id: str) -> list[str]:
    """Closed waves of ``execution_id`` recorded at start whose commit was never recorded."""
    rows = store.all(
        "SELECT w.id, x.value FROM waves w JOIN extras x ON x.execution_id = w.execution_id "
        "AND x.key = ? || w.id WHERE w.execution_id = ? AND w.ended_at IS NOT NULL "
        "ORDER BY w.number",
        (KEY_PREFIX, execution_id),
    )
    return [r["id"] for r in rows if not json.loads(r["value"]).get("commit")]


def reported_status(store: Store, execution: dict[str, Any]) -> dict[str, Any]:
    """The execution as ``status`` reports it: never ``completed`` before its last commit.

    The final wave marks the execution completed when it closes, a moment before its files
    are committed; a process killed in between leaves a completed execution whose last wave
    has no commit. Until ``resume`` makes that commit, it is reported in progress.
    """
    if execution.get("status") != "completed":
        return execution
    missing = uncommitted_waves(store, str(execution["id"]))
    if not missing:
        return execution
    return {
        **execution,
        "status": "in_progress",
        "next_instruction": f"the files of {missing[-1]} are not committed yet: "
        "'ondas resume' commits them and completes the execution",
    }
