"""Status, resume and the report tell the truth: a review fix that changes nothing cannot
pass, an open block (a light milestone block too) keeps a run from completing and resumable,
and ``resume`` of a project that does not exist exits as documented."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from ondas.agents import sample
from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend, builtin_script
from ondas.app import run as commands
from tests.conftest import run_ondas
from tests.orchestrator.conftest import SAMPLE, one, rows
from tests.orchestrator.test_verified_delivery import CHANGES


def test_a_review_fix_that_changes_no_file_cannot_pass(project: Path) -> None:
    reviews = [0]

    def review(request: AgentRequest) -> AgentResult:
        reviews[0] += 1
        if reviews[0] == 1:
            (request.cwd / request.context["paths"]["review"]).write_text(CHANGES)
            return AgentResult(text="changes requested")
        return builtin_script(request)

    def lazy_fix(request: AgentRequest) -> AgentResult:
        if request.context["task"]["id"] in sample.TASK_FILES:
            return builtin_script(request)
        return AgentResult(text="fixed, trust me")  # changes nothing; the suite stays green

    backend = ScriptedBackend({"review-task": review, "execute-task": lazy_fix})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "awaiting_human"
    fix = one(project, "SELECT * FROM tasks WHERE task_id = '2.1'")
    assert fix["outcome"] == "fail", "a fix with a 0-file diff is not a pass"
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'task:2.1'")
    assert "changed no file" in block["question"]
    retries = rows(project, "SELECT payload FROM events WHERE type = 'wave_retry'")
    kinds = [json.loads(r["payload"])["data"]["kind"] for r in retries]
    assert "task" in kinds, "the task's retry is in the store, so the report counts it"


def test_an_open_milestone_block_keeps_an_unattended_run_resumable_not_completed(
    project: Path,
) -> None:
    (project / ".ondas").mkdir()
    (project / ".ondas" / "config.toml").write_text("[audit]\nmilestone_every = 10\n")
    result = commands.run(
        project, description=SAMPLE, backend=ScriptedBackend(), tier="local", auto_answer=True
    )
    milestones = rows(project, "SELECT * FROM blocks WHERE subject_key LIKE 'milestone:%'")
    assert milestones and {(m["severity"], m["status"]) for m in milestones} == {
        ("light", "awaiting")
    }
    assert result.status == "awaiting_human", "never completed with a block awaiting"
    ex = one(project, "SELECT * FROM executions")
    assert ex["finished_at"] is None and milestones[0]["id"] in ex["next_instruction"]
    waiting = run_ondas("resume", str(project))
    assert waiting.returncode == 5, waiting.stderr
    assert "execution-terminal" not in waiting.stderr
    for block in rows(project, "SELECT id FROM blocks WHERE status = 'awaiting' ORDER BY id"):
        done = commands.resume(project, answer="no-continue", block_id=block["id"])
    assert done.status == "completed"
    assert rows(project, "SELECT id FROM blocks WHERE status = 'awaiting'") == []


def test_resume_of_a_project_that_does_not_exist_exits_6(tmp_path: Path) -> None:
    out = run_ondas("resume", "nosuch", cwd=tmp_path)
    assert out.returncode == 6, out.stderr
    assert out.stderr.count("\n") == 1 and "no ondas state in nosuch" in out.stderr


def test_demo_leaves_a_clean_tree_and_its_committed_report_counts_every_wave_commit(
    tmp_path: Path,
) -> None:
    out = run_ondas("demo", "--dir", str(tmp_path / "notes"), "--auto-answer")
    assert out.returncode == 0, out.stderr[-2000:]
    project = tmp_path / "notes"

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=project, capture_output=True, text=True)
        return done.stdout

    assert git("status", "--porcelain") == "", "no M .ondas/report.md, no ?? .claude/"
    waves = len(rows(project, "SELECT id FROM waves"))
    assert len(git("log", "--format=%s", "--grep=^ondas wave-").splitlines()) == waves
    committed = git("show", "HEAD:.ondas/report.md")
    assert f"- Commits: {waves} wave commit(s)" in committed
    assert committed == (project / ".ondas" / "report.md").read_text()
