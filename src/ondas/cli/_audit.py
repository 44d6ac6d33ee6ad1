"""Helpers of the audit command modules (decision, block, wave, event)."""

from __future__ import annotations

import sys

from ondas.audit.waves import Milestone
from ondas.cli._common import open_store

__all__ = ["announce_milestone", "open_store"]


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
