"""sovai's QA fix-and-revert loop, the plan-drift revert and the regenerated project docs."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.agents.scripted import ScriptedBackend
from ondas.app.sovai_run import run
from ondas.errors import UsageError
from ondas.sovai import project_docs
from ondas.sovai.drift import off_plan
from ondas.sovai.settings import QA_FIX_ATTEMPTS, resolve
from tests.sovai.conftest import calc_project, git, rows, run_state

LINT = '[sovai]\nqa_fix_attempts = 2\ntypecheck_command = "true"\n'
LINT_TOP = 'lint_command = "! grep -rn FIXME calc"\n'

ADD_TEST = (
    "import unittest\n\nfrom calc.add import add\n\n\nclass AddTest(unittest.TestCase):\n"
    "    def test_add(self):\n        self.assertEqual(add(2, 3), 5)\n"
)


def _plan(fixes: str) -> str:
    return f"""# Plan: add with lint

## T1: add
- files: calc/add.py, tests/test_add.py

```python file=calc/add.py
def add(a, b):
    return a + b  # FIXME: lint fails on this line
```

```python file=tests/test_add.py
{ADD_TEST}```
{fixes}
"""


FIXED_ON_FIRST = _plan(
    """
```python file=calc/add.py when=qa-fix-1
def add(a, b):
    return a + b
```
"""
)

NEVER_FIXED = _plan(
    """
```python file=calc/helper.py when=qa-fix-1
HELP = "FIXME still"
```

```python file=calc/add.py when=qa-fix-2
def add(a, b):
    return b + a  # FIXME: still here
```
"""
)

DRIFTING = f"""# Plan: drift

## T1: add
- files: calc/add.py, tests/test_add.py

```python file=calc/add.py
def add(a, b):
    return a + b
```

```python file=tests/test_add.py
{ADD_TEST}```

```python file=calc/stray.py
STRAY = True
```

```python file=tests/test_smoke.py
# rewritten by a task that was never asked to
```

## T3: mul in ops
- files: calc/ops.py

```python file=calc/ops.py
def mul(a, b):
    return a * b
```

## T4: div in ops
- files: calc/ops.py

```python file=calc/ops.py
def div(a, b):
    return a / b
```

