"""Roadmap mode offline: the scripted backend plans three features, ondas runs them as a DAG.

Everything is real: ``ondas`` processes, git repositories and worktrees, SQLite stores.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend
from ondas.app import roadmap_run
from ondas.cli.run_cmd import _finish_roadmap
from ondas.errors import AwaitingHuman, RuleViolation
from ondas.pipeline.roadmap import parse_roadmap, set_status
from tests.orchestrator.conftest import SAMPLE, rows


def ondas(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=900,
    )


def git(project: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=project, capture_output=True, text=True, check=True
    ).stdout


def result_line(stdout: str) -> dict[str, object]:
    lines = [json.loads(x) for x in stdout.splitlines() if x.startswith("{")]
    (result,) = [x for x in lines if x.get("event") == "result"]
    return result


def test_a_roadmap_of_three_features_runs_the_two_independent_ones_together_and_merges_in_order(
    tmp_path: Path,
) -> None:
    project = tmp_path / "notes"
    out = ondas("demo", "--roadmap", "--dir", str(project), "--parallel", "2", "--json")
    assert out.returncode == 0, out.stderr[-3000:]
    result = result_line(out.stdout)
    roadmap = result["roadmap"]
    assert isinstance(roadmap, dict)
    assert roadmap["parallel_peak"] == 2
    assert roadmap["order"] == ["F1", "F2", "F3"]
    assert [f["status"] for f in roadmap["features"]] == ["merged"] * 3

    # The planning execution ran the roadmap chain on the project itself.
    waves = rows(project, "SELECT start_stage FROM waves ORDER BY number")
    assert [w["start_stage"] for w in waves] == ["briefing", "constitution", "roadmap"]

    # Merges on the project's branch, first parent only, in roadmap order.
    merges = git(project, "log", "--first-parent", "--merges", "--reverse", "--format=%s")
    assert merges.splitlines() == [
        "ondas roadmap: merge F1 note-storage",
        "ondas roadmap: merge F2 command-line",
        "ondas roadmap: merge F3 entry-point",
    ]
    # No wave of a feature was committed on the project's branch itself.
    own = git(project, "log", "--first-parent", "--format=%s").splitlines()
    assert not [s for s in own if s.startswith("ondas wave-") and "specify" in s]
    # F3 depends on F1 and F2: its branch starts after both merges.
    f1_merge, f2_merge = git(
        project, "log", "--first-parent", "--merges", "--reverse", "--format=%H"
    ).split()[:2]
    base = git(project, "merge-base", "HEAD", "ondas/entry-point").strip()
    for merged in (f1_merge, f2_merge):
        ancestor = subprocess.run(
            ["git", "merge-base", "--is-ancestor", merged, base], cwd=project, check=False
        )
        assert ancestor.returncode == 0
    # F1 and F2 are independent: both branch from the same commit, before any merge (12
    # wave and task commits, then the commit of the final report).
    assert git(project, "merge-base", "ondas/note-storage", "ondas/command-line").strip() == (
        git(project, "rev-parse", "ondas/note-storage~13").strip()
    )

    # Each feature: its own worktree, spec dir, store; one commit per wave on its branch.
    for slug in ("note-storage", "command-line", "entry-point"):
        tree = project / ".ondas" / "features" / slug
        assert (tree / "docs" / "specs" / slug / "tasks.md").is_file()
        (ex,) = rows(tree, "SELECT status, project_name, atomic_commit FROM executions")
        assert (ex["status"], ex["project_name"], ex["atomic_commit"]) == ("completed", slug, 1)
        wave_count = len(rows(tree, "SELECT id FROM waves"))
        merge = git(project, "log", "--merges", "--format=%H", f"--grep=merge F. {slug}$")
        commits = git(project, "log", "--format=%s", f"{merge.strip()}^1..ondas/{slug}")
        commits = commits.splitlines()
        assert len([c for c in commits if c.startswith("ondas wave-")]) == wave_count == 9
        assert len([c for c in commits if c.startswith("ondas task ")]) == 3
        assert (project / "docs" / "specs" / slug / "spec.md").is_file()

    roadmap_md = (project / "docs" / "roadmap.md").read_text()
    assert [e.status for e in parse_roadmap(roadmap_md)] == ["merged"] * 3
    report = (project / ".ondas" / "report.md").read_text()
    assert "| 3 | roadmap | done | `docs/roadmap.md` (present) | wave-003 |" in report
    features = report.split("## Features", 1)[1]
    for fid, slug in (("F1", "note-storage"), ("F2", "command-line"), ("F3", "entry-point")):
        assert f"| {slug} | `ondas/{slug}` | completed |" in features
        assert f"| {fid} merged |" in features
    assert git(project, "status", "--porcelain") == "", "clean, .claude/ and .ondas/ included"
    index = (project / ".ondas" / "features.md").read_text()
    for fid in ("F1", "F2", "F3"):
        assert f"| {fid} merged |" in index, "features.md follows the merges"
    assert "**Verified:**" not in report and "this execution built nothing" in report

    # Resuming the finished roadmap runs nothing again.
    again = ondas("resume", str(project), "--roadmap", "--json")
    assert again.returncode == 0, again.stderr[-2000:]
    assert result_line(again.stdout)["roadmap"]["order"] == []  # type: ignore[index]


CYCLIC = """# Roadmap: cyc

## F1: One

- **Slug**: one
- **Goal**: the first part.
- **Priority**: P1
- **Depends on**: F2

