"""``ondas suggestions``: record, list and render suggestions about skills and prompts."""

from __future__ import annotations

from pathlib import Path

import typer

from ondas.cli._common import (
    JsonOption,
    StateDirOption,
    call,
    emit_json,
    open_store,
    state_dir_or_default,
)

app = typer.Typer(
    help="Suggestions (observation, improvement, defect) about ondas' skills and prompts.",
    no_args_is_help=True,
)


@app.command("add")
def add_cmd(
    severity: str = typer.Option(..., "--severity", help="observation, improvement or defect."),
    subject: str = typer.Option(..., "--subject", help="What it is about (a stage, a rule)."),
    text: str = typer.Option(..., "--text", help="The suggestion itself."),
    source: str = typer.Option("agent", "--source", help="agent, runtime or human."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Record a suggestion (the same subject and text are kept once)."""
    from ondas.report.suggestions import add_suggestion

    with open_store(state_dir) as store:
        item, new = call(
            lambda: add_suggestion(
                store, severity=severity, subject=subject, text=text, source=source
            )
        )
    if as_json:
        emit_json({**item.to_dict(), "new": new})
    else:
        print(item.id + ("" if new else " (already recorded)"))


@app.command("list")
def list_cmd(
    severity: str = typer.Option(None, "--severity", help="Only this severity."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """List the suggestions of the store, oldest first."""
    from ondas.report.suggestions import list_suggestions

    with open_store(state_dir) as store:
        items = call(lambda: list_suggestions(store, severity=severity))
    if as_json:
        emit_json([s.to_dict() for s in items])
        return
    for s in items:
        print(f"{s.id}\t{s.severity}\t{s.source}\t{s.subject}\t{s.text}")


@app.command("render")
def render_cmd(state_dir: Path = StateDirOption) -> None:
    """Write .ondas/suggestions.md and print its path."""
    from ondas.report.suggestions import write

    with open_store(state_dir) as store:
        path = call(lambda: write(store, state_dir_or_default(state_dir)))
    print(path)
