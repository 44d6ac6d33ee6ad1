"""docs/roadmap.md: entries with required fields and an acyclic dependency graph."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ondas.pipeline.artifacts import ROADMAP_FIELDS, ROADMAP_PRIORITIES
from ondas.pipeline.findings import Finding
from ondas.pipeline.markdown import normalise, parse, placeholders

ENTRY_RE = re.compile(r"^([A-Za-z]{1,4}-?\d+)\s*[:.\-—–]\s*(\S.*)$")
FIELD_RE = re.compile(r"^\s*[-*+]\s+[*_]*([^:*_]+?)[*_]*\s*:\s*[*_]*\s*(.*?)\s*$")
SLUG_RE = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
NO_DEPENDENCY = {"", "none", "-", "n/a", "nenhuma", "nenhum"}
STATUS_NAMES = ("status", "estado")
STATUSES = ("planned", "merged", "obsolete")


@dataclass
class Entry:
    """One roadmap entry: an id, a title and its fields (canonical names)."""

    id: str
    title: str
    line: int
    fields: dict[str, str] = field(default_factory=dict)

    @property
    def depends_on(self) -> list[str]:
        """Ids this entry depends on."""
        raw = self.fields.get("depends_on", "").strip()
        if raw.lower() in NO_DEPENDENCY:
            return []
        return [t for t in re.split(r"[,;\s]+", raw) if t]

    @property
    def status(self) -> str:
        """``planned`` (the default), ``merged`` or ``obsolete``."""
        raw = self.fields.get("status", "").strip().lower()
        return raw if raw in STATUSES else "planned"


def _canonical_field(name: str) -> str | None:
    key = normalise(name)
    for canonical, aliases in ROADMAP_FIELDS.items():
        if key in {normalise(a) for a in aliases}:
            return canonical
    return None


def parse_roadmap(text: str) -> list[Entry]:
    """Entries of a roadmap: headings of level 2+ that start with an id like ``F1:``."""
    doc = parse(text)
    entries: list[Entry] = []
    for section in doc.sections:
        if section.level < 2:
            continue
        match = ENTRY_RE.match(section.title)
        if not match:
            continue
        entry = Entry(match.group(1), match.group(2).strip(), section.line)
        for line in section.body:
            fm = FIELD_RE.match(line)
            if fm:
                if normalise(fm.group(1)) in STATUS_NAMES:
                    entry.fields.setdefault("status", fm.group(2).strip().strip("`"))
                    continue
                name = _canonical_field(fm.group(1))
                if name is not None and name not in entry.fields:
                    entry.fields[name] = fm.group(2).strip().strip("`")
        entries.append(entry)
    return entries


def find_cycle(graph: dict[str, list[str]]) -> list[str] | None:
    """One dependency cycle as ``[a, b, ..., a]``, or ``None`` when the graph is acyclic."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for dep in graph.get(node, []):
            if state.get(dep) == 1:
                return [*stack[stack.index(dep) :], dep]
            if dep in graph and dep not in state:
                found = visit(dep)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in graph:
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def check_roadmap(text: str) -> list[Finding]:
    """Every roadmap rule (see docs/artifacts.md)."""
    entries = parse_roadmap(text)
    if not entries:
        return [Finding("critical", "roadmap.entries", "no entry heading such as '## F1: title'")]
    findings: list[Finding] = []
    ids: dict[str, int] = {}
    for entry in entries:
        if entry.id in ids:
            findings.append(
                Finding(
                    "error",
                    "roadmap.duplicate",
                    f"entry {entry.id} at line {entry.line} repeats line {ids[entry.id]}",
                )
            )
        ids.setdefault(entry.id, entry.line)
        for name, aliases in ROADMAP_FIELDS.items():
            if name == "depends_on":
                if name not in entry.fields:
                    findings.append(
                        Finding("error", "roadmap.field", f"{entry.id}: missing '{aliases[0]}'")
                    )
            elif not entry.fields.get(name):
                findings.append(
                    Finding("error", "roadmap.field", f"{entry.id}: missing '{aliases[0]}'")
                )
        slug = entry.fields.get("slug")
        if slug and not SLUG_RE.match(slug):
            findings.append(
                Finding(
                    "error",
                    "roadmap.slug",
                    f"{entry.id}: slug {slug!r} is not a lower-case directory name",
                )
            )
        priority = entry.fields.get("priority")
        allowed = {p.lower() for p in ROADMAP_PRIORITIES}
        if priority and priority.lower() not in allowed:
            findings.append(
                Finding(
                    "error",
                    "roadmap.priority",
                    f"{entry.id}: priority {priority!r} is not one of "
                    + ", ".join(ROADMAP_PRIORITIES),
                )
            )
    graph = {e.id: e.depends_on for e in entries}
    for entry in entries:
        for dep in entry.depends_on:
            if dep not in graph:
                findings.append(
                    Finding(
                        "error",
                        "roadmap.dependency-unknown",
                        f"{entry.id} depends on unknown entry {dep}",
                    )
                )
    cycle = find_cycle(graph)
    if cycle:
        findings.append(Finding("error", "roadmap.cycle", " -> ".join(cycle)))
    for number, marker in placeholders(parse(text)):
        findings.append(Finding("error", "roadmap.placeholder", f"line {number}: {marker} left"))
    return findings


def set_status(text: str, entry_id: str, status: str) -> str:
    """``text`` with entry ``entry_id``'s ``Status`` field set to ``status`` (added if absent)."""
    if status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}")
    lines = text.splitlines()
    start = None
    for i, line in enumerate(lines):
        heading = re.match(r"^#{2,6}\s+(.*)$", line)
        if heading is None:
            continue
        if start is not None:
            end = i
            break
        match = ENTRY_RE.match(heading.group(1).strip())
        if match and match.group(1) == entry_id:
            start = i
    else:
        end = len(lines)
    if start is None:
        raise KeyError(entry_id)
    last_field = start
    for i in range(start + 1, end):
        fm = FIELD_RE.match(lines[i])
        if fm is None:
            continue
        if normalise(fm.group(1)) in STATUS_NAMES:
            lines[i] = f"- **Status**: {status}"
            return "\n".join(lines) + "\n"
        last_field = i
    lines.insert(last_field + 1, f"- **Status**: {status}")
    return "\n".join(lines) + "\n"
