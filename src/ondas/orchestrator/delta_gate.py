"""The delta gate and the living-spec archive, after review-features.

When the feature review approved the delivery, the feature's requirements are compared with
its living-spec page (:mod:`ondas.pipeline.living_spec`). A requirement the page holds that
the spec no longer has is a finding: ``full`` mode makes it critical (the stage blocks until
a person restores it or answers ``accept-risk``), ``light`` a warning; a modified one is a
warning. Once the gate does not block, :func:`archive` copies the feature's artifacts to
``docs/specs/archive/<execution>-<feature>/`` with its ``delta.md`` and rewrites the page
``docs/specs/living/<feature>.md``. Both steps are audited events (``spec_delta``,
``spec_archived``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ondas.audit import events as events_mod
from ondas.orchestrator.context import layout_for
from ondas.pathpolicy import read_text
from ondas.pipeline import living_spec
from ondas.pipeline.findings import Finding
from ondas.pipeline.review import parse_review
from ondas.state.atomic import atomic_write
from ondas.state.execution import get_execution
from ondas.state.store import Store


@dataclass
class Compared:
    """The feature's requirements, the living spec's, and the delta between them."""

    feature: str
    page: str
    new: dict[str, str]
    old: dict[str, str]
    delta: living_spec.Delta


def _read(project: Path, rel: str) -> str | None:
    path = project / rel
    if not _inside(project, rel):
        return None
    try:
        return read_text(path, what="artifact")
    except (FileNotFoundError, IsADirectoryError):
        return None


def _inside(project: Path, rel: str) -> bool:
    """True when ``rel`` (followed through any link) stays inside ``project``."""
    return (project / rel).resolve().is_relative_to(project.resolve())


def approved(store: Store, project: Path) -> bool:
    """True when the features review's verdict is APPROVED."""
    text = _read(project, layout_for(get_execution(store)).paths()["features_review"])
    return text is not None and parse_review(text).approved


def compare(store: Store, project: Path) -> Compared:
    """The feature's spec against the living spec."""
    layout = layout_for(get_execution(store))
    new = living_spec.requirements(_read(project, layout.paths()["spec"]) or "")
    page = living_spec.living_path(layout.feature)
    old = living_spec.parse(_read(project, page) or "").requirements
    return Compared(layout.feature, page, new, old, living_spec.delta(old, new))


def findings(store: Store, project: Path, mode: str) -> list[Finding]:
    """The delta gate's findings (none unless the review approved), recorded as ``spec_delta``."""
    if not approved(store, project):
        return []
    found = compare(store, project)
    spec = layout_for(get_execution(store)).paths()["spec"]
    removed = "critical" if mode == "full" else "warning"
    out = [
        Finding(
            removed,
            "delta.removed",
            f"{spec}: {rid} ({found.old[rid][:120]}) is in {found.page} but no longer in the "
            "spec: restore it, or answer accept-risk to drop it",
        )
        for rid in found.delta.removed
    ]
    out += [
        Finding(
            "warning",
            "delta.modified",
            f"{spec}: {rid} changed: was {found.old[rid][:120]!r}, now {found.new[rid][:120]!r}",
        )
        for rid in found.delta.modified
    ]
    if not found.new:
        out.append(
            Finding("warning", "delta.no-requirements", f"{spec} names no FR-nnn requirement")
        )
    events_mod.add_event(
        store,
        "spec_delta",
        f"{found.feature}: +{len(found.delta.added)} ~{len(found.delta.modified)} "
        f"-{len(found.delta.removed)} requirement(s) against the living spec",
        data={"feature": found.feature, "mode": mode, **found.delta.to_dict()},
    )
    return out


def archive(store: Store, project: Path) -> str | None:
    """Archive the approved feature and update the living spec; the archive's path, or
    ``None`` when there is nothing to archive (not approved, no requirement)."""
    if not approved(store, project):
        return None
    ex = get_execution(store)
    layout = layout_for(ex)
    found = compare(store, project)
    dest = f"{living_spec.ARCHIVE}/{ex.id}-{found.feature}"
    if not found.new or not _inside(project, dest) or not _inside(project, found.page):
        return None
    paths = layout.paths()
    copied = []
    for key in living_spec.ARCHIVED_ARTIFACTS:
        text = _read(project, paths[key])
        if text is not None:
            name = Path(paths[key]).name
            atomic_write(project / dest / name, text.encode("utf-8"))
            copied.append(name)
    delta_md = living_spec.delta_text(found.feature, found.delta, found.old, found.new)
    atomic_write(project / dest / "delta.md", delta_md.encode("utf-8"))
    page = living_spec.render(found.feature, living_spec.Feature(dest, found.new))
    atomic_write(project / found.page, page.encode("utf-8"))
    events_mod.add_event(
        store,
        "spec_archived",
        f"{found.feature} archived to {dest}; {found.page} updated",
        data={"archive": dest, "files": [*copied, "delta.md"], **found.delta.to_dict()},
    )
    return dest
