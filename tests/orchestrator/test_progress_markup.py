"""The live progress output prints rule names in brackets as they are (no Rich markup)."""

from __future__ import annotations

import io

from rich.console import Console

from ondas.runtime.progress import RichProgress


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


def test_each_phase_shows_one_short_tip_the_first_time_it_starts() -> None:
    from ondas.pipeline.stages import ALL_STAGES
    from ondas.runtime.progress import TIPS

    assert set(TIPS) == set(ALL_STAGES)
    assert all(len(tip) <= 100 for tip in TIPS.values())
    out = io.StringIO()
    progress = RichProgress(Console(file=out, force_terminal=False, width=200))
    for wave, stage in enumerate(["specify", "specify", "plan"], 1):
        progress.emit("wave_started", wave=f"wave-00{wave}", stage=stage)
    progress.close()
    text = out.getvalue()
    assert text.count("tip: ") == 2
    assert f"tip: {TIPS['plan']}" in text
