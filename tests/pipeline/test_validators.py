from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ondas.errors import UsageError
from ondas.pipeline.findings import Finding, is_ok
from ondas.pipeline.stages import ALL_STAGES
from ondas.pipeline.validators import artifact_path, detect_completion
from tests.pipeline.conftest import FIXTURES, edit, feature_file


def rules(findings: list[Finding]) -> set[str]:
    return {f.rule for f in findings}


@pytest.mark.parametrize("stage", ALL_STAGES)
def test_every_stage_of_the_finished_fixture_project_is_complete(
    good_project: Path, stage: str
) -> None:
    assert detect_completion(stage, good_project) == []


@pytest.mark.parametrize(
    ("stage", "path"),
    [
        ("briefing", "docs/briefing.md"),
        ("constitution", "docs/constitution.md"),
        ("specify", "docs/specs/expense-approval/spec.md"),
        ("plan", "docs/specs/expense-approval/plan.md"),
        ("checklist", "docs/specs/expense-approval/checklist.md"),
        ("create-tasks", "docs/specs/expense-approval/tasks.md"),
        ("review-task", "docs/specs/expense-approval/review.md"),
        ("review-features", "docs/features-review.md"),
        ("roadmap", "docs/roadmap.md"),
    ],
)
def test_missing_artifact_is_critical(good_project: Path, stage: str, path: str) -> None:
    (good_project / path).unlink()
    findings = detect_completion(stage, good_project)
    assert [f.severity for f in findings] == ["critical"]
    assert findings[0].rule.endswith(".missing")


def test_blank_artifact_is_critical(good_project: Path) -> None:
    (good_project / "docs/constitution.md").write_text("\n\n")
    assert rules(detect_completion("constitution", good_project)) == {"constitution.empty"}


def test_legacy_briefing_path_is_accepted(good_project: Path) -> None:
    legacy = good_project / "docs/01-briefing-discovery"
    legacy.mkdir()
    (good_project / "docs/briefing.md").rename(legacy / "briefing.md")
    assert detect_completion("briefing", good_project) == []
    assert artifact_path("briefing", good_project) == legacy / "briefing.md"


def test_briefing_without_title_is_an_error(good_project: Path) -> None:
    edit(good_project / "docs/briefing.md", "# Briefing: Ledgerly", "Briefing: Ledgerly")
    assert rules(detect_completion("briefing", good_project)) == {"briefing.title"}


