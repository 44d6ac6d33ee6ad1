"""``ondas log``: read-only views of what an execution recorded (decisions, blocks, waves,
refusals). Nothing here writes to the store; every view is scrubbed of secrets (rows written
before the store scrubbed at write time may still hold one)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from ondas.cli._common import JsonOption, call, emit_json, open_store
from ondas.cli.framework import App, Option
from ondas.state.scrub import clean_value

if TYPE_CHECKING:
    from ondas.state.store import Store

app = App(
    help="Read-only views of the audit log: decisions, blocks, waves, refusals "
    "(--json for machine-readable output).",
)

ProjectOption = Option(None, "--project", help="Target project (default: the current directory).")
StateDirOption = Option(
    None,
    "--state-dir",
    help="Directory holding state.db (default: <project>/.ondas).",
    envvar="ONDAS_STATE_DIR",
)


def _open(project: Path | None, state_dir: Path | None) -> Store:
    target = state_dir if state_dir is not None else (project or Path.cwd()) / ".ondas"
    return open_store(target, readonly=True)


@app.command("decisions")
def decisions_cmd(
    stage: str = Option(None, "--stage", help="Only decisions of this stage."),
    wave: str = Option(None, "--wave", help="Only decisions made in this wave, e.g. wave-003."),
    project: Path = ProjectOption,
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """The current execution's decisions in order; invalidated ones are marked."""
    from ondas.audit import decisions
    from ondas.cli._audit import show_decisions

    with _open(project, state_dir) as store:
        items = call(lambda: decisions.list_decisions(store, stage=stage, wave_id=wave))
    show_decisions(items, as_json)


@app.command("blocks")
def blocks_cmd(
    status: str = Option(None, "--status", help="awaiting or answered."),
    project: Path = ProjectOption,
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """The current execution's human blocks: question, status and answer."""
    from ondas.audit import blocks
    from ondas.cli._audit import show_blocks

    with _open(project, state_dir) as store:
        items = call(lambda: blocks.list_blocks(store, status=status))
    show_blocks(items, as_json)


@app.command("waves")
def waves_cmd(
    project: Path = ProjectOption,
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Every wave of the current execution: how it ended, its stages and tool calls."""
    from ondas.audit import waves

    with _open(project, state_dir) as store:
        items = call(lambda: waves.list_waves(store))
    if as_json:
        emit_json(clean_value([w.to_dict() for w in items]))
        return
    for w in items:
        state = w.reason or "open"
        print(clean_value(f"{w.id}\t{state}\t{','.join(w.stages)}\t{w.tool_calls} tool calls"))


@app.command("refusals")
def refusals_cmd(
    limit: int = Option(None, "--limit", min=1, help="At most this many, the most recent."),
    project: Path = ProjectOption,
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """What the guard-rails refused (audited 'refusal' events): source, rule, tool, subject."""
    from ondas.audit import events

    with _open(project, state_dir) as store:
        items = call(lambda: events.list_events(store, type_="refusal"))
    if limit is not None:
        items = items[-limit:]
    if as_json:
        rows = [{"seq": e.seq, "ts": e.ts, **(e.payload.get("data") or {})} for e in items]
        emit_json(clean_value(rows))
        return
    for e in items:
        data = e.payload.get("data") if isinstance(e.payload, dict) else None
        p = data if isinstance(data, dict) else {}
        subject = json.dumps(p.get("subject", ""), ensure_ascii=False)
        print(
            clean_value(
                f"{e.seq}\t{e.ts[:19]}\t{p.get('source', '')}\t{p.get('rule', '')}\t"
                f"{p.get('tool', '')}\t{subject}"
            )
        )
