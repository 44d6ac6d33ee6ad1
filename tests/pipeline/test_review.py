"""Review verdicts and findings, and findings turned into tasks that validate."""

from __future__ import annotations

from ondas.agents import sample
from ondas.pipeline.findings import is_ok
from ondas.pipeline.review import (
    APPROVED,
    CHANGES_REQUESTED,
    ReviewFinding,
    findings_as_tasks,
    parse_review,
)
from ondas.pipeline.tasks import check_tasks, parse_tasks

REVIEW = """# Review: x

## Summary
Read everything.

## Findings
- **High**: `store.py` loses notes on a crash
  (no fsync before the rename).
- Critical - the CLI deletes the file on `list`.
* medium: naming of `cli.main` is unclear
1. A finding without a severity word.
- None.

## Verdict
CHANGES REQUESTED — fix the two blockers.
"""


def test_changes_requested_with_findings_and_their_severity() -> None:
    review = parse_review(REVIEW)
    assert review.verdict == CHANGES_REQUESTED and not review.approved
    assert [f.severity for f in review.findings] == ["high", "critical", "medium", "medium"]
    assert review.findings[0].text.endswith("(no fsync before the rename).")


def test_approved_with_no_defect_has_no_findings() -> None:
    review = parse_review(sample.review({}))
    assert review.verdict == APPROVED and review.findings == []
    features = parse_review(sample.features_review({}))
    assert features.approved and [f.severity for f in features.findings] == ["low"]


def test_a_missing_or_unreadable_verdict_is_none_and_not_approved_requests_changes() -> None:
    assert parse_review("# Review\n\n## Findings\n- x\n").verdict is None
    assert parse_review("# Review\n\n## Verdict\nmaybe later\n").verdict is None
    assert parse_review("# R\n\n## Verdict\nNot approved\n").verdict == CHANGES_REQUESTED


def test_findings_become_a_new_phase_of_valid_tasks() -> None:
    text = sample.tasks({})
    findings = [ReviewFinding("critical", "fix a"), ReviewFinding("low", "fix\n  b")]
    updated = findings_as_tasks(text, findings, "Review fixes")
    parsed = parse_tasks(updated)
    assert is_ok(check_tasks(parsed))
    new = [t for t in parsed.tasks if t.phase == 2]
    assert [(t.id, t.criticality, t.checked) for t in new] == [
        ("2.1", "C", False),
        ("2.2", "M", False),
    ]
    assert new[1].text.endswith("fix b")


def test_sub_headings_give_their_items_a_severity() -> None:
    text = (
        "# Review\n\n## Findings\n\n### High\n- cli.py crashes on empty input\n\n"
        "### Low\n- a typo in the help text\n- Critical: the file is world-writable\n\n"
        "## Verdict\nCHANGES REQUESTED\n"
    )
    review = parse_review(text)
    assert [(f.severity, f.text[:12]) for f in review.findings] == [
        ("high", "cli.py crash"),
        ("low", "a typo in th"),
        ("critical", "Critical: th"),
    ]
