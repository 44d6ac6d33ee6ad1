"""``ondas feedback``: import a person's keep/change/remove verdicts on a run."""

from __future__ import annotations

import sys
from pathlib import Path

from ondas.cli._common import JsonOption, StateDirOption, call, emit_json, open_store, usage
from ondas.cli.framework import App, Argument

app = App(
    help="Feedback on a run: import the verdicts copied from report.html.", no_args_is_help=True
)


@app.command("import")
def import_cmd(
    source: str = Argument(..., help="File holding the copied feedback ('-': stdin)."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Record the verdicts as an audited event; the next run or resume acts on them."""
    from ondas.report.feedback import import_feedback

    if source == "-":
        text = sys.stdin.read()
    else:
        from ondas.pathpolicy import read_text

        try:
            text = call(lambda: read_text(source, what="feedback file"))
        except OSError as exc:
            usage(f"cannot read {source}: {getattr(exc, 'strerror', None) or exc}")
    with open_store(state_dir) as store:
        execution_id, verdicts = call(lambda: import_feedback(store, text))
    if as_json:
        emit_json({"execution_id": execution_id, "verdicts": [v.to_dict() for v in verdicts]})
        return
    for v in verdicts:
        print(f"{v.verdict}\t{v.item}\t{v.note}")
    print(f"{len(verdicts)} verdict(s) recorded on {execution_id}", file=sys.stderr)
