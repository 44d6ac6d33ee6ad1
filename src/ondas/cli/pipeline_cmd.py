"""``ondas pipeline``: the stage machine and the artifact validators."""

from __future__ import annotations

from pathlib import Path

from ondas.cli._common import JsonOption, call, emit_json
from ondas.cli.framework import App, Argument, Exit, Option
from ondas.pipeline import artifacts, stages
from ondas.pipeline.findings import Finding, is_ok
from ondas.pipeline.validators import artifact_path, detect_completion, validate_tasks

app = App(
    help="The stage machine (stages per mode) and the artifact validators.",
    no_args_is_help=True,
)

ModeOption = Option("default", "--mode", help="default, roadmap or single-feature.")


@app.command("stages")
def stages_cmd(mode: str = ModeOption, as_json: bool = JsonOption) -> None:
    """List the stages of a mode, in order."""
    chain = call(lambda: stages.stages(mode))
    if as_json:
        emit_json(list(chain))
    else:
        print("\n".join(chain))


def _neighbour(value: str | None, as_json: bool) -> None:
    if as_json:
        emit_json(value)
    elif value is not None:
        print(value)


@app.command("next-stage")
def next_stage_cmd(
    current: str = Option(..., "--current", help="The stage just finished."),
    mode: str = ModeOption,
    as_json: bool = JsonOption,
) -> None:
    """Print the stage after --current; print nothing at the terminal stage."""
    _neighbour(call(lambda: stages.next_stage(current, mode)), as_json)


@app.command("prev-stage")
def prev_stage_cmd(
    current: str = Option(..., "--current", help="The current stage."),
    mode: str = ModeOption,
    as_json: bool = JsonOption,
) -> None:
    """Print the stage before --current; print nothing at the first stage."""
    _neighbour(call(lambda: stages.prev_stage(current, mode)), as_json)


def _report(findings: list[Finding], as_json: bool, extra: dict[str, object]) -> None:
    ok = is_ok(findings)
    if as_json:
        emit_json({**extra, "ok": ok, "findings": [f.to_dict() for f in findings]})
    else:
        for finding in findings:
            print(finding.line())
    if not ok:
        raise Exit(1)


@app.command("detect-completion")
def detect_completion_cmd(
    stage: str = Option(..., "--stage", help="The stage whose artifact is checked."),
    project: Path = Option(Path("."), "--project", help="The target project."),
    feature_dir: str = Option(
        None,
        "--feature-dir",
        help="Feature directory: a name under docs/specs, or a path (default: the only one).",
    ),
    as_json: bool = JsonOption,
) -> None:
    """Exit 0 when the stage's artifact exists and is valid; else print FINDING lines, exit 1.

    Each line is FINDING|<severity>|<rule>|<detail>; warnings alone do not fail the stage.
    """
    findings = call(lambda: detect_completion(stage, project, feature_dir))
    path = call(lambda: artifact_path(stage, project, feature_dir))
    _report(findings, as_json, {"stage": stage, "artifact": str(path) if path else None})


@app.command("validate-tasks")
def validate_tasks_cmd(
    path: Path = Argument(..., help="The tasks.md file."),
    as_json: bool = JsonOption,
) -> None:
    """Check one tasks.md against the tasks template alone (exit 1 when invalid)."""
    _report(validate_tasks(path), as_json, {"path": str(path)})


@app.command("template")
def template_cmd(
    stage: str = Option(..., "--stage", help="A stage, or an artifact key like tasks."),
) -> None:
    """Print the Markdown skeleton the stage's artifact must follow."""
    print(call(lambda: artifacts.render_skeleton(stage)), end="")


@app.command("rules")
def rules_cmd(
    stage: str = Option(None, "--stage", help="One stage (default: every stage)."),
    as_json: bool = JsonOption,
) -> None:
    """Print what each stage must leave behind for detect-completion to pass."""
    chosen = [stage] if stage else list(stages.ALL_STAGES)
    texts = {s: call(lambda s=s: artifacts.describe(s)) for s in chosen}  # type: ignore[misc]
    if as_json:
        emit_json(texts)
    else:
        print("\n\n".join(texts.values()))
