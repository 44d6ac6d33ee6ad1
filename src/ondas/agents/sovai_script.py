"""The scripted backend's sovai roles: a deterministic reading of a scripted plan.

Offline, no model: the plan itself says what each role answers. A plan is Markdown; each
``## T1: title`` section is a task with optional ``- files:``, ``- after:``, ``- parallel:
no``, ``- complexity: mechanical``, ``- check: PATH contains TEXT``, ``- diagnosis: TEXT``
and ``- impossible: WHY`` lines, and fenced code blocks ``` ```lang file=PATH``` ``` with the
content the executor writes. A block tagged ``when=attempt-N`` is written on attempt N only,
one tagged ``when=diagnosed`` once a diagnosis was given, one tagged ``when=qa-fix-N`` by the
QA fixer on its attempt N; otherwise the untagged block is.
A ``## Blocker: what`` section with a ``- needs you: why`` line is a blocker.

The reviewer checks each task's ``check`` lines against the files; the decomposer re-emits
the tasks the review flagged; the docs step appends what was built to ``README.md``.
``ONDAS_SCRIPTED_TASK_DELAY`` (seconds) makes each executor answer take that long (bench).
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ondas.agents.base import AgentRequest, AgentResult, ToolCall
from ondas.errors import UsageError

SECTION_RE = re.compile(r"^##\s+(?P<id>[A-Za-z]?\d+(?:\.\d+)*)\s*[:.-]\s*(?P<title>.+)$")
BLOCKER_RE = re.compile(r"^##\s+Blocker\s*:\s*(?P<what>.+)$", re.I)
FIELD_RE = re.compile(r"^\s*-\s*(?P<key>[a-z ]+):\s*(?P<value>.+)$", re.I)
FENCE_RE = re.compile(r"^```(?P<info>.*)$")
CHECK_RE = re.compile(
    r"^(?P<path>\S+)\s+contains\s+\"?(?P<text>.+?)\"?(?:\s+\((?P<sev>P[0-3])\))?$"
)
TASK_DELAY_ENV = "ONDAS_SCRIPTED_TASK_DELAY"


@dataclass
class Block:
    """One fenced file block of a task."""

    path: str
    content: str
    when: str = ""


@dataclass
class ScriptedTask:
    """One ``## T1: title`` section."""

    id: str
    title: str
    fields: dict[str, list[str]] = field(default_factory=dict)
    blocks: list[Block] = field(default_factory=list)

    def one(self, key: str, default: str = "") -> str:
        values = self.fields.get(key)
        return values[0] if values else default

    @property
    def files(self) -> list[str]:
        listed = [f.strip() for f in self.one("files").split(",") if f.strip()]
        return listed or sorted({b.path for b in self.blocks})


@dataclass
class ScriptedPlan:
    """A parsed scripted plan."""

    tasks: list[ScriptedTask] = field(default_factory=list)
    blockers: list[tuple[str, str]] = field(default_factory=list)

    def task(self, task_id: str) -> ScriptedTask | None:
        return next((t for t in self.tasks if t.id == task_id), None)


def parse_plan(text: str) -> ScriptedPlan:
    """Read the tasks, blockers and file blocks of a scripted plan."""
    plan = ScriptedPlan()
    current: ScriptedTask | None = None
    blocker: list[str] | None = None
    fence: Block | None = None
    lines: list[str] = []
    for line in text.splitlines():
        if fence is not None:
            if line.startswith("```"):
                fence.content = "\n".join(lines) + "\n"
                if current is not None:
                    current.blocks.append(fence)
                fence, lines = None, []
            else:
                lines.append(line)
            continue
        opened = FENCE_RE.match(line)
        if opened:
            info = dict(part.split("=", 1) for part in opened["info"].split() if "=" in part)
            fence = Block(info.get("file", ""), "", info.get("when", ""))
            if not fence.path:
                fence = Block("", "", "ignored")
            continue
        if match := SECTION_RE.match(line):
            current, blocker = ScriptedTask(match["id"], match["title"].strip()), None
            plan.tasks.append(current)
        elif match := BLOCKER_RE.match(line):
            current, blocker = None, [match["what"].strip(), ""]
            plan.blockers.append((blocker[0], ""))
        elif line.startswith("#"):
            current, blocker = None, None
        elif (match := FIELD_RE.match(line)) is not None:
            key, value = match["key"].strip().lower(), match["value"].strip()
            if current is not None:
                current.fields.setdefault(key, []).append(value)
            elif blocker is not None and key == "needs you":
                plan.blockers[-1] = (blocker[0], value)
    for task in plan.tasks:
        task.blocks = [b for b in task.blocks if b.when != "ignored"]
    return plan


