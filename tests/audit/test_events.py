from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from ondas.audit import events, waves
from ondas.errors import RuleViolation, UsageError
from ondas.runtime.schema import default_schema
from ondas.state.execution import terminate
from ondas.state.store import Store
from tests.audit.conftest import assert_sound, state_of

GITHUB_TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


def test_events_are_free_tokens_on_the_current_execution(store: Store) -> None:
    event = events.add_event(store, "lock_contention", "another run holds the lock")
    assert event.type == "lock_contention" and event.execution_id == "exec-001"
    events.add_event(store, "recall_consulted")
    assert [e.type for e in events.list_events(store, type_="recall_consulted")] == [
        "recall_consulted"
    ]
    assert_sound(store)


def test_event_type_must_be_a_token(store: Store) -> None:
    before = state_of(store)
    with pytest.raises(UsageError):
        events.add_event(store, "not a token")
    assert state_of(store) == before


def test_event_types_of_the_runtime_itself_cannot_be_forged(store: Store) -> None:
    before = state_of(store)
    with pytest.raises(RuleViolation, match=r"^\[reserved-event-type\]"):
        events.add_event(store, "wave_ended", "looks closed but is not")
    assert state_of(store) == before


def test_observed_output_is_scrubbed_hashed_and_tied_to_the_wave(store: Store) -> None:
    waves.start_wave(store)
    observed = events.observe(store, "Bash", f"export GITHUB_TOKEN={GITHUB_TOKEN}\nok\n")
    assert observed is not None and observed.id == "obs-001" and observed.wave_id == "wave-001"
    row = store.one("SELECT * FROM observed_outputs")
    assert GITHUB_TOKEN not in row["output"] and "[REDACTED:" in row["output"]
    assert row["sha256"] == hashlib.sha256(row["output"].encode()).hexdigest()
    assert GITHUB_TOKEN not in str([e.payload for e in store.events()])
    assert_sound(store)


def test_values_of_the_project_env_file_are_scrubbed(store: Store, project: Path) -> None:
    (project / ".env").write_text("DB_PASSWORD=correct-horse-battery-staple-42\n")
    events.observe(store, "Bash", "connecting with correct-horse-battery-staple-42 now")
    row = store.one("SELECT output FROM observed_outputs")
    assert "correct-horse-battery-staple-42" not in row["output"]


def test_huge_outputs_are_capped(store: Store) -> None:
    observed = events.observe(store, "Bash", "line of output\n" * 20_000)
    assert observed is not None and observed.truncated
    row = store.one("SELECT output, original_size FROM observed_outputs")
    assert len(row["output"]) <= events.MAX_OUTPUT_CHARS + 100
    assert row["original_size"] == 15 * 20_000


def test_observe_outside_an_active_execution_records_nothing(
    store: Store, state_dir: Path, tmp_path: Path
) -> None:
    terminate(store, status="completed", reason="done")
    before = state_of(store)
    assert events.observe(store, "Bash", "output") is None
    assert state_of(store) == before
    with Store.open(tmp_path / "empty", create=True, schema=default_schema()) as empty:
        assert events.observe(empty, "Bash", "output") is None


def test_evidence_observed_is_a_literal_substring_check(store: Store) -> None:
    assert not events.evidence_observed(store, "anything at all here")
    events.observe(store, "Read", "express 4.21.2 has no bundled types; see @types/express")
    assert events.evidence_observed(store, "no bundled types; see @types/express")
    assert not events.evidence_observed(store, "Express 5 ships its own types")


def test_a_secret_at_the_cut_of_a_huge_output_is_still_scrubbed(store: Store) -> None:
    half = events.MAX_OUTPUT_CHARS // 2
    text = "x" * (half - 10) + f" {GITHUB_TOKEN} " + "y" * 100_000
    events.observe(store, "Bash", text)
    row = store.one("SELECT output FROM observed_outputs")
    assert GITHUB_TOKEN[:12] not in row["output"]
