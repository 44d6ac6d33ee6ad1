"""The execution context a stage prompt is rendered with, and where each artifact lives."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ondas.pipeline.artifacts import layout_paths, written_path
from ondas.pipeline.stages import STAGES
from ondas.state.execution import Execution

TIER_SENTENCES: dict[str, str] = {
    "local": (
        "It runs only on the developer's own machine: favour the simplest thing that works; "
        "no authentication, hardening or operations work is needed."
    ),
    "internal-network": (
        "It runs inside a private network for known users: basic authentication and input "
        "validation matter; internet-scale hardening does not."
    ),
    "cloud-internal": (
        "It runs in the cloud for internal users: authenticate every request, keep secrets "
        "out of code, log what operations need, and plan for restarts."
    ),
    "cloud-public": (
        "It faces the public internet: treat every input as hostile, authenticate and "
        "authorise everything, protect personal data, and make failures observable."
    ),
}

SKELETON_STAGES = frozenset(s.name for s in STAGES.values() if s.skeleton)
"""Stages whose prompt carries the artifact skeleton of the pipeline layer."""


@dataclass(frozen=True)
class Layout:
    """Artifact paths of one project, relative to its root."""

    feature: str

    @property
    def feature_dir(self) -> str:
        """``docs/specs/<feature>``."""
        return f"docs/specs/{self.feature}"

    def paths(self) -> dict[str, str]:
        """Artifact key -> relative path (the keys the skill templates use)."""
        return layout_paths(self.feature)

    def written(self, stage: str) -> str:
        """Where the artifact ``stage`` writes lives (the stage table's ``written`` key)."""
        return written_path(stage, self.feature)

    def artifact_files(self) -> list[str]:
        """Every artifact path, for commits."""
        return sorted(set(self.paths().values()))


def layout_for(execution: Execution) -> Layout:
    """The layout of ``execution``'s project: one feature named after the project."""
    return Layout(feature=execution.project_name)


def tier_sentence(tier: str) -> str:
    """The delivery-tier calibration sentence of ``tier``."""
    return TIER_SENTENCES.get(tier, TIER_SENTENCES["cloud-public"])


def stage_context(
    execution: Execution,
    stage: str,
    *,
    findings: list[str] | None = None,
    task: dict[str, str] | None = None,
    test_command: str | None = None,
    answers: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    """The variables a stage template is rendered with (also given to scripted backends)."""
    from ondas.audit.decisions import AXES
    from ondas.pipeline.artifacts import describe, render_skeleton
    from ondas.recall import prompt_block

    layout = layout_for(execution)
    return {
        "project_name": execution.project_name,
        "project_path": execution.project_path,
        "description": execution.description,
        "stack": execution.suggested_stack,
        "tier": execution.delivery_tier,
        "tier_sentence": tier_sentence(execution.delivery_tier),
        "paths": layout.paths(),
        "feature_dir": layout.feature_dir,
        "requirements": describe(stage),
        "skeleton": render_skeleton(stage) if stage in SKELETON_STAGES else "",
        "findings": list(findings or []),
        "task": task or {},
        "test_command": test_command,
        "answers": list(answers or []),
        "axes": list(AXES),
        "recall": prompt_block(execution, stage),
    }
