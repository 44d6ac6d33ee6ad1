from __future__ import annotations

from pathlib import Path

import pytest

from ondas.pipeline.findings import Finding, is_ok
from ondas.pipeline.tasks import parse_tasks, validate_tasks
from tests.pipeline.conftest import FIXTURES, edit, feature_file

BAD = FIXTURES / "bad"


def by_rule(findings: list[Finding]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for f in findings:
        out.setdefault(f.rule, set()).add(f.severity)
    return out


@pytest.fixture
def tasks(good_project: Path) -> Path:
    return feature_file(good_project, "tasks.md")


def test_three_phase_fixture_is_valid_and_parsed(tasks: Path) -> None:
    assert validate_tasks(tasks) == []
    parsed = parse_tasks(tasks.read_text())
    assert [p.number for p in parsed.phases] == [1, 2, 3]
    assert [t.id for t in parsed.tasks] == [
        "1.1", "1.2", "1.3", "2.1", "2.2", "2.3", "3.1", "3.2", "3.3"
    ]  # fmt: skip
    assert [t.criticality for t in parsed.phases[0].tasks] == ["C", "C", "A"]
    assert all(t.checked for t in parsed.tasks)


def test_missing_file_is_critical(tmp_path: Path) -> None:
    assert by_rule(validate_tasks(tmp_path / "tasks.md")) == {"tasks.missing": {"critical"}}


def test_no_phase_heading_is_critical() -> None:
    findings = validate_tasks(BAD / "tasks_no_phases.md")
    assert by_rule(findings)["tasks.phase"] == {"critical"}
    assert by_rule(findings)["tasks.outside-phase"] == {"warning"}
    assert not is_ok(findings)


def test_task_without_criticality_is_critical() -> None:
    findings = validate_tasks(BAD / "tasks_missing_criticality.md")
    assert [f.line() for f in findings] == [
        "FINDING|critical|tasks.criticality|line 10: task 1.2 has no criticality tag "
        "[C], [A] or [M]",
        "FINDING|critical|tasks.criticality|line 15: task 2.2 has no criticality tag "
        "[C], [A] or [M]",
    ]


def test_tasks_that_are_not_checkboxes_are_critical() -> None:
    findings = validate_tasks(BAD / "tasks_plain_list.md")
    broken = [f.detail for f in findings if f.rule == "tasks.checkbox"]
    assert [d.split(":")[0] for d in broken] == ["line 9", "line 10", "line 15", "line 19"]
    assert all(f.severity == "critical" for f in findings if f.rule == "tasks.checkbox")


def test_phases_without_any_checkbox_are_critical(tasks: Path) -> None:
    tasks.write_text(tasks.read_text().replace("- [x] ", "- "))
    assert "tasks.checkbox" in by_rule(validate_tasks(tasks))


def test_fase_headings_without_the_other_sections_only_warn() -> None:
    findings = validate_tasks(BAD / "tasks_bare_phases.md")
    assert is_ok(findings)
    assert by_rule(findings) == {
        "tasks.id-phase": {"warning"},
        "tasks.legend": {"warning"},
        "tasks.dependency-matrix": {"warning"},
        "tasks.quantitative-summary": {"warning"},
        "tasks.covered-scope": {"warning"},
        "tasks.excluded-scope": {"warning"},
    }


@pytest.mark.parametrize(
    ("heading", "rule"),
    [
        ("## Legend", "tasks.legend"),
        ("## Dependency Matrix", "tasks.dependency-matrix"),
        ("## Quantitative Summary", "tasks.quantitative-summary"),
        ("## Covered Scope", "tasks.covered-scope"),
        ("## Excluded Scope", "tasks.excluded-scope"),
    ],
)
def test_each_missing_section_is_a_warning(tasks: Path, heading: str, rule: str) -> None:
    edit(tasks, heading, "## Notes")
    assert by_rule(validate_tasks(tasks)) == {rule: {"warning"}}


def test_task_without_id_warns(tasks: Path) -> None:
    edit(tasks, "- [x] 3.3 [M] Log", "- [x] [M] Log")
    findings = validate_tasks(tasks)
    assert by_rule(findings)["tasks.id"] == {"warning"}
    assert is_ok(findings)


def test_duplicate_id_and_wrong_phase_warn(tasks: Path) -> None:
    edit(tasks, "- [x] 2.2 [A]", "- [x] 2.1 [A]")
    edit(tasks, "- [x] 3.3 [M]", "- [x] 1.9 [M]")
    rules = by_rule(validate_tasks(tasks))
    assert rules["tasks.id-duplicate"] == {"warning"}
    assert rules["tasks.id-phase"] == {"warning"}


def test_phase_out_of_order_and_empty_phase_warn(tasks: Path) -> None:
    edit(tasks, "## Phase 3: Tests and hardening", "## Phase 4: Tests and hardening")
    edit(tasks, "## Dependency Matrix", "## Phase 5: Later\n\n## Dependency Matrix")
    rules = by_rule(validate_tasks(tasks))
    assert rules["tasks.phase-order"] == {"warning"}
    assert rules["tasks.phase-empty"] == {"warning"}


def test_matrix_without_table_or_with_unknown_ids_warns(tasks: Path) -> None:
    edit(tasks, "| 3.3 | 2.1 |", "| 3.3 | 2.1, 4.1 |")
    assert by_rule(validate_tasks(tasks)) == {"tasks.dependency-unknown": {"warning"}}
    text = tasks.read_text()
    start, end = text.index("| Task |"), text.index("## Quantitative Summary")
    tasks.write_text(text[:start] + "Everything depends on 1.1.\n\n" + text[end:])
    assert by_rule(validate_tasks(tasks)) == {"tasks.dependency-matrix": {"warning"}}


def test_summary_total_must_match_the_task_count(tasks: Path) -> None:
    edit(tasks, "Total tasks: 9", "Total tasks: 11")
    findings = validate_tasks(tasks)
    assert [f.line() for f in findings] == [
        "FINDING|warning|tasks.summary-mismatch|summary says 11 tasks in total; the phases hold 9"
    ]


def test_placeholder_in_tasks_warns(tasks: Path) -> None:
    edit(tasks, "## Covered Scope\n", "## Covered Scope\n\nTODO confirm with finance.\n")
    assert by_rule(validate_tasks(tasks)) == {"tasks.placeholder": {"warning"}}


def test_subheadings_inside_a_phase_keep_its_tasks(tasks: Path) -> None:
    edit(tasks, "- [x] 1.3 [A]", "### Transitions\n\n- [x] 1.3 [A]")
    assert validate_tasks(tasks) == []
    assert len(parse_tasks(tasks.read_text()).phases[0].tasks) == 3


def test_bold_ids_are_accepted(tasks: Path) -> None:
    edit(tasks, "- [x] 1.1 [C]", "- [x] **1.1** [C]")
    assert validate_tasks(tasks) == []
