"""A review artifact's verdict and findings, read the same way for review-task and
review-features: the Verdict section's first line, and one finding per Findings list item.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ondas.pipeline.markdown import normalise, parse

SEVERITIES = ("critical", "high", "medium", "low")
APPROVED = "APPROVED"
CHANGES_REQUESTED = "CHANGES_REQUESTED"
ITEM_RE = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*\S)\s*$")
SEVERITY_RE = re.compile(r"\b(critical|high|medium|low)\b", re.IGNORECASE)
NO_FINDING_RE = re.compile(
    r"^(none|n/?a|no (defects?|findings?|issues?|problems?|blocking)\b)", re.IGNORECASE
)


@dataclass(frozen=True)
class ReviewFinding:
    """One finding of a review: how severe and what it says."""

    severity: str
    text: str

    def to_dict(self) -> dict[str, str]:
        """JSON-ready form."""
        return {"severity": self.severity, "text": self.text}


@dataclass
class ReviewVerdict:
    """``APPROVED`` / ``CHANGES_REQUESTED`` (``None`` when unreadable) and the findings."""

    verdict: str | None
    findings: list[ReviewFinding] = field(default_factory=list)

    @property
    def approved(self) -> bool:
        """True only for an explicit APPROVED."""
        return self.verdict == APPROVED

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"verdict": self.verdict, "findings": [f.to_dict() for f in self.findings]}


def _verdict(lines: list[str]) -> str | None:
    for line in lines:
        text = normalise(line)
        if not text:
            continue
        if "changes requested" in text:
            return CHANGES_REQUESTED
        if "approved" in text and "not approved" not in text:
            return APPROVED
        return None
    return None


def _severity(text: str) -> str:
    found = SEVERITY_RE.search(text)
    return found.group(1).lower() if found else "medium"


def _findings(lines: list[str]) -> list[ReviewFinding]:
    items: list[str] = []
    for line in lines:
        match = ITEM_RE.match(line)
        if match:
            items.append(match.group(1))
        elif items and line.startswith((" ", "\t")) and line.strip():
            items[-1] += " " + line.strip()
    out: list[ReviewFinding] = []
    for item in items:
        plain = item.strip("*_` ").strip()
        if not plain or NO_FINDING_RE.match(plain):
            continue
        out.append(ReviewFinding(_severity(plain), plain))
    return out


def parse_review(text: str) -> ReviewVerdict:
    """The verdict and findings of a review Markdown text."""
    doc = parse(text)
    verdict_section = doc.find(("verdict", "veredito"))
    findings_section = doc.find(("findings", "achados"))
    return ReviewVerdict(
        verdict=_verdict(verdict_section.body) if verdict_section else None,
        findings=_findings(findings_section.body) if findings_section else [],
    )


CRITICALITY_OF = {"critical": "C", "high": "A", "medium": "M", "low": "M"}


def findings_as_tasks(tasks_text: str, findings: list[ReviewFinding], title: str) -> str:
    """``tasks_text`` with a new phase holding one open task per finding (ids ``N.1``...)."""
    numbers = [int(m) for m in re.findall(r"(?im)^#+\s*[*_`]*(?:phase|fase)\s+(\d+)", tasks_text)]
    phase = max(numbers, default=0) + 1
    lines = [f"## Phase {phase}: {title}", ""]
    for i, finding in enumerate(findings, start=1):
        body = re.sub(r"\s+", " ", finding.text).strip()
        lines.append(f"- [ ] {phase}.{i} [{CRITICALITY_OF[finding.severity]}] {body}")
    return tasks_text.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"
