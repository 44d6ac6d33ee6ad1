"""Just enough Markdown structure for the validators: headings, sections, checkboxes."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE_RE = re.compile(r"^\s*(```|~~~)")
PLACEHOLDER_RE = re.compile(r"\b(TBD|TODO)\b")
CHECKBOX_RE = re.compile(r"^\s*[-*+]\s+\[([ xX])\]\s*(.*)$")


@dataclass
class Section:
    """A heading and the lines up to the next heading of the same or a higher level."""

    level: int
    title: str
    line: int
    body: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        """The normalised heading text used for matching."""
        return normalise(self.title)

    def text(self) -> str:
        """The body as one string."""
        return "\n".join(self.body)

    def has_content(self) -> bool:
        """True when a body line holds real text: lines that are blank, HTML comments or
        carry a TBD/TODO marker do not count."""
        for raw in self.body:
            line = re.sub(r"<!--.*?-->", "", raw).strip(" \t-*:.>|`")
            if line and not PLACEHOLDER_RE.search(line):
                return True
        return False


@dataclass
class Document:
    """A parsed Markdown file: its lines (code fences blanked) and its sections."""

    lines: list[str]
    sections: list[Section]

    @property
    def title(self) -> str | None:
        """The text of the first level-1 heading, if any."""
        for section in self.sections:
            if section.level == 1:
                return section.title
        return None

    def find(self, aliases: tuple[str, ...]) -> Section | None:
        """The first section whose heading matches one of ``aliases``."""
        for section in self.sections:
            if heading_matches(section.title, aliases):
                return section
        return None


def normalise(text: str) -> str:
    """Lower-case, accents stripped, numbering and punctuation removed, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    plain = re.sub(r"[^a-z0-9]+", " ", plain).strip()
    return re.sub(r"^(\d+ )+", "", plain)


def heading_matches(title: str, aliases: tuple[str, ...]) -> bool:
    """True when one alias appears in the heading as a whole-word sequence."""
    words = f" {normalise(title)} "
    return any(f" {normalise(alias)} " in words for alias in aliases)


def parse(text: str) -> Document:
    """Split ``text`` into sections; lines inside fenced code blocks are blanked."""
    lines: list[str] = []
    in_fence = False
    for raw in text.splitlines():
        if FENCE_RE.match(raw):
            in_fence = not in_fence
            lines.append("")
            continue
        lines.append("" if in_fence else raw)
    sections: list[Section] = []
    open_sections: list[Section] = []
    for number, line in enumerate(lines, start=1):
        match = HEADING_RE.match(line)
        if match:
            section = Section(len(match.group(1)), match.group(2).strip(), number)
            open_sections = [s for s in open_sections if s.level < section.level]
            open_sections.append(section)
            sections.append(section)
            continue
        for section in open_sections:
            section.body.append(line)
    return Document(lines, sections)


def placeholders(doc: Document) -> list[tuple[int, str]]:
    """``(line number, marker)`` of each TBD/TODO placeholder outside code blocks."""
    found: list[tuple[int, str]] = []
    for number, line in enumerate(doc.lines, start=1):
        for match in PLACEHOLDER_RE.finditer(line):
            found.append((number, match.group(1)))
    return found


def checkboxes(lines: list[str]) -> list[tuple[bool, str]]:
    """``(checked, text)`` of each Markdown checkbox item in ``lines``."""
    out: list[tuple[bool, str]] = []
    for line in lines:
        match = CHECKBOX_RE.match(line)
        if match:
            out.append((match.group(1) != " ", match.group(2).strip()))
    return out