```python file=calc/stray_in_worktree.py
WT = True
```
"""


def _configure(project: Path, text: str) -> None:
    (project / ".ondas").mkdir(exist_ok=True)
    (project / ".ondas" / "config.toml").write_text(text)


def test_a_red_qa_gate_is_fixed_run_again_and_the_fix_is_kept(tmp_path: Path) -> None:
    project, plan = calc_project(tmp_path, FIXED_ON_FIRST)
    _configure(project, LINT_TOP + LINT)
    outcome = run(plan, project, backend=ScriptedBackend(), parallel=1)
    st = run_state(project)
    assert st["qa"]["green"], st["qa"]
    assert [(f["attempt"], f["status"]) for f in st["qa_fixes"]] == [(1, "kept")]
    assert "FIXME" not in (project / "calc" / "add.py").read_text()
    log = git(project, "log", "--format=%s")
    assert "fix(sovai): QA fix attempt 1" in log
    assert "revert(sovai)" not in log
    assert outcome.status == "completed"


def test_fixes_that_leave_the_qa_gate_red_are_all_reverted(tmp_path: Path) -> None:
    project, plan = calc_project(tmp_path, NEVER_FIXED)
    _configure(project, LINT_TOP + LINT)
    outcome = run(plan, project, backend=ScriptedBackend(), parallel=1)
    st = run_state(project)
    assert [(f["attempt"], f["status"]) for f in st["qa_fixes"]] == [
        (1, "reverted"),
        (2, "reverted"),
    ]
    assert not (project / "calc" / "helper.py").exists()
    assert "return a + b  # FIXME" in (project / "calc" / "add.py").read_text()
    subjects = git(project, "log", "--format=%s").splitlines()
    assert "fix(sovai): QA fix attempt 2" in subjects
    assert "revert(sovai): 2 QA fix attempt(s) left the gate red" in subjects
    assert not st["qa"]["green"]
    assert any(b["what"].startswith("QA gate not green: lint") for b in st["blockers"])
    assert outcome.status == "awaiting_human"
    (decision,) = rows(project, "SELECT choice FROM decisions WHERE context LIKE 'The QA gate %'")
    assert decision["choice"] == "revert the fix attempts"
    report = (project / ".ondas" / "sovai-report.md").read_text()
    assert "QA fix attempt 2 (lint): reverted" in report


def test_work_outside_the_plan_is_reverted_in_the_tree_and_in_worktrees(tmp_path: Path) -> None:
    project, plan = calc_project(tmp_path, DRIFTING)
    smoke = (project / "tests" / "test_smoke.py").read_text()
    outcome = run(plan, project, backend=ScriptedBackend(), parallel=2)
    assert not (project / "calc" / "stray.py").exists()
    assert not (project / "calc" / "stray_in_worktree.py").exists()
    assert (project / "tests" / "test_smoke.py").read_text() == smoke
    tracked = git(project, "ls-files").splitlines()
    assert "calc/stray.py" not in tracked and "calc/stray_in_worktree.py" not in tracked
    assert (project / "calc" / "add.py").is_file()  # the planned work stays
    reverted = {p for entry in run_state(project)["drift"] for p in entry["paths"]}
    assert reverted == {"calc/stray.py", "tests/test_smoke.py", "calc/stray_in_worktree.py"}
    choices = rows(
        project, "SELECT choice FROM decisions WHERE context LIKE '%no task of the plan%'"
    )
    assert choices and {c["choice"] for c in choices} == {"revert them"}
    assert (
        "plan drift of T1: reverted calc/stray.py, tests/test_smoke.py"
        in (project / ".ondas" / "sovai-report.md").read_text()
    )
    assert outcome.execution_id


def test_the_project_doc_step_regenerates_claude_md_and_claude_docs(tmp_path: Path) -> None:
    project, plan = calc_project(tmp_path, FIXED_ON_FIRST)
    (project / "CLAUDE.md").write_text("# Notes of the person\n\nKeep these.\n")
    git(project, "add", "CLAUDE.md")
    git(project, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "notes")
    run(plan, project, backend=ScriptedBackend(), parallel=1)
    claude = (project / "CLAUDE.md").read_text()
    assert claude.startswith("# Notes of the person\n\nKeep these.\n")
    assert project_docs.START in claude and "`.claude/docs/add-with-lint.md`" in claude
    page = (project / ".claude" / "docs" / "add-with-lint.md").read_text()
    assert "**T1** (done): add" in page and "`calc/add.py`" in page
    committed = git(project, "show", "HEAD:.claude/docs/add-with-lint.md")
    assert committed == page.rstrip("\n")
    assert git(project, "show", "HEAD:CLAUDE.md") == claude.rstrip("\n")
    again = project_docs.merged(claude, project_docs.block([".claude/docs/add-with-lint.md"], None))
    assert again.count(project_docs.START) == 1 and again.startswith("# Notes of the person")


def test_a_listed_directory_covers_its_files_and_ondas_own_are_never_drift() -> None:
    changed = ["calc/x.py", "calc/sub/y.py", "calcx.py", ".claude/docs/a.md", "README.md"]
    assert off_plan(changed, ["calc", "./README.md"]) == ["calcx.py"]


def test_qa_fix_attempts_come_from_config_and_a_bad_value_is_refused(tmp_path: Path) -> None:
    assert resolve("PLAN.md", tmp_path, backend="scripted").qa_fix_attempts == QA_FIX_ATTEMPTS
    (tmp_path / "config.toml").write_text("[sovai]\nqa_fix_attempts = 0\n")
    assert resolve("PLAN.md", tmp_path, backend="scripted").qa_fix_attempts == 0
    (tmp_path / "config.toml").write_text("[sovai]\nqa_fix_attempts = -1\n")
    with pytest.raises(UsageError, match="qa_fix_attempts must be a whole number from 0 to 10"):
        resolve("PLAN.md", tmp_path, backend="scripted")
