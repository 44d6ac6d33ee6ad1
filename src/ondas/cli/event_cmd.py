"""``ondas event``: add and list events; store observed tool outputs."""

from __future__ import annotations

import sys
from pathlib import Path

from ondas.audit import events
from ondas.cli._audit import open_store
from ondas.cli._common import JsonOption, StateDirOption, call, emit_json, usage
from ondas.cli.framework import App, Option

app = App(help="Events: add, list, observe a tool's output.", no_args_is_help=True)


@app.command("add")
def add_cmd(
    type_: str = Option(..., "--type", help="Event type, a free token."),
    description: str = Option(None, "--description", help="What happened."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Append one event to the current execution's audit log."""
    with open_store(state_dir) as store:
        event = call(lambda: events.add_event(store, type_, description))
    if as_json:
        emit_json(event.__dict__)
    else:
        print(event.seq)


@app.command("list")
def list_cmd(
    type_: str = Option(None, "--type", help="Only events of this type."),
    limit: int = Option(None, "--limit", min=1, help="At most this many events."),
    all_: bool = Option(False, "--all", help="Every execution, not only the current."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """List the current execution's events in log order."""
    with open_store(state_dir) as store:
        items = call(lambda: events.list_events(store, type_=type_, limit=limit, all_=all_))
    if as_json:
        emit_json([e.__dict__ for e in items])
        return
    for e in items:
        print(f"{e.seq}\t{e.ts[:19]}\t{e.type}\t{e.description or ''}")


@app.command("observe")
def observe_cmd(
    tool: str = Option(..., "--tool", help="Tool that produced the output."),
    output_file: str = Option(..., "--output-file", help="Output file ('-': stdin)."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Store a tool's output (secrets scrubbed, size-capped, hashed) as observed evidence."""
    if output_file == "-":
        text = sys.stdin.read()
    else:
        from ondas.pathpolicy import read_bytes

        try:
            text = call(lambda: read_bytes(output_file, what="tool output")).decode(
                "utf-8", errors="replace"
            )
        except OSError as exc:
            usage(f"cannot read {output_file}: {exc.strerror}")
    with open_store(state_dir) as store:
        observed = call(lambda: events.observe(store, tool, text))
    if as_json:
        emit_json(None if observed is None else observed.to_dict())
    elif observed is None:
        print("no active execution: nothing recorded", file=sys.stderr)
    else:
        print(observed.id)