def test_briefing_with_three_core_sections_fails_and_four_pass(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    body = "# Briefing: Ledgerly\n\n"
    body += "## Problem\n\nReceipts get lost.\n\n## Users\n\nConsultants.\n\n"
    body += "## Goals\n\nClose the month in two hours.\n\n"
    (docs / "briefing.md").write_text(body)
    findings = detect_completion("briefing", tmp_path)
    assert rules(findings) == {"briefing.core-sections"}
    assert "3 core section(s)" in findings[0].detail
    (docs / "briefing.md").write_text(body + "## Scope\n\nSubmission and approval.\n")
    assert detect_completion("briefing", tmp_path) == []


def test_thin_briefing_fixture_counts_only_sections_with_content(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    shutil.copy(FIXTURES / "bad/briefing_thin.md", tmp_path / "docs/briefing.md")
    findings = detect_completion("briefing", tmp_path)
    assert not is_ok(findings)
    core = next(f for f in findings if f.rule == "briefing.core-sections")
    assert "1 core section(s) with content (Problem)" in core.detail
    assert {f.severity for f in findings if f.rule == "briefing.placeholder"} == {"warning"}


def test_portuguese_legacy_headings_are_accepted(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/briefing.md").write_text(
        "# Briefing\n\n## 1. Problema\n\nx\n\n## 2. Usuários\n\ny\n\n"
        "## 3. Objetivos\n\nz\n\n## 4. Restrições\n\nw\n"
    )
    assert detect_completion("briefing", tmp_path) == []


def test_constitution_missing_section_is_an_error(good_project: Path) -> None:
    edit(good_project / "docs/constitution.md", "## Governance", "## Who decides")
    findings = detect_completion("constitution", good_project)
    assert [f.line() for f in findings] == [
        "FINDING|error|constitution.section|missing section 'Governance'"
    ]


def test_empty_required_section_is_an_error(good_project: Path) -> None:
    plan = feature_file(good_project, "plan.md")
    text = plan.read_text()
    start = text.index("## Risks")
    plan.write_text(text[:start] + "## Risks\n\n<!-- fill me -->\n")
    assert rules(detect_completion("plan", good_project)) == {"plan.section-empty"}


def test_spec_fixture_with_placeholders_and_missing_section_fails(good_project: Path) -> None:
    shutil.copy(FIXTURES / "bad/spec_with_placeholders.md", feature_file(good_project, "spec.md"))
    findings = detect_completion("specify", good_project)
    assert rules(findings) == {"spec.placeholder", "spec.section", "spec.section-empty"}
    assert all(f.severity == "error" for f in findings)


@pytest.mark.parametrize(
    ("stage", "name", "anchor"),
    [
        ("specify", "spec.md", "## Out of Scope"),
        ("plan", "plan.md", "## Risks"),
        ("checklist", "checklist.md", "## Testability"),
    ],
)
def test_tbd_or_todo_left_fails_spec_plan_checklist(
    good_project: Path, stage: str, name: str, anchor: str
) -> None:
    edit(feature_file(good_project, name), anchor, f"{anchor}\n\nTBD after the workshop.\n")
    findings = detect_completion(stage, good_project)
    assert [(f.severity, f.rule.split(".")[1]) for f in findings] == [("error", "placeholder")]


def test_lower_case_todo_word_is_not_a_placeholder(good_project: Path) -> None:
    edit(feature_file(good_project, "plan.md"), "## Risks\n", "## Risks\n\nA todo list app.\n")
    assert detect_completion("plan", good_project) == []


def test_placeholder_inside_code_fence_is_ignored(good_project: Path) -> None:
    edit(
        feature_file(good_project, "plan.md"),
        "## Risks\n",
        "## Risks\n\n```python\n# TODO in sample code\n```\n",
    )
    assert detect_completion("plan", good_project) == []


def test_checklist_without_items_is_an_error(good_project: Path) -> None:
    path = feature_file(good_project, "checklist.md")
    path.write_text(path.read_text().replace("- [x] ", "- "))
    assert rules(detect_completion("checklist", good_project)) == {"checklist.items"}


def test_specify_allows_needs_clarification_but_clarify_does_not(good_project: Path) -> None:
    edit(
        feature_file(good_project, "spec.md"),
        "oldest first.",
        "oldest first. [NEEDS CLARIFICATION: include expenses older than a year?]",
    )
    assert detect_completion("specify", good_project) == []
    assert rules(detect_completion("clarify", good_project)) == {"clarify.unresolved"}


def test_clarify_needs_a_clarifications_section(good_project: Path) -> None:
    edit(feature_file(good_project, "spec.md"), "## Clarifications", "## Open points")
    assert rules(detect_completion("clarify", good_project)) == {"clarify.clarifications"}
    assert detect_completion("specify", good_project) == []


def test_execute_task_requires_every_task_checked(good_project: Path) -> None:
    tasks = feature_file(good_project, "tasks.md")
    edit(tasks, "- [x] 3.3 [M]", "- [ ] 3.3 [M]")
    findings = detect_completion("execute-task", good_project)
    assert [f.line() for f in findings] == [
        "FINDING|error|execute-task.unchecked-task|1 of 9 task(s) unchecked: 3.3"
    ]
    assert detect_completion("create-tasks", good_project) == []


def test_execute_task_reports_invalid_tasks_before_unchecked_ones(good_project: Path) -> None:
    edit(feature_file(good_project, "tasks.md"), "- [x] 3.3 [M]", "- [ ] 3.3")
    assert rules(detect_completion("execute-task", good_project)) == {"tasks.criticality"}


def test_converge_requires_every_checklist_item_checked(good_project: Path) -> None:
    edit(feature_file(good_project, "checklist.md"), "- [x] CHK031", "- [ ] CHK031")
    findings = detect_completion("converge", good_project)
    assert rules(findings) == {"converge.unchecked-checklist"}
    assert "1 of 7" in findings[0].detail
    assert detect_completion("execute-task", good_project) == []


def test_converge_requires_every_task_checked(good_project: Path) -> None:
    edit(feature_file(good_project, "tasks.md"), "- [x] 1.1 [C]", "- [ ] 1.1 [C]")
    assert rules(detect_completion("converge", good_project)) == {"converge.unchecked-task"}


def test_converge_without_checklist_is_critical(good_project: Path) -> None:
    feature_file(good_project, "checklist.md").unlink()
    assert rules(detect_completion("converge", good_project)) == {"checklist.missing"}


def test_review_needs_a_verdict(good_project: Path) -> None:
    edit(feature_file(good_project, "review.md"), "APPROVED", "Looks fine to me.")
    assert rules(detect_completion("review-task", good_project)) == {"review.verdict"}


def test_changes_requested_is_a_valid_review(good_project: Path) -> None:
    edit(feature_file(good_project, "review.md"), "APPROVED", "Changes requested: see findings.")
    assert detect_completion("review-task", good_project) == []


def test_features_review_needs_its_sections(good_project: Path) -> None:
    edit(good_project / "docs/features-review.md", "## Findings", "## Notes")
    assert rules(detect_completion("review-features", good_project)) == {"features-review.section"}


def test_feature_dir_by_name_relative_path_or_absolute(good_project: Path) -> None:
    second = good_project / "docs/specs/monthly-export"
    second.mkdir()
    with pytest.raises(UsageError, match="several features"):
        detect_completion("plan", good_project)
    assert detect_completion("plan", good_project, "expense-approval") == []
    assert detect_completion("plan", good_project, "docs/specs/expense-approval") == []
    absolute = good_project / "docs/specs/expense-approval"
    assert detect_completion("plan", good_project, absolute) == []
    assert rules(detect_completion("plan", good_project, "monthly-export")) == {"plan.missing"}


def test_missing_feature_directory_is_critical(good_project: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    assert rules(detect_completion("specify", empty)) == {"feature.missing"}
    assert rules(detect_completion("specify", good_project, "nope")) == {"feature.missing"}


def test_unknown_stage_or_missing_project_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        detect_completion("deploy", tmp_path)
    with pytest.raises(UsageError):
        detect_completion("briefing", tmp_path / "absent")
