"""Acceptance for the authority boundary: the agent can neither act as the runtime nor leak.

The real ``claude`` CLI in a default, sandboxed ``ondas run`` (a subprocess, as a person runs
it), driven by the scripted model server, tries each hole once: closing its own run through
MCP, skipping stages through MCP, overwriting the runtime's test evidence through MCP, and
writing a secret into a file (and into its decision and answer). Each call is refused and
recorded, the run goes on as the runtime decides, and the secret reaches neither git history,
nor the store, nor ``ondas log``.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("claude_agent_sdk", reason="needs the 'claude' extra")

from ondas.audit.refusals import list_refusals
from ondas.hooks.sandbox import unavailable_reason
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from ondas.state.verify import verify
from ondas.testing.fake_anthropic import FakeAnthropicServer, Rule, Script, Turn, after_tool_result
from tests.e2e.test_orchestrator_claude_pipeline import STAGE_MARKERS, final, opening
from tests.orchestrator.conftest import SAMPLE

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("bwrap") is None, reason="needs bubblewrap"),
]

SECRET = "AKIA" + "Q7ZL4MN2PR8TV6WX"
"""An AWS access key id of the shape the secrets filter knows (split so no scanner flags us)."""


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


@pytest.fixture
def world(tmp_path: Path) -> dict[str, Path]:
    """A git project, a home and an ONDAS_HOME inside the test's directory."""
    project, home = tmp_path / "project", tmp_path / "home"
    project.mkdir()
    home.mkdir()
    git("init", "-q", "-b", "main", cwd=project)
    git("config", "user.email", "e2e@example.com", cwd=project)
    git("config", "user.name", "e2e", cwd=project)
    (project / "README.md").write_text("# project\n")
    git("add", "README.md", cwd=project)
    git("commit", "-q", "-m", "initial", cwd=project)
    return {"project": project, "home": home, "ondas_home": tmp_path / "ondas-home"}


def artifact_turns(project: Path, stage: str, first: Turn, first_id: str) -> list[Rule]:
    """``first`` at the stage's opening, then the stage's artifact, then a final answer."""
    from ondas.agents import sample

    name = project.name
    ctx: dict[str, Any] = {
        "project_name": name,
        "description": SAMPLE,
        "paths": {"briefing": "docs/briefing.md", "constitution": "docs/constitution.md",
                  "spec": f"docs/specs/{name}/spec.md"},
        "answers": [],
    }  # fmt: skip
    artifact, content = {
        "briefing": ("docs/briefing.md", sample.briefing(ctx)),
        "constitution": ("docs/constitution.md", sample.constitution(ctx)),
    }[stage]
    write_id = f"toolu_{stage}_artifact"
    return [
        Rule(after_tool_result(write_id), final(f"wrote {artifact}")),
        Rule(
            after_tool_result(first_id),
            Turn.tool_use(
                "Write", {"file_path": str(project / artifact), "content": content}, write_id
            ),
        ),
        Rule(opening(STAGE_MARKERS[stage]), first),
    ]


def ondas(world: dict[str, Path], server: FakeAnthropicServer | None, *args: str) -> Any:
    model = server.env(world["home"]) if server is not None else {}
    env = {**os.environ, **model, "ONDAS_HOME": str(world["ondas_home"])}
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        cwd=world["project"],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def run_waves(world: dict[str, Path], server: FakeAnthropicServer, waves: int = 1) -> Any:
    """``ondas run`` as a person types it: sandbox on (the default), the claude-code backend."""
    assert unavailable_reason() is None
    return ondas(
        world, server, "run", str(world["project"]), "--description", SAMPLE,
        "--backend", "claude-code", "--max-waves", str(waves),
        "--tier", "cloud-public", "--no-atomic-commit", "--no-roadmap",
    )  # fmt: skip


def mcp_refusals(project: Path) -> list[Any]:
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        return [r for r in list_refusals(store) if r.source == "mcp"]


@pytest.mark.parametrize(
    "arguments",
    [
        {"reason": "completed", "advance": True, "terminal_phase": "briefing"},
        {"reason": "stage_completed_advancing", "advance": True, "next_stage": "execute-task"},
    ],
    ids=["complete-the-run", "skip-stages"],
)
def test_agent_cannot_close_its_own_run_or_skip_stages_through_mcp(
    claude_bin: str, world: dict[str, Path], arguments: dict[str, Any]
) -> None:
    project = world["project"]
    close = Turn.tool_use("mcp__ondas__close_wave", arguments, "toolu_close")
    with FakeAnthropicServer(
        Script(artifact_turns(project, "briefing", close, "toolu_close"))
    ) as server:
        out = run_waves(world, server)
        results = {str(r["tool_use_id"]): r for r in server.tool_results()}
    assert out.returncode == 0, out.stderr[-3000:]
    assert results["toolu_close"].get("is_error") is True, results["toolu_close"]
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        assert verify(store).ok
        ex = store.one("SELECT status, current_stage FROM executions")
        waves = store.all("SELECT reason, start_stage FROM waves ORDER BY number")
    assert (ex["status"], ex["current_stage"]) == ("in_progress", "constitution")
    assert [(w["reason"], w["start_stage"]) for w in waves] == [
        ("stage_completed_advancing", "briefing")
    ]
    (refusal,) = mcp_refusals(project)
    assert (refusal.rule, refusal.tool) == ("mcp-role-refused", "mcp__ondas__close_wave")
    assert refusal.wave_id == "wave-001" and json.dumps(arguments["reason"]) in refusal.subject
    report = (project / ".ondas" / "report.md").read_text()
    assert "mcp-role-refused" in report.split("## Refusals")[1]


