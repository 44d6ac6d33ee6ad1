"""``ondas report``: rebuild report.md and report.html from the store and git."""

from __future__ import annotations

from pathlib import Path

from ondas.cli._common import JsonOption, StateDirOption, call, emit_json, open_store
from ondas.cli.framework import App

app = App(help="The run report: rebuild report.md and report.html.", no_args_is_help=True)


@app.command("build")
def build_cmd(state_dir: Path = StateDirOption, as_json: bool = JsonOption) -> None:
    """Rewrite report.md and report.html of the current execution; print their paths."""
    from ondas.orchestrator.report import build_model
    from ondas.report import REPORT_HTML, write_model

    def run() -> tuple[Path, dict[str, object]]:
        from ondas.agents import get_backend
        from ondas.app.run import load_settings

        with open_store(state_dir) as store:
            from ondas.state.execution import get_execution

            settings = load_settings(store, get_execution(store).id)
            model = build_model(store, backend_label=get_backend(settings.backend).label)
            return write_model(model, store.state_dir), model.to_dict()["totals"]

    md, totals = call(run)
    if as_json:
        emit_json({"markdown": str(md), "html": str(md.parent / REPORT_HTML), "totals": totals})
    else:
        print(md)
        print(md.parent / REPORT_HTML)
