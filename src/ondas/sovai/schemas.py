"""The structured answers of sovai's agents (DECOMP, TASK_RESULT, BUILD_REVIEW, DIAGNOSIS, DOCS).

Each schema is written out as JSON Schema (shown to the agent in its prompt) and checked here
by code: an answer is accepted only through :func:`parse_decomp`, :func:`parse_task_result`,
:func:`parse_review`, :func:`parse_diagnosis` or :func:`parse_docs`, which return typed values
or raise :class:`AnswerInvalid` naming every problem. The agents fill answers; every rule
(ids, dependencies, cycles, severities, paths) is the code's.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from pathlib import PurePosixPath
from typing import Any

from ondas.runtime.roles import InvalidAnswer

TASK_ID_RE = re.compile(r"^[A-Za-z]?\d+(\.\d+)*$")
COMPLEXITIES = ("standard", "mechanical")
SEVERITIES = ("P0", "P1", "P2", "P3")

_STR_LIST = {"type": "array", "items": {"type": "string"}}
_DECISIONS = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["decision", "reason"],
        "properties": {"decision": {"type": "string"}, "reason": {"type": "string"}},
    },
}

DECOMP: dict[str, Any] = {
    "type": "object",
    "required": ["tasks", "blockers"],
    "properties": {
        "tasks": {
            "type": "array",
            "items": {
                "type": "object",
                "required": [
                    "id",
                    "desc",
                    "files",
                    "parallelizable",
                    "dependsOn",
                    "done",
                    "complexity",
                ],
                "properties": {
                    "id": {"type": "string", "pattern": TASK_ID_RE.pattern},
                    "desc": {"type": "string"},
                    "files": _STR_LIST,
                    "parallelizable": {"type": "boolean"},
                    "dependsOn": _STR_LIST,
                    "done": {"type": "boolean"},
                    "complexity": {"enum": list(COMPLEXITIES)},
                },
            },
        },
        "blockers": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["what", "whyNeedsYou"],
                "properties": {"what": {"type": "string"}, "whyNeedsYou": {"type": "string"}},
            },
        },
        "decisions": _DECISIONS,
    },
}

TASK_RESULT: dict[str, Any] = {
    "type": "object",
    "required": ["task_id", "files_touched", "summary", "done", "note"],
    "properties": {
        "task_id": {"type": "string"},
        "files_touched": _STR_LIST,
        "summary": {"type": "string"},
        "done": {"type": "boolean"},
        "note": {"type": "string"},
        "decisions": _DECISIONS,
    },
}

BUILD_REVIEW: dict[str, Any] = {
    "type": "object",
    "required": ["complete", "cohesive", "gaps", "missingTasks"],
    "properties": {
        "complete": {"type": "boolean"},
        "cohesive": {"type": "boolean"},
        "gaps": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["task_id", "severity", "problem"],
                "properties": {
                    "task_id": {"type": "string"},
                    "severity": {"enum": list(SEVERITIES)},
                    "problem": {"type": "string"},
                },
            },
        },
        "missingTasks": _STR_LIST,
    },
}

DIAGNOSIS: dict[str, Any] = {
    "type": "object",
    "required": ["task_id", "rootCause", "fix"],
    "properties": {
        "task_id": {"type": "string"},
        "rootCause": {"type": "string"},
        "fix": {"type": "string"},
    },
}

DOCS: dict[str, Any] = {
    "type": "object",
    "required": ["files_touched", "summary"],
    "properties": {"files_touched": _STR_LIST, "summary": {"type": "string"}},
}


class AnswerInvalid(InvalidAnswer):
    """An agent's answer does not satisfy its schema; ``problems`` lists every finding."""

    def __init__(self, schema: str, problems: list[str]) -> None:
        self.schema = schema
        super().__init__(problems, f"{schema}: " + "; ".join(problems))

    @property
    def reported(self) -> list[str]:
        """A refused sovai answer is reported as one line naming its schema."""
        return [str(self)]


@dataclass
class PlanTask:
    """One task of a decomposition."""

    id: str
    desc: str
    files: list[str]
    parallelizable: bool = True
    depends_on: list[str] = field(default_factory=list)
    done: bool = False
    complexity: str = "standard"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the schema's key names)."""
        return {
            "id": self.id,
            "desc": self.desc,
            "files": list(self.files),
            "parallelizable": self.parallelizable,
            "dependsOn": list(self.depends_on),
            "done": self.done,
            "complexity": self.complexity,
        }


@dataclass(frozen=True)
class Blocker:
    """Something the build cannot do without a person."""

    what: str
    why_needs_you: str


@dataclass(frozen=True)
class Noted:
    """A decision an agent reports, with its one-line reason."""

    decision: str
    reason: str


@dataclass
class Decomposition:
    """A validated DECOMP answer."""

    tasks: list[PlanTask]
    blockers: list[Blocker]
    decisions: list[Noted] = field(default_factory=list)


