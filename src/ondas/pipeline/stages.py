"""The stage table and the stage machine: every fact about a stage lives in one row.

:data:`STAGES` says, per stage, which artifact judges it (and which the stage writes), what
completion requires, which validator checks it, which gates run after it, whether its prompt
carries the artifact skeleton, which roles it asks, how the wave loop runs it, its default
model, whether recalled knowledge goes into its prompt, and its progress tip. Every reader
(validators, prompts, gates, the wave loop, the report, the model map, recall) looks the
stage up here, so adding a stage is one row plus its prompt template (and its place in a
chain).

``default`` is the full spec-driven chain; ``roadmap`` stops after writing a roadmap of
features; ``single-feature`` is the default chain for one feature and ends at ``review-task``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ondas.errors import UsageError

RUNNERS = ("prose", "tasks", "clarify", "constitution")
"""How the wave loop runs a stage: one prose agent call, the task executor, the clarify
dialogue, or the constitution check."""
COMPLETIONS = ("artifact", "suite", "verdict")
"""What completes a stage past its artifact: nothing more, a green suite, a review verdict."""
VALIDATORS = ("sections", "clarified", "tasks-done", "converged")
"""The completion validators of :mod:`ondas.pipeline.validators` a stage may name."""


@dataclass(frozen=True)
class StageSpec:
    """One row of the stage table."""

    name: str
    artifact: str
    """Key of :data:`ondas.pipeline.artifacts.ARTIFACTS` the stage is judged by."""
    requires: str
    """What ``detect-completion`` requires, in words (prompts and ``docs/artifacts.md``)."""
    model: str
    """The default model of the stage's waves (``[models]`` in config.toml overrides it)."""
    tip: str
    """Shown the first time a wave of the stage starts."""
    writes: str = ""
    """Artifact key the stage writes (the report's artifact column); ``artifact`` when empty."""
    validator: str = "sections"
    gates: tuple[tuple[str, str], ...] = ()
    """(gate, row of ``gate_modes.toml``) run after the stage completes."""
    skeleton: bool = True
    """Whether the stage's prompt carries its artifact's skeleton."""
    roles: tuple[str, ...] = ()
    """Roles (one-answer agent calls) the stage's wave may ask."""
    runner: str = "prose"
    completion: str = "artifact"
    recalls: bool = False
    """Whether knowledge recalled from earlier runs goes into the stage's prompt."""

    @property
    def prompt(self) -> str:
        """The stem of the stage's prompt template (``ondas/skills/<prompt>.md``)."""
        return self.name

    @property
    def written(self) -> str:
        """The artifact key the stage writes."""
        return self.writes or self.artifact


STAGES: dict[str, StageSpec] = {
    s.name: s
    for s in (
        StageSpec(
            "briefing",
            "briefing",
            "a title and at least 4 core sections with content",
            model="opus",
            tip="the briefing frames every later stage; read docs/briefing.md when it closes",
            gates=(("docs", "briefing"),),
            roles=("key-aspects",),
        ),
        StageSpec(
            "constitution",
            "constitution",
            "a title and every section; no TBD/TODO",
            model="opus",
            tip="principles every stage respects; an existing one is kept unless you say",
            gates=(("docs", "constitution"),),
            runner="constitution",
        ),
        StageSpec(
            "specify",
            "spec",
            "a title and every section; no TBD/TODO",
            model="opus",
            tip="what to build, not how; every external fact it names must be backed (fact check)",
            gates=(("docs", "specify"), ("facts", "facts")),
            recalls=True,
        ),
        StageSpec(
            "clarify",
            "spec",
            "a valid spec with a non-empty Clarifications section and no "
            "[NEEDS CLARIFICATION] marker left",
            model="sonnet",
            tip="structural questions come to you as blocks: ondas resume --answer TEXT",
            validator="clarified",
            roles=("clarify-ask", "clarify-answer"),
            runner="clarify",
        ),
        StageSpec(
            "plan",
            "plan",
            "a title and every section; no TBD/TODO",
            model="opus",
            tip="the technical plan; its endpoints and libraries must be backed (fact check)",
            gates=(("docs", "plan"), ("facts", "facts"), ("security", "plan-security")),
            roles=("security-review",),
            recalls=True,
        ),
        StageSpec(
            "checklist",
            "checklist",
            "a title, every section, at least one checkbox item; no TBD/TODO",
            model="haiku",
            tip="requirements quality, not tests: each item names what it checks",
            gates=(("docs", "checklist"),),
        ),
        StageSpec(
            "create-tasks",
            "tasks",
            "tasks.md following the tasks template",
            model="sonnet",
            tip="small tasks in phases; [P] marks what may run in parallel",
        ),
        StageSpec(
            "execute-task",
            "tasks",
            "a valid tasks.md whose every task is checked",
            model="sonnet",
            tip="a task passes only on test evidence ondas ran itself",
            validator="tasks-done",
            skeleton=False,
            runner="tasks",
        ),
        StageSpec(
            "converge",
            "tasks",
            "every task checked and every checklist.md item checked (each requirement "
            "verified against the implementation)",
            model="keep-current",
            tip="the whole suite runs again; the checklist is ticked only against evidence",
            writes="checklist",
            validator="converged",
            skeleton=False,
            completion="suite",
        ),
        StageSpec(
            "review-task",
            "review",
            "review.md with every section and a verdict of APPROVED or CHANGES REQUESTED",
            model="opus",
            tip="APPROVED or CHANGES REQUESTED; changes send the run back to execute-task",
            gates=(("security", "security"),),
            roles=("security-review",),
            completion="verdict",
        ),
        StageSpec(
            "review-features",
            "features-review",
            "docs/features-review.md with every section and a verdict",
            model="opus",
            tip="the last look across features; an approved one joins the living spec",
            gates=(("docs", "review"), ("delta", "delta")),
            completion="verdict",
        ),
        StageSpec(
            "roadmap",
            "roadmap",
            "at least one entry, each with every required field, known dependencies, no cycle",
            model="opus",
            tip="features in dependency order; each runs as its own feature branch",
            skeleton=False,
        ),
    )
}

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
ALL_STAGES: tuple[str, ...] = tuple(STAGES)


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


def spec(stage: str) -> StageSpec:
    """The table row of ``stage``; an unknown stage is a usage error."""
    return STAGES[check_stage(stage)]


def with_completion(completion: str) -> tuple[str, ...]:
    """The stages completed by ``completion`` (``suite``, ``verdict``), in table order."""
    return tuple(s.name for s in STAGES.values() if s.completion == completion)
