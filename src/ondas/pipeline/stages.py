"""The stage machine: which stages a run goes through, in which order, per mode.

``default`` is the full spec-driven chain; ``roadmap`` stops after writing a roadmap of
features; ``single-feature`` is the default chain for one feature and ends at ``review-task``.
"""

from __future__ import annotations

from ondas.errors import UsageError

DEFAULT_CHAIN: tuple[str, ...] = (
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
)
ROADMAP_CHAIN: tuple[str, ...] = ("briefing", "constitution", "roadmap")
SINGLE_FEATURE_CHAIN: tuple[str, ...] = DEFAULT_CHAIN[: DEFAULT_CHAIN.index("review-task") + 1]

CHAINS: dict[str, tuple[str, ...]] = {
    "default": DEFAULT_CHAIN,
    "roadmap": ROADMAP_CHAIN,
    "single-feature": SINGLE_FEATURE_CHAIN,
}
MODES: tuple[str, ...] = tuple(CHAINS)
ALL_STAGES: tuple[str, ...] = (*DEFAULT_CHAIN, "roadmap")


def stages(mode: str = "default") -> tuple[str, ...]:
    """The ordered stages of ``mode``; an unknown mode is a usage error."""
    try:
        return CHAINS[mode]
    except KeyError:
        raise UsageError(f"unknown mode {mode!r} (modes: {', '.join(MODES)})") from None


def _index(current: str, mode: str) -> tuple[tuple[str, ...], int]:
    chain = stages(mode)
    if current not in chain:
        raise UsageError(f"unknown stage {current!r} for mode {mode} (stages: {', '.join(chain)})")
    return chain, chain.index(current)


def next_stage(current: str, mode: str = "default") -> str | None:
    """The stage after ``current``, or ``None`` when ``current`` is the terminal stage."""
    chain, i = _index(current, mode)
    return chain[i + 1] if i + 1 < len(chain) else None


def prev_stage(current: str, mode: str = "default") -> str | None:
    """The stage before ``current``, or ``None`` at the first stage."""
    chain, i = _index(current, mode)
    return chain[i - 1] if i > 0 else None


def terminal_stage(mode: str = "default") -> str:
    """The last stage of ``mode``."""
    return stages(mode)[-1]


def check_stage(stage: str) -> str:
    """Return ``stage`` if it belongs to some chain; otherwise raise a usage error."""
    if stage not in ALL_STAGES:
        raise UsageError(f"unknown stage {stage!r} (stages: {', '.join(ALL_STAGES)})")
    return stage
