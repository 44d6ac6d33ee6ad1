"""The living specification: what every delivered feature requires, and the delta of a new spec.

A feature's spec numbers its functional requirements ``FR-001``... The living spec
(:data:`LIVING`) holds, per feature, each requirement as it was when the feature was last
delivered, and the archive it came from. At review-features, the feature's spec is compared
with it: requirements added, modified (same id, other text) and removed. The delta gate
(:mod:`ondas.orchestrator.delta_gate`) judges the delta; once it passes and the review
approved, the feature's artifacts are copied to ``docs/specs/archive/<execution>-<feature>/``
with a ``delta.md`` and the living spec takes the new requirements.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

LIVING = "docs/specs/living-spec.md"
ARCHIVE = "docs/specs/archive"
ARCHIVED_ARTIFACTS = ("spec", "plan", "tasks", "review")
"""Artifact keys copied into an archive (those that exist)."""
TITLE = "# Living Specification"
INTRO = (
    "Written by ondas at review-features: each delivered feature's functional requirements "
    "as last approved. Change a feature through its spec; this file follows."
)
REQ_RE = re.compile(r"^\s*(?:[-*+]|\d+[.)])?\s*[*_`]*(FR-\d{3,})[*_`]*\s*[:.\-–—)]*\s*(.*\S)?\s*$")
FEATURE_RE = re.compile(r"^##\s+(?P<name>\S.*?)\s*$")
SOURCE_RE = re.compile(r"^Archive:\s*`?(?P<path>[^`]+)`?\s*$")


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().strip("*_` ")).strip()


def requirements(text: str) -> dict[str, str]:
    """``FR-nnn`` -> its text, from the lines that start with a requirement id and the
    indented lines that continue them (the first of a repeated id wins)."""
    found: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        match = REQ_RE.match(line)
        if match:
            current = None if match.group(1) in found else match.group(1)
            if current is not None:
                found[current] = _clean(match.group(2) or "")
        elif current is not None and line[:1] in (" ", "\t") and line.strip():
            found[current] = _clean(f"{found[current]} {line}")
        else:
            current = None
    return found


@dataclass
class Feature:
    """One feature of the living spec."""

    archive: str
    requirements: dict[str, str] = field(default_factory=dict)


def parse(text: str) -> dict[str, Feature]:
    """The living spec's features (empty for an empty or missing file)."""
    features: dict[str, Feature] = {}
    current: Feature | None = None
    for line in text.splitlines():
        heading = FEATURE_RE.match(line)
        if heading:
            current = features.setdefault(heading["name"], Feature(""))
            continue
        if current is None:
            continue
        source = SOURCE_RE.match(line)
        if source:
            current.archive = source["path"].strip()
            continue
        match = REQ_RE.match(line)
        if match:
            current.requirements[match.group(1)] = _clean(match.group(2) or "")
    return features


def render(features: dict[str, Feature]) -> str:
    """The living spec's text (features and requirements sorted: stable output)."""
    lines = [TITLE, "", INTRO, ""]
    for name in sorted(features):
        feature = features[name]
        lines += [f"## {name}", "", f"Archive: `{feature.archive}`", ""]
        lines += [f"- {rid}: {text}" for rid, text in sorted(feature.requirements.items())]
        lines.append("")
    return "\n".join(lines)


@dataclass
class Delta:
    """How a feature's requirements changed against the living spec."""

    added: list[str] = field(default_factory=list)
    modified: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """True when nothing changed."""
        return not (self.added or self.modified or self.removed)

    def to_dict(self) -> dict[str, list[str]]:
        """JSON-ready form."""
        return {"added": self.added, "modified": self.modified, "removed": self.removed}


def delta(old: dict[str, str], new: dict[str, str]) -> Delta:
    """What ``new`` adds, modifies and removes of ``old``."""
    return Delta(
        added=sorted(set(new) - set(old)),
        modified=sorted(r for r in set(old) & set(new) if old[r] != new[r]),
        removed=sorted(set(old) - set(new)),
    )


def delta_text(feature: str, found: Delta, old: dict[str, str], new: dict[str, str]) -> str:
    """The archive's ``delta.md``."""
    lines = [f"# Delta: {feature}", ""]
    for title, ids, source in (
        ("Added", found.added, new),
        ("Modified", found.modified, new),
        ("Removed", found.removed, old),
    ):
        lines += [f"## {title}", ""]
        for rid in ids:
            lines.append(f"- {rid}: {source[rid]}")
            if title == "Modified":
                lines.append(f"  - was: {old[rid]}")
        lines += ([] if ids else ["- None."]) + [""]
    return "\n".join(lines)
