"""Lessons learned from a run: what cost retries, refusals, failures and human answers.

Each lesson is a sentence drawn from the report model (never invented): the next run reads
them through the knowledge DB, and a person reads them at the end of the final report.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ondas.report.model import RunReport


def lessons(report: RunReport) -> list[str]:
    """The lessons of ``report``, most actionable first."""
    out: list[str] = []
    by_stage = Counter(r.description.split(":", 1)[0] for r in report.retries)
    for stage, count in by_stage.most_common():
        first = next(
            (
                r.findings[0]
                for r in report.retries
                if r.description.startswith(stage) and r.findings
            ),
            "",
        )
        out.append(
            f"Stage {stage} needed {count} retry(ies) to pass its check"
            + (f"; first finding: {first}" if first else "")
            + "."
        )
    for t in report.tasks:
        if t.outcome != "pass":
            out.append(f"Task {t.task_id} ended {t.outcome} ({t.tests_passed}/{t.tests_run}).")
    rules = Counter((r.source, r.rule) for r in report.refusals)
    for (source, rule), count in rules.most_common(5):
        out.append(f"The {source} refused {count} call(s) under rule {rule or 'unnamed'}.")
    for r in report.reviews:
        for f in r.findings:
            if f.severity in ("critical", "high"):
                out.append(f"Review {r.stage} found ({f.severity}): {f.text}")
    for b in report.blocks:
        if b.status == "answered" and b.answer:
            who = b.answerer or "a person"
            out.append(f"{who[0].upper()}{who[1:]} answered '{b.question}' with: {b.answer}")
    spent = [s for s in report.stage_costs if s.cost_usd > 0]
    if spent and report.totals.cost_usd > 0:
        top = max(spent, key=lambda s: s.cost_usd)
        share = 100.0 * top.cost_usd / report.totals.cost_usd
        out.append(
            f"The most expensive stage was {top.stage} (${top.cost_usd:.4f}, {share:.0f}% of "
            "the cost)."
        )
    if not out:
        out.append("No retry, refusal, failed task or severe finding was recorded in this run.")
    return out
