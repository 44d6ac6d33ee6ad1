"""The prompts of sovai's roles: what each agent is asked, with its answer schema.

The structured facts travel in the request's ``context`` too (the scripted backend reads
them); the prompt is what a real model reads. Every prompt ends by asking for one fenced
JSON object matching the role's schema, which the code then validates.
"""

from __future__ import annotations

import json
from typing import Any

from ondas.sovai import schemas

RULES = (
    "You run unattended inside the sovai build engine of ondas. Never ask a question: when "
    "something needs a person (credentials, an architecture decision, anything outside the "
    "plan's scope, anything destructive or irreversible), do not do it; say so in your "
    "answer. Work only inside the current directory. Never push, publish or delete history."
)


def _answer(schema: dict[str, Any], name: str) -> str:
    return (
        f"\n\nEnd your answer with exactly one fenced ```json block holding the {name} object "
        f"(JSON Schema):\n```json\n{json.dumps(schema, indent=1)}\n```\n"
    )


def _findings(ctx: dict[str, Any]) -> str:
    found = ctx.get("findings") or []
    if not found:
        return ""
    return "\n\nYour previous answer was refused: " + "; ".join(found) + ". Answer again."


def decompose(ctx: dict[str, Any]) -> str:
    """Round 1: the whole plan; later rounds: only the delta the review asks for."""
    if ctx["round"] == 1:
        head = (
            "SOVAI DECOMPOSE (round 1). Decompose this plan into tasks an engineer can do "
            "one by one: each with an id (T1, T2...), the files it touches, whether it can run "
            "in parallel with others, the tasks it depends on, and its complexity (mechanical "
            "for rote edits, else standard). Never re-architect: a hole that needs an "
            "architecture decision, a credential or anything a person must provide is a "
            f"blocker, not a task.\n\nPLAN ({ctx['plan_path']}):\n{ctx['plan_text']}"
        )
    else:
        head = (
            f"SOVAI DECOMPOSE (round {ctx['round']}: delta only). The build review found the "
            "gaps below. Answer only with the tasks that close them: an existing task id with "
            "done=false to redo it, or new ids for missing tasks. Do not repeat finished "
            "tasks.\n\nGAPS:\n"
            + json.dumps(ctx.get("feedback", []), indent=1)
            + "\n\nMISSING TASKS:\n"
            + json.dumps(ctx.get("missing", []), indent=1)
            + "\n\nDIAGNOSES:\n"
            + json.dumps(ctx.get("diagnoses", {}), indent=1)
            + "\n\nCURRENT TASKS:\n"
            + json.dumps(ctx.get("tasks", []), indent=1)
            + f"\n\nPLAN ({ctx['plan_path']}):\n{ctx['plan_text']}"
        )
    return head + _findings(ctx) + _answer(schemas.DECOMP, "DECOMP")


def execute(ctx: dict[str, Any]) -> str:
    """One task for one executor."""
    task = ctx["task"]
    parts = [
        f"SOVAI EXECUTE task {task['id']}: {task['desc']}",
        f"Files: {', '.join(task['files']) or 'as needed'}",
        f"Attempt {ctx['attempt']} (round {ctx['round']}).",
    ]
    if ctx.get("feedback"):
        parts.append("The review found: " + "; ".join(ctx["feedback"]))
    if ctx.get("diagnosis"):
        parts.append("Root-cause diagnosis to apply: " + json.dumps(ctx["diagnosis"]))
    if ctx.get("test_command"):
        parts.append(f"The project's tests run with: {ctx['test_command']}")
    parts.append(f"The whole plan, for context:\n{ctx['plan_text']}")
    return "\n".join(parts) + _findings(ctx) + _answer(schemas.TASK_RESULT, "TASK_RESULT")


def review(ctx: dict[str, Any]) -> str:
    """The build reviewer (or the final confirm pass) against the decomposition."""
    kind = "CONFIRM (final, independent)" if ctx.get("confirm") else "REVIEW"
    return (
        f"SOVAI {kind} round {ctx['round']}. Check the work in this directory for "
        "completeness and cohesion against the decomposition below (the contract), not "
        "against the macro plan. Report each gap with the task id and a severity: P0 broken, "
        "P1 must fix, P2 should fix, P3 nit. List tasks the decomposition misses.\n\n"
        "DECOMPOSITION:\n"
        + json.dumps(ctx.get("tasks", []), indent=1)
        + "\n\nTESTS:\n"
        + json.dumps(ctx.get("tests"), indent=1)
        + _findings(ctx)
        + _answer(schemas.BUILD_REVIEW, "BUILD_REVIEW")
    )


def diagnose(ctx: dict[str, Any]) -> str:
    """Root cause of a task that keeps coming back."""
    return (
        f"SOVAI DIAGNOSE task {ctx['task']['id']}: {ctx['task']['desc']}. The review flagged it "
        f"{ctx['count']} rounds in a row:\n"
        + "\n".join(f"- {p}" for p in ctx.get("problems", []))
        + "\nFind the root cause (read the code, do not change it) and say how to fix it."
        + _findings(ctx)
        + _answer(schemas.DIAGNOSIS, "DIAGNOSIS")
    )


def fix(ctx: dict[str, Any]) -> str:
    """Make the failing QA checks pass (one attempt of the fix-and-revert loop)."""
    return (
        f"SOVAI QA FIX attempt {ctx['attempt']} of {ctx['attempts']}. The project's QA gate "
        "failed after the build. Fix the code so that the failing checks below pass; do not "
        "weaken or delete a check, a test or its configuration. If this attempt leaves the "
        "gate red on the last attempt, every change of the fix attempts is reverted.\n\n"
        "FAILING CHECKS:\n"
        + json.dumps(ctx.get("checks", []), indent=1)
        + f"\n\nThe whole plan, for context:\n{ctx['plan_text']}"
        + _findings(ctx)
        + _answer(schemas.TASK_RESULT, "TASK_RESULT")
    )


def docs(ctx: dict[str, Any]) -> str:
    """Update the project's docs for what was built."""
    return (
        "SOVAI DOCS. Update the project's documentation (README or docs/) so it describes "
        "what was just built. Change docs only, no code.\n\nBUILT TASKS:\n"
        + json.dumps(ctx.get("tasks", []), indent=1)
        + _findings(ctx)
        + _answer(schemas.DOCS, "DOCS")
    )
