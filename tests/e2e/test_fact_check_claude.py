"""The fact check and the plan's gates with the real ``claude`` CLI against the scripted server.

The scripted agent writes a plan that sends notes to an endpoint nothing in the project or in
the run's observed tool outputs backs. At ``cloud-public`` the facts gate blocks the stage
(and the security reviewer is asked about the design); at ``local`` the run goes on and the
report carries a warning.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("claude_agent_sdk", reason="needs the 'claude' extra")

from ondas.app.run import RunSettings, save_settings
from ondas.hooks.install import install
from ondas.orchestrator.loop import prepare_project
from ondas.runtime.schema import default_schema
from ondas.state.execution import create_execution, update_execution
from ondas.state.store import Store
from ondas.testing.fake_anthropic import FakeAnthropicServer, Rule, Script, Turn
from tests.e2e.test_orchestrator_claude_pipeline import opening
from tests.e2e.test_verified_delivery_claude import artifact, resume, write_then_final
from tests.orchestrator.conftest import SAMPLE, one, rows

pytestmark = pytest.mark.e2e

URL = "https://api.notesync.example/v3/notes"
INVENTED = f"\n## Sync\nEach note is also sent with `POST {URL}` (field `note_text`).\n"
CHECKLIST = ["A01", "A02", "A03", "A04", "A05", "A06", "A07", "A08", "A09", "A10"]


def start_at_plan(project: Path, tier: str) -> None:
    """An execution of the sample at ``plan`` (earlier artifacts on disk), hooks installed."""
    for earlier in ("briefing", "constitution", "clarify"):
        rel, content = artifact(project, earlier)
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_text(content)
    prepare_project(project)
    install(project)
    with Store.open(project / ".ondas", create=True, schema=default_schema()) as store:
        ex = create_execution(store, project_path=project, description=SAMPLE, delivery_tier=tier)
        save_settings(store, ex.id, RunSettings("claude-code", True))
        update_execution(store, {"current_stage": "plan"})


def script(project: Path) -> Script:
    rel, content = artifact(project, "plan")
    review = json.dumps({"checked": CHECKLIST, "findings": []})
    return Script(
        [
            *write_then_final(project, "plan", rel, content + INVENTED, "plan", read_first=False),
            Rule(
                opening("## Your task: security review"),
                Turn.text(f"Reviewed the plan.\n\n```json\n{review}\n```"),
            ),
        ]
    )


@pytest.mark.parametrize("tier", ["cloud-public", "local"])
def test_a_plan_naming_an_unbacked_endpoint_is_blocked_above_local_and_warned_at_local(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, project: Path, tier: str
) -> None:
    start_at_plan(project, tier)
    fake_anthropic.script = script(project)
    out = resume(fake_anthropic.env(), project, "--max-waves", "1")
    check = json.loads(
        one(project, "SELECT payload FROM events WHERE type = 'fact_check'")["payload"]
    )["data"]
    unbacked = {c["text"] for c in check["checked"] if c["backed_by"] is None}
    assert unbacked == {URL}, check
    ex = one(project, "SELECT status, current_stage FROM executions")
    reviews = [r for r in fake_anthropic.requests if "## Your task: security review" in str(r.body)]
    if tier == "cloud-public":
        assert out.returncode == 5, out.stderr[-3000:]
        assert (ex["status"], ex["current_stage"]) == ("awaiting_human", "plan")
        block = one(project, "SELECT * FROM blocks WHERE status = 'awaiting'")
        assert block["subject_key"] == "gate:facts:plan" and URL in block["question"]
        assert reviews, "the security reviewer reads the plan at cloud-public"
    else:
        assert out.returncode == 0, out.stderr[-3000:]
        assert (ex["status"], ex["current_stage"]) == ("in_progress", "checklist")
        assert not rows(project, "SELECT * FROM blocks")
        report = (project / ".ondas" / "report.md").read_text()
        assert f"[warning] facts/facts.url: docs/specs/{project.name}/plan.md" in report
        assert not reviews
