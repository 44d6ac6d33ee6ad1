"""The agents' answers are accepted only when their schema's rules hold (checked in code)."""

from __future__ import annotations

from typing import Any

import pytest

from ondas.sovai.schemas import (
    AnswerInvalid,
    Gap,
    parse_decomp,
    parse_review,
    parse_task_result,
)


def task(task_id: str, **over: Any) -> dict[str, Any]:
    base = {
        "id": task_id,
        "desc": f"task {task_id}",
        "files": [f"{task_id.lower()}.py"],
        "parallelizable": True,
        "dependsOn": [],
        "done": False,
        "complexity": "standard",
    }
    return {**base, **over}


def test_a_valid_decomposition_becomes_typed_tasks_and_blockers() -> None:
    decomp = parse_decomp(
        {
            "tasks": [task("T1"), task("T2", dependsOn=["T1"], complexity="mechanical")],
            "blockers": [{"what": "deploy", "whyNeedsYou": "needs credentials"}],
        }
    )
    assert [t.id for t in decomp.tasks] == ["T1", "T2"]
    assert decomp.tasks[1].depends_on == ["T1"] and decomp.tasks[1].complexity == "mechanical"
    assert decomp.blockers[0].why_needs_you == "needs credentials"


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        ({"tasks": [task("T1", dependsOn=["T9"])], "blockers": []}, "unknown task T9"),
        ({"tasks": [task("T1"), task("T1")], "blockers": []}, "T1 appears more than once"),
        (
            {"tasks": [task("T1", dependsOn=["T2"]), task("T2", dependsOn=["T1"])], "blockers": []},
            "dependency cycle",
        ),
        ({"tasks": [task("T1", files=["../etc/passwd"])], "blockers": []}, "not a path inside"),
        ({"tasks": [task("first")], "blockers": []}, "must look like T1"),
        ({"tasks": [task("T1", complexity="hard")], "blockers": []}, "complexity must be one"),
        ({"tasks": [task("T1")]}, "lacks 'blockers'"),
        ({"tasks": [task("T1", parallelizable="yes")], "blockers": []}, "true or false"),
    ],
)
def test_a_broken_decomposition_is_refused_naming_the_problem(
    answer: dict[str, Any], problem: str
) -> None:
    with pytest.raises(AnswerInvalid) as caught:
        parse_decomp(answer)
    assert problem in str(caught.value)


def test_dependencies_may_name_tasks_of_earlier_rounds() -> None:
    decomp = parse_decomp({"tasks": [task("T9", dependsOn=["T1"])], "blockers": []}, known={"T1"})
    assert decomp.tasks[0].depends_on == ["T1"]


def test_a_task_result_for_another_task_is_refused() -> None:
    answer = {"task_id": "T2", "files_touched": [], "summary": "", "done": True, "note": ""}
    with pytest.raises(AnswerInvalid, match="the task was 'T1'"):
        parse_task_result(answer, task_id="T1")


def test_a_review_gap_needs_a_known_severity() -> None:
    answer = {
        "complete": True,
        "cohesive": False,
        "gaps": [{"task_id": "T1", "severity": "high", "problem": "x"}],
        "missingTasks": [],
    }
    with pytest.raises(AnswerInvalid, match="severity must be one of P0, P1, P2, P3"):
        parse_review(answer)


def test_severity_floor_compares_p0_as_the_most_severe() -> None:
    assert Gap("T1", "P0", "x").at_or_above("P1")
    assert Gap("T1", "P1", "x").at_or_above("P1")
    assert not Gap("T1", "P2", "x").at_or_above("P1")
