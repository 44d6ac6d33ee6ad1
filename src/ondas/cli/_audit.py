"""Helpers of the audit command modules (decision, block, wave, event)."""

from __future__ import annotations

import sys
from pathlib import Path

import ondas.audit  # noqa: F401  (registers the audit invariants and import adapters)
from ondas.audit.waves import Milestone
from ondas.cli._common import call, state_dir_or_default
from ondas.state.store import Store


def open_store(state_dir: Path | None) -> Store:
    """Open the existing store in ``--state-dir`` (default ``./.ondas``)."""
    return call(lambda: Store.open(state_dir_or_default(state_dir)))


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
