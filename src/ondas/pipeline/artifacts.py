"""What each stage must leave behind: the one source of truth for templates and validators.

Prompts render their skeletons with :func:`render_skeleton` and :func:`describe`; the
validators in :mod:`ondas.pipeline.validators` read the same :data:`ARTIFACTS` and the stage
table :data:`ondas.pipeline.stages.STAGES`, so the two can never disagree. ``docs/artifacts.md``
is the prose version and a test keeps it in step with this module.
"""

from __future__ import annotations

from dataclasses import dataclass

from ondas.pipeline.stages import STAGES
from ondas.pipeline.stages import spec as stage_spec


@dataclass(frozen=True)
class SectionSpec:
    """One required section: its canonical heading, accepted aliases and what goes in it."""

    name: str
    hint: str
    aliases: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The canonical heading followed by every accepted alias."""
        return (self.name, *self.aliases)


@dataclass(frozen=True)
class ArtifactSpec:
    """A Markdown artifact: where it lives and which sections it needs."""

    key: str
    path: str
    title: str
    sections: tuple[SectionSpec, ...]
    min_sections: int | None = None
    """How many of ``sections`` must be present with content; ``None`` means all."""
    placeholder_severity: str = "error"
    legacy_paths: tuple[str, ...] = ()

    @property
    def feature_scoped(self) -> bool:
        """True when the artifact lives in a feature directory."""
        return "<feature>" in self.path


S = SectionSpec

BRIEFING = ArtifactSpec(
    key="briefing",
    path="docs/briefing.md",
    legacy_paths=("docs/01-briefing-discovery/briefing.md",),
    title="Briefing: <project name>",
    min_sections=4,
    placeholder_severity="warning",
    sections=(
        S("Problem", "What hurts today and for whom.", ("problema", "context", "contexto")),
        S("Users", "Who uses it and what they need.", ("target users", "usuarios", "publico alvo")),
        S("Goals", "Outcomes the project must reach.", ("objectives", "objetivos", "metas")),
        S("Scope", "What is in and what is explicitly out.", ("escopo",)),
        S(
            "Functional Requirements",
            "What the system must do, one bullet each.",
            ("requirements", "requisitos funcionais", "requisitos"),
        ),
        S("Constraints", "Technical, legal, budget, time.", ("restricoes",)),
        S(
            "Success Criteria",
            "How we know it worked, measurably.",
            ("criterios de sucesso", "acceptance"),
        ),
        S(
            "Key Aspects",
            "The few things the run must never drift away from.",
            ("aspectos chave", "aspectos criticos"),
        ),
    ),
)

CONSTITUTION = ArtifactSpec(
    key="constitution",
    path="docs/constitution.md",
    title="Constitution: <project name>",
    sections=(
        S(
            "Principles",
            "Numbered, testable engineering principles the code must follow.",
            ("core principles", "principios"),
        ),
        S(
            "Quality Standards",
            "Tests, coverage, linting and review rules.",
            ("quality", "quality gates", "qualidade", "padroes de qualidade"),
        ),
        S(
            "Governance",
            "How the constitution is changed and who decides.",
            ("governanca",),
        ),
    ),
)

SPEC = ArtifactSpec(
    key="spec",
    path="docs/specs/<feature>/spec.md",
    title="Feature Specification: <feature name>",
    sections=(
        S("Overview", "What the feature is and why it exists.", ("summary", "visao geral")),
        S(
            "User Stories",
            "As a <role>, I want <capability>, so that <benefit>.",
            ("user scenarios", "historias de usuario"),
        ),
        S(
            "Functional Requirements",
            "FR-001 style numbered requirements, each testable.",
            ("requirements", "requisitos funcionais"),
        ),
        S(
            "Acceptance Criteria",
            "Given/When/Then scenarios that decide done.",
            ("success criteria", "criterios de aceitacao"),
        ),
        S("Out of Scope", "What this feature deliberately does not do.", ("fora do escopo",)),
    ),
)

PLAN = ArtifactSpec(
    key="plan",
    path="docs/specs/<feature>/plan.md",
    title="Implementation Plan: <feature name>",
    sections=(
        S("Summary", "The approach in a few sentences.", ("overview", "resumo")),
        S(
            "Technical Context",
            "Language, frameworks, storage, versions.",
            ("technology stack", "tech stack", "stack", "contexto tecnico"),
        ),
        S("Architecture", "Components, data flow and interfaces.", ("arquitetura", "design")),
        S(
            "Testing Strategy",
            "What is tested how: unit, integration, end to end.",
            ("tests", "testing", "estrategia de testes"),
        ),
        S("Risks", "What could go wrong and the mitigation.", ("riscos",)),
    ),
)

CHECKLIST = ArtifactSpec(
    key="checklist",
    path="docs/specs/<feature>/checklist.md",
    title="Requirements Checklist: <feature name>",
    sections=(
        S("Completeness", "- [ ] CHK001 Are all ... specified?", ("completude",)),
        S("Clarity", "- [ ] CHK010 Is ... quantified?", ("clareza",)),
        S("Consistency", "- [ ] CHK020 Do ... agree with ...?", ("consistencia",)),
        S("Testability", "- [ ] CHK030 Can ... be verified by a test?", ("testabilidade",)),
    ),
)

TASKS = ArtifactSpec(
    key="tasks",
    path="docs/specs/<feature>/tasks.md",
    title="Tasks: <feature name>",
    placeholder_severity="warning",
    sections=(
        S(
            "Legend",
            "[C] critical, [A] high (alta), [M] medium (media); - [ ] open, - [x] done.",
            ("legenda",),
        ),
        S(
            "Dependency Matrix",
            "A table: task id | depends on (ids or -).",
            ("dependencies", "matriz de dependencias", "dependencias"),
        ),
        S(
            "Quantitative Summary",
            "Total tasks, tasks per phase, tasks per criticality.",
            ("summary", "resumo quantitativo"),
        ),
        S("Covered Scope", "What these tasks deliver.", ("scope covered", "escopo coberto")),
        S(
            "Excluded Scope",
            "What is deliberately left out.",
            ("out of scope", "scope excluded", "escopo excluido", "fora do escopo"),
        ),
    ),
)

ROADMAP = ArtifactSpec(
    key="roadmap",
    path="docs/roadmap.md",
    title="Roadmap: <project name>",
    sections=(),
)

REVIEW = ArtifactSpec(
    key="review",
    path="docs/specs/<feature>/review.md",
    title="Review: <feature name>",
    sections=(
        S("Summary", "What was reviewed against which spec.", ("resumo",)),
        S("Findings", "Each problem with file, severity and fix.", ("achados",)),
        S("Verdict", "APPROVED or CHANGES REQUESTED on the first line.", ("veredito",)),
    ),
)

FEATURES_REVIEW = ArtifactSpec(
    key="features-review",
    path="docs/features-review.md",
    title="Features Review: <project name>",
    sections=(
        S("Features Reviewed", "Each feature directory and its review verdict.", ("features",)),
        S("Findings", "Cross-feature problems: gaps, overlaps, regressions.", ("achados",)),
        S("Verdict", "APPROVED or CHANGES REQUESTED on the first line.", ("veredito",)),
    ),
)

ARTIFACTS: dict[str, ArtifactSpec] = {
    a.key: a
    for a in (
        BRIEFING,
        CONSTITUTION,
        SPEC,
        PLAN,
        CHECKLIST,
        TASKS,
        REVIEW,
        FEATURES_REVIEW,
        ROADMAP,
    )
}

CRITICALITY = {"C": "critical", "A": "high (alta)", "M": "medium (media)"}
ROADMAP_FIELDS: dict[str, tuple[str, ...]] = {
    "slug": ("slug", "feature dir", "feature"),
    "goal": ("goal", "objetivo", "objective"),
    "priority": ("priority", "prioridade"),
    "depends_on": ("depends on", "dependencies", "depende de", "dependencias"),
}
ROADMAP_PRIORITIES = ("P1", "P2", "P3", "high", "medium", "low")
CLARIFICATIONS = SectionSpec(
    "Clarifications", "Each question asked and the answer chosen.", ("esclarecimentos",)
)
VERDICTS = ("APPROVED", "CHANGES REQUESTED")


def artifact_for(stage: str) -> ArtifactSpec:
    """The artifact a stage is judged by."""
    return ARTIFACTS[stage_spec(stage).artifact]


def layout_key(artifact: str) -> str:
    """The key of ``artifact`` in a project's layout (the prompt templates' ``paths``)."""
    return artifact.replace("-", "_")


def layout_paths(feature: str) -> dict[str, str]:
    """Layout key -> path relative to the project root, for the feature ``feature``."""
    return {layout_key(a.key): a.path.replace("<feature>", feature) for a in ARTIFACTS.values()}


def written_path(stage: str, feature: str) -> str:
    """Where the artifact ``stage`` writes lives, for the feature ``feature``."""
    return layout_paths(feature)[layout_key(stage_spec(stage).written)]


def _render_sections(spec: ArtifactSpec) -> list[str]:
    out: list[str] = []
    for section in spec.sections:
        out += [f"## {section.name}", "", f"TODO: {section.hint}", ""]
    return out


def _render_tasks() -> list[str]:
    legend = [
        "## Legend",
        "",
        *(f"- `[{k}]` {v}" for k, v in CRITICALITY.items()),
        "- `- [ ]` open, `- [x]` done; ids are `<phase>.<n>`",
        "",
    ]
    phases = [
        "## Phase 1: <name>",
        "",
        "- [ ] 1.1 [C] <first task, imperative, one outcome>",
        "- [ ] 1.2 [A] <next task>",
        "",
        "## Phase 2: <name>",
        "",
        "- [ ] 2.1 [M] <task>",
        "",
    ]
    rest: list[str] = []
    for section in TASKS.sections[1:]:
        rest += [f"## {section.name}", "", f"TODO: {section.hint}", ""]
    return legend + phases + rest


def _render_roadmap() -> list[str]:
    return [
        "## F1: <feature title>",
        "",
        "- **Slug**: <feature-directory-name>",
        "- **Goal**: <what the feature delivers>",
        f"- **Priority**: <one of {', '.join(ROADMAP_PRIORITIES)}>",
        "- **Depends on**: none",
        "",
        "## F2: <feature title>",
        "",
        "- **Slug**: <feature-directory-name>",
        "- **Goal**: <what the feature delivers>",
        "- **Priority**: P2",
        "- **Depends on**: F1",
        "",
    ]


def render_skeleton(stage_or_artifact: str) -> str:
    """The Markdown skeleton of an artifact (by stage or artifact key) for prompts.

    An unfilled skeleton is never faulted on structure, only on its ``TODO`` placeholders
    (errors for prose artifacts, warnings for tasks.md) and on its empty sections.
    """
    spec = ARTIFACTS.get(stage_or_artifact) or artifact_for(stage_or_artifact)
    lines = [f"# {spec.title}", ""]
    if spec.key == "tasks":
        lines += _render_tasks()
    elif spec.key == "roadmap":
        lines += _render_roadmap()
    else:
        lines += _render_sections(spec)
        row = STAGES.get(stage_or_artifact)
        if row is not None and row.validator == "clarified":
            lines += [f"## {CLARIFICATIONS.name}", "", f"TODO: {CLARIFICATIONS.hint}", ""]
    return "\n".join(lines).rstrip() + "\n"


def describe(stage: str) -> str:
    """A plain-text statement of what ``stage`` must leave behind, for prompts and docs."""
    check = stage_spec(stage)
    spec = ARTIFACTS[check.artifact]
    paths = " (or legacy " + ", ".join(spec.legacy_paths) + ")" if spec.legacy_paths else ""
    lines = [f"Stage {stage}: {spec.path}{paths} — {check.requires}."]
    if spec.sections:
        if spec.key == "tasks":
            need = "each missing one is a warning"
        elif spec.min_sections is None:
            need = "all of"
        else:
            need = f"at least {spec.min_sections} of"
        lines.append(f"Sections ({need}): " + "; ".join(s.name for s in spec.sections) + ".")
    if spec.key == "tasks":
        lines.append(
            "Phases headed 'Phase N' or 'FASE N'; each task '- [ ] N.M [C|A|M] text' "
            "under its phase."
        )
    if spec.key == "roadmap":
        lines.append(
            "Each entry a heading '## F<n>: title' with fields: "
            + ", ".join(f"{names[0]}" for names in ROADMAP_FIELDS.values())
            + "."
        )
    return "\n".join(lines)
