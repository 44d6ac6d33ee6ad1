"""Preflight on resume: a briefing or constitution changed outside the pipeline blocks."""

from __future__ import annotations

from pathlib import Path

from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend, builtin_script
from ondas.app import run as commands
from ondas.orchestrator import preflight
from tests.conftest import run_ondas
from tests.orchestrator.conftest import SAMPLE, one, rows, start_sample

CONSTITUTION = "docs/constitution.md"


def test_a_hand_edited_constitution_blocks_the_resume_and_accept_rebaselines(
    project: Path,
) -> None:
    start_sample(project, 3)
    path = project / CONSTITUTION
    path.write_text(path.read_text() + "\n### IV. Ship on Fridays\nAlways.\n")

    blocked = run_ondas("resume", str(project))
    assert blocked.returncode == 4, blocked.stderr  # a new principle (a heading): MAJOR
    assert "ondas: [preflight-major] docs/constitution.md" in blocked.stderr
    block = one(project, "SELECT * FROM blocks WHERE subject_key LIKE 'preflight:%'")
    assert CONSTITUTION in block["question"]
    assert "+3 -0" in block["question"]
    assert one(project, "SELECT status FROM executions")["status"] == "awaiting_human"
    assert one(project, "SELECT COUNT(*) FROM waves")[0] == 3
    assert rows(project, "SELECT * FROM events WHERE type = 'agent_usage'") and not rows(
        project,
        "SELECT * FROM events WHERE type = 'agent_usage' AND seq > "
        "(SELECT MAX(seq) FROM events WHERE type = 'block_registered')",
    )

    accepted = run_ondas("resume", str(project), "--answer", "accept")
    assert accepted.returncode == 0, accepted.stderr
    event = one(project, "SELECT * FROM events WHERE type = 'preflight_rebaselined'")
    assert CONSTITUTION in (event["description"] or "")
    decision = one(project, "SELECT * FROM decisions WHERE context = ?", (block["question"],))
    assert decision["choice"] == "accept" and decision["agent"] == "human"
    assert one(project, "SELECT status FROM executions")["status"] == "completed"
    assert "Ship on Fridays" in path.read_text()
    report = (project / ".ondas" / "report.md").read_text()
    assert "preflight" in report.lower()


def test_an_answer_without_restoring_the_file_is_asked_again(project: Path) -> None:
    start_sample(project, 2)
    path = project / CONSTITUTION
    original = path.read_text()
    edited = original.replace(
        "a task is done only when they pass.", "tests are optional and nobody runs them ever."
    )
    assert edited != original
    path.write_text(edited)
    assert run_ondas("resume", str(project)).returncode == 4
    again = run_ondas("resume", str(project), "--answer", "restored")
    assert again.returncode == 4
    questions = [r["question"] for r in rows(project, "SELECT question FROM blocks")]
    assert any("still changed" in q and "+1 -1" in q for q in questions)
    path.write_text(original)
    done = run_ondas("resume", str(project), "--answer", "restored")
    assert done.returncode == 0, done.stderr
    assert not rows(project, "SELECT * FROM events WHERE type = 'preflight_rebaselined'")


def test_changes_made_by_the_pipeline_itself_move_the_baseline(project: Path) -> None:
    def plan(request: AgentRequest) -> AgentResult:
        result = builtin_script(request)
        path = request.cwd / request.context["paths"]["constitution"]
        path.write_text(path.read_text() + "\n### IV. Plans are short\nOne page.\n")
        return result

    result = commands.run(
        project,
        description=SAMPLE,
        backend=ScriptedBackend({"plan": plan}),
        tier="local",
        auto_answer=True,
    )
    assert result.status == "completed"
    assert not rows(project, "SELECT * FROM blocks WHERE subject_key LIKE 'preflight:%'")
    baselines = rows(project, "SELECT * FROM events WHERE type = 'preflight_baseline'")
    assert sum(CONSTITUTION in (e["description"] or "") for e in baselines) == 2


def test_diff_size_counts_added_and_removed_lines() -> None:
    assert preflight.diff_size("a\nb\nc\n", "a\nB\nc\nd\n") == (2, 1)
    assert preflight.diff_size(None, "x") == (0, 0)


def test_a_minor_edit_is_taken_with_a_warning_and_the_run_goes_on(project: Path) -> None:
    start_sample(project, 2)
    path = project / CONSTITUTION
    original = path.read_text()
    typo = "a task is done only when they pass."
    assert typo in original
    path.write_text(original.replace(typo, "a task is done only once they pass."))
    done = run_ondas("resume", str(project))
    assert done.returncode == 0, done.stderr
    assert "WARNING" in done.stderr and "MINOR" in done.stderr
    assert not rows(project, "SELECT * FROM blocks WHERE subject_key LIKE 'preflight:%'")
    assert one(project, "SELECT COUNT(*) FROM events WHERE type = 'preflight_minor_change'")[0] == 1


def test_severity_is_minor_only_for_a_few_words_and_no_heading() -> None:
    base = "# C\n\n## I. Tests\nTests come with the code.\n"
    assert preflight.severity(base, base.replace("code.", "code")) == preflight.MINOR
    assert preflight.severity(base, base.replace("\n", "\n\n")) == preflight.MINOR
    assert preflight.severity(base, base.replace("## I. Tests", "## I. Speed")) == preflight.MAJOR
    assert preflight.severity(base, base + "One two three four five six.\n") == preflight.MAJOR
    assert preflight.severity(base, None) == preflight.MAJOR
