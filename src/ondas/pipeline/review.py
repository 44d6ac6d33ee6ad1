"""A review artifact's verdict and findings, read the same way for review-task and
review-features: the Verdict section's first line, and one finding per Findings list item.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ondas.pipeline.markdown import HEADING_RE, normalise, parse

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
        if "changes requested" in text or "not approved" in text:
            return CHANGES_REQUESTED
        if "approved" in text:
            return APPROVED
        return None
    return None


def _findings(lines: list[str], level: int) -> list[ReviewFinding]:
    """One finding per list item; a ``### High`` style sub-heading gives its items' severity."""
    items: list[tuple[str | None, str]] = []
    heading_severity: str | None = None
    for line in lines:
        heading = HEADING_RE.match(line)
        if heading:
            if len(heading.group(1)) <= level:
                break
            found = SEVERITY_RE.search(heading.group(2))
            heading_severity = found.group(1).lower() if found else None
            continue
        match = ITEM_RE.match(line)
        if match:
            items.append((heading_severity, match.group(1)))
        elif items and line.startswith((" ", "\t")) and line.strip():
            severity, text = items[-1]
            items[-1] = (severity, text + " " + line.strip())
    out: list[ReviewFinding] = []
    for severity, item in items:
        plain = item.strip("*_` ").strip()
        if not plain or NO_FINDING_RE.match(plain):
            continue
        own = SEVERITY_RE.search(plain)
        out.append(ReviewFinding(own.group(1).lower() if own else severity or "medium", plain))
    return out


def parse_review(text: str) -> ReviewVerdict:
    """The verdict and findings of a review Markdown text."""
    doc = parse(text)
    verdict_section = doc.find(("verdict", "veredito"))
    findings_section = doc.find(("findings", "achados"))
    findings: list[ReviewFinding] = []
    if findings_section is not None:
        after = doc.lines[findings_section.line :]
        findings = _findings(after, findings_section.level)
    return ReviewVerdict(
        verdict=_verdict(verdict_section.body) if verdict_section else None,
        findings=findings,
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
