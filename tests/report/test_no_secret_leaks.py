"""No .env value and no secret a tool printed reaches a report, a draft, an export or recall."""

from __future__ import annotations

from pathlib import Path

from ondas.app.run import resume, run
from ondas.audit import events as events_mod
from ondas.orchestrator import report as report_mod
from ondas.recall import db_path
from ondas.report import REPORT_HTML, REPORT_MD
from ondas.report.drafts import draft
from ondas.report.feedback import import_feedback
from ondas.report.suggestions import add_suggestion, write
from ondas.runtime.schema import default_schema
from ondas.state.export import export
from ondas.state.store import Store
from tests.demos import SECRET
from tests.report.conftest import runtime_event

TOOL_SECRET = "ghp_" + "Q" * 36
"""A GitHub token shape that a tool printed (not in .env): the pattern filter must catch it."""


def test_env_and_tool_secrets_stay_out_of_every_output(tmp_path: Path) -> None:
    project = tmp_path / "notes"
    project.mkdir()
    (project / ".env").write_text(f"PAYMENT_API_KEY={SECRET}\n", encoding="utf-8")
    from ondas.agents.sample import PERSISTENCE_DECISION, SAMPLE_DESCRIPTION

    first = run(project, description=SAMPLE_DESCRIPTION, backend="scripted", tier="local")
    assert first.status == "awaiting_human"
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        events_mod.observe(store, "Bash", f"export KEY={SECRET}\ntoken {TOOL_SECRET}\n")
    resume(project, answer=str(PERSISTENCE_DECISION["choice"]))
    sdir = project / ".ondas"
    with Store.open(sdir, schema=default_schema()) as store:
        import_feedback(store, f"change task:1.1 note: the key {SECRET} leaked\n")
        add_suggestion(
            store,
            severity="defect",
            subject="skill execute-task",
            text=f"The agent echoed {TOOL_SECRET} and {SECRET} in its summary.",
        )
        runtime_event(
            store,
            "refusal",
            {
                "source": "guard",
                "rule": "env-read",
                "tool": "Bash",
                "subject": f"cat .env # {SECRET}",
                "wave_id": None,
            },
        )
        report_mod.write(store, sdir, backend_label="scripted")
        made = draft(store, sdir)
        write(store, sdir)
        export(store, tmp_path / "export.json")
    outputs = [
        sdir / REPORT_MD,
        sdir / REPORT_HTML,
        sdir / "suggestions.md",
        Path(made.path),
        tmp_path / "export.json",
        *sorted(db_path().parent.glob("knowledge.db*")),
    ]
    for path in outputs:
        data = path.read_bytes()
        assert SECRET.encode() not in data, path
        assert TOOL_SECRET.encode() not in data, path
    assert "[REDACTED" in (sdir / REPORT_MD).read_text()