def test_agent_cannot_overwrite_the_runtimes_test_evidence(
    claude_bin: str, world: dict[str, Path]
) -> None:
    from ondas.audit import tasks as tasks_mod

    project = world["project"]
    status = Turn.tool_use("mcp__ondas__get_status", {}, "toolu_status")
    with FakeAnthropicServer(
        Script(artifact_turns(project, "briefing", status, "toolu_status"))
    ) as server:
        assert run_waves(world, server).returncode == 0
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        # what the runtime records after running the project's tests for task 1.1
        tasks_mod.record_task(
            store, "1.1", "Note model", "pass", 3, 3, True, ["notes/model.py"],
            test_command="python -m unittest", test_exit_code=0, recorded_by=tasks_mod.RUNTIME,
        )  # fmt: skip
        before = dict(store.one("SELECT * FROM tasks"))
    fake = {"task_id": "1.1", "title": "Note model", "outcome": "pass", "tests_run": 999,
            "tests_passed": 999, "lint_ok": True}  # fmt: skip
    overwrite = Turn.tool_use("mcp__ondas__record_task", fake, "toolu_task")
    with FakeAnthropicServer(
        Script(artifact_turns(project, "constitution", overwrite, "toolu_task"))
    ) as server:
        out = ondas(world, server, "resume", str(project), "--max-waves", "1")
        results = {str(r["tool_use_id"]): r for r in server.tool_results()}
    assert out.returncode == 0, out.stderr[-3000:]
    assert results["toolu_task"].get("is_error") is True
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        assert verify(store).ok
        assert dict(store.one("SELECT * FROM tasks")) == before
    (refusal,) = mcp_refusals(project)
    assert (refusal.rule, refusal.tool) == ("mcp-role-refused", "mcp__ondas__record_task")


def test_a_secret_the_agent_writes_reaches_neither_git_nor_the_store_nor_the_log(
    claude_bin: str, world: dict[str, Path]
) -> None:
    project = world["project"]
    leak = Turn(
        [
            {"type": "tool_use", "id": "toolu_leak", "name": "Write",
             "input": {"file_path": str(project / "config" / "settings.py"),
                       "content": f'"""Settings."""\n\nAWS_KEY = "{SECRET}"\n'}},
            {"type": "tool_use", "id": "toolu_leak_decision",
             "name": "mcp__ondas__record_decision",
             "input": {"agent": "claude", "stage": "briefing", "context": "which key to use",
                       "options": [SECRET, "none"], "choice": SECRET,
                       "justification": f"the key {SECRET} works", "score": 2}},
        ],
        stop_reason="tool_use",
    )  # fmt: skip
    rules = artifact_turns(project, "briefing", leak, "toolu_leak_decision")
    decision = {"agent": "claude", "context": "key", "options": [SECRET, "x"], "choice": SECRET,
                "justification": f"uses {SECRET}", "score": 1}  # fmt: skip
    rules[0] = Rule(after_tool_result("toolu_briefing_artifact"), final(SECRET, [decision]))
    with FakeAnthropicServer(Script(rules)) as server:
        out = run_waves(world, server)
        results = {str(r["tool_use_id"]): r for r in server.tool_results()}
    assert results["toolu_leak"].get("is_error") is not True, results["toolu_leak"]
    assert SECRET in (project / "config" / "settings.py").read_text()  # the agent's file stays
    assert out.returncode == 5, (out.returncode, out.stderr[-3000:])

    history = subprocess.run(
        ["git", "log", "-p", "--all"], cwd=project, capture_output=True, text=True, check=True
    ).stdout
    assert "docs/briefing.md" in history and SECRET not in history
    assert "config/settings.py" not in git("ls-files", cwd=project)

    conn = sqlite3.connect(project / ".ondas" / "state.db")
    dump = "\n".join(conn.iterdump())
    conn.close()
    assert "[REDACTED:aws-access-key]" in dump and SECRET not in dump
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        assert verify(store).ok
        (block,) = store.all("SELECT question, status FROM blocks")
        refused = [r for r in list_refusals(store) if r.source == "secrets"]
    assert block["status"] == "awaiting"
    assert "config/settings.py holds a secret at line 3 (aws-access-key)" in block["question"]
    assert [r.subject for r in refused] == ["config/settings.py:3 (aws-access-key)"]

    views = [ondas(world, None, "log", view, "--project", str(project))
             for view in ("decisions", "blocks", "waves", "refusals")]  # fmt: skip
    views.append(ondas(world, None, "log", "decisions", "--json", "--project", str(project)))
    views.append(ondas(world, None, "status", str(project)))
    for view in views:
        assert view.returncode == 0, view.stderr
        assert SECRET not in view.stdout + view.stderr
    assert "config/settings.py" in views[1].stdout
