"""Helpers of the audit command modules (decision, block, wave, event)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ondas.audit.blocks import Block
from ondas.audit.decisions import Decision
from ondas.audit.inputs import Input
from ondas.audit.waves import Milestone
from ondas.cli._common import call, emit_json, open_store
from ondas.state.scrub import clean_value

# Not ``typing.TYPE_CHECKING``: the store commands are short-lived processes.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar

    InputT = TypeVar("InputT", bound=Input)

__all__ = ["announce_milestone", "input_of", "open_store", "show_blocks", "show_decisions"]

COMMAND_ONLY = ("state_dir", "as_json")
"""Flags of every store command that are not arguments of its operation."""


def input_of(kind: type[InputT], flags: dict[str, Any]) -> InputT:
    """The operation's typed input of a command's flags (its ``locals()`` before anything
    else), built before the store opens; a bad one exits 2 with one line."""
    given = {name: value for name, value in flags.items() if name not in COMMAND_ONLY}
    return call(lambda: kind.from_surface(given))


def show_decisions(items: Sequence[Decision], as_json: bool) -> None:
    """Print decisions one per line (invalidated ones marked), or as a JSON list; a secret in
    a row written before scrubbing at write time is redacted here too."""
    if as_json:
        emit_json(clean_value([d.to_dict() for d in items]))
        return
    for d in items:
        flag = f" [invalidated: {d.invalid_reason}]" if d.invalidated else ""
        print(clean_value(f"{d.id}\t{d.stage}\t{d.agent}\tscore {d.score}\t{d.choice}{flag}"))


def show_blocks(items: Sequence[Block], as_json: bool) -> None:
    """Print human blocks one per line (with the answer when there is one), or as JSON;
    secrets redacted."""
    if as_json:
        emit_json(clean_value([b.to_dict() for b in items]))
        return
    for b in items:
        answer = f"\t-> {b.answer}" if b.answer is not None else ""
        print(clean_value(f"{b.id}\t{b.status}\t{b.severity}\t{b.question}{answer}"))


def announce_milestone(milestone: Milestone | None) -> None:
    """Tell the caller on stderr that the runtime fired a milestone retrospective."""
    if milestone is None:
        return
    print(
        f"ondas: Milestone of {milestone.threshold} waves reached: recorded "
        f"{milestone.decision_id} and opened light block {milestone.block_id} "
        "(answer yes-run-retro or no-continue)",
        file=sys.stderr,
    )
