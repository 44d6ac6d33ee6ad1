"""The fact check after specify and plan: unbacked external identifiers block above ``local``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from ondas.agents.base import AgentRequest, AgentResult
from ondas.agents.scripted import ScriptedBackend, builtin_script
from ondas.app import run as commands
from ondas.audit import events as events_mod
from ondas.pipeline import facts
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from tests.orchestrator.conftest import SAMPLE, one, rows

ENDPOINT = "POST https://api.weatherly.example/v2/forecasts"
INVENTED = f"\n## External API\nThe CLI sends each note to `{ENDPOINT}` with:\n"
INVENTED += '```json\n{"note_text": "buy milk", "priority": 2}\n```\n'
DOCS = "Weatherly API v2\n\nPOST /v2/forecasts on api.weatherly.example\n"
DOCS += "Body: note_text, priority\n"


def _plan_with(
    extra: str,
    *,
    observe: str | None = None,
    tool: str = "WebFetch",
    also_write: dict[str, str] | None = None,
) -> Callable[[AgentRequest], AgentResult]:
    """The sample plan with ``extra`` appended; ``observe`` is first recorded as ``tool``'s
    output; ``also_write`` are files the agent writes in the same wave."""

    def play(request: AgentRequest) -> AgentResult:
        if observe is not None:
            with Store.open(request.cwd / ".ondas", schema=default_schema()) as store:
                events_mod.observe(store, tool, observe)
        for rel, content in (also_write or {}).items():
            (request.cwd / rel).write_text(content, encoding="utf-8")
        result = builtin_script(request)
        path = request.cwd / str(request.context["paths"]["plan"])
        path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")
        return result

    return play


def _fact_checks(project: Path) -> list[dict[str, object]]:
    return [
        json.loads(r["payload"])["data"]
        for r in rows(project, "SELECT payload FROM events WHERE type = 'fact_check' ORDER BY seq")
    ]


def test_extract_finds_each_kind_of_external_identifier_and_skips_the_projects_own() -> None:
    text = (
        "Call `GET /v1/users/{id}` then https://api.example.org/v1/users.\n"
        '```json\n{"user_id": 1}\n```\n'
        "Run `curl --retry 3 x`, not `notes add --tag x` (our CLI), nor `--verbose` alone.\n"
        "Use `stripe.Charge.create(amount=1)` and `notes.store.add(p)` in `notes/store.py`.\n"
        "Pin `requests==2.31.0`.\n"
    )
    own = facts.own_names([text], "proj")
    found = {(i.kind, i.text) for i in facts.extract(text, own)}
    assert found == {
        ("endpoint", "GET /v1/users/{id}"),
        ("url", "https://api.example.org/v1/users"),
        ("field", "user_id"),
        ("flag", "--retry"),
        ("function", "stripe.Charge.create"),
        ("version", "requests==2.31.0"),
    }


def test_a_path_placeholder_is_backed_by_any_spelling_of_the_parameter() -> None:
    (endpoint,) = facts.extract("`GET /v1/users/{id}`", set())
    assert facts.check([endpoint], [("observed:obs-001", "GET /v1/users/:user_id")])[
        0
    ].backed_by == ("observed:obs-001")
    assert facts.check([endpoint], [("repository:a", "GET /v1/userz/1")])[0].backed_by is None


def test_the_sample_artifacts_rely_on_no_unbacked_external_identifier(project: Path) -> None:
    backend = ScriptedBackend()
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    assert result.status == "completed"
    checks = _fact_checks(project)
    assert [c["stage"] for c in checks] == ["specify", "plan"]
    assert all(c["unbacked"] == 0 for c in checks)


def test_an_unbacked_endpoint_in_the_plan_blocks_above_local(project: Path) -> None:
    backend = ScriptedBackend({"plan": _plan_with(INVENTED)})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="internal-network", auto_answer=True
    )
    assert result.status == "awaiting_human" and result.current_stage == "plan"
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'gate:facts:plan'")
    assert "https://api.weatherly.example/v2/forecasts" in block["question"]
    plan_check = _fact_checks(project)[-1]
    assert plan_check["unbacked"] == 3  # the URL and both payload fields
    findings = rows(
        project, "SELECT description FROM events WHERE type = 'gate_finding' ORDER BY seq"
    )
    assert any("score 0" in f["description"] and "critical" in f["description"] for f in findings)


def test_an_unbacked_endpoint_at_local_is_a_warning_in_the_report(project: Path) -> None:
    backend = ScriptedBackend({"plan": _plan_with(INVENTED)})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "completed"
    report = (project / ".ondas" / "report.md").read_text()
    assert "[warning] facts/facts.url" in report
    assert "https://api.weatherly.example/v2/forecasts is backed by neither" in report


def _read_output(path: str) -> str:
    return json.dumps({"file": {"content": DOCS, "filePath": path}, "type": "text"})


@pytest.mark.parametrize(
    ("tool", "output"),
    [
        ("Write", DOCS),  # the agent's own words echoed back
        ("Bash", DOCS),
        ("Read", _read_output("{project}/notes/vendor.md")),  # inside: the repository's job
        ("Read", DOCS),  # a Read whose path cannot be told
    ],
)
def test_outputs_that_echo_the_agent_or_the_project_back_nothing(
    project: Path, tool: str, output: str
) -> None:
    observed = output.replace("{project}", str(project))
    backend = ScriptedBackend({"plan": _plan_with(INVENTED, observe=observed, tool=tool)})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    assert result.status == "awaiting_human"
    assert _fact_checks(project)[-1]["unbacked"] == 3


def test_a_file_the_run_wrote_itself_backs_nothing(project: Path) -> None:
    backend = ScriptedBackend({"plan": _plan_with(INVENTED, also_write={"vendor_api.md": DOCS})})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    assert result.status == "awaiting_human"
    assert _fact_checks(project)[-1]["unbacked"] == 3


def test_a_read_of_documentation_outside_the_project_backs_the_endpoint(
    project: Path, tmp_path: Path
) -> None:
    outside = _read_output(str(tmp_path / "site-packages" / "weatherly" / "README.md"))
    backend = ScriptedBackend({"plan": _plan_with(INVENTED, observe=outside, tool="Read")})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    assert result.status == "completed"
    assert _fact_checks(project)[-1]["unbacked"] == 0


def test_an_observed_read_of_the_documentation_backs_the_endpoint(project: Path) -> None:
    backend = ScriptedBackend({"plan": _plan_with(INVENTED, observe=DOCS)})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    assert result.status == "completed"
    checked = _fact_checks(project)[-1]["checked"]
    assert isinstance(checked, list)
    assert {c["backed_by"] for c in checked} == {"observed:obs-001"}


def test_an_invented_identifier_does_not_back_itself_through_an_earlier_artifact(
    project: Path,
) -> None:
    (project / "docs" / "specs" / project.name).mkdir(parents=True)
    (project / "docs" / "specs" / project.name / "research.md").write_text(INVENTED)
    (project / "docs").joinpath("briefing-notes.md").write_text("unrelated\n")
    backend = ScriptedBackend({"plan": _plan_with(INVENTED)})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    assert result.status == "awaiting_human"
    assert _fact_checks(project)[-1]["unbacked"] == 3


def test_the_repositorys_own_text_backs_an_identifier(project: Path) -> None:
    (project / "vendor_api.md").write_text(DOCS)
    backend = ScriptedBackend({"plan": _plan_with(INVENTED)})
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="cloud-public", auto_answer=True
    )
    assert result.status == "completed"
    assert _fact_checks(project)[-1]["unbacked"] == 0
