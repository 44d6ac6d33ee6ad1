"""Stage prompt templates: one jinja2 markdown file per stage, overridable per project.

A project overrides a stage with ``<project>/.ondas/skills/<stage>.md``; the override is
rendered in a sandboxed environment with the same context and may include ``_frame.md``.
The orchestrator records the use of an override as a decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from ondas.errors import UsageError
from ondas.templating import Shipped

SKILLS_DIR = Path(__file__).resolve().parent
FRAME = "_frame.md"
FLAVOUR = "skills"
"""The name under which :mod:`ondas.templating` stores the stage templates."""


@dataclass(frozen=True)
class RenderedSkill:
    """A rendered stage prompt and where its template came from."""

    stage: str
    text: str
    source: Path
    overridden: bool


ROLES = ("clarify-answer", "clarify-ask", "key-aspects", "retro", "security-review")
"""Templates of roles: agent calls inside a stage's wave that answer validated JSON."""


def builtin_stages() -> list[str]:
    """The stages that ship a template."""
    return sorted(
        p.stem
        for p in SKILLS_DIR.glob("*.md")
        if not p.name.startswith("_") and p.stem not in ROLES
    )


def override_path(project: Path, stage: str) -> Path:
    """Where a project's override of ``stage`` lives."""
    return project / ".ondas" / "skills" / f"{stage}.md"


@lru_cache(maxsize=8)
def _environment(search: tuple[Path, ...]) -> jinja2.Environment:
    """One environment per search path and process: each template is compiled once, not at
    every stage's prompt (jinja2 recompiles a template whose file changed, so an override
    edited during a run still takes effect); the shipped ones are compiled ahead of time
    (:mod:`ondas.templating`: an override's text differs, so it is compiled as before)."""
    return SandboxedEnvironment(
        loader=jinja2.FileSystemLoader([str(p) for p in search]),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
        bytecode_cache=Shipped(FLAVOUR),
    )


def _axes() -> list[str]:
    from ondas.audit.decisions import AXES

    return list(AXES)


def render(stage: str, context: dict[str, Any], project: Path | None = None) -> RenderedSkill:
    """Render the template of ``stage`` with ``context`` (the project's override wins)."""
    override = override_path(project, stage) if project is not None else None
    if override is not None and override.is_file():
        env = _environment((override.parent, SKILLS_DIR))
        source, overridden = override, True
    else:
        source, overridden = SKILLS_DIR / f"{stage}.md", False
        if not source.is_file():
            raise UsageError(f"no skill template for stage {stage!r}")
        env = _environment((SKILLS_DIR,))
    try:
        text = env.get_template(source.name).render(
            {"default_axes": _axes(), **context, "stage": stage}
        )
    except jinja2.TemplateError as exc:
        raise UsageError(f"skill template {source} cannot be rendered: {exc}") from exc
    return RenderedSkill(stage=stage, text=text, source=source, overridden=overridden)
