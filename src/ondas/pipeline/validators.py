"""Artifact validators: did a stage leave behind what it must? Pure reads of the project.

``detect_completion`` applies the validator the stage table
(:data:`ondas.pipeline.stages.STAGES`) names for the stage (written out in
``docs/artifacts.md``) and returns findings; the stage is complete when no
finding is critical or an error.
"""

from __future__ import annotations

import re
from pathlib import Path

from ondas.errors import UsageError
from ondas.pipeline.artifacts import (
    ARTIFACTS,
    CHECKLIST,
    CLARIFICATIONS,
    VERDICTS,
    ArtifactSpec,
)
from ondas.pipeline.findings import Finding, is_ok
from ondas.pipeline.markdown import Document, checkboxes, normalise, parse, placeholders
from ondas.pipeline.roadmap import check_roadmap
from ondas.pipeline.stages import spec as stage_spec
from ondas.pipeline.tasks import check_tasks, parse_tasks, validate_tasks

__all__ = [
    "Finding",
    "artifact_path",
    "detect_completion",
    "is_ok",
    "resolve_feature_dir",
    "review_verdict",
    "validate_tasks",
]

SPECS_DIR = Path("docs") / "specs"
NEEDS_CLARIFICATION_RE = re.compile(r"\[NEEDS CLARIFICATION", re.IGNORECASE)


def resolve_feature_dir(project: Path, feature_dir: Path | str | None) -> Path | None:
    """The feature directory: as given (a bare name means ``docs/specs/<name>``), or the only
    directory under ``docs/specs``; ``None`` when there is none, a usage error when several."""
    if feature_dir is not None:
        given = Path(feature_dir)
        if given.is_absolute():
            return given
        return project / (given if len(given.parts) > 1 else SPECS_DIR / given)
    specs = project / SPECS_DIR
    found = sorted(d for d in specs.iterdir() if d.is_dir()) if specs.is_dir() else []
    if len(found) > 1:
        names = ", ".join(d.name for d in found)
        raise UsageError(f"several features under docs/specs ({names}); pass --feature-dir")
    return found[0] if found else None


def artifact_path(
    stage: str, project: Path | str, feature_dir: Path | str | None = None
) -> Path | None:
    """Where the artifact judging ``stage`` is (or should be); ``None`` without a feature."""
    spec = ARTIFACTS[stage_spec(stage).artifact]
    project = Path(project)
    if spec.feature_scoped:
        fdir = resolve_feature_dir(project, feature_dir)
        return None if fdir is None else fdir / Path(spec.path).name
    for candidate in (spec.path, *spec.legacy_paths):
        if (project / candidate).is_file():
            return project / candidate
    return project / spec.path


def _read(path: Path, spec: ArtifactSpec) -> tuple[str | None, list[Finding]]:
    if not path.is_file():
        return None, [Finding("critical", f"{spec.key}.missing", f"{path} does not exist")]
    text = path.read_text(encoding="utf-8", errors="replace")
    if not text.strip():
        return None, [Finding("critical", f"{spec.key}.empty", f"{path} is empty")]
    return text, []


def check_sections(doc: Document, spec: ArtifactSpec) -> list[Finding]:
    """Title, required sections (all, or at least ``min_sections``) and placeholders."""
    findings: list[Finding] = []
    if doc.title is None:
        findings.append(Finding("error", f"{spec.key}.title", "no '# title' heading"))
    if spec.min_sections is None:
        for section_spec in spec.sections:
            section = doc.find(section_spec.names)
            if section is None:
                findings.append(
                    Finding(
                        "error", f"{spec.key}.section", f"missing section '{section_spec.name}'"
                    )
                )
            elif not section.has_content():
                findings.append(
                    Finding(
                        "error",
                        f"{spec.key}.section-empty",
                        f"section '{section_spec.name}' has no content",
                    )
                )
    else:
        present = [
            s.name
            for s in spec.sections
            if (found := doc.find(s.names)) is not None and found.has_content()
        ]
        if len(present) < spec.min_sections:
            have = ", ".join(present) or "none"
            findings.append(
                Finding(
                    "error",
                    f"{spec.key}.core-sections",
                    f"{len(present)} core section(s) with content ({have}); need at least "
                    f"{spec.min_sections} of: " + ", ".join(s.name for s in spec.sections),
                )
            )
    for number, marker in placeholders(doc):
        findings.append(
            Finding(
                spec.placeholder_severity, f"{spec.key}.placeholder", f"line {number}: {marker}"
            )
        )
    return findings


