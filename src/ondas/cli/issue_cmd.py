"""``ondas issue``: redacted issue drafts from suggestions; publishing is a person's act."""

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
    help="Issue drafts: write a redacted draft, publish it with gh.", no_args_is_help=True
)


@app.command("draft")
def draft_cmd(
    suggestion: list[str] = typer.Option(
        None, "--suggestion", help="Suggestion id (repeatable; default: improvements, defects)."
    ),
    title: str = typer.Option(None, "--title", help="Issue title (default: the first subject)."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Write a redacted draft under .ondas/issues/ (a duplicate is refused)."""
    from ondas.report.drafts import draft

    with open_store(state_dir) as store:
        made = call(
            lambda: draft(
                store,
                state_dir_or_default(state_dir),
                suggestion_ids=list(suggestion or []),
                title=title,
            )
        )
    if as_json:
        emit_json(made.to_dict())
    else:
        print(made.path)


@app.command("publish")
def publish_cmd(
    draft_file: Path = typer.Argument(..., help="The draft to publish."),
    repo: str = typer.Option(None, "--repo", help="OWNER/NAME (default: gh's current repo)."),
    yes: bool = typer.Option(False, "--yes", help="Confirm: I read the draft; publish it."),
) -> None:
    """Create a GitHub issue from a draft with gh (refused inside an agent session)."""
    from ondas.report.drafts import publish

    print(call(lambda: publish(draft_file, repo=repo, yes=yes)))
