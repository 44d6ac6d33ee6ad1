"""``ondas decision``: record decisions under the runtime's rules; list and invalidate them."""

from __future__ import annotations

from pathlib import Path

from ondas.audit import decisions, inputs
from ondas.cli._audit import input_of, open_store, show_decisions
from ondas.cli._common import JsonOption, StateDirOption, call, emit_json
from ondas.cli.framework import App, Argument, Option

app = App(
    help="Decisions: register (rules enforced), list, count, get, mark-invalid.",
    no_args_is_help=True,
)


@app.command("register")
def register_cmd(
    agent: str = Option(None, "--agent", help="Who decides (required)."),
    stage: str = Option(None, "--stage", help="Pipeline stage the decision belongs to."),
    context: str = Option(None, "--context", help="What is being decided (required)."),
    options: str = Option(None, "--options", help="JSON list of options (required)."),
    choice: str = Option(None, "--choice", help="The chosen option (required)."),
    justification: str = Option(None, "--justification", help="Why (required)."),
    score: int = Option(..., "--score", help="Confidence 0..3; 3 needs observed evidence."),
    evidence: str = Option(
        None, "--evidence", help="Literal excerpt of an observed tool output (score 3)."
    ),
    references: str = Option(None, "--references", help="JSON list of references."),
    class_: str = Option("operational", "--class", help="operational or structural."),
    axis: str = Option(None, "--axis", help="Structural axis, e.g. persistence."),
    consent: str = Option(None, "--consent", help="Answered block authorising the choice."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Record a decision and print its id; refused with exit 1 naming the broken rule."""
    given = input_of(inputs.RecordDecision, locals())
    with open_store(state_dir) as store:
        decision_id = call(lambda: decisions.register_decision(store, **given.arguments()))
        if as_json:
            emit_json(call(lambda: decisions.get_decision(store, decision_id)).to_dict())
        else:
            print(decision_id)


@app.command("list")
def list_cmd(
    stage: str = Option(None, "--stage", help="Only decisions of this stage."),
    wave: str = Option(None, "--wave", help="Only decisions made in this wave."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """List the current execution's decisions; invalidated ones are marked."""
    with open_store(state_dir) as store:
        items = call(lambda: decisions.list_decisions(store, stage=stage, wave_id=wave))
    show_decisions(items, as_json)


@app.command("count")
def count_cmd(
    valid_only: bool = Option(False, "--valid-only", help="Leave invalidated ones out."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Print how many decisions the current execution holds."""
    with open_store(state_dir) as store:
        n = call(lambda: decisions.count_decisions(store, valid_only=valid_only))
    if as_json:
        emit_json({"count": n})
    else:
        print(n)


@app.command("get")
def get_cmd(
    decision_id: str = Argument(..., help="Decision id, e.g. dec-001."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Print one decision as JSON."""
    with open_store(state_dir) as store:
        decision = call(lambda: decisions.get_decision(store, decision_id))
    emit_json(decision.to_dict())


@app.command("mark-invalid")
def mark_invalid_cmd(
    decision_id: str = Argument(..., help="Decision id, e.g. dec-001."),
    reason: str = Option(None, "--reason", help="Why it is invalid (required)."),
    state_dir: Path = StateDirOption,
    as_json: bool = JsonOption,
) -> None:
    """Invalidate a decision (append-only: the decision itself is never changed)."""
    with open_store(state_dir) as store:
        call(lambda: decisions.mark_invalid(store, decision_id, reason))
    if as_json:
        emit_json({"id": decision_id, "invalidated": True, "reason": reason})
    else:
        print(f"{decision_id} invalidated")
