"""Verdicts: parsed, imported as one audited event, and turned into a block by the next run."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.app.run import run
from ondas.errors import UsageError
from ondas.report.feedback import (
    Verdict,
    apply_pending,
    format_feedback,
    import_feedback,
    parse_feedback,
    pending,
)
from ondas.runtime.schema import default_schema
from ondas.state.execution import get_execution
from ondas.state.store import Store
from tests.demos import SECRET


def test_formatted_feedback_parses_back_to_the_same_verdicts() -> None:
    verdicts = [
        Verdict("task:1.2", "change", "add a delete command"),
        Verdict("decision:dec-002", "keep"),
        Verdict("task:1.3", "remove", "the entry point is not needed"),
    ]
    parsed = parse_feedback(format_feedback("exec-001", "notes", verdicts))
    assert parsed.execution_id == "exec-001"
    assert parsed.verdicts == verdicts


@pytest.mark.parametrize(
    "text",
    ["", "# only a comment\n", "maybe task:1.1\n", "keep 1.1\n", "keep task:1.1 because\n"],
)
def test_malformed_feedback_is_a_usage_error(text: str) -> None:
    with pytest.raises(UsageError):
        parse_feedback(text)


def test_import_of_an_unknown_item_records_nothing(finished: Path) -> None:
    with Store.open(finished / ".ondas", schema=default_schema()) as store:
        before = len(store.events())
        with pytest.raises(UsageError, match=r"task:9\.9"):
            import_feedback(store, "keep task:1.1\nchange task:9.9 note: x\n")
        assert len(store.events()) == before


def test_notes_are_scrubbed_of_env_secrets_when_imported(finished: Path) -> None:
    with Store.open(finished / ".ondas", schema=default_schema()) as store:
        _, verdicts = import_feedback(store, f"change task:1.1 note: rotate {SECRET}\n")
        (event,) = store.events(type_="feedback_imported")
    assert SECRET not in verdicts[0].note
    assert SECRET not in str(event.payload)


def test_next_run_turns_change_and_remove_into_one_block(finished: Path) -> None:
    with Store.open(finished / ".ondas", schema=default_schema()) as store:
        import_feedback(
            store,
            "keep task:1.1\nchange task:1.2 note: add a delete command\n"
            "remove decision:dec-002 note: use SQLite\n",
        )
    result = run(
        finished,
        description="The notes CLI again, with the review applied.",
        backend="scripted",
        tier="local",
        new=True,
    )
    assert result.status == "awaiting_human"
    with Store.open(finished / ".ondas", schema=default_schema()) as store:
        ex = get_execution(store)
        assert ex.id == "exec-002"
        (block,) = store.all("SELECT * FROM blocks WHERE execution_id = ?", (ex.id,))
        assert block["subject_key"] == "feedback"
        assert "2 change(s)" in block["question"]
        assert (
            "change task 1.2" in block["question"] and "add a delete command" in block["question"]
        )
        assert "remove decision dec-002" in block["question"]
        assert pending(store) == []
        assert apply_pending(store) is None
