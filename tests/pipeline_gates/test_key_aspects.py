"""Key aspects at wave 1 make the purpose-drift abort live (scripted backend, real git)."""

from __future__ import annotations

from pathlib import Path

from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend, builtin_script
from ondas.app import run as commands
from ondas.orchestrator import aspects
from tests.conftest import run_ondas
from tests.orchestrator.conftest import SAMPLE, one, rows, run_sample

INVOICE_BRIEFING = """# Briefing: billing

## Problem
Small shops lose track of unpaid invoices.

## Users
Shop owners.

## Goals
- Export invoices to accounting software.
- Reconcile bank payments against invoices.

## Scope
Invoice export and payment reconciliation; nothing else.

## Constraints
Standard library only.

## Success Criteria
- Every payment matches an invoice.
"""


def _invoice_briefing(request: AgentRequest) -> AgentResult:
    result = builtin_script(request)
    path = request.cwd / request.context["paths"]["briefing"]
    path.write_text(INVOICE_BRIEFING, encoding="utf-8")
    return result


def test_aspects_are_extracted_from_the_briefing_at_wave_one_and_drift_is_live(
    project: Path,
) -> None:
    result = commands.run(
        project, description=SAMPLE, backend="scripted", tier="local", auto_answer=True
    )
    assert result.status == "completed"
    kinds = rows(project, "SELECT kind, aspect FROM key_aspects ORDER BY kind, position")
    product = [r["aspect"] for r in kinds if r["kind"] == "product"]
    assert 3 <= len(product) <= 7
    assert all(aspects.KEBAB.match(a) for a in product)
    decision = one(project, "SELECT * FROM decisions WHERE context LIKE 'Key aspects%'")
    assert decision["stage"] == "briefing" and decision["class"] == "operational"
    assert one(project, "SELECT init_wave_number FROM limit_drift")["init_wave_number"] == 1
    check = run_ondas("limits", "drift", "check", "--state-dir", str(project / ".ondas"))
    assert "DISABLED" not in check.stdout + check.stderr
    assert "key aspects" in (project / ".ondas" / "report.md").read_text().lower()


def test_drift_aborts_when_the_briefing_names_aspects_the_work_never_touches(
    project: Path,
) -> None:
    backend = ScriptedBackend({"briefing": _invoice_briefing})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "aborted"
    product = [r["aspect"] for r in rows(project, "SELECT aspect FROM key_aspects")]
    assert "export-invoices-accounting" in product
    ex = one(project, "SELECT * FROM executions")
    assert ex["termination_reason"] == "purpose_drift"
    report = (project / ".ondas" / "report.md").read_text()
    assert "purpose_drift" in report


def test_run_aspects_option_freezes_the_operators_aspects_and_drift_fires(project: Path) -> None:
    proc = run_sample(project, "--aspects", "payment-gateway,invoice-export,tax-rules")
    assert proc.returncode == 3, proc.stderr
    product = [r["aspect"] for r in rows(project, "SELECT aspect FROM key_aspects")]
    assert product == ["payment-gateway", "invoice-export", "tax-rules"]
    decision = one(project, "SELECT * FROM decisions WHERE context LIKE 'Key aspects%'")
    assert decision["agent"] == "operator"
    assert one(project, "SELECT termination_reason FROM executions")[0] == "purpose_drift"


def test_bad_aspects_option_is_refused_before_anything_is_written(project: Path) -> None:
    proc = run_ondas(
        "run",
        str(project),
        "--description",
        SAMPLE,
        "--backend",
        "scripted",
        "--aspects",
        "Payment Gateway,x",
    )
    assert proc.returncode == 2
    assert "--aspects" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert not (project / ".ondas").exists()


def test_an_extraction_that_stays_invalid_is_recorded_and_drift_says_disabled(
    project: Path,
) -> None:
    def bad(request: AgentRequest) -> AgentResult:
        return AgentResult(text="x", structured={"product": ["Not Kebab"]})

    backend = ScriptedBackend({"key-aspects": bad})
    result = commands.run(project, description=SAMPLE, backend=backend, tier="local", max_waves=2)
    assert result.status == "in_progress"
    assert [r.stage for r in backend.requests].count("key-aspects") == 2
    retry = [r for r in backend.requests if r.stage == "key-aspects"][-1]
    assert "is not kebab-case" in retry.prompt
    assert retry.allowed_tools == ["Read", "Glob", "Grep"] and retry.output_schema is not None
    event = one(project, "SELECT * FROM events WHERE type = 'key_aspects_refused'")
    assert "product needs 3 to 7" in event["description"] or "kebab" in event["description"]
    assert rows(project, "SELECT * FROM key_aspects") == []


def test_aspect_rules_are_enforced_by_code() -> None:
    assert aspects.problems({"product": ["a-b", "c", "d-e-f"]}) == []
    assert aspects.problems({"product": ["a", "b"]})
    assert aspects.problems({"product": ["a", "b", "a"]})
    assert aspects.problems({"product": ["a", "b", "c"], "technical": "x"})
    assert aspects.problems({"product": [f"a{i}" for i in range(8)]})
    assert aspects.problems({"product": ["a", "b", "-c"]})
