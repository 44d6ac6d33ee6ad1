"""The delta gate and the living-spec archive at review-features."""

from __future__ import annotations

import json
from pathlib import Path

from ondas import git as rgit
from ondas.agents.scripted import ScriptedBackend
from ondas.app import run as commands
from ondas.pipeline import living_spec
from tests.orchestrator.conftest import SAMPLE, one, rows

PAGE = living_spec.living_path("project")

SEEDED = """# Living Specification: project

Archive: `docs/specs/archive/earlier-project`

## Functional Requirements

- FR-001: The CLI MUST store a note given on the command line.
- FR-002: The CLI MUST list stored notes newest first.
- FR-005: The CLI MUST export notes as JSON.
"""


def _seed(project: Path) -> None:
    (project / "docs" / "specs" / "living").mkdir(parents=True)
    (project / PAGE).write_text(SEEDED)


def _archive(project: Path) -> Path:
    (found,) = rows(project, "SELECT payload FROM events WHERE type = 'spec_archived'")
    return project / json.loads(found["payload"])["data"]["archive"]


def test_requirements_and_their_delta_are_read_from_the_spec() -> None:
    spec = "## Functional Requirements\n- **FR-001**: Store a note (a file or\n  a database).\n"
    assert living_spec.requirements(spec) == {"FR-001": "Store a note (a file or a database)."}
    found = living_spec.delta({"FR-1": "a", "FR-2": "b"}, {"FR-2": "c", "FR-3": "d"})
    assert found.to_dict() == {"added": ["FR-3"], "modified": ["FR-2"], "removed": ["FR-1"]}


def test_an_approved_feature_is_archived_and_the_living_spec_takes_its_requirements(
    project: Path,
) -> None:
    result = commands.run(
        project, description=SAMPLE, backend=ScriptedBackend(), tier="local", auto_answer=True
    )
    assert result.status == "completed"
    living = living_spec.parse((project / PAGE).read_text())
    assert sorted(living.requirements) == ["FR-001", "FR-002", "FR-003", "FR-004"]
    archive = _archive(project)
    assert living.archive == archive.relative_to(project).as_posix()
    assert {p.name for p in archive.iterdir()} == {
        "spec.md",
        "plan.md",
        "tasks.md",
        "review.md",
        "delta.md",
    }
    assert "## Added\n\n- FR-001:" in (archive / "delta.md").read_text()
    tracked = rgit.run(project, "ls-files").stdout.splitlines()
    assert PAGE in tracked  # the review-features wave commits both
    assert f"{archive.relative_to(project).as_posix()}/delta.md" in tracked


def test_a_requirement_the_spec_dropped_blocks_at_cloud_tiers_until_accepted(
    project: Path,
) -> None:
    _seed(project)
    backend = ScriptedBackend()
    first = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    assert first.status == "awaiting_human" and first.current_stage == "review-features"
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'gate:delta:review-features'")
    assert "FR-005" in block["question"] and "accept-risk" in block["question"]
    assert "FR-005" in (project / PAGE).read_text()  # nothing archived yet
    second = commands.resume(project, answer="accept-risk", backend=backend)
    assert second.status == "completed"
    assert "FR-005" not in living_spec.parse((project / PAGE).read_text()).requirements
    delta = (_archive(project) / "delta.md").read_text()
    assert "## Removed\n\n- FR-005: The CLI MUST export notes as JSON." in delta
    assert "- FR-002: The CLI MUST list stored notes oldest first" in delta
    assert "  - was: The CLI MUST list stored notes newest first." in delta


def test_a_dropped_requirement_is_a_warning_at_local(project: Path) -> None:
    _seed(project)
    result = commands.run(
        project, description=SAMPLE, backend=ScriptedBackend(), tier="local", auto_answer=True
    )
    assert result.status == "completed"
    found = rows(
        project,
        "SELECT description FROM events WHERE type = 'gate_finding' "
        "AND description LIKE '%FR-005%'",
    )
    assert found and "warning" in found[0]["description"]
    assert "FR-005" not in (project / PAGE).read_text()