@dataclass
class TaskResult:
    """A validated TASK_RESULT answer."""

    task_id: str
    files_touched: list[str]
    summary: str
    done: bool
    note: str
    decisions: list[Noted] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


@dataclass(frozen=True)
class Gap:
    """One gap the reviewer found."""

    task_id: str
    severity: str
    problem: str

    def at_or_above(self, floor: str) -> bool:
        """True when the gap is as severe as ``floor`` or more (P0 is the most severe)."""
        return SEVERITIES.index(self.severity) <= SEVERITIES.index(floor)


@dataclass
class BuildReview:
    """A validated BUILD_REVIEW answer."""

    complete: bool
    cohesive: bool
    gaps: list[Gap]
    missing_tasks: list[str]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


@dataclass(frozen=True)
class Diagnosis:
    """A validated DIAGNOSIS answer."""

    task_id: str
    root_cause: str
    fix: str


@dataclass(frozen=True)
class DocsUpdate:
    """A validated DOCS answer."""

    files_touched: list[str]
    summary: str


class _Check:
    """Collects the problems of one answer."""

    def __init__(self, schema: str) -> None:
        self.schema = schema
        self.problems: list[str] = []

    def obj(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.problems.append(f"{where} must be an object")
            return {}
        return value

    def required(self, value: dict[str, Any], keys: list[str], where: str) -> None:
        for key in keys:
            if key not in value:
                self.problems.append(f"{where} lacks {key!r}")

    def text(self, value: dict[str, Any], key: str, where: str, *, empty: bool = False) -> str:
        raw = value.get(key, "")
        if not isinstance(raw, str):
            self.problems.append(f"{where}.{key} must be a string")
            return ""
        if not empty and key in value and not raw.strip():
            self.problems.append(f"{where}.{key} must not be empty")
        return raw.strip()

    def flag(self, value: dict[str, Any], key: str, where: str) -> bool:
        raw = value.get(key, False)
        if not isinstance(raw, bool):
            self.problems.append(f"{where}.{key} must be true or false")
            return False
        return raw

    def strings(self, value: dict[str, Any], key: str, where: str) -> list[str]:
        raw = value.get(key, [])
        if not isinstance(raw, list) or not all(isinstance(i, str) for i in raw):
            self.problems.append(f"{where}.{key} must be a list of strings")
            return []
        return [i.strip() for i in raw if i.strip()]

    def paths(self, value: dict[str, Any], key: str, where: str) -> list[str]:
        out = []
        for raw in self.strings(value, key, where):
            path = PurePosixPath(raw.replace("\\", "/"))
            if path.is_absolute() or ".." in path.parts or not path.parts:
                self.problems.append(f"{where}.{key}: {raw!r} is not a path inside the project")
                continue
            out.append(str(path))
        return out

    def decisions(self, value: dict[str, Any], where: str) -> list[Noted]:
        raw = value.get("decisions", [])
        if not isinstance(raw, list):
            self.problems.append(f"{where}.decisions must be a list")
            return []
        out = []
        for i, item in enumerate(raw):
            entry = self.obj(item, f"{where}.decisions[{i}]")
            self.required(entry, ["decision", "reason"], f"{where}.decisions[{i}]")
            decision = self.text(entry, "decision", f"{where}.decisions[{i}]")
            reason = self.text(entry, "reason", f"{where}.decisions[{i}]")
            if decision and reason:
                out.append(Noted(decision, reason))
        return out

    def done(self) -> None:
        if self.problems:
            raise AnswerInvalid(self.schema, self.problems)


def parse_decomp(answer: Any, *, known: set[str] | None = None) -> Decomposition:
    """Validate a DECOMP answer; ``known`` are task ids of earlier rounds (dependencies)."""
    check = _Check("DECOMP")
    data = check.obj(answer, "answer")
    check.required(data, ["tasks", "blockers"], "answer")
    tasks: list[PlanTask] = []
    raw_tasks = data.get("tasks", [])
    if not isinstance(raw_tasks, list):
        check.problems.append("answer.tasks must be a list")
        raw_tasks = []
    for i, item in enumerate(raw_tasks):
        where = f"tasks[{i}]"
        entry = check.obj(item, where)
        check.required(
            entry,
            ["id", "desc", "files", "parallelizable", "dependsOn", "done", "complexity"],
            where,
        )
        task_id = check.text(entry, "id", where)
        if task_id and not TASK_ID_RE.match(task_id):
            check.problems.append(f"{where}.id {task_id!r} must look like T1 or T1.2")
        complexity = entry.get("complexity", "standard")
        if complexity not in COMPLEXITIES:
            check.problems.append(f"{where}.complexity must be one of {', '.join(COMPLEXITIES)}")
            complexity = "standard"
        tasks.append(
            PlanTask(
                id=task_id,
                desc=check.text(entry, "desc", where),
                files=check.paths(entry, "files", where),
                parallelizable=check.flag(entry, "parallelizable", where),
                depends_on=check.strings(entry, "dependsOn", where),
                done=check.flag(entry, "done", where),
                complexity=str(complexity),
            )
        )
    ids = [t.id for t in tasks]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        check.problems.append(f"task id {dup} appears more than once")
    everything = set(ids) | set(known or ())
    for task in tasks:
        for dep in task.depends_on:
            if dep not in everything:
                check.problems.append(f"task {task.id} depends on unknown task {dep}")
            if dep == task.id:
                check.problems.append(f"task {task.id} depends on itself")
    cycle = _cycle({t.id: [d for d in t.depends_on if d in ids] for t in tasks})
    if cycle:
        check.problems.append("dependency cycle: " + " -> ".join(cycle))
    blockers: list[Blocker] = []
    raw_blockers = data.get("blockers", [])
    if not isinstance(raw_blockers, list):
        check.problems.append("answer.blockers must be a list")
        raw_blockers = []
    for i, item in enumerate(raw_blockers):
        entry = check.obj(item, f"blockers[{i}]")
        check.required(entry, ["what", "whyNeedsYou"], f"blockers[{i}]")
        what = check.text(entry, "what", f"blockers[{i}]")
        why = check.text(entry, "whyNeedsYou", f"blockers[{i}]")
        if what:
            blockers.append(Blocker(what, why))
    decisions = check.decisions(data, "answer")
    check.done()
    return Decomposition(tasks, blockers, decisions)


def _cycle(graph: dict[str, list[str]]) -> list[str]:
    """One dependency cycle of ``graph`` as a path, or an empty list."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if state.get(nxt) is None:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if state.get(node) is None:
            found = visit(node)
            if found:
                return found
    return []


def parse_task_result(answer: Any, *, task_id: str) -> TaskResult:
    """Validate a TASK_RESULT answer for task ``task_id``."""
    check = _Check("TASK_RESULT")
    data = check.obj(answer, "answer")
    check.required(data, ["task_id", "files_touched", "summary", "done", "note"], "answer")
    got = check.text(data, "task_id", "answer")
    if got and got != task_id:
        check.problems.append(f"answer.task_id is {got!r}, the task was {task_id!r}")
    result = TaskResult(
        task_id=task_id,
        files_touched=check.paths(data, "files_touched", "answer"),
        summary=check.text(data, "summary", "answer", empty=True),
        done=check.flag(data, "done", "answer"),
        note=check.text(data, "note", "answer", empty=True),
        decisions=check.decisions(data, "answer"),
    )
    check.done()
    return result


def parse_review(answer: Any) -> BuildReview:
    """Validate a BUILD_REVIEW answer."""
    check = _Check("BUILD_REVIEW")
    data = check.obj(answer, "answer")
    check.required(data, ["complete", "cohesive", "gaps", "missingTasks"], "answer")
    gaps: list[Gap] = []
    raw = data.get("gaps", [])
    if not isinstance(raw, list):
        check.problems.append("answer.gaps must be a list")
        raw = []
    for i, item in enumerate(raw):
        entry = check.obj(item, f"gaps[{i}]")
        check.required(entry, ["task_id", "severity", "problem"], f"gaps[{i}]")
        severity = entry.get("severity")
        if severity not in SEVERITIES:
            check.problems.append(f"gaps[{i}].severity must be one of {', '.join(SEVERITIES)}")
            continue
        gaps.append(
            Gap(
                task_id=check.text(entry, "task_id", f"gaps[{i}]", empty=True),
                severity=str(severity),
                problem=check.text(entry, "problem", f"gaps[{i}]"),
            )
        )
    review = BuildReview(
        complete=check.flag(data, "complete", "answer"),
        cohesive=check.flag(data, "cohesive", "answer"),
        gaps=gaps,
        missing_tasks=check.strings(data, "missingTasks", "answer"),
    )
    check.done()
    return review


def parse_diagnosis(answer: Any, *, task_id: str) -> Diagnosis:
    """Validate a DIAGNOSIS answer for ``task_id``."""
    check = _Check("DIAGNOSIS")
    data = check.obj(answer, "answer")
    check.required(data, ["task_id", "rootCause", "fix"], "answer")
    diagnosis = Diagnosis(
        task_id=task_id,
        root_cause=check.text(data, "rootCause", "answer"),
        fix=check.text(data, "fix", "answer"),
    )
    check.done()
    return diagnosis


def parse_docs(answer: Any) -> DocsUpdate:
    """Validate a DOCS answer."""
    check = _Check("DOCS")
    data = check.obj(answer, "answer")
    check.required(data, ["files_touched", "summary"], "answer")
    docs = DocsUpdate(
        files_touched=check.paths(data, "files_touched", "answer"),
        summary=check.text(data, "summary", "answer", empty=True),
    )
    check.done()
    return docs
