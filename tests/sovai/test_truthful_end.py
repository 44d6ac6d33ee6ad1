"""A sovai run that is not built and verified never says completed and never pushes.

Real git (a local bare remote), the real CLI, the scripted backend: a plan it cannot
decompose (any plan but its sample) is the backend that is no help at all.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.sovai.conftest import calc_project, git, ondas, rows, run_state

UNUSABLE = "# Plan: make a web shop\n\nBuild a web shop with payments and an admin page.\n"


def _remote_branches(remote: Path) -> list[str]:
    return git(remote, "branch", "--format=%(refname:short)").split()


def test_a_plan_the_backend_cannot_build_ends_not_completed_pushes_nothing_and_names_the_blocker(
    tmp_path: Path,
) -> None:
    project, plan = calc_project(tmp_path, UNUSABLE)
    remote = tmp_path / "remote.git"
    out = ondas(tmp_path, "sovai", str(plan), str(project), "--backend", "scripted")
    assert out.returncode == 5, out.stderr[-2000:]
    assert "not completed" in out.stdout and "not built" in out.stdout
    (ex,) = rows(project, "SELECT * FROM executions")
    assert ex["status"] == "awaiting_human"
    assert ex["finished_at"] is None
    state = run_state(project)
    assert state["built"] is False
    assert state["persistence"]["push"]["status"] == "not-pushed"
    assert _remote_branches(remote) == ["main"], "nothing left the machine"
    awaiting = rows(project, "SELECT * FROM blocks WHERE status = 'awaiting' ORDER BY id")
    completion = [b for b in awaiting if b["subject_key"] == "sovai:completion"]
    assert len(completion) == 1 and completion[0]["severity"] == "normal"
    assert "the plan is not built" in completion[0]["question"]
    report = (project / ".ondas" / "sovai-report.md").read_text(encoding="utf-8")
    assert "status **awaiting_human**" in report
    assert "## Blockers (need you)\n\nNone." not in report
    assert git(project, "status", "--porcelain") == "", "the working tree is clean"

    status = ondas(project, "status", "--json")
    assert status.returncode == 0, status.stderr
    shown = json.loads(status.stdout)
    assert shown["execution"]["status"] == "awaiting_human" and shown["pending_blocks"]
    resumed = ondas(project, "resume")
    assert resumed.returncode == 5, "resume agrees with status: the run waits for an answer"
    assert "execution-terminal" not in resumed.stderr
    assert completion[0]["id"] in resumed.stderr


def test_an_answer_reopens_the_unbuilt_run_for_more_rounds_and_it_still_pushes_nothing(
    tmp_path: Path,
) -> None:
    project, plan = calc_project(tmp_path, UNUSABLE)
    ondas(tmp_path, "sovai", str(plan), str(project), "--backend", "scripted", "--max-rounds", "1")
    before = run_state(project)["round"]
    block = rows(project, "SELECT id FROM blocks WHERE subject_key = 'sovai:completion'")[0]["id"]
    out = ondas(project, "resume", "--answer", "use Flask", "--block", block)
    assert out.returncode == 5, out.stderr[-2000:]
    state = run_state(project)
    assert state["round"] == before + 1, "one more round after the answer (the cap counts anew)"
    assert any("use Flask" in f["problem"] for f in state["feedback"]) or state["reviews"]
    assert _remote_branches(tmp_path / "remote.git") == ["main"]
    assert rows(project, "SELECT status FROM executions")[0]["status"] == "awaiting_human"


def test_the_built_sample_pushes_but_waits_for_its_plan_blocker_before_it_completes(
    tmp_path: Path,
) -> None:
    project, plan = calc_project(tmp_path)
    out = ondas(tmp_path, "sovai", str(plan), str(project), "--backend", "scripted")
    assert out.returncode == 5, out.stderr[-2000:]
    state = run_state(project)
    assert state["built"] and state["persistence"]["push"]["status"] == "pushed"
    (ex,) = rows(project, "SELECT status FROM executions")
    assert ex["status"] == "awaiting_human", "an open blocker keeps the run from completing"
    for block in rows(project, "SELECT id FROM blocks WHERE status = 'awaiting' ORDER BY id"):
        answered = ondas(project, "resume", "--answer", "done by hand", "--block", block["id"])
        if answered.returncode == 0:
            break
    assert rows(project, "SELECT status FROM executions")[0]["status"] == "completed"
    assert rows(project, "SELECT COUNT(*) AS n FROM blocks WHERE status = 'awaiting'")[0]["n"] == 0
    assert git(project, "status", "--porcelain") == ""
