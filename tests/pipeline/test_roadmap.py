from __future__ import annotations

from pathlib import Path

import pytest

from ondas.pipeline.roadmap import check_roadmap, find_cycle, parse_roadmap
from ondas.pipeline.validators import detect_completion
from tests.pipeline.conftest import FIXTURES, edit


def test_fixture_roadmap_is_parsed_with_its_dependencies(good_project: Path) -> None:
    entries = parse_roadmap((good_project / "docs/roadmap.md").read_text())
    assert [(e.id, e.fields["slug"], e.depends_on) for e in entries] == [
        ("F1", "expense-submission", []),
        ("F2", "expense-approval", ["F1"]),
        ("F3", "monthly-export", ["F1", "F2"]),
        ("F4", "status-notifications", ["F2"]),
    ]


def test_dependency_cycle_is_an_error() -> None:
    findings = check_roadmap((FIXTURES / "bad/roadmap_cycle.md").read_text())
    assert [f.line() for f in findings] == ["FINDING|error|roadmap.cycle|F1 -> F3 -> F2 -> F1"]


def test_self_dependency_is_a_cycle(good_project: Path) -> None:
    edit(good_project / "docs/roadmap.md", "- **Depends on**: F2\n", "- **Depends on**: F4\n")
    findings = detect_completion("roadmap", good_project)
    assert [f.rule for f in findings] == ["roadmap.cycle"]


def test_missing_fields_bad_values_and_unknown_dependency_are_errors() -> None:
    findings = check_roadmap((FIXTURES / "bad/roadmap_missing_fields.md").read_text())
    assert sorted(f.rule for f in findings) == [
        "roadmap.dependency-unknown",
        "roadmap.field",
        "roadmap.priority",
        "roadmap.slug",
    ]
    assert all(f.severity == "error" for f in findings)


def test_missing_depends_on_field_is_an_error(good_project: Path) -> None:
    edit(good_project / "docs/roadmap.md", "- **Depends on**: none\n", "")
    findings = detect_completion("roadmap", good_project)
    assert [f.line() for f in findings] == ["FINDING|error|roadmap.field|F1: missing 'depends on'"]


def test_duplicate_entry_id_is_an_error(good_project: Path) -> None:
    edit(good_project / "docs/roadmap.md", "## F4: Status", "## F3: Status")
    assert "roadmap.duplicate" in {f.rule for f in detect_completion("roadmap", good_project)}


def test_roadmap_without_entries_is_critical(tmp_path: Path) -> None:
    findings = check_roadmap("# Roadmap\n\nWe will see.\n")
    assert [(f.severity, f.rule) for f in findings] == [("critical", "roadmap.entries")]


@pytest.mark.parametrize(
    ("graph", "cyclic"),
    [
        ({"a": ["b"], "b": ["c"], "c": []}, False),
        ({"a": ["b"], "b": ["a"]}, True),
        ({"a": [], "b": ["a"], "c": ["a", "b"]}, False),
        ({"a": ["a"]}, True),
    ],
)
def test_find_cycle(graph: dict[str, list[str]], cyclic: bool) -> None:
    assert (find_cycle(graph) is not None) is cyclic
