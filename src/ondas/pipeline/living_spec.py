"""The living specification: what every delivered feature requires, and the delta of a new spec.

A feature's spec numbers its functional requirements ``FR-001``... The living spec
(:data:`LIVING_DIR`, one page per feature) holds each requirement as it was when the feature
was last delivered, and the archive it came from. At review-features, the feature's spec is compared
with it: requirements added, modified (same id, other text) and removed. The delta gate
(:mod:`ondas.orchestrator.delta_gate`) judges the delta; once it passes and the review
approved, the feature's artifacts are copied to ``docs/specs/archive/<execution>-<feature>/``
with a ``delta.md`` and the living spec takes the new requirements.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

LIVING_DIR = "docs/specs/living"
"""One page per delivered feature (features delivered in parallel never write the same file)."""
ARCHIVE = "docs/specs/archive"
ARCHIVED_ARTIFACTS = ("spec", "plan", "tasks", "review")
"""Artifact keys copied into an archive (those that exist)."""
INTRO = (
    "Written by ondas at review-features: the feature's functional requirements as last "
    "approved. Change them through the feature's spec; this page follows."
)
REQ_RE = re.compile(r"^\s*(?:[-*+]|\d+[.)])?\s*[*_`]*(FR-\d{3,})[*_`]*\s*[:.\-–—)]*\s*(.*\S)?\s*$")
SOURCE_RE = re.compile(r"^Archive:\s*`?(?P<path>[^`]+)`?\s*$")


def living_path(feature: str) -> str:
    """The living-spec page of ``feature`` (relative to the project)."""
    return f"{LIVING_DIR}/{feature}.md"


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
    """One feature's living-spec page: its requirements and the archive they came from."""

    archive: str
    requirements: dict[str, str] = field(default_factory=dict)


def parse(text: str) -> Feature:
    """A living-spec page (an empty one for an empty or missing page)."""
    archive = ""
    for line in text.splitlines():
        source = SOURCE_RE.match(line)
        if source:
            archive = source["path"].strip()
            break
    return Feature(archive, requirements(text))


def render(name: str, feature: Feature) -> str:
    """A living-spec page (requirements sorted: stable output)."""
    lines = [f"# Living Specification: {name}", "", INTRO, ""]
    lines += [f"Archive: `{feature.archive}`", "", "## Functional Requirements", ""]
    lines += [f"- {rid}: {text}" for rid, text in sorted(feature.requirements.items())]
    return "\n".join(lines) + "\n"


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