def review_verdict(doc: Document) -> str | None:
    """``APPROVED`` or ``CHANGES REQUESTED`` from the first line of the Verdict section."""
    section = doc.find(("verdict", "veredito"))
    if section is None:
        return None
    for line in section.body:
        text = normalise(line)
        if not text:
            continue
        for verdict in sorted(VERDICTS, key=len, reverse=True):
            if normalise(verdict) in text:
                return verdict
        return None
    return None


def _check_clarify(doc: Document) -> list[Finding]:
    findings: list[Finding] = []
    section = doc.find(CLARIFICATIONS.names)
    if section is None or not section.has_content():
        findings.append(
            Finding("error", "clarify.clarifications", "no 'Clarifications' section with content")
        )
    for number, line in enumerate(doc.lines, start=1):
        if NEEDS_CLARIFICATION_RE.search(line):
            findings.append(
                Finding("error", "clarify.unresolved", f"line {number}: [NEEDS CLARIFICATION] left")
            )
    return findings


def _unchecked_tasks(stage: str, path: Path) -> list[Finding]:
    text, missing = _read(path, ARTIFACTS["tasks"])
    if text is None:
        return missing
    parsed = parse_tasks(text)
    findings = check_tasks(parsed)
    if not is_ok(findings):
        return findings
    open_tasks = parsed.unchecked()
    if open_tasks:
        ids = ", ".join(t.id or f"line {t.line}" for t in open_tasks[:10])
        more = " ..." if len(open_tasks) > 10 else ""
        findings.append(
            Finding(
                "error",
                f"{stage}.unchecked-task",
                f"{len(open_tasks)} of {len(parsed.tasks)} task(s) unchecked: {ids}{more}",
            )
        )
    return findings


def _unchecked_checklist(path: Path) -> list[Finding]:
    text, missing = _read(path, CHECKLIST)
    if text is None:
        return missing
    items = checkboxes(parse(text).lines)
    open_items = [label for checked, label in items if not checked]
    if not open_items:
        return []
    shown = "; ".join(label[:40] for label in open_items[:5])
    more = " ..." if len(open_items) > 5 else ""
    return [
        Finding(
            "error",
            "converge.unchecked-checklist",
            f"{len(open_items)} of {len(items)} checklist item(s) unchecked: {shown}{more}",
        )
    ]


def detect_completion(
    stage: str, project: Path | str, feature_dir: Path | str | None = None
) -> list[Finding]:
    """Findings for ``stage`` in ``project``; complete when :func:`is_ok` holds for them."""
    check = stage_spec(stage)
    project = Path(project)
    if not project.is_dir():
        raise UsageError(f"project {project} is not a directory")
    spec = ARTIFACTS[check.artifact]
    path = artifact_path(stage, project, feature_dir)
    if path is None:
        return [Finding("critical", "feature.missing", "no feature directory under docs/specs")]
    if spec.feature_scoped and not path.parent.is_dir():
        return [Finding("critical", "feature.missing", f"{path.parent} does not exist")]
    if check.validator in ("tasks-done", "converged"):
        findings = _unchecked_tasks(stage, path)
        if check.validator == "converged" and is_ok(findings):
            findings += _unchecked_checklist(path.parent / Path(CHECKLIST.path).name)
        return findings
    text, findings = _read(path, spec)
    if text is None:
        return findings
    if spec.key == "tasks":
        return check_tasks(parse_tasks(text))
    if spec.key == "roadmap":
        return check_roadmap(text)
    doc = parse(text)
    findings = check_sections(doc, spec)
    if check.validator == "clarified":
        findings += _check_clarify(doc)
    if spec.key == "checklist" and not checkboxes(doc.lines):
        findings.append(Finding("error", "checklist.items", "no '- [ ]' checklist item"))
    if spec.key in ("review", "features-review") and review_verdict(doc) is None:
        findings.append(
            Finding(
                "error",
                f"{spec.key}.verdict",
                "the Verdict section must start with " + " or ".join(VERDICTS),
            )
        )
    return findings
