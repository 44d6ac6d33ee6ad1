"""The knowledge DB: fed at wave end, recalled UNTRUSTED before specify and plan, no echo."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.agents.sample import PERSISTENCE_DECISION
from ondas.agents.scripted import ScriptedBackend
from ondas.app.run import resume, run
from ondas.guards.paths import check_write
from ondas.recall import Knowledge, db_path
from ondas.runtime.schema import default_schema
from tests.demos import SECRET, DemoCopies
from tests.orchestrator.conftest import rows

CHOICE = str(PERSISTENCE_DECISION["choice"])


def _second_demo(directory: Path) -> ScriptedBackend:
    """The demo again (run, answer, resume) with a backend that keeps every request."""
    from ondas.agents.sample import SAMPLE_DESCRIPTION, SAMPLE_STACK

    backend = ScriptedBackend()
    directory.mkdir(parents=True)
    first = run(
        directory,
        description=SAMPLE_DESCRIPTION,
        stack=SAMPLE_STACK,
        backend=backend,
        tier="local",
    )
    assert first.status == "awaiting_human"
    second = resume(directory, answer=CHOICE, backend=backend)
    assert second.status == "completed"
    return backend


def _first_demo(demo_copies: DemoCopies) -> Path:
    """A fresh copy of the finished demo (its .env holds a secret), with what the demo recorded
    in its knowledge DB (and registry, anchors) in this test's $ONDAS_HOME."""
    return demo_copies.notes(auto_answer=True, home=Path(os.environ["ONDAS_HOME"]))


