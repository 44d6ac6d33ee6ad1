"""The stage order needed by ``wave end --advance``, behind one function.

The pipeline layer (``ondas.pipeline``) owns the stage machine. Until it lands on main this
module keeps a small local table of the default and roadmap chains; :func:`stage_after` is
the one place to switch over to the pipeline's own function. Callers that know better pass
the next stage explicitly (``end_wave(..., next_stage=...)``).
"""

from __future__ import annotations

from ondas.errors import UsageError

MODES = ("default", "roadmap")
CHAINS: dict[str, tuple[str, ...]] = {
    "default": (
        "briefing",
        "constitution",
        "specify",
        "clarify",
        "plan",
        "checklist",
        "create-tasks",
        "execute-task",
        "converge",
        "review-task",
        "review-features",
    ),
    "roadmap": ("briefing", "constitution", "roadmap"),
}


def stage_after(current: str, mode: str = "default") -> str | None:
    """The stage after ``current`` in ``mode``, or ``None`` at the terminal stage."""
    if mode not in MODES:
        raise UsageError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
    chain = CHAINS[mode]
    if current not in chain:
        raise UsageError(
            f"stage {current!r} is not in the {mode} chain; pass the next stage explicitly"
        )
    index = chain.index(current)
    return chain[index + 1] if index + 1 < len(chain) else None
