"""The live progress output prints rule names in brackets as they are (no Rich markup)."""

from __future__ import annotations

import io

from rich.console import Console

from ondas.orchestrator.progress import RichProgress


def test_bracketed_rule_names_survive_the_progress_output() -> None:
    out = io.StringIO()
    progress = RichProgress(Console(file=out, force_terminal=False, width=200))
    progress.emit("wave_started", wave="wave-001", stage="constitution")
    progress.emit("retry", message="constitution: [constitution.section] missing 'Governance'")
    progress.emit("block", message="block-001: [bold]not markup[/bold]")
    progress.close()
    text = out.getvalue()
    assert "[constitution.section] missing 'Governance'" in text
    assert "[bold]not markup[/bold]" in text
