"""``ondas recall``: search, count and forget the cross-run knowledge DB."""

from __future__ import annotations

import os

import typer

from ondas.cli._common import JsonOption, call, emit_json
from ondas.errors import RuleViolation

app = typer.Typer(
    help="The knowledge DB ($ONDAS_HOME): what earlier runs decided and learned.",
    no_args_is_help=True,
)


@app.command("search")
def search_cmd(
    query: str = typer.Argument(..., help="Words to look for (any of them)."),
    limit: int = typer.Option(10, "--limit", min=1, max=100, help="At most this many."),
    as_json: bool = JsonOption,
) -> None:
    """The best matches for QUERY, best first."""
    from ondas.recall import Knowledge

    def run() -> list[dict[str, object]]:
        with Knowledge() as kb:
            return [e.to_dict() for e in kb.search(query, limit=limit)]

    found = call(run)
    if as_json:
        emit_json(found)
        return
    for e in found:
        print(f"R{e['id']}\t{e['kind']}\t{e['execution_id']}\t{e['text']}")


@app.command("stats")
def stats_cmd(as_json: bool = JsonOption) -> None:
    """Entries by kind, projects, and where the DB is."""
    from ondas.recall import Knowledge

    def run() -> dict[str, object]:
        with Knowledge() as kb:
            return kb.stats()

    stats = call(run)
    if as_json:
        emit_json(stats)
        return
    for key, value in stats.items():
        print(f"{key}: {value}")


@app.command("forget")
def forget_cmd(
    entry: str = typer.Argument(None, help="Entry id (R12 or 12)."),
    project: str = typer.Option(None, "--project", help="Every entry of this project path."),
    everything: bool = typer.Option(False, "--all", help="Every entry."),
    as_json: bool = JsonOption,
) -> None:
    """Delete one entry, a project's entries, or everything (never from an agent session)."""
    from ondas.errors import UsageError
    from ondas.recall import Knowledge

    def run() -> int:
        if os.environ.get("CLAUDECODE") or os.environ.get("ONDAS_AGENT"):
            raise RuleViolation(
                "recall-operator-only", "the knowledge DB is changed by a person, not an agent"
            )
        entry_id = None
        if entry is not None:
            raw = entry[1:] if entry[:1] in ("R", "r") else entry
            if not raw.isdigit():
                raise UsageError(f"entry id must look like R12 or 12, got {entry!r}")
            entry_id = int(raw)
        with Knowledge() as kb:
            return kb.forget(entry_id=entry_id, project=project, everything=everything)

    count = call(run)
    if as_json:
        emit_json({"forgotten": count})
    else:
        print(f"{count} entr{'y' if count == 1 else 'ies'} forgotten")
