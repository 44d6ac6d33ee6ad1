"""Documentation validation: links, sections and rendering of Markdown files (pure checks).

``light`` checks the links and sections of the files given; ``full`` also renders each file
(markdown-it, CommonMark) and looks at what came out. Severities follow
:mod:`ondas.pipeline.findings`: a file that is empty or renders active content (``<script>``,
``javascript:`` links) is critical; a broken relative link, a missing title, an unclosed code
fence are errors; an empty section is a warning.
"""

from __future__ import annotations

import re
from pathlib import Path

from ondas.pipeline.findings import Finding
from ondas.pipeline.markdown import parse

LINK_RE = re.compile(r"(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
EXTERNAL = ("http://", "https://", "mailto:", "ftp://")
ACTIVE_RE = re.compile(r"<\s*script\b|javascript:", re.IGNORECASE)
FENCE_RE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")


def _rel(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


def check_links(path: Path, text: str, root: Path) -> list[Finding]:
    """Relative links that point at no file of the project (anchors and URLs are not followed)."""
    found: list[Finding] = []
    for target in LINK_RE.findall(text):
        if target.lower().startswith("javascript:"):
            continue  # reported by the rendering check as active content
        if target.startswith("#") or target.lower().startswith(EXTERNAL):
            continue
        local = target.split("#", 1)[0].split("?", 1)[0]
        if not local:
            continue
        resolved = (root / local.lstrip("/")) if local.startswith("/") else (path.parent / local)
        if not resolved.exists():
            found.append(
                Finding("error", "docs.link", f"{_rel(path, root)}: broken link to {target}")
            )
    return found


def check_sections(path: Path, text: str, root: Path) -> list[Finding]:
    """A level-1 title, and no heading left without content."""
    rel = _rel(path, root)
    if not text.strip():
        return [Finding("critical", "docs.empty", f"{rel} is empty")]
    doc = parse(text)
    found: list[Finding] = []
    if doc.title is None:
        found.append(Finding("error", "docs.title", f"{rel} has no level-1 title"))
    sections = doc.sections
    for i, section in enumerate(sections):
        has_child = i + 1 < len(sections) and sections[i + 1].level > section.level
        if not section.has_content() and not has_child:
            found.append(
                Finding(
                    "warning", "docs.empty-section", f"{rel}: section {section.title!r} is empty"
                )
            )
    return found


def check_rendered(path: Path, text: str, root: Path) -> list[Finding]:
    """Render with markdown-it: an unclosed fence, active content, nothing rendered."""
    from markdown_it import MarkdownIt

    rel = _rel(path, root)
    found: list[Finding] = []
    fences = [m.group(1)[0] for line in text.splitlines() if (m := FENCE_RE.match(line))]
    if len(fences) % 2:
        found.append(Finding("error", "docs.fence", f"{rel}: a code fence is never closed"))
    html = MarkdownIt("commonmark").render(text)
    if ACTIVE_RE.search(html) or ACTIVE_RE.search(text):
        found.append(
            Finding("critical", "docs.active-content", f"{rel} renders active content (script)")
        )
    if text.strip() and not re.sub(r"<[^>]+>", "", html).strip():
        found.append(Finding("critical", "docs.renders-empty", f"{rel} renders to nothing"))
    return found


def validate(files: list[Path], root: Path, *, mode: str) -> list[Finding]:
    """Check ``files`` (``light``: links and sections; ``full``: also the rendering)."""
    found: list[Finding] = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            found.append(Finding("error", "docs.read", f"{_rel(path, root)}: {exc}"))
            continue
        found += check_links(path, text, root)
        found += check_sections(path, text, root)
        if mode == "full":
            found += check_rendered(path, text, root)
    return found
