"""``ondas sovai`` end to end, offline (scripted roles), with real git and a local bare remote."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sovai.conftest import calc_project, event_data, git, ondas, rows, run_state


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sovai-build")
    project, plan = calc_project(root)
    out = ondas(root, "sovai", str(plan), str(project), "--backend", "scripted", "--parallel", "4")
    # Built, verified and pushed; the plan's blocker still needs a person, so not completed.
    assert out.returncode == 5, out.stderr[-3000:]
    assert out.stdout.splitlines()[:2] == [
        "sovai: built after 3 round(s); 8/8 task(s)",
        "  blocker: publish calc to PyPI",
    ]
    return project


def test_independent_tasks_share_a_batch_and_the_dependent_chain_runs_in_order(
    built: Path,
) -> None:
    batches = [b for b in event_data(built, "sovai_batch") if b["round"] == 1]
    assert [b["tasks"] for b in batches] == [
        ["T1", "T2", "T3", "T4", "T7", "T8"],
        ["T5"],
        ["T6"],
    ]
    assert batches[0]["workers"] == 4


def test_two_parallel_tasks_on_one_file_run_in_worktrees_and_are_merged(built: Path) -> None:
    first = event_data(built, "sovai_batch")[0]
    assert first["worktrees"] == ["T3", "T4"]
    ops = (built / "calc" / "ops.py").read_text()
    assert "return a * b" in ops and "return a / b" in ops
    subjects = git(built, "log", "--format=%s").splitlines()
    assert "chore(sovai): merge task T3 from its worktree" in subjects
    assert "chore(sovai): merge task T4 from its worktree" in subjects
    assert git(built, "worktree", "list").count("\n") == 0  # only the main tree is left
    choices = [r["choice"] for r in rows(built, "SELECT choice FROM decisions")]
    assert "separate git worktrees, merged back" in choices


def test_a_task_flagged_twice_is_diagnosed_and_the_diagnosis_fixes_it(built: Path) -> None:
    state = run_state(built)
    assert state["diagnoses"]["T7"]["round"] == "2"
    assert "format_number" in state["diagnoses"]["T7"]["rootCause"]
    assert state["tasks"]["T7"]["attempts"] == 3
    assert "def fmt(" in (built / "calc" / "fmt.py").read_text()
    flagged = [[g["task_id"] for g in r["gaps"]] for r in state["reviews"] if r["kind"] == "review"]
    assert flagged == [["T7", "T8"], ["T7"], []]


def test_a_failing_test_in_round_one_is_fixed_in_round_two(built: Path) -> None:
    tests = run_state(built)["tests"]
    assert tests[0]["exit_code"] != 0 and tests[0]["tests_passed"] < tests[0]["tests_run"]
    assert tests[1]["ok"] is True and tests[1]["tests_run"] == 5
    (task,) = rows(built, "SELECT * FROM tasks WHERE task_id = 'T8'")
    assert (task["outcome"], task["tests_run"], task["test_exit_code"]) == ("pass", 5, 0)


def test_the_impossible_item_is_a_blocker_and_the_rest_is_built(built: Path) -> None:
    block, completion = rows(built, "SELECT * FROM blocks ORDER BY id")
    assert block["question"] == "publish calc to PyPI"
    assert (block["severity"], block["status"]) == ("light", "awaiting")
    assert (completion["subject_key"], completion["severity"]) == ("sovai:completion", "normal")
    assert "blockers need you" in completion["question"]
    assert "publish calc to PyPI" in completion["context_for_answer"]
    outcomes = {r["task_id"]: r["outcome"] for r in rows(built, "SELECT * FROM tasks")}
    assert outcomes == {f"T{i}": "pass" for i in range(1, 9)}
    (ex,) = rows(built, "SELECT * FROM executions")
    assert (ex["status"], ex["invocation_type"]) == ("awaiting_human", "sovai")
    assert ex["finished_at"] is None


def test_the_push_lands_on_a_feature_branch_and_the_default_branch_is_untouched(
    built: Path,
) -> None:
    remote = built.parent / "remote.git"
    skeleton = git(built, "rev-parse", "main")
    assert git(remote, "rev-parse", "main") == skeleton
    assert git(built, "log", "-1", "--format=%s", "main") == "chore: calc skeleton"
    head = git(built, "rev-parse", "sovai/calc-operations")
    assert git(remote, "rev-parse", "sovai/calc-operations") == head
    assert git(built, "log", "-1", "--format=%s", head) == "feat: calc operations"
    assert git(built, "symbolic-ref", "--short", "HEAD") == "sovai/calc-operations"
    assert "## Built by sovai" in (built / "README.md").read_text()
    assert "## Built by sovai" not in git(built, "show", "main:README.md")


def test_the_report_has_five_sections_blockers_first(built: Path) -> None:
    text = (built / ".ondas" / "sovai-report.md").read_text()
    heads = [line for line in text.splitlines() if line.startswith("## ")]
    assert heads == [
        "## Blockers (need you)",
        "## Done (verified)",
        "## Decisions taken",
        "## Verification",
        "## QA",
    ]
    assert "push: pushed — origin/sovai/calc-operations" in text
    assert "uncovered: lint: no command configured" in text
    assert "Gate: NOT green" in text
