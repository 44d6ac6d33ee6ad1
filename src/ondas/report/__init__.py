"""The review surface of a run: one model (store + git) rendered to Markdown and HTML.

``write`` is what the wave loop calls after every wave and at the end of a run: it builds the
model once and writes ``report.md`` and ``report.html`` atomically into the state directory.
"""

from __future__ import annotations

from pathlib import Path

from ondas.report.model import RunReport, build

# Not ``typing.TYPE_CHECKING``: importing this module imports no typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.interface import StateStore

REPORT_MD = "report.md"
REPORT_HTML = "report.html"

__all__ = ["REPORT_HTML", "REPORT_MD", "RunReport", "build", "write", "write_model"]


def write(
    store: StateStore,
    state_dir: Path,
    *,
    backend_label: str,
    mode: str = "default",
    sections: list[tuple[str, str]] | None = None,
) -> Path:
    """Write ``report.md`` and ``report.html`` into ``state_dir``; return the Markdown path."""
    report = build(store, backend_label=backend_label, mode=mode)
    report.sections.extend(sections or [])
    return write_model(report, state_dir)


def write_model(report: RunReport, state_dir: Path) -> Path:
    """Render ``report`` to both files atomically; return the Markdown path."""
    from ondas.report import render
    from ondas.state.export import atomic_write

    md = state_dir / REPORT_MD
    atomic_write(md, render.markdown(report).encode())
    atomic_write(state_dir / REPORT_HTML, render.html(report).encode())
    return md
