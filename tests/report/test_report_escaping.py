"""Agent-written text reaches report.md as text: HTML in it cannot run in a Markdown viewer."""

from __future__ import annotations

from pathlib import Path

from ondas.audit import tasks as tasks_mod
from ondas.report import REPORT_MD, write
from ondas.runtime.schema import default_schema
from ondas.state.store import Store

PAYLOAD = "<img src=x onerror=alert(document.cookie)>"


def test_an_agent_written_task_title_with_html_is_escaped_in_report_md(waiting: Path) -> None:
    project = waiting
    with Store.open(project / ".ondas", schema=default_schema()) as store:
        tasks_mod.record_task(
            store, "9.1", f"fix {PAYLOAD}", "unverified", 0, 0, None, ["a.py"],
            test_command=f"pytest `{PAYLOAD}`",
        )  # fmt: skip
        write(store, project / ".ondas", backend_label="scripted")
    text = (project / ".ondas" / REPORT_MD).read_text(encoding="utf-8")
    assert "<img" not in text.replace(f"pytest '{PAYLOAD}'", "")
    assert "fix &lt;img src=x onerror=alert(document.cookie)&gt;" in text
    assert f"(`pytest '{PAYLOAD}'`)" in text, "a code span shows it as text and cannot be left"
