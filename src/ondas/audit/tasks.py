"""Task records: one row per task id, re-recording updates it, tasks.md back-fills the gaps."""

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
from ondas.state.store import utcnow

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from ondas.state.interface import StateStore

OUTCOMES = ("pass", "fail", "unverified")
RUNTIME = "runtime"
#: Who records a task: the runtime (it ran the tests), a command line, the MCP server.
RECORDERS = (RUNTIME, "cli", "mcp")
# Patterns as text, compiled (and cached by ``re``) where they are used: ``ondas status``
# imports this module to count tasks and would otherwise compile all three at start-up.
TASK_ID_RE = r"^[A-Za-z]?\d+(\.\d+)*$"
# "- [x] 4.1 Title", "- [X] **4.1** [C] Title", "* [x] T4.1: Title"
CHECKED_RE = (
    r"^\s*[-*+]\s+\[[xX]\]\s+(?:\*\*|`)?(?P<id>[A-Za-z]?\d+(?:\.\d+)+)(?:\*\*|`)?[:.)]?\s*"
    r"(?P<title>.*)$"
)
TAG_RE = r"\[(?:C|A|M|P|US\d+)\]\s*"


class Task(Record, frozen=True):
    """One task record."""

    task_id: str
    execution_id: str
    title: str
    outcome: str
    tests_run: int
    tests_passed: int
    lint_ok: bool | None
    files: list[str]
    source: str
    wave_id: str | None
    recorded_at: str
    test_command: str | None = None
    test_exit_code: int | None = None
    recorded_by: str | None = None

    @property
    def verified(self) -> bool:
        """True when a test command ran tests for the task and all of them passed."""
        return self.outcome == "pass"

    @classmethod
    def from_row(cls, row: Any) -> Task:
        """The task of its row."""
        return cls(
            task_id=row["task_id"],
            execution_id=row["execution_id"],
            title=row["title"],
            outcome=row["outcome"],
            tests_run=row["tests_run"],
            tests_passed=row["tests_passed"],
            lint_ok=None if row["lint_ok"] is None else bool(row["lint_ok"]),
            files=[str(f) for f in loads_list(row["files"])],
            source=row["source"],
            wave_id=row["wave_id"],
            recorded_at=row["recorded_at"],
            test_command=row["test_command"],
            test_exit_code=row["test_exit_code"],
            recorded_by=row["recorded_by"],
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def _count(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise UsageError(f"{name} must be a non-negative integer, got {value!r}")
    return value


def record_task(
    store: StateStore,
    task_id: str,
    title: str | None,
    outcome: str,
    tests_run: int,
    tests_passed: int,
    lint_ok: bool | None,
    files: Any,
    *,
    test_command: str | None = None,
    test_exit_code: int | None = None,
    recorded_by: str = "cli",
) -> Task:
    """Record (or re-record) task ``task_id``; one row per task id, never duplicated.

    ``recorded_by`` says who records: evidence the runtime recorded (it ran the test command
    itself) is changed by no one else afterwards ([evidence-immutable]).

    ``lint_ok`` is ``None`` when no lint ran: the record never claims a check that did not run.
    ``pass`` needs evidence: at least one test ran, all passed and (when known) the test
    command exited 0; without it the task is ``unverified`` (or ``fail``), never ``pass``.
    """
    if not isinstance(task_id, str) or not re.match(TASK_ID_RE, task_id):
        raise UsageError(f"task id must look like 4.1, got {task_id!r}")
    require_text("title", title)
    if outcome not in OUTCOMES:
        raise UsageError(f"outcome must be one of {', '.join(OUTCOMES)}; got {outcome!r}")
    run = _count("tests_run", tests_run)
    passed = _count("tests_passed", tests_passed)
    if lint_ok is not None and not isinstance(lint_ok, bool):
        raise UsageError("lint_ok must be true, false or unknown (null)")
    paths = string_list("files", files)
    if passed > run:
        raise RuleViolation(
            "tests-passed-exceeds-run", f"tests_passed {passed} is more than tests_run {run}"
        )
    if test_exit_code is not None and (
        isinstance(test_exit_code, bool) or not isinstance(test_exit_code, int)
    ):
        raise UsageError(f"test_exit_code must be an integer, got {test_exit_code!r}")
    if recorded_by not in RECORDERS:
        raise UsageError(f"recorded_by must be one of {', '.join(RECORDERS)}; got {recorded_by!r}")
    if outcome == "pass" and (run == 0 or passed < run or test_exit_code not in (None, 0)):
        raise RuleViolation(
            "pass-needs-evidence",
            f"task {task_id} cannot pass on {passed}/{run} tests (exit {test_exit_code}): "
            "pass needs at least one test run, all passing; record it unverified or fail",
        )
    execution_id = current_execution_id(store)
    with store.transaction("task_recorded", execution_id=execution_id, description=task_id) as tx:
        require_active(tx, execution_id)
        if recorded_by != RUNTIME:
            _require_not_runtimes(tx, execution_id, task_id)
        tx.upsert(
            "tasks",
            {"execution_id": execution_id, "task_id": task_id},
            {
                "title": title,
                "outcome": outcome,
                "tests_run": run,
                "tests_passed": passed,
                "lint_ok": None if lint_ok is None else int(lint_ok),
                "files": dumps(paths),
                "source": "recorded",
                "wave_id": open_wave_id(tx, execution_id),
                "recorded_at": utcnow(),
                "test_command": test_command,
                "test_exit_code": test_exit_code,
                "recorded_by": recorded_by,
            },
        )
    return get_task(store, task_id)


def _require_not_runtimes(tx: Any, execution_id: str, task_id: str) -> None:
    """Refuse re-recording a task whose outcome and evidence the runtime recorded."""
    row = tx.one(
        "SELECT tests_run, tests_passed, test_command, recorded_by FROM tasks "
        "WHERE execution_id = ? AND task_id = ?",
        (execution_id, task_id),
    )
    if row is not None and row["recorded_by"] == RUNTIME:
        raise RuleViolation(
            "evidence-immutable",
            f"task {task_id}'s outcome and evidence were recorded by the runtime "
            f"({row['tests_passed']}/{row['tests_run']} tests); only the runtime records it again",
        )


def checked_tasks(text: str) -> list[tuple[str, str]]:
    """``(task id, title)`` of every checked ``- [x]`` task line of a tasks.md text."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    checked, tag = re.compile(CHECKED_RE), re.compile(TAG_RE)
    for line in text.splitlines():
        match = checked.match(line)
        if match is None or match["id"] in seen:
            continue
        seen.add(match["id"])
        title = tag.sub("", match["title"]).strip().strip("*").strip() or match["id"]
        out.append((match["id"], title))
    return out


def reconcile_tasks(store: StateStore, tasks_md: Path | str) -> list[str]:
    """Back-fill every checked task of ``tasks_md`` that has no record; return their ids.

    A back-filled task is ``unverified``: no test was seen running for it. Real records are
    never overwritten. Nothing is written when nothing is missing.
    """
    from pathlib import Path  # here: ``ondas status`` reads tasks without pathlib

    path = Path(tasks_md)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {path}: {exc}") from exc
    wanted = checked_tasks(text)
    execution_id = current_execution_id(store)
    known = {
        r["task_id"]
        for r in store.all("SELECT task_id FROM tasks WHERE execution_id = ?", (execution_id,))
    }
    if all(task_id in known for task_id, _ in wanted):
        return []
    added: list[str] = []
    with store.transaction(
        "tasks_backfilled", execution_id=execution_id, description=path.name
    ) as tx:
        require_active(tx, execution_id)
        wave_id = open_wave_id(tx, execution_id)
        for task_id, title in wanted:
            if tx.one(
                "SELECT 1 FROM tasks WHERE execution_id = ? AND task_id = ?",
                (execution_id, task_id),
            ):
                continue
            tx.insert(
                "tasks",
                {
                    "execution_id": execution_id,
                    "task_id": task_id,
                    "title": title,
                    "outcome": "unverified",
                    "tests_run": 0,
                    "tests_passed": 0,
                    "lint_ok": None,
                    "files": "[]",
                    "source": "backfilled",
                    "wave_id": wave_id,
                    "recorded_at": utcnow(),
                },
            )
            added.append(task_id)
        tx.data["backfilled"] = added
    return added


def get_task(store: StateStore, task_id: str) -> Task:
    """One task record of the current execution."""
    execution_id = current_execution_id(store)
    row = store.one(
        "SELECT * FROM tasks WHERE execution_id = ? AND task_id = ?", (execution_id, task_id)
    )
    if row is None:
        raise RuleViolation("task-not-found", f"no task {task_id} recorded")
    return Task.from_row(row)


def list_tasks(store: StateStore) -> list[Task]:
    """Task records of the current execution in recording order."""
    execution_id = current_execution_id(store)
    rows = store.all(
        "SELECT * FROM tasks WHERE execution_id = ? ORDER BY recorded_at, task_id", (execution_id,)
    )
    return [Task.from_row(r) for r in rows]