def _fenced(value: dict[str, Any], summary: str) -> AgentResult:
    text = f"[scripted] {summary}\n\n```json\n{json.dumps(value, indent=1)}\n```\n"
    return AgentResult(text=text, structured=value, session_id="scripted-sovai")


def _plan(request: AgentRequest) -> ScriptedPlan:
    text = request.context.get("plan_text")
    if not isinstance(text, str):
        raise UsageError("the scripted sovai roles need the plan text in the request context")
    return parse_plan(text)


def _decomp_task(task: ScriptedTask, done: bool = False) -> dict[str, Any]:
    after = [a.strip() for a in task.one("after").split(",") if a.strip()]
    return {
        "id": task.id,
        "desc": task.title,
        "files": task.files,
        "parallelizable": task.one("parallel", "yes").lower() not in ("no", "false"),
        "dependsOn": after,
        "done": done,
        "complexity": "mechanical"
        if task.one("complexity").lower() == "mechanical"
        else "standard",
    }


def decompose(request: AgentRequest) -> AgentResult:
    """Round 1: every task and blocker; later rounds: the flagged tasks again (the delta)."""
    plan = _plan(request)
    ctx = request.context
    if ctx.get("round", 1) == 1:
        tasks = [_decomp_task(t) for t in plan.tasks]
        blockers = [
            {"what": w, "whyNeedsYou": why or "a person must do it"} for w, why in plan.blockers
        ]
        decisions = [
            {"decision": f"{t.id} runs with the mechanical role", "reason": "rote edit"}
            for t in plan.tasks
            if t.one("complexity").lower() == "mechanical"
        ]
        value = {"tasks": tasks, "blockers": blockers, "decisions": decisions}
        return _fenced(value, f"{len(tasks)} task(s), {len(blockers)} blocker(s)")
    flagged = [g.get("task_id") for g in ctx.get("feedback") or []]
    tasks = [_decomp_task(t) for t in plan.tasks if t.id in flagged]
    return _fenced({"tasks": tasks, "blockers": []}, f"delta: {len(tasks)} task(s)")


def _choose(task: ScriptedTask, attempt: int, diagnosed: bool) -> list[Block]:
    chosen: dict[str, Block] = {}
    for block in task.blocks:
        if block.when == "":
            chosen.setdefault(block.path, block)
    for block in task.blocks:
        if block.when == f"attempt-{attempt}" or (block.when == "diagnosed" and diagnosed):
            chosen[block.path] = block
    return list(chosen.values())


