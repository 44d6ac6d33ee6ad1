"""The typed inputs of the store operations: built once, checked when built, never changed."""

from __future__ import annotations

import pytest

from ondas.audit import inputs
from ondas.errors import UsageError
from ondas.record import FrozenInstanceError


@pytest.mark.parametrize("field", ["mode", "terminal_phase", "next_stage"])
def test_a_stage_move_without_advance_is_refused_when_the_input_is_built(field: str) -> None:
    with pytest.raises(UsageError, match=f"^--{field.replace('_', '-')} needs --advance$"):
        inputs.CloseWave(reason="stage_completed_advancing", **{field: "roadmap"})
    moved = inputs.CloseWave(reason="stage_completed_advancing", advance=True, **{field: "roadmap"})
    assert moved.arguments()[field] == "roadmap"


def test_surface_names_become_the_fields_of_the_input() -> None:
    given = inputs.RecordDecision.from_surface(
        {
            "agent": "planner",
            "context": "storage",
            "options": ["sqlite", "postgres"],
            "choice": "sqlite",
            "justification": "one file",
            "score": 2,
            "class": "structural",
        }
    )
    assert given.class_ == "structural"
    block = inputs.RegisterBlock.from_surface({"question": "which db?", "decision": "dec-001"})
    assert block.arguments()["decision_id"] == "dec-001"


def test_unknown_or_missing_arguments_are_refused_in_one_line() -> None:
    with pytest.raises(UsageError, match=r"^unknown argument\(s\): next_at$"):
        inputs.CloseWave.from_surface({"reason": "abort", "next_at": "2030-01-01T00:00:00"})
    with pytest.raises(UsageError, match=r"^missing argument\(s\): reason$"):
        inputs.CloseWave.from_surface({"advance": False})
    with pytest.raises(UsageError, match=r"^unknown argument\(s\): reason$"):
        inputs.Input.from_surface({"reason": "abort"})


def test_an_input_cannot_be_changed_after_it_was_checked() -> None:
    given = inputs.CloseWave(reason="abort")
    with pytest.raises(FrozenInstanceError):
        given.mode = "roadmap"  # type: ignore[misc]


def test_a_task_recorded_without_files_hands_the_library_an_empty_list() -> None:
    task = inputs.RecordTask(
        task_id="1.1", title="t", outcome="fail", tests_run=1, tests_passed=0, lint_ok=None
    )
    assert task.arguments()["files"] == []
