"""What ``completed`` means, in code: evidence per task, a green suite, approving reviews.

A review that requests changes sends the pipeline back to execute-task with its findings as
new tasks (a retro, counted by :mod:`ondas.limits.retro`); past the retro limit a person
decides. The execution completes only when every task passed on evidence, the whole test
suite is green and the last review of each review stage approved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ondas.audit import blocks as blocks_mod
from ondas.audit import events as events_mod
from ondas.audit import tasks as tasks_mod
from ondas.errors import LimitAbort
from ondas.limits import retro
from ondas.orchestrator.context import layout_for
from ondas.orchestrator.settings import VERDICT_EVENT
from ondas.pipeline.artifacts import layout_key
from ondas.pipeline.review import (
    CHANGES_REQUESTED,
    ReviewFinding,
    ReviewVerdict,
    findings_as_tasks,
    parse_review,
)
from ondas.pipeline.stages import STAGES, stages, with_completion
from ondas.runtime.testrun import TestRun, run_tests, suite_green
from ondas.state.execution import get_execution
from ondas.state.export import atomic_write
from ondas.state.store import Store

REVIEW_STAGES = with_completion("verdict")
SUITE_EVENT = "suite_run"
NO_TESTS = (
    "no test command was detected in the project: add tests the runtime can run before (or "
    "with) the code — for Python a tests/ package of test_*.py files or a pytest configuration"
)
NO_TESTS_RAN = "the test command ran but reported no test: add tests that cover the task"
REVIEW_FIX_EVENT = "review_fix_tasks"
NO_CHANGE = (
    "this task fixes a review finding but changed no file: a fix that changes nothing cannot "
    "pass; change the code (and its tests) so the finding is resolved"
)


def suite_problem(command: str | None, run: TestRun | None) -> str | None:
    """Why ``run`` is not evidence of a green suite (``None`` when it is)."""
    if command is None or run is None:
        return NO_TESTS
    if suite_green(run):
        return None
    if run.no_tests:
        return f"{NO_TESTS_RAN} ({command})"
    return (
        f"the test suite fails ({command}: exit {run.exit_code}, "
        f"{run.tests_passed}/{run.tests_run} passed): {run.output_tail[-600:]}"
    )


def run_suite(
    store: Store, project: Path, command: str | None, stage: str, *, sandbox: bool
) -> TestRun | None:
    """Run the whole suite once (sandboxed unless ``sandbox`` is False) and record the run as
    a ``suite_run`` event."""
    run = run_tests(project, command, sandbox=sandbox) if command else None
    events_mod.add_event(
        store,
        SUITE_EVENT,
        f"{stage}: " + ("green" if suite_green(run) else "not green"),
        data={
            "stage": stage,
            "test_command": command,
            "tests_run": run.tests_run if run else 0,
            "tests_passed": run.tests_passed if run else 0,
            "test_exit_code": run.exit_code if run else None,
            "green": suite_green(run),
        },
    )
    return run


def read_verdict(project: Path, stage: str, paths: dict[str, str]) -> ReviewVerdict:
    """The verdict of review stage ``stage`` from its artifact."""
    path = project / paths[layout_key(STAGES[stage].artifact)]
    text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
    return parse_review(text)


def record_verdict(store: Store, stage: str, verdict: ReviewVerdict, wave_id: str | None) -> None:
    """Append the ``review_verdict`` event (the shared payload named in the brief)."""
    events_mod.add_event(
        store,
        VERDICT_EVENT,
        f"{stage}: {verdict.verdict or 'unreadable'} ({len(verdict.findings)} finding(s))",
        data={
            "stage": stage,
            "verdict": verdict.verdict,
            "findings": [f.to_dict() for f in verdict.findings],
            "wave_id": wave_id,
        },
    )


def verdicts(store: Store) -> list[dict[str, Any]]:
    """Every recorded review verdict of the current execution, oldest first."""
    ex = get_execution(store)
    return [
        dict(e.payload.get("data") or {})
        for e in store.events(execution_id=ex.id, type_=VERDICT_EVENT)
    ]


def last_verdicts(store: Store) -> dict[str, dict[str, Any]]:
    """The latest verdict per review stage."""
    out: dict[str, dict[str, Any]] = {}
    for v in verdicts(store):
        out[str(v.get("stage"))] = v
    return out


@dataclass
class SendBack:
    """What a CHANGES REQUESTED did: new task ids, or a block when no retro was left."""

    task_ids: list[str] = field(default_factory=list)
    block_id: str | None = None


def send_back(store: Store, project: Path, stage: str, verdict: ReviewVerdict) -> SendBack:
    """Turn the findings into new tasks of tasks.md and consume a retro; block past the limit."""
    ex = get_execution(store)
    layout = layout_for(ex)
    summary = "; ".join(f"[{f.severity}] {f.text}" for f in verdict.findings[:8]) or "none listed"
    try:
        retro.consume(store, layout.feature)
    except LimitAbort:
        block_id = blocks_mod.register_block(
            store,
            question=(
                f"{stage} still requests changes after {retro.MAX_PER_FEATURE} rounds of fixes. "
                "Fix the findings by hand and answer (the review then runs again), or end the "
                "run with 'ondas abort'."
            ),
            context_for_answer=f"Findings: {summary}"[:2000],
            subject_key=f"review:{stage}",
        )
        return SendBack(block_id=block_id)
    findings = verdict.findings or [
        ReviewFinding("high", f"{stage} requested changes without listing findings: re-review")
    ]
    tasks_md = project / layout.paths()["tasks"]
    text = tasks_md.read_text(encoding="utf-8") if tasks_md.is_file() else ""
    round_no = retro.used(store, ex.id, layout.feature)
    updated = findings_as_tasks(text, findings, f"Review fixes ({stage}, round {round_no})")
    atomic_write(tasks_md, updated.encode())
    start = len(text.splitlines())
    ids = [
        line.split()[3]
        for line in updated.splitlines()[start:]
        if line.startswith("- [ ] ") and len(line.split()) > 3
    ]
    events_mod.add_event(
        store,
        REVIEW_FIX_EVENT,
        f"{stage}: {len(ids)} review fix task(s)",
        data={"stage": stage, "task_ids": ids},
    )
    return SendBack(task_ids=ids)


def review_fix_ids(store: Store) -> set[str]:
    """The ids of the tasks that fix review findings (recorded by :func:`send_back`, so an
    agent renaming the phase in tasks.md does not change what they are)."""
    ex = get_execution(store)
    out: set[str] = set()
    for e in store.events(execution_id=ex.id, type_=REVIEW_FIX_EVENT):
        out.update(str(i) for i in (e.payload.get("data") or {}).get("task_ids") or [])
    return out


def completion_gaps(
    store: Store, project: Path, command: str | None, mode: str, *, sandbox: bool
) -> list[str]:
    """Why the execution may not be called completed (empty when it may); the suite runs
    sandboxed unless ``sandbox`` is False (``--no-sandbox``)."""
    gaps: list[str] = []
    tasks = tasks_mod.list_tasks(store)
    if not tasks:
        gaps.append("no task was recorded with test evidence")
    bad = [t for t in tasks if not t.verified]
    if bad:
        gaps.append(
            "task(s) without passing test evidence: "
            + ", ".join(f"{t.task_id} {t.outcome}" for t in bad[:10])
        )
    run = run_suite(store, project, command, "completion", sandbox=sandbox)
    problem = suite_problem(command, run)
    if problem:
        gaps.append(problem)
    last = last_verdicts(store)
    for stage in REVIEW_STAGES:
        if stage not in stages(mode):
            continue
        verdict = last.get(stage, {}).get("verdict")
        if verdict != "APPROVED":
            gaps.append(f"the last {stage} verdict is {verdict or 'missing'}, not APPROVED")
    return gaps


def block_completion(store: Store, gaps: list[str]) -> str:
    """A human block stating why the run cannot be called completed."""
    return blocks_mod.register_block(
        store,
        question=(
            "The pipeline reached its end but the work is not verified, so the run is not "
            "completed. Fix what is listed (add tests, fix failures), then answer to re-check, "
            "or end the run with 'ondas abort'."
        ),
        context_for_answer="; ".join(gaps)[:2000],
        subject_key="completion",
    )


__all__ = [
    "CHANGES_REQUESTED",
    "NO_TESTS",
    "REVIEW_STAGES",
    "SendBack",
    "block_completion",
    "completion_gaps",
    "last_verdicts",
    "read_verdict",
    "record_verdict",
    "review_fix_ids",
    "run_suite",
    "send_back",
    "suite_green",
    "suite_problem",
    "verdicts",
]
