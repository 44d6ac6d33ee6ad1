"""execute-task starts ``[P]`` tasks whose files do not overlap together (sovai's pool)."""

from __future__ import annotations

import threading
from pathlib import Path

from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend, builtin_script
from ondas.app.run import run
from ondas.orchestrator import parallel_tasks
from ondas.pipeline.tasks import Task, parse_tasks
from ondas.runtime.schema import default_schema
from ondas.state.store import Store


def tasks_md(lines: list[str]) -> list[Task]:
    text = "# Tasks\n\n## Phase 1: Core\n" + "\n".join(lines) + "\n"
    return parse_tasks(text).unchecked()


def test_a_group_is_the_leading_p_tasks_with_disjoint_files() -> None:
    tasks = tasks_md(
        [
            "- [ ] 1.1 [P] storage in notes/store.py",
            "- [ ] 1.2 [P] cli in `notes/cli.py`",
            "- [ ] 1.3 [P] more storage in notes/store.py",
        ]
    )
    assert [t.id for t in parallel_tasks.parallel_group(tasks)] == ["1.1", "1.2"]
    assert parallel_tasks.parallel_group(tasks[2:]) == []
    unmarked = tasks_md(["- [ ] 1.1 storage in a.py/x.py", "- [ ] 1.2 [P] cli in b/y.py"])
    assert parallel_tasks.parallel_group(unmarked) == []


def test_p_tasks_of_the_pipeline_run_their_first_attempt_at_once(tmp_path: Path) -> None:
    barrier = threading.Barrier(3, timeout=120)
    first_calls: set[str] = set()

    def create_tasks(request: AgentRequest) -> AgentResult:
        result = builtin_script(request)
        path = request.cwd / request.context["paths"]["tasks"]
        path.write_text(path.read_text().replace("[C] ", "[P] [C] "))
        return result

    def execute(request: AgentRequest) -> AgentResult:
        task_id = str(request.context["task"]["id"])
        if task_id not in first_calls:
            first_calls.add(task_id)
            barrier.wait()  # passes only when the three tasks run at the same time
        return builtin_script(request)

    backend = ScriptedBackend({"create-tasks": create_tasks, "execute-task": execute})
    project = tmp_path / "notes"
    project.mkdir()
    result = run(
        project,
        description="A notes CLI",
        backend=backend,
        tier="local",
        auto_answer=True,
    )
    assert result.status == "completed", result
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        outcomes = {
            r["task_id"]: (r["outcome"], r["files"]) for r in store.all("SELECT * FROM tasks")
        }
    assert {k: v[0] for k, v in outcomes.items()} == {"1.1": "pass", "1.2": "pass", "1.3": "pass"}
    assert "notes/cli.py" not in outcomes["1.1"][1]
    assert "notes/store.py" not in outcomes["1.2"][1]
