"""Load the issue-11 containment corpora: categories of commands, heredocs kept whole."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent / "containment"
PROJECT = Path("/srv/app/proj")
HOME = Path("/home/agent")
_HEREDOC = re.compile(r"<<-?\s*['\"]?([A-Za-z_][A-Za-z0-9_]*)['\"]?")


def load(name: str) -> dict[str, list[str]]:
    """``{category: [command, ...]}`` from ``containment/<name>.txt``."""
    categories: dict[str, list[str]] = {}
    current = "uncategorised"
    lines = (HERE / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.startswith("## "):
            current = line[3:].strip()
            continue
        if not line.strip() or line.startswith("#"):
            continue
        command = [line]
        match = _HEREDOC.search(line)
        if match:
            while i < len(lines):
                command.append(lines[i])
                i += 1
                if lines[i - 1].strip() == match.group(1):
                    break
        categories.setdefault(current, []).append("\n".join(command))
    return categories
