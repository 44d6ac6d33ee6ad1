"""tasks.md: parse phases and tasks, and check them against the tasks template."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ondas.pipeline.artifacts import TASKS
from ondas.pipeline.findings import Finding
from ondas.pipeline.markdown import (
    CHECKBOX_RE,
    HEADING_RE,
    Document,
    Section,
    heading_matches,
    parse,
    placeholders,
)

PHASE_RE = re.compile(r"^[*_`\s]*(?:fase|phase)\s+(\d+)\b", re.IGNORECASE)
TASK_ID_RE = re.compile(r"^[*_`]*(\d+)\.(\d+)(?![.\d])[*_`]*[:.)]?(?:\s|$)")
CRITICALITY_RE = re.compile(r"\[(C|A|M)\]")
# A list item that names a task id but is not a well-formed checkbox.
TASK_LIKE_RE = re.compile(r"^\s*[-*+]\s*(?:\[[^\]]*\]\s*)?[*_`]*\d+\.\d+\b")
TASK_ID_ANYWHERE_RE = re.compile(r"\b(\d+\.\d+)\b")
TOTAL_RE = re.compile(r"total[^0-9\n]*(\d+)", re.IGNORECASE)


@dataclass(frozen=True)
class Task:
    """One checkbox task of tasks.md."""

    id: str | None
    phase: int
    checked: bool
    criticality: str | None
    text: str
    line: int


@dataclass(frozen=True)
class Phase:
    """One ``Phase N`` / ``FASE N`` heading and its tasks."""

    number: int
    title: str
    line: int
    tasks: tuple[Task, ...]


@dataclass
class TaskList:
    """The parsed tasks.md with the findings collected while parsing."""

    phases: list[Phase]
    tasks: list[Task]
    document: Document
    findings: list[Finding]

    def unchecked(self) -> list[Task]:
        """Tasks still open, in file order."""
        return [t for t in self.tasks if not t.checked]


def section_rule(name: str) -> str:
    """The finding rule for a missing tasks.md section, e.g. ``tasks.dependency-matrix``."""
    return "tasks." + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _phase_number(title: str) -> int | None:
    match = PHASE_RE.match(title)
    return int(match.group(1)) if match else None


def parse_tasks(text: str) -> TaskList:
    """Parse tasks.md text into phases and tasks, noting structural findings."""
    doc = parse(text)
    findings: list[Finding] = []
    phases: list[Phase] = []
    current: tuple[int, str, int, int] | None = None  # number, title, line, heading level
    current_tasks: list[Task] = []
    all_tasks: list[Task] = []

    def close() -> None:
        if current is not None:
            phases.append(Phase(current[0], current[1], current[2], tuple(current_tasks)))

    for number, line in enumerate(doc.lines, start=1):
        heading = HEADING_RE.match(line)
        if heading:
            level, title = len(heading.group(1)), heading.group(2).strip()
            phase_no = _phase_number(title)
            if phase_no is not None:
                close()
                current, current_tasks = (phase_no, title, number, level), []
            elif current is not None and level <= current[3]:
                close()
                current, current_tasks = None, []
            continue
        box = CHECKBOX_RE.match(line)
        if box is None:
            if current is not None and TASK_LIKE_RE.match(line):
                findings.append(
                    Finding(
                        "critical",
                        "tasks.checkbox",
                        f"line {number}: task is not a '- [ ]' / '- [x]' checkbox: "
                        f"{line.strip()[:80]}",
                    )
                )
            continue
        body = box.group(2)
        id_match = TASK_ID_RE.match(body)
        if current is None:
            if id_match:
                findings.append(
                    Finding(
                        "warning",
                        "tasks.outside-phase",
                        f"line {number}: task {id_match.group(1)}.{id_match.group(2)} "
                        "is not under a phase heading",
                    )
                )
            continue
        crit = CRITICALITY_RE.search(body)
        task = Task(
            id=f"{id_match.group(1)}.{id_match.group(2)}" if id_match else None,
            phase=current[0],
            checked=box.group(1) != " ",
            criticality=crit.group(1) if crit else None,
            text=body.strip(),
            line=number,
        )
        current_tasks.append(task)
        all_tasks.append(task)
    close()
    return TaskList(phases, all_tasks, doc, findings)


def _non_phase_section(doc: Document, aliases: tuple[str, ...]) -> Section | None:
    for section in doc.sections:
        if _phase_number(section.title) is None and heading_matches(section.title, aliases):
            return section
    return None


def check_tasks(parsed: TaskList) -> list[Finding]:
    """Every tasks.md rule over a parsed file (see docs/artifacts.md)."""
    findings = list(parsed.findings)
    doc = parsed.document
    if not parsed.phases:
        findings.append(
            Finding("critical", "tasks.phase", "no phase heading ('Phase N' or 'FASE N')")
        )
    if parsed.phases and not parsed.tasks:
        findings.append(
            Finding("critical", "tasks.checkbox", "no '- [ ]' task checkbox under any phase")
        )
    numbers = [p.number for p in parsed.phases]
    if numbers and numbers != list(range(1, len(numbers) + 1)):
        findings.append(
            Finding(
                "warning",
                "tasks.phase-order",
                f"phases are numbered {numbers}; expected 1..{len(numbers)} in order",
            )
        )
    for phase in parsed.phases:
        if not phase.tasks:
            findings.append(
                Finding("warning", "tasks.phase-empty", f"phase {phase.number} has no task")
            )
    seen: dict[str, int] = {}
    for task in parsed.tasks:
        label = task.id or f"at line {task.line}"
        if task.criticality is None:
            findings.append(
                Finding(
                    "critical",
                    "tasks.criticality",
                    f"line {task.line}: task {label} has no criticality tag [C], [A] or [M]",
                )
            )
        if task.id is None:
            findings.append(
                Finding("warning", "tasks.id", f"line {task.line}: task has no 'N.M' id")
            )
            continue
        if int(task.id.split(".")[0]) != task.phase:
            findings.append(
                Finding(
                    "warning",
                    "tasks.id-phase",
                    f"line {task.line}: task {task.id} sits under phase {task.phase}",
                )
            )
        if task.id in seen:
            findings.append(
                Finding(
                    "warning",
                    "tasks.id-duplicate",
                    f"line {task.line}: task id {task.id} already used at line {seen[task.id]}",
                )
            )
        else:
            seen[task.id] = task.line
    for spec in TASKS.sections:
        section = _non_phase_section(doc, spec.names)
        rule = section_rule(spec.name)
        if section is None:
            findings.append(Finding("warning", rule, f"missing section '{spec.name}'"))
        elif not section.has_content():
            findings.append(Finding("warning", rule, f"section '{spec.name}' is empty"))
        elif spec.name == "Dependency Matrix":
            findings += _check_matrix(section, set(seen))
        elif spec.name == "Quantitative Summary":
            findings += _check_summary(section, len(parsed.tasks))
    for number, marker in placeholders(doc):
        findings.append(Finding("warning", "tasks.placeholder", f"line {number}: {marker} left"))
    return findings


def _check_matrix(section: Section, ids: set[str]) -> list[Finding]:
    rows = [line for line in section.body if line.strip().startswith("|")]
    if not rows:
        return [Finding("warning", "tasks.dependency-matrix", "dependency matrix has no table")]
    unknown = sorted({m for row in rows for m in TASK_ID_ANYWHERE_RE.findall(row) if m not in ids})
    if unknown:
        return [
            Finding(
                "warning",
                "tasks.dependency-unknown",
                "dependency matrix names unknown task(s): " + ", ".join(unknown),
            )
        ]
    return []


def _check_summary(section: Section, count: int) -> list[Finding]:
    match = TOTAL_RE.search(section.text())
    if match and int(match.group(1)) != count:
        return [
            Finding(
                "warning",
                "tasks.summary-mismatch",
                f"summary says {match.group(1)} tasks in total; the phases hold {count}",
            )
        ]
    return []


def validate_tasks(path: Path | str) -> list[Finding]:
    """Run the tasks.md rules alone over the file at ``path``."""
    path = Path(path)
    if not path.is_file():
        return [Finding("critical", "tasks.missing", f"{path} does not exist")]
    return check_tasks(parse_tasks(path.read_text(encoding="utf-8", errors="replace")))
