"""The QA gate takes the test run of the review when the tree has not changed since: the
suite does not run twice in a row on the same files."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.app.sovai_run import run
from ondas.sovai.scripted_plans import independent_plan
from tests.sovai.conftest import calc_project, run_state


def test_the_qa_gate_takes_the_review_test_run_on_an_unchanged_tree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONDAS_SCRIPTED_TASK_DELAY", "0")
    project, plan = calc_project(tmp_path, independent_plan(2))
    outcome = run(plan, project, backend="scripted", parallel=2)
    assert outcome.built
    state = run_state(project)
    [tests] = [c for c in state["qa"]["checks"] if c["name"] == "tests"]
    assert tests["reused"] and tests["ok"]
    assert tests["tests_run"] == state["tests"][-1]["tests_run"]