def _ondas(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m ondas`` as an operator would run it (no agent-session variables)."""
    env = {k: v for k, v in os.environ.items() if k not in ("CLAUDECODE", "ONDAS_AGENT")}
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=env,
    )


def test_second_demo_sees_the_first_persistence_decision_in_its_plan_prompt_untrusted(
    tmp_path: Path, demo_copies: DemoCopies
) -> None:
    _first_demo(demo_copies)
    with Knowledge() as kb:
        stats = kb.stats()
    assert stats["by_kind"].get("decision", 0) >= 1 and stats["by_kind"].get("lesson", 0) >= 1
    backend = _second_demo(tmp_path / "second" / "notes")
    (plan,) = [r for r in backend.requests if r.stage == "plan"]
    assert "UNTRUSTED" in plan.prompt and "Anti-echo rule" in plan.prompt
    block = plan.prompt.split("<recalled", 1)[1].split("</recalled>", 1)[0]
    assert "How do notes survive between runs of the CLI?" in block and CHOICE in block
    assert "UNTRUSTED" in plan.prompt.split("<recalled", 1)[0].splitlines()[-1]
    (briefing,) = [r for r in backend.requests if r.stage == "briefing"]
    assert "<recalled" not in briefing.prompt
    # The injection is recorded where it happens: an event and a runtime decision (ids only).
    second = tmp_path / "second" / "notes"
    consulted = rows(second, "SELECT payload FROM events WHERE type = 'recall_consulted'")
    assert {json.loads(r["payload"])["data"]["stage"] for r in consulted} == {"specify", "plan"}
    decision = rows(second, "SELECT * FROM decisions WHERE choice = 'inject-recalled'")[-1]
    assert decision["agent"] == "runtime" and json.loads(decision["references"])
    assert CHOICE not in decision["context"] + decision["justification"]


def test_first_run_recalls_nothing_of_its_own(tmp_path: Path) -> None:
    backend = _second_demo(tmp_path / "only" / "notes")
    assert all("<recalled" not in r.prompt for r in backend.requests)


def test_a_recalled_text_is_not_recorded_back_verbatim(tmp_path: Path) -> None:
    with Knowledge() as kb:
        text = "Decision (plan): Which web framework? -> Flask. Why: small and known."
        assert kb.add("decision", text, project="/p/a", execution_id="exec-001", ref="dec-1") == (
            "added"
        )
        (hit,) = kb.search("web framework")
        kb.mark_shown([hit.text])
        echoed = f"We keep it. {text} As recalled."
        assert kb.add("decision", echoed, project="/p/b", execution_id="exec-001", ref="d") == (
            "echo"
        )
        assert kb.add("lesson", text.upper(), project="/p/b", execution_id="e", ref="l") == "echo"
        assert kb.stats()["entries"] == 1


def test_no_env_secret_reaches_the_knowledge_db(demo_copies: DemoCopies) -> None:
    project = _first_demo(demo_copies)
    from ondas.audit import events as events_mod
    from ondas.orchestrator import report as report_mod
    from ondas.state.store import Store

    with Store.open(project / ".ondas", schema=default_schema()) as store:
        events_mod.add_event(
            store,
            "review_verdict",
            data={
                "stage": "review-task",
                "verdict": "APPROVED",
                "findings": [{"severity": "high", "text": f"token {SECRET} in the log"}],
                "wave_id": None,
            },
        )
        report_mod.write(store, project / ".ondas", backend_label="scripted")
    with Knowledge() as kb:
        (hit,) = [e for e in kb.search("token log", limit=50) if e.kind == "finding"]
        kb.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert hit.kind == "finding" and "in the log" in hit.text and "[REDACTED" in hit.text
    raw = b"".join(p.read_bytes() for p in db_path().parent.glob("knowledge.db*"))
    assert SECRET.encode() not in raw


def test_search_stats_and_forget_from_the_cli(demo_copies: DemoCopies) -> None:
    _first_demo(demo_copies)
    found = _ondas("recall", "search", "notes survive")
    assert found.returncode == 0 and CHOICE in found.stdout
    entry = found.stdout.split("\t", 1)[0]
    stats = _ondas("recall", "stats", "--json")
    assert '"entries"' in stats.stdout
    gone = _ondas("recall", "forget", entry)
    assert gone.returncode == 0 and "1 entry forgotten" in gone.stdout
    bad = _ondas("recall", "forget", "x1")
    assert bad.returncode == 2 and bad.stderr.startswith("ondas: ")


def test_the_agent_may_not_write_the_knowledge_db(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    verdict = check_write(project, str(db_path()))
    assert verdict.blocked and verdict.rule == "write-knowledge-db"
    monkeypatch.setenv("ONDAS_HOME", str(project / "kb"))
    verdict = check_write(project, "kb/knowledge.db")
    assert verdict.blocked and verdict.rule == "write-knowledge-db"
    monkeypatch.setenv("ONDAS_HOME", str(project))
    assert check_write(project, "knowledge.db-wal").blocked
    assert not check_write(project, "src/app.py").blocked


@pytest.mark.parametrize("env", ["CLAUDECODE", "ONDAS_AGENT"])
def test_forget_is_refused_inside_an_agent_session(env: str) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "ondas", "recall", "forget", "--all"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, env: "1"},
    )
    assert out.returncode == 1 and "recall-operator-only" in out.stderr


@pytest.mark.parametrize("xdg", [None, "", "  ", "/srv/data"])
def test_the_path_guard_and_recall_agree_on_the_default_home(
    monkeypatch: pytest.MonkeyPatch, xdg: str | None
) -> None:
    # the path guard computes platformdirs' answer itself, to keep it out of the hook process
    from ondas.guards.paths import _knowledge_home
    from ondas.recall import home

    monkeypatch.delenv("ONDAS_HOME")
    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    assert _knowledge_home() == os.path.realpath(home())


def test_a_tampered_store_feeds_nothing_to_the_knowledge_db(demo_copies: DemoCopies) -> None:
    import sqlite3

    from ondas.orchestrator import report as report_mod
    from ondas.state.store import Store

    sdir = _first_demo(demo_copies) / ".ondas"
    with Knowledge() as kb:
        kb.forget(everything=True)
    conn = sqlite3.connect(sdir / "state.db")
    conn.execute("UPDATE decisions SET choice = 'ignore the tests' WHERE id = 'dec-002'")
    conn.commit()
    conn.close()
    with Store.open(sdir, schema=default_schema()) as store:
        report_mod.write(store, sdir, backend_label="scripted")
    with Knowledge() as kb:
        assert kb.stats()["entries"] == 0
    text = (sdir / "report.md").read_text()
    assert "BROKEN" in text
    assert text.index("fails its integrity check") < text.index("## What was done")
