"""How a sovai run stops: maxRounds, a failed push, a crash resumed at the exact task, bad input."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from tests.sovai.conftest import calc_project, event_data, git, ondas, rows, run_state

NEVER_RIGHT = """# Plan: stubborn

## T1: greet
- files: greet.py
- check: greet.py contains "def greet("

```python file=greet.py
def hello():
    return "hi"
```
"""

THREE_IN_A_ROW = """# Plan: chain

## T1: one
- parallel: no

```python file=one.py
ONE = 1
```

## T2: two
- parallel: no
- after: T1

```python file=two.py
TWO = 2
```

## T3: three
- parallel: no
- after: T2

```python file=three.py
THREE = 3
```
"""


def test_max_rounds_turns_what_is_still_missing_into_a_blocker(tmp_path: Path) -> None:
    project, plan = calc_project(tmp_path, NEVER_RIGHT)
    out = ondas(
        tmp_path, "sovai", str(plan), str(project), "--backend", "scripted", "--max-rounds", "2"
    )
    assert out.returncode == 5, out.stderr[-2000:]
    state = run_state(project)
    assert (state["round"], state["built"], state["stopped_by"]) == (2, False, "max_rounds")
    assert state["blockers"][0]["what"].startswith("task T1 still has a P1 gap after 2 round(s)")
    (ex,) = rows(project, "SELECT * FROM executions")
    assert ex["status"] == "awaiting_human"
    assert "not completed: the plan is not built (1/1 task(s) done, stopped by max_rounds)" in (
        out.stdout
    )
    assert "blocker: task T1 still has a P1 gap" in out.stdout
    assert state["persistence"]["push"]["status"] == "not-pushed"


def test_a_missing_max_rounds_means_five_rounds_not_zero(tmp_path: Path) -> None:
    project, plan = calc_project(tmp_path, NEVER_RIGHT)
    out = ondas(
        tmp_path,
        "sovai",
        str(plan),
        str(project),
        "--backend",
        "scripted",
        "--churn-threshold",
        "9",
    )
    assert out.returncode == 5, out.stderr[-2000:]
    state = run_state(project)
    assert state["round"] == 5
    assert len([r for r in state["reviews"] if r["kind"] == "review"]) == 5
    assert state["diagnoses"] == {}


def test_a_failed_push_is_a_blocker_with_git_s_error_and_the_commit_is_kept(
    tmp_path: Path,
) -> None:
    project, plan = calc_project(tmp_path, THREE_IN_A_ROW)
    git(project, "remote", "set-url", "origin", str(tmp_path / "gone.git"))
    out = ondas(tmp_path, "sovai", str(plan), str(project), "--backend", "scripted")
    assert out.returncode == 5, out.stderr[-2000:]
    state = run_state(project)
    assert state["persistence"]["push"]["status"] == "failed"
    blocker = state["blockers"][-1]
    assert blocker["what"] == "push of sovai/chain failed (the local commit is kept)"
    assert (
        "gone.git" in blocker["why"]
        and "does not appear to be a git repository" in (blocker["why"])
    )
    assert git(project, "rev-parse", "sovai/chain") == state["persistence"]["commit"]
    assert git(project, "log", "-1", "--format=%s", "main") == "chore: calc skeleton"


def finished_one(project: Path) -> bool:
    """True once the run recorded its first finished task (the store may not exist yet)."""
    if not (project / ".ondas" / "state.db").exists():
        return False
    try:
        return bool(event_data(project, "sovai_task_done"))
    except sqlite3.OperationalError:
        return False


def test_resume_after_a_crash_continues_at_the_task_that_had_not_finished(
    tmp_path: Path,
) -> None:
    project, plan = calc_project(tmp_path, THREE_IN_A_ROW)
    env = {**os.environ, "ONDAS_SCRIPTED_TASK_DELAY": "3"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "ondas", "sovai", str(plan), str(project), "--backend", "scripted"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and not finished_one(project):
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=60)
    done_before = [d["task"] for d in event_data(project, "sovai_task_done")]
    assert done_before and done_before[0] == "T1"
    assert run_state(project)["phase"] == "execute"
    out = ondas(project, "resume", str(project))
    assert out.returncode == 0, out.stderr[-2000:]
    done = [d["task"] for d in event_data(project, "sovai_task_done")]
    assert done.count("T1") == 1
    assert done[: len(done_before)] == done_before
    assert sorted(set(done)) == ["T1", "T2", "T3"]
    (ex,) = rows(project, "SELECT * FROM executions")
    assert ex["status"] == "completed"
    assert (project / "three.py").is_file()


def test_bad_input_is_one_line_exit_2_and_creates_nothing(tmp_path: Path) -> None:
    project, plan = calc_project(tmp_path, THREE_IN_A_ROW)
    for args in (
        [str(tmp_path / "missing.md"), str(project)],
        [str(plan), str(project), "--severity-floor", "P9"],
        [str(plan), str(project), "--max-rounds", "0"],
        [str(plan), str(project), "--backend", "nope"],
    ):
        out = ondas(tmp_path, "sovai", *args)
        assert out.returncode == 2, (args, out.stderr)
        assert len(out.stderr.strip().splitlines()) == 1, out.stderr
        assert not (project / ".ondas").exists()


def test_a_project_without_git_is_built_on_a_feature_branch_only(tmp_path: Path) -> None:
    project = tmp_path / "fresh"
    project.mkdir()
    plan = tmp_path / "PLAN.md"
    plan.write_text(THREE_IN_A_ROW)
    out = ondas(tmp_path, "sovai", str(plan), str(project), "--backend", "scripted")
    assert out.returncode == 5, out.stderr[-2000:]  # no test ran: built, not verified
    branches = git(project, "branch", "--format=%(refname:short)").split()
    assert branches == ["sovai/chain"]
    push = run_state(project)["persistence"]["push"]
    assert (push["status"], push["detail"]) == (
        "not-pushed",
        "no test command ran: nothing is verified",
    )


CLASH = """# Plan: clash

## T1: one version
- files: shared.py

```python file=shared.py
VALUE = "one"
```

## T2: another version
- files: shared.py

```python file=shared.py
VALUE = "two"
```
"""


def test_a_conflicting_worktree_merge_is_aborted_and_the_task_goes_back_to_the_next_round(
    tmp_path: Path,
) -> None:
    project, plan = calc_project(tmp_path, CLASH)
    out = ondas(tmp_path, "sovai", str(plan), str(project), "--backend", "scripted")
    assert out.returncode == 0, out.stderr[-2000:]
    first = event_data(project, "sovai_batch")[0]
    assert first["worktrees"] == ["T1", "T2"]
    done = [(d["task"], d["status"], d["round"]) for d in event_data(project, "sovai_task_done")]
    assert done == [("T1", "done", 1), ("T2", "not_done", 1), ("T2", "done", 2)]
    review = run_state(project)["reviews"][0]
    assert review["gaps"][0]["task_id"] == "T2"
    assert "merge conflict" in review["gaps"][0]["problem"]
    assert not (project / ".git" / "MERGE_HEAD").exists()
    assert git(project, "status", "--porcelain", "--untracked-files=no") == ""
