"""``ondas block``: human blocks — questions only a person may answer."""

from __future__ import annotations

from pathlib import Path

from ondas.audit import blocks, inputs
from ondas.cli._audit import input_of, open_store, show_blocks
from ondas.cli._common import JsonOption, StateDirOption, call, emit_json
from ondas.cli.framework import App, Argument, Option

app = App(
    help="Human blocks: register, respond, list, count, get, require-resolved.",
    no_args_is_help=True,
)


@app.command("register")
def register_cmd(
    question: str = Option(None, "--question", help="The question (required)."),
    decision: str = Option(None, "--decision", help="Decision this block belongs to."),
    context_for_answer: str = Option(
        None, "--context-for-answer", help="What the human needs to know to answer."
    ),
    options: str = Option(None, "--options", help="JSON list of suggested answers."),
    subject_key: str = Option(
        None, "--subject-key", help="What the block is about, e.g. axis:persistence."
    ),
    severity: str = Option("normal", "--severity", help="light or normal."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Open a human block and print its id."""
    given = input_of(inputs.RegisterBlock, locals())
    with open_store(state_dir) as store:
        block_id = call(lambda: blocks.register_block(store, **given.arguments()))
        if as_json:
            emit_json(call(lambda: blocks.get_block(store, block_id)).to_dict())
        else:
            print(block_id)


@app.command("respond")
def respond_cmd(
    answer: str = Option(None, "--answer", help="The human's answer (required)."),
    block: str = Option(None, "--block", help="Block id (default: the oldest awaiting)."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Answer a block (default: the oldest awaiting one)."""
    with open_store(state_dir) as store:
        answered = call(lambda: blocks.respond_block(store, answer, block))
    if as_json:
        emit_json(answered.to_dict())
    else:
        print(answered.id)


@app.command("list")
def list_cmd(
    status: str = Option(None, "--status", help="awaiting or answered."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """List the current execution's blocks."""
    with open_store(state_dir) as store:
        items = call(lambda: blocks.list_blocks(store, status=status))
    show_blocks(items, as_json)


@app.command("count")
def count_cmd(
    pending_only: bool = Option(False, "--pending-only", help="Only awaiting blocks."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Print how many blocks (or awaiting blocks) there are."""
    with open_store(state_dir) as store:
        n = call(lambda: blocks.count_blocks(store, pending_only=pending_only))
    if as_json:
        emit_json({"count": n})
    else:
        print(n)


@app.command("get")
def get_cmd(
    block_id: str = Argument(..., help="Block id, e.g. block-001."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Print one block as JSON."""
    with open_store(state_dir) as store:
        block = call(lambda: blocks.get_block(store, block_id))
    emit_json(block.to_dict())


@app.command("require-resolved")
def require_resolved_cmd(
    decision: str = Option(..., "--decision", help="Decision whose block must be answered."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Exit 0 only when the decision's block is answered with an authorising answer."""
    with open_store(state_dir) as store:
        block = call(lambda: blocks.require_resolved(store, decision))
    if as_json:
        emit_json(block.to_dict())
    else:
        print(f"{block.id}: {block.answer}")
