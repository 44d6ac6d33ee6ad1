"""The round's tests start as soon as the last task's work ends, while the last answers are
recorded and the batch is committed: they see the tree the tasks left, and nothing they write
is taken into the batch's commit."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from ondas.app.sovai_run import run
from ondas.runtime.testrun import detect_test_command
from ondas.sovai.scripted_plans import independent_plan
from tests.sovai.conftest import calc_project, git, rows, run_state

MARK = "written-by-the-tests.txt"


@pytest.mark.parametrize("parallel", [1, 3])
def test_the_batch_commit_holds_the_tasks_work_and_not_what_the_tests_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parallel: int
) -> None:
    monkeypatch.setenv("ONDAS_SCRIPTED_TASK_DELAY", "0")
    project, plan = calc_project(tmp_path, independent_plan(3))
    detected = detect_test_command(project)
    assert detected
    write = f"open({MARK!r}, 'w').write('x')"
    command = f"{shlex.quote(sys.executable)} -c {shlex.quote(write)} && {detected}"
    outcome = run(plan, project, backend="scripted", parallel=parallel, test_command=command)
    assert outcome.built
    log = git(project, "log", "--format=%H %s")
    [batch] = [line.split()[0] for line in log.splitlines() if "round 1 tasks T1 T2 T3" in line]
    committed = git(project, "show", "--name-only", "--format=", batch).split()
    assert sorted(committed) == sorted(
        [*(f"calc/m{i}.py" for i in (1, 2, 3)), *(f"tests/test_m{i}.py" for i in (1, 2, 3))]
    )
    state = run_state(project)
    first = state["tests"][0]
    assert first["ok"] and first["tests_run"] >= 3  # the tests saw every task's module
    assert (project / MARK).is_file()
    # Every answer is recorded before the tests' evidence, as when the tests ran after them.
    kinds = [
        r["type"]
        for r in rows(
            project,
            "SELECT type FROM events WHERE type IN ('sovai_task_done', 'task_recorded') "
            "ORDER BY seq",
        )
    ]
    assert kinds == ["sovai_task_done"] * 3 + ["task_recorded"] * 3
