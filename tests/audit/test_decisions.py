from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ondas.audit import blocks, decisions, events
from ondas.errors import RuleViolation, UsageError
from ondas.state.execution import terminate
from ondas.state.store import Store
from tests.audit.conftest import assert_sound, decide, state_of

CONSTITUTION = list(decisions.CONSTITUTION_ANSWERS)


def refused(store: Store, rule: str, **overrides: Any) -> None:
    before = state_of(store)
    with pytest.raises(RuleViolation) as info:
        decide(store, **overrides)
    assert info.value.rule == rule
    assert f"[{rule}]" in str(info.value)
    assert state_of(store) == before


def answered_block(store: Store, subject: str, answer: str = "yes, go ahead") -> str:
    block_id = blocks.register_block(store, question="may we?", subject_key=subject)
    blocks.respond_block(store, answer, block_id)
    return block_id


def test_decisions_get_sequential_ids_per_execution(store: Store) -> None:
    assert [decide(store) for _ in range(3)] == ["dec-001", "dec-002", "dec-003"]
    stored = decisions.get_decision(store, "dec-002")
    assert stored.choice == "pytest" and stored.options == ["pytest", "unittest"]
    assert decisions.count_decisions(store) == 3
    assert_sound(store)


@pytest.mark.parametrize("field", ["context", "options", "choice", "justification", "agent"])
@pytest.mark.parametrize("value", [None, "", "   "])
def test_each_required_field_missing_or_empty_is_refused(
    store: Store, field: str, value: Any
) -> None:
    if field == "options" and value == "   ":
        value = []
    refused(store, "missing-field", **{field: value})


def test_choice_outside_the_options_is_refused(store: Store) -> None:
    refused(store, "choice-not-in-options", choice="nose")


def test_score3_without_evidence_is_refused(store: Store) -> None:
    refused(store, "score3-needs-evidence", score=3)
    refused(store, "score3-needs-evidence", score=3, evidence="too short")


def test_score3_with_evidence_and_no_observed_outputs_is_accepted(store: Store) -> None:
    assert decide(store, score=3, evidence="pyproject.toml lists pytest>=8") == "dec-001"


def test_score3_evidence_must_be_an_observed_output(store: Store) -> None:
    events.observe(store, "Bash", "$ pip show pytest\nName: pytest\nVersion: 8.3.2\n")
    refused(store, "score3-needs-evidence", score=3, evidence="short")
    refused(store, "evidence-not-observed", score=3, evidence="Express 5 ships its own types")
    assert decide(store, score=3, evidence="Name: pytest\nVersion: 8.3.2") == "dec-001"
    assert_sound(store)


def test_evidence_check_is_scoped_to_the_execution(store: Store, project: Any) -> None:
    events.observe(store, "Bash", "Version: 8.3.2 of pytest installed here")
    terminate(store, status="completed", reason="done")
    from ondas.state.execution import create_execution

    create_execution(store, project_path=project)
    events.observe(store, "Bash", "something else entirely was printed")
    refused(store, "evidence-not-observed", score=3, evidence="Version: 8.3.2 of pytest")


def test_score_outside_0_to_3_is_a_usage_error(store: Store) -> None:
    before = state_of(store)
    with pytest.raises(UsageError):
        decide(store, score=4)
    assert state_of(store) == before


def test_structural_decision_with_unknown_axis_is_refused(store: Store) -> None:
    refused(
        store,
        "unknown-axis",
        class_="structural",
        axis="colour-scheme",
        options=["pause-human", "blue"],
        choice="pause-human",
    )
    refused(
        store, "unknown-axis", class_="structural", options=["pause-human"], choice="pause-human"
    )


def test_structural_decision_without_a_block_option_is_refused(store: Store) -> None:
    refused(
        store,
        "structural-needs-block",
        class_="structural",
        axis="persistence",
        options=["postgres", "sqlite"],
        choice="postgres",
    )


def test_structural_choice_without_consent_must_be_the_block_token(store: Store) -> None:
    refused(
        store,
        "structural-needs-block",
        class_="structural",
        axis="language-runtime",
        options=["human-block-language", "python", "go"],
        choice="python",
    )
    assert (
        decide(
            store,
            class_="structural",
            axis="language-runtime",
            options=["human-block-language", "python", "go"],
            choice="human-block-language",
        )
        == "dec-001"
    )


