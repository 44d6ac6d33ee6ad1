"""Tick a task's checkbox in tasks.md, touching nothing else in the file."""

from __future__ import annotations

import re
from pathlib import Path

from ondas.state.export import atomic_write

OPEN_BOX = re.compile(r"^(\s*[-*+]\s+\[) (\])")


def tick_line(path: Path, line: int) -> bool:
    """Turn ``- [ ]`` into ``- [x]`` on 1-based ``line``; False when it holds no open box."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    if not 1 <= line <= len(lines):
        return False
    new, count = OPEN_BOX.subn(r"\1x\2", lines[line - 1], count=1)
    if not count:
        return False
    lines[line - 1] = new
    atomic_write(path, "".join(lines).encode())
    return True