def execute(request: AgentRequest) -> AgentResult:
    """Write the task's blocks for this attempt; an ``impossible`` task is not done."""
    delay = os.environ.get(TASK_DELAY_ENV, "").strip()
    if delay:
        time.sleep(float(delay))
    plan = _plan(request)
    ctx = request.context
    task_id = str(ctx["task"]["id"])
    task = plan.task(task_id)
    if task is None:
        value = {
            "task_id": task_id,
            "files_touched": [],
            "summary": "",
            "done": False,
            "note": "the scripted plan has no such task",
        }
        return _fenced(value, f"{task_id}: unknown")
    impossible = task.one("impossible")
    if impossible:
        value = {
            "task_id": task_id,
            "files_touched": [],
            "summary": "skipped",
            "done": False,
            "note": impossible,
        }
        return _fenced(value, f"{task_id}: impossible")
    calls: list[ToolCall] = []
    cwd = request.cwd.resolve()
    for block in _choose(task, int(ctx.get("attempt", 1)), bool(ctx.get("diagnosis"))):
        target = (cwd / block.path).resolve()
        if not target.is_relative_to(cwd):
            raise UsageError(
                f"scripted executor refuses to write outside the project: {block.path}"
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(block.content, encoding="utf-8")
        calls.append(ToolCall("Write", {"file_path": str(target)}))
    value = {
        "task_id": task_id,
        "files_touched": sorted({b.path for b in task.blocks}),
        "summary": f"{task.title} ({len(calls)} file(s) written)",
        "done": True,
        "note": "",
    }
    result = _fenced(value, f"{task_id} done")
    result.tool_calls = calls
    return result


def _check(cwd: Path, task: ScriptedTask) -> list[dict[str, str]]:
    gaps = []
    for raw in task.fields.get("check", []):
        match = CHECK_RE.match(raw)
        if match is None:
            continue
        path = cwd / match["path"]
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        if match["text"] not in text:
            gaps.append(
                {
                    "task_id": task.id,
                    "severity": match["sev"] or "P1",
                    "problem": f"{match['path']} lacks {match['text']!r}",
                }
            )
    for raw in task.fields.get("note", []):
        gaps.append({"task_id": task.id, "severity": "P3", "problem": raw})
    return gaps


def review(request: AgentRequest) -> AgentResult:
    """Check every task's ``check`` lines; complete when every task is done."""
    plan = _plan(request)
    view = {t["id"]: t for t in request.context.get("tasks") or []}
    gaps: list[dict[str, str]] = []
    for task in plan.tasks:
        if task.id in view and view[task.id]["status"] == "done":
            gaps += _check(request.cwd, task)
    complete = bool(view) and all(t["status"] == "done" for t in view.values())
    cohesive = not any(g["severity"] in ("P0", "P1") for g in gaps)
    value = {"complete": complete, "cohesive": cohesive, "gaps": gaps, "missingTasks": []}
    return _fenced(value, f"{len(gaps)} gap(s)")


def diagnose(request: AgentRequest) -> AgentResult:
    """The plan's ``diagnosis`` line for the task, else the repeated problem itself."""
    plan = _plan(request)
    ctx = request.context
    task_id = str(ctx["task"]["id"])
    task = plan.task(task_id)
    cause = task.one("diagnosis") if task else ""
    problems = "; ".join(ctx.get("problems") or [])
    value = {
        "task_id": task_id,
        "rootCause": cause or f"the same gap keeps coming back: {problems}",
        "fix": f"address the root cause of: {problems}" if problems else "rework the task",
    }
    return _fenced(value, f"diagnosed {task_id}")


def fix(request: AgentRequest) -> AgentResult:
    """Write every block tagged ``when=qa-fix-N`` (any task) on QA fix attempt N."""
    plan = _plan(request)
    ctx = request.context
    tag = f"qa-fix-{int(ctx.get('attempt', 1))}"
    cwd = request.cwd.resolve()
    calls: list[ToolCall] = []
    written: list[str] = []
    for block in (b for t in plan.tasks for b in t.blocks if b.when == tag):
        target = (cwd / block.path).resolve()
        if not target.is_relative_to(cwd):
            raise UsageError(f"scripted fixer refuses to write outside the project: {block.path}")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(block.content, encoding="utf-8")
        calls.append(ToolCall("Write", {"file_path": str(target)}))
        written.append(block.path)
    value = {
        "task_id": str(ctx.get("task_id", "QA")),
        "files_touched": sorted(written),
        "summary": f"{len(calls)} file(s) written for {tag}",
        "done": bool(calls),
        "note": "" if calls else f"the scripted plan has no block for {tag}",
    }
    result = _fenced(value, tag)
    result.tool_calls = calls
    return result


def docs(request: AgentRequest) -> AgentResult:
    """Append what was built to README.md."""
    tasks = request.context.get("tasks") or []
    readme = request.cwd / "README.md"
    before = readme.read_text(encoding="utf-8") if readme.is_file() else ""
    lines = ["", "## Built by sovai", ""] + [f"- {t['id']}: {t['desc']}" for t in tasks]
    readme.write_text(before.rstrip("\n") + "\n" + "\n".join(lines) + "\n", encoding="utf-8")
    value = {"files_touched": ["README.md"], "summary": f"README lists {len(tasks)} built task(s)"}
    result = _fenced(value, "docs updated")
    result.tool_calls = [ToolCall("Write", {"file_path": str(readme)})]
    return result


ROLES = {
    "sovai-decompose": decompose,
    "sovai-execute": execute,
    "sovai-review": review,
    "sovai-confirm": review,
    "sovai-diagnose": diagnose,
    "sovai-docs": docs,
    "sovai-fix": fix,
}


def play(request: AgentRequest) -> AgentResult:
    """Answer a sovai role's request from the scripted plan."""
    role = ROLES.get(request.stage)
    if role is None:
        raise UsageError(f"the scripted backend has no sovai role {request.stage!r}")
    return role(request)
