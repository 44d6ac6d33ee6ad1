"""The report ``.ondas/report.md`` (and ``report.html``), rewritten after every wave.

The model and the templates live in :mod:`ondas.report`; this module keeps the entry points
the wave loop calls. A run that has ended gets the final report, with its lessons learned.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ondas import report as report_pkg
from ondas.report import RunReport
from ondas.report import render as render_mod
from ondas.state.execution import get_execution
from ondas.state.store import Store

if TYPE_CHECKING:
    from ondas.state.verify import Finding

REPORT_NAME = report_pkg.REPORT_MD


def render(store: Store, *, backend_label: str, mode: str = "default") -> str:
    """The report of the current execution as Markdown."""
    return render_mod.markdown(build_model(store, backend_label=backend_label, mode=mode))


def write(
    store: Store,
    state_dir: Path,
    *,
    backend_label: str,
    mode: str = "default",
    integrity: list[Finding] | None = None,
) -> Path:
    """Wave end: feed the knowledge DB and the runtime's suggestions, then write the reports.

    Writes ``report.md`` and ``report.html`` into ``state_dir`` and returns the Markdown path.
    Both feeds are idempotent, so calling this again for the same wave changes nothing. A
    store that fails its chain check feeds nothing: tampered rows never become knowledge.
    ``integrity`` is the wave loop's own (incremental) check; without it the full verify runs.
    """
    from ondas.recall import safe_ingest
    from ondas.report.suggestions import runtime_suggestions

    model = build_model(store, backend_label=backend_label, mode=mode, integrity=integrity)
    if model.verification.integrity_ok:
        if model.retries or model.refusals:
            runtime_suggestions(store, model)
        safe_ingest(model, str(Path(get_execution(store).project_path)))
    return report_pkg.write_model(model, state_dir)


def build_model(
    store: Store,
    *,
    backend_label: str,
    mode: str = "default",
    integrity: list[Finding] | None = None,
) -> RunReport:
    """The report model: a roadmap run shows the roadmap chain; a project lists its features."""
    from ondas.orchestrator.features import features_markdown

    ex = get_execution(store)
    if ex.roadmap_mode and mode == "default":
        mode = "roadmap"
    model = report_pkg.build(store, backend_label=backend_label, mode=mode, integrity=integrity)
    listed = features_markdown(Path(ex.project_path))
    if listed:
        model.sections.append(("Features", listed))
    return model
