"""The durable state of a sovai run: one JSON document kept with the execution.

A sovai run is an execution of the store (``invocation_type`` ``sovai``) with rounds instead
of stages. Where it stands (round, phase, every task and its status, churn counts,
diagnoses, reviews, QA, persistence) lives in the execution's ``extras`` under
:data:`STATE_KEY`, rewritten through an audited transaction after every step, so ``ondas
resume`` after a crash continues at the exact task that had not finished.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from ondas.sovai.schemas import PlanTask
from ondas.state.store import Store

STATE_KEY = "sovai"
INVOCATION = "sovai"
PHASES = ("decompose", "execute", "review", "confirm", "qa", "persist", "done")
TASK_STATUSES = ("pending", "done", "not_done")


@dataclass
class TaskState:
    """One task of the run and where it stands."""

    id: str
    desc: str
    files: list[str]
    parallelizable: bool = True
    depends_on: list[str] = field(default_factory=list)
    complexity: str = "standard"
    status: str = "pending"
    attempts: int = 0
    round: int = 0
    summary: str = ""
    note: str = ""
    files_touched: list[str] = field(default_factory=list)
    feedback: list[str] = field(default_factory=list)
    worktree: bool = False

    @classmethod
    def from_plan(cls, task: PlanTask, round_number: int) -> TaskState:
        """A new pending task from a decomposition."""
        return cls(
            id=task.id,
            desc=task.desc,
            files=list(task.files),
            parallelizable=task.parallelizable,
            depends_on=list(task.depends_on),
            complexity=task.complexity,
            status="done" if task.done else "pending",
            round=round_number,
        )


@dataclass
class RunState:
    """Where a sovai run stands."""

    round: int = 0
    phase: str = "decompose"
    tasks: dict[str, TaskState] = field(default_factory=dict)
    blockers: list[dict[str, str]] = field(default_factory=list)
    churn: dict[str, int] = field(default_factory=dict)
    diagnoses: dict[str, dict[str, str]] = field(default_factory=dict)
    feedback: list[dict[str, str]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    notes: list[dict[str, str]] = field(default_factory=list)
    reviews: list[dict[str, Any]] = field(default_factory=list)
    tests: list[dict[str, Any]] = field(default_factory=list)
    built: bool = False
    branch: str | None = None
    default_branch: str | None = None
    base_head: str | None = None
    dirty_before: list[str] = field(default_factory=list)
    commits: list[str] = field(default_factory=list)
    qa: dict[str, Any] | None = None
    persistence: dict[str, Any] = field(default_factory=dict)
    stopped_by: str | None = None
    qa_fixes: list[dict[str, Any]] = field(default_factory=list)
    """The QA gate's fix attempts: attempt, commit, failing checks, and whether kept or reverted."""
    qa_fix_base: str | None = None
    """The commit before the first QA fix attempt (what a revert goes back to)."""
    drift: list[dict[str, Any]] = field(default_factory=list)
    """Work reverted because no task of the decomposition names its files."""
    rounds_before: int = 0
    """Rounds run before the last resume that followed a person's answers (the round cap
    counts from there)."""

    def to_json(self) -> str:
        """The stored form."""
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> RunState:
        """Rebuild the stored form."""
        data = json.loads(text)
        tasks = {k: TaskState(**v) for k, v in data.pop("tasks", {}).items()}
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(tasks=tasks, **known)

    def pending(self) -> list[TaskState]:
        """Tasks still to run in this round, in decomposition order."""
        return [t for t in self.tasks.values() if t.status == "pending"]

    def verified(self) -> list[str]:
        """Why the build may not be called done (empty when it is built and verified): built
        by the confirm review, the project's tests ran and passed, no QA check failed (a
        check with no command is listed as uncovered in the report, not failed)."""
        gaps = []
        if not self.built:
            done = sum(1 for t in self.tasks.values() if t.status == "done")
            gaps.append(
                f"the plan is not built ({done}/{len(self.tasks)} task(s) done"
                + (f", stopped by {self.stopped_by}" if self.stopped_by else "")
                + ")"
            )
        last = self.tests[-1] if self.tests else {}
        if not last.get("command"):
            gaps.append("no test command ran: nothing is verified")
        elif not (last.get("ok") and int(last.get("tests_run") or 0) > 0):
            gaps.append(f"the project's tests are not green ({last.get('command')})")
        failed = [c["name"] for c in (self.qa or {}).get("checks", []) if not c.get("ok")]
        if failed:
            gaps.append(f"the QA gate failed: {', '.join(failed)}")
        return gaps

    def blocker_titles(self) -> list[str]:
        """What needs a person, one title each."""
        return [b["what"] for b in self.blockers]


def load(store: Store, execution_id: str) -> RunState:
    """The run state of ``execution_id`` (a fresh one before the first save)."""
    row = store.one(
        "SELECT value FROM extras WHERE execution_id = ? AND key = ?", (execution_id, STATE_KEY)
    )
    return RunState() if row is None else RunState.from_json(str(row["value"]))


def save(
    store: Store,
    execution_id: str,
    state: RunState,
    event: str,
    description: str | None = None,
    data: dict[str, Any] | None = None,
) -> None:
    """Write ``state`` in one audited transaction named ``event`` (``sovai_...``)."""
    with store.transaction(event, execution_id=execution_id, description=description) as tx:
        tx.upsert(
            "extras",
            {"execution_id": execution_id, "key": STATE_KEY},
            {"value": state.to_json()},
        )
        if data:
            tx.data.update(data)