def test_consent_must_be_an_answered_block(store: Store) -> None:
    waiting = blocks.register_block(store, question="db?", subject_key="axis:persistence")
    for consent in (waiting, "block-099"):
        refused(
            store,
            "consent-not-answered",
            class_="structural",
            axis="persistence",
            options=["pause-human", "postgres"],
            choice="postgres",
            consent=consent,
        )


def test_consent_for_one_axis_never_authorises_another(store: Store) -> None:
    other = answered_block(store, "axis:language-runtime")
    refused(
        store,
        "consent-other-subject",
        class_="structural",
        axis="persistence",
        options=["pause-human", "postgres"],
        choice="postgres",
        consent=other,
    )


def test_structural_choice_with_matching_consent_is_accepted(store: Store) -> None:
    consent = answered_block(store, "axis:persistence", "postgres")
    decision_id = decide(
        store,
        class_="structural",
        axis="persistence",
        options=["pause-human", "postgres"],
        choice="postgres",
        consent=consent,
    )
    stored = decisions.get_decision(store, decision_id)
    assert (stored.class_, stored.axis, stored.consent) == ("structural", "persistence", consent)
    assert_sound(store)


def test_constitution_conflict_needs_the_human(store: Store) -> None:
    refused(
        store, "constitution-needs-human", options=CONSTITUTION, choice=CONSTITUTION[0], score=2
    )
    assert decide(store, options=CONSTITUTION, choice=CONSTITUTION[1], score=0) == "dec-001"
    consent = answered_block(store, "constitution")
    assert (
        decide(store, options=CONSTITUTION, choice=CONSTITUTION[0], score=2, consent=consent)
        == "dec-002"
    )


def test_finished_execution_refuses_decisions(store: Store) -> None:
    terminate(store, status="aborted", reason="stop")
    refused(store, "execution-terminal")


def test_mark_invalid_appends_and_never_edits(store: Store) -> None:
    decide(store)
    original = store.one("SELECT * FROM decisions WHERE id = 'dec-001'")
    decisions.mark_invalid(store, "dec-001", "based on a misread log")
    assert tuple(store.one("SELECT * FROM decisions WHERE id = 'dec-001'")) == tuple(original)
    listed = decisions.list_decisions(store)[0]
    assert listed.invalidated and listed.invalid_reason == "based on a misread log"
    assert decisions.count_decisions(store, valid_only=True) == 0
    before = state_of(store)
    for decision_id, reason, rule in (
        ("dec-001", "again", "decision-already-invalid"),
        ("dec-404", "nope", "decision-not-found"),
        ("dec-001", "", "missing-field"),
    ):
        with pytest.raises(RuleViolation, match=rf"\[{rule}\]"):
            decisions.mark_invalid(store, decision_id, reason)
    assert state_of(store) == before
    assert_sound(store)


def test_options_and_references_are_stored_as_json(store: Store) -> None:
    decide(store, options=json.dumps(["a", "b"]), choice="b", references='["docs/plan.md"]')
    row = store.one('SELECT options, "references" FROM decisions')
    assert json.loads(row["options"]) == ["a", "b"]
    assert json.loads(row["references"]) == ["docs/plan.md"]


def test_score1_decides_only_when_the_other_options_violate_the_constitution(
    store: Store,
) -> None:
    from ondas.state.execution import get_execution

    project = Path(get_execution(store).project_path)
    (project / "docs").mkdir(parents=True, exist_ok=True)
    (project / "docs" / "constitution.md").write_text(
        "# Constitution\n\n## II. No network at run time\nThe CLI never calls a remote service "
        "while it runs.\n",
        encoding="utf-8",
    )
    base = {
        "agent": "planner",
        "stage": "plan",
        "context": "where notes are kept",
        "options": ["a local file", "a cloud bucket"],
        "choice": "a local file",
        "justification": "the other option breaks principle II",
        "score": 1,
    }
    with pytest.raises(RuleViolation, match="score1-needs-violation"):
        decisions.register_decision(store, **base)  # type: ignore[arg-type]
    invented = [{"option": "a cloud bucket", "violates": "The CLI must never use the cloud at all"}]
    with pytest.raises(RuleViolation, match="not a literal quote"):
        decisions.register_decision(store, **base, references=invented)  # type: ignore[arg-type]
    quoted = [
        {
            "option": "a cloud bucket",
            "violates": "The CLI never calls a remote service while it runs",
        }
    ]
    decision_id = decisions.register_decision(store, **base, references=quoted)  # type: ignore[arg-type]
    assert decisions.get_decision(store, decision_id).score == 1
    two = decisions.register_decision(store, **{**base, "score": 2})  # type: ignore[arg-type]
    assert two.startswith("dec-")