## F2: Two

- **Slug**: two
- **Goal**: the second part.
- **Priority**: P1
- **Depends on**: F1
"""


def test_a_roadmap_with_a_dependency_cycle_is_refused_naming_the_cycle(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "roadmap.md").write_text(CYCLIC)
    with pytest.raises(RuleViolation) as err:
        roadmap_run.load_entries(tmp_path)
    assert err.value.rule == "roadmap-cycle"
    assert "F1 -> F2 -> F1" in str(err.value) or "F2 -> F1 -> F2" in str(err.value)


def _cyclic_roadmap(request: AgentRequest) -> AgentResult:
    (request.cwd / "docs").mkdir(exist_ok=True)
    (request.cwd / "docs" / "roadmap.md").write_text(CYCLIC)
    return AgentResult(text="wrote docs/roadmap.md", structured={"decisions": []})


def test_the_roadmap_stage_never_launches_a_cyclic_roadmap_it_blocks_for_a_person(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = tmp_path / "cyc"
    project.mkdir()
    backend = ScriptedBackend({"roadmap": _cyclic_roadmap})
    outcome = roadmap_run.run_roadmap(
        project, description=SAMPLE, backend=backend, tier="local", parallel=2
    )
    assert outcome.status == "awaiting_human"
    assert outcome.roadmap is None
    (block,) = rows(project, "SELECT question, context_for_answer FROM blocks")
    assert "cycle" in f"{block['question']} {block['context_for_answer']}"
    assert not (project / ".ondas" / "features").exists()
    with pytest.raises(AwaitingHuman) as waiting:
        _finish_roadmap(outcome.to_dict(), False, project)
    assert str(waiting.value).startswith("the roadmap's planning awaits a human answer")
    assert "a feature" not in capsys.readouterr().err, "no feature exists yet"


def test_blocked_features_are_answered_by_short_name_and_the_roadmap_goes_on(
    tmp_path: Path,
) -> None:
    top = tmp_path / "notes"
    top.mkdir()
    planned = ondas(
        "run",
        str(top),
        "--description",
        SAMPLE,
        "--backend",
        "scripted",
        "--tier",
        "local",
        "--roadmap",
        "--no-atomic-commit",
    )
    # Without --auto-answer each feature stops at clarify for a person.
    assert planned.returncode == 5, planned.stderr[-2000:]
    status = ondas("status", str(top), "--json")
    listed = {f["short"]: f for f in json.loads(status.stdout)["features"]}
    assert {k: v["status"] for k, v in listed.items()} == {
        "note-storage": "awaiting_human",
        "command-line": "awaiting_human",
    }
    assert all(v["pending"] for v in listed.values())

    # A hand-edited cycle is refused before anything starts or is merged.
    good = (top / "docs" / "roadmap.md").read_text()
    (top / "docs" / "roadmap.md").write_text(CYCLIC)
    before = git(top, "rev-parse", "HEAD")
    out = ondas("resume", str(top), "--roadmap")
    assert out.returncode == 1
    assert len(out.stderr.strip().splitlines()) == 1 and "cycle" in out.stderr
    assert git(top, "rev-parse", "HEAD") == before
    assert not (top / ".ondas" / "features" / "entry-point").exists()
    (top / "docs" / "roadmap.md").write_text(good)

    answer = "a JSON file in the working directory"
    for slug in ("note-storage", "command-line"):
        done = ondas("resume", slug, "--answer", answer, cwd=top)
        assert done.returncode == 0, done.stderr[-2000:]
    blocked = ondas("resume", str(top), "--roadmap", "--json")
    assert blocked.returncode == 5, blocked.stderr[-2000:]
    road = result_line(blocked.stdout)["roadmap"]
    assert isinstance(road, dict)
    assert road["order"] == ["F1", "F2"]
    assert [f["status"] for f in road["features"]] == ["merged", "merged", "blocked"]
    assert ondas("resume", "entry-point", "--answer", answer, cwd=top).returncode == 0
    final = ondas("resume", "--roadmap", "--json", cwd=top)
    assert final.returncode == 0, final.stderr[-2000:]
    assert result_line(final.stdout)["roadmap"]["order"] == ["F3"]  # type: ignore[index]
    assert "F3 entry-point" in git(top, "log", "-1", "--format=%s", "HEAD~2")


def test_obsolete_entries_are_skipped_and_satisfy_their_dependents(tmp_path: Path) -> None:
    project = tmp_path / "p"
    project.mkdir()

    def roadmap(request: AgentRequest) -> AgentResult:
        text = CYCLIC.replace("- **Depends on**: F2", "- **Depends on**: none")
        text = set_status(text.replace("# Roadmap: cyc", "# Roadmap: p"), "F1", "obsolete")
        (request.cwd / "docs").mkdir(exist_ok=True)
        (request.cwd / "docs" / "roadmap.md").write_text(text)
        return AgentResult(text="wrote the roadmap", structured={"decisions": []})

    outcome = roadmap_run.run_roadmap(
        project,
        description=SAMPLE,
        backend=ScriptedBackend({"roadmap": roadmap}),
        tier="local",
        auto_answer=True,
        parallel=1,
    )
    assert outcome.roadmap is not None
    assert [(f.id, f.status) for f in outcome.roadmap.features] == [
        ("F1", "obsolete"),
        ("F2", "merged"),
    ]
    assert not (project / ".ondas" / "features" / "one").exists()
