"""The stage order needed by ``wave end --advance``: delegated to the pipeline's stage machine.

``ondas.pipeline.stages`` owns the chains (default, roadmap, single-feature); this module is
the one place the audit layer asks it. Callers that know better pass the next stage
explicitly (``end_wave(..., next_stage=...)``).
"""

from __future__ import annotations

from ondas.pipeline import stages as _pipeline

MODES: tuple[str, ...] = _pipeline.MODES


def stage_after(current: str, mode: str = "default") -> str | None:
    """The stage after ``current`` in ``mode``, or ``None`` at the terminal stage.

    An unknown mode or a stage outside the chain is a usage error.
    """
    return _pipeline.next_stage(current, mode)
