"""Quality gates by tier x gate mode: docs validation and security review; criticals block."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend
from ondas.app import run as commands
from ondas.orchestrator import gates
from ondas.pipeline import docs_check
from ondas.pipeline.findings import Finding
from tests.orchestrator.conftest import SAMPLE, one, rows

ALL_CHECKED = [item["id"] for item in gates.OWASP]
CRITICAL = {"item": "A03", "severity": "critical", "file": "notes/cli.py", "detail": "shell=True"}


def _review(*answers: list[dict[str, Any]]) -> tuple[Any, list[int]]:
    calls = [0]

    def review(request: AgentRequest) -> AgentResult:
        found = answers[min(calls[0], len(answers) - 1)]
        calls[0] += 1
        return AgentResult(text="review", structured={"checked": ALL_CHECKED, "findings": found})

    return review, calls


def _modes(project: Path) -> dict[str, str]:
    out = {}
    for row in rows(project, "SELECT payload FROM events WHERE type = 'gate_run'"):
        data = json.loads(row["payload"])["data"]
        out[f"{data['gate']}:{data['stage']}"] = data["mode"]
    return out


def test_gate_modes_follow_the_delivery_tier(tmp_path: Path) -> None:
    local, public = tmp_path / "local", tmp_path / "public"
    local.mkdir()
    public.mkdir()
    backend = ScriptedBackend()
    for project, tier in ((local, "local"), (public, "cloud-public")):
        result = commands.run(
            project, description=SAMPLE, backend=backend, tier=tier, auto_answer=True
        )
        assert result.status == "completed"
    assert _modes(local) == {
        "docs:briefing": "light",
        "docs:constitution": "light",
        "docs:specify": "light",
        "facts:specify": "light",
        "docs:plan": "light",
        "facts:plan": "light",
        "security:plan": "skip",
        "docs:checklist": "skip",
        "security:review-task": "light",
        "docs:review-features": "light",
        "delta:review-features": "light",
    }
    assert set(_modes(public).values()) == {"full"}
    reviews = [r for r in backend.requests if r.stage == "security-review"]
    assert len(reviews) == 2  # the plan (the design), then the code at review-task
    assert "Review the technical plan" in reviews[0].prompt
    assert "Review the code and configuration" in reviews[1].prompt
    assert all("A03 Injection" in r.prompt for r in reviews)
    skipped = "Gate docs after checklist: skipped at tier local"
    assert skipped in (local / ".ondas" / "report.md").read_text()
    report = (public / ".ondas" / "report.md").read_text()
    assert "Gate security after review-task (full at tier cloud-public)" in report


def test_a_critical_security_finding_blocks_and_the_gate_runs_again_after_a_fix(
    project: Path,
) -> None:
    review, calls = _review([], [CRITICAL], [])
    backend = ScriptedBackend({"security-review": review})
    first = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    assert first.status == "awaiting_human" and first.current_stage == "review-task"
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'gate:security:review-task'")
    assert "shell=True" in block["question"] and block["status"] == "awaiting"
    finding = one(project, "SELECT * FROM events WHERE type = 'gate_finding'")
    assert "critical" in finding["description"] and "security.A03" in finding["description"]
    report = (project / ".ondas" / "report.md").read_text()
    assert "BLOCKED" in report and "shell=True" in report

    second = commands.resume(project, answer="fixed", backend=backend)
    assert second.status == "completed"
    assert calls[0] == 3


def test_accept_risk_lets_the_same_critical_finding_pass_recorded(project: Path) -> None:
    review, calls = _review([], [CRITICAL])
    backend = ScriptedBackend({"security-review": review})
    first = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-internal", auto_answer=True
    )
    assert first.status == "awaiting_human"
    second = commands.resume(project, answer="accept-risk", backend=backend)
    assert second.status == "completed"
    runs = rows(
        project,
        "SELECT description FROM events WHERE type = 'gate_run' "
        "AND description LIKE 'security after review-task%'",
    )
    assert len(runs) == 2 and calls[0] == 3


def test_the_light_security_gate_finds_a_committed_secret_without_an_agent(project: Path) -> None:
    (project / "settings.py").write_text(
        'TOKEN = "ghp_' + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8" + '"\n'
    )
    backend = ScriptedBackend()
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "awaiting_human" and result.current_stage == "review-task"
    block = one(project, "SELECT * FROM blocks WHERE status = 'awaiting'")
    assert "settings.py: secret in the code (github-token)" in block["question"]
    assert "ghp_" not in block["question"]
    assert "security-review" not in [r.stage for r in backend.requests]


def test_an_invalid_security_review_is_retried_then_recorded_as_an_error(project: Path) -> None:
    def bad(request: AgentRequest) -> AgentResult:
        return AgentResult(text="x", structured={"checked": ["A01"], "findings": []})

    backend = ScriptedBackend({"security-review": bad})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    assert result.status == "completed"
    assert [r.stage for r in backend.requests].count("security-review") == 4
    finding = rows(
        project, "SELECT * FROM events WHERE type = 'gate_finding' AND description LIKE '%invalid%'"
    )[-1]
    assert "not checked" in finding["description"]


def test_docs_checks_find_broken_links_unclosed_fences_and_active_content(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A\n\nSee [b](b.md), [c](missing.md) and [w](https://x).\n")
    (tmp_path / "b.md").write_text("# B\n\n```sh\necho\n\n## Empty\n")
    (tmp_path / "c.md").write_text("# C\n\n<script>alert(1)</script>\n")
    files = [tmp_path / n for n in ("a.md", "b.md", "c.md")]
    light = {f.rule for f in docs_check.validate(files, tmp_path, mode="light")}
    full = docs_check.validate(files, tmp_path, mode="full")
    assert light == {"docs.link", "docs.empty-section"}  # b.md: everything is in the fence
    assert {f.rule for f in full} == light | {"docs.fence", "docs.active-content"}
    assert [f.severity for f in full if f.rule == "docs.active-content"] == ["critical"]
    assert docs_check.validate([tmp_path / "a.md"], tmp_path, mode="full")[0].detail == (
        "a.md: broken link to missing.md"
    )


HIGH = {"item": "A01", "severity": "high", "file": "docs/plan.md", "detail": "no authorisation"}


def test_the_plan_gets_a_docs_gate_after_specify_and_a_security_review_that_can_block(
    project: Path,
) -> None:
    review, calls = _review([CRITICAL], [])
    backend = ScriptedBackend({"security-review": review})
    first = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    assert first.status == "awaiting_human" and first.current_stage == "plan"
    one(project, "SELECT * FROM blocks WHERE subject_key = 'gate:security:plan'")
    assert _modes(project)["docs:specify"] == "full"
    second = commands.resume(project, answer="fixed", backend=backend)
    assert second.status == "completed" and calls[0] == 3


def test_a_high_security_finding_blocks_at_cloud_tiers_only(tmp_path: Path) -> None:
    for tier, blocked in (("cloud-internal", True), ("internal-network", False)):
        project = tmp_path / tier
        project.mkdir()
        review, _calls = _review([HIGH])
        backend = ScriptedBackend({"security-review": review})
        result = commands.run(
            project, description=SAMPLE, backend=backend, tier=tier, auto_answer=True
        )
        assert (result.status == "awaiting_human") is blocked, tier
        reviewed = [
            data
            for data in (
                json.loads(r["payload"])["data"]
                for r in rows(project, "SELECT payload FROM events WHERE type = 'gate_run'")
            )
            if data["gate"] == "security" and data["mode"] == "full"
        ]
        assert reviewed[0]["critical"] == 0 and reviewed[0]["blocked"] is blocked
        high = Finding("error", "security.A01", "x")
        assert gates.blocks(high, "security", tier) is blocked
    assert not gates.blocks(Finding("error", "docs.link", "x"), "docs", "cloud-public")
