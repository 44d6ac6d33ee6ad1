"""`ondas log`: read-only views of what an execution recorded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ondas.audit import blocks, decisions, waves
from ondas.cli.main import run
from ondas.runtime.schema import default_schema
from ondas.state.store import Store


def _history(store: Store) -> None:
    waves.start_wave(store)
    decisions.register_decision(
        store,
        agent="planner",
        stage="plan",
        context="which test runner",
        options=["pytest", "unittest"],
        choice="pytest",
        justification="the project already uses it",
        score=2,
    )
    blocks.register_block(store, question="Which database?", options=["sqlite", "postgres"])
    with store.transaction("refusal", execution_id="exec-001", description="guard:git-push") as tx:
        tx.data.update(
            {"source": "guard", "rule": "git-push", "tool": "Bash", "subject": "git push"}
        )


def _events(state_dir: Path) -> int:
    with Store.open(state_dir, schema=default_schema()) as store:
        row = store.one("SELECT COUNT(*) AS n FROM events")
        return int(row["n"]) if row else 0


def test_log_shows_decisions_blocks_waves_and_refusals_without_writing(
    store: Store, project: Path, state_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _history(store)
    before = _events(state_dir)
    where = ["--project", str(project)]
    assert run(["log", "decisions", *where]) == 0
    assert "dec-001\tplan\tplanner\tscore 2\tpytest" in capsys.readouterr().out
    assert run(["log", "blocks", "--status", "awaiting", *where]) == 0
    assert "block-001\tawaiting\tnormal\tWhich database?" in capsys.readouterr().out
    assert run(["log", "waves", *where]) == 0
    assert capsys.readouterr().out.startswith("wave-001\topen\t")
    assert run(["logs", "refusals", "--json", *where]) == 0
    refusals = json.loads(capsys.readouterr().out)
    assert [(r["rule"], r["subject"]) for r in refusals] == [("git-push", "git push")]
    assert _events(state_dir) == before


def test_log_of_a_directory_without_state_is_exit_6_and_creates_nothing(tmp_path: Path) -> None:
    assert run(["log", "waves", "--project", str(tmp_path)]) == 6
    assert not (tmp_path / ".ondas").exists()
