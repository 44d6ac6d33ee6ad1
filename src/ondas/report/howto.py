"""Two lines of the report's header: how to run what was built, and whether the sandbox was on.

The "how to run it" line is read from the project itself, never invented: the first command of
a run/usage section (or the first shell block) of its README, else its declared entry point
(``[project.scripts]`` of ``pyproject.toml``, a package's ``__main__.py``, a root ``main.py``,
``package.json``'s ``start`` script, a Makefile ``run`` target).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

README_NAMES = ("README.md", "README.rst", "README.txt", "README")
RUN_HEADING = re.compile(r"^#+\s*(usage|run|running|quick ?start|getting started|how to)", re.I)
FENCE = re.compile(r"^```\s*(bash|sh|shell|console|text)?\s*$")
# Lines of a README code block that install rather than run the project.
SETUP = re.compile(r"^(pip3?|python3? -m (pip|venv)|git|cd|mkdir|npm (install|i)|source|\.)\b")
MAX_LENGTH = 160


def _commands(block: list[str]) -> list[str]:
    out = []
    for raw in block:
        line = raw.strip().removeprefix("$ ").strip()
        if line and not line.startswith("#") and not SETUP.match(line):
            out.append(line)
    return out


def _from_readme(text: str) -> str | None:
    """The first run command of a run/usage section, else of any shell block."""
    blocks: list[tuple[bool, list[str]]] = []
    in_run = False
    current: list[str] | None = None
    for line in text.splitlines():
        if current is not None:
            if line.strip().startswith("```"):
                blocks.append((in_run, current))
                current = None
            else:
                current.append(line)
            continue
        if line.startswith("#"):
            in_run = bool(RUN_HEADING.match(line))
        elif FENCE.match(line.strip()):
            current = []
    for wanted in (True, False):
        for in_section, block in blocks:
            if in_section == wanted and (found := _commands(block)):
                return found[0]
    return None


def _toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}


def _from_entry_point(project: Path) -> str | None:
    scripts = _toml(project / "pyproject.toml").get("project", {}).get("scripts", {})
    if isinstance(scripts, dict) and scripts:
        return f"{next(iter(scripts))} (after pip install .)"
    for main in sorted(project.glob("*/__main__.py")) + sorted(project.glob("src/*/__main__.py")):
        return f"python -m {main.parent.name}"
    for name in ("main.py", "app.py", "cli.py"):
        if (project / name).is_file():
            return f"python {name}"
    try:
        package = json.loads((project / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        package = {}
    if isinstance(package, dict) and "start" in (package.get("scripts") or {}):
        return "npm start"
    try:
        makefile = (project / "Makefile").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        makefile = ""
    if re.search(r"^run:", makefile, re.M):
        return "make run"
    return None


def how_to_run(project: Path) -> str:
    """``python -m notes add "buy milk"`` (from README.md) or ``""`` when nothing says."""
    for name in README_NAMES:
        try:
            text = (project / name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        found = _from_readme(text)
        if found:
            return f"{found[:MAX_LENGTH]} (from {name})"
    found = _from_entry_point(project)
    return f"{found} (entry point)" if found else ""


def sandbox_state(extra: dict[str, Any]) -> str:
    """Whether the agent ran inside Claude Code's OS sandbox, from the run's recorded settings."""
    settings = extra.get("orchestrator")
    if isinstance(settings, str):
        try:
            settings = json.loads(settings)
        except ValueError:
            settings = None
    if not isinstance(settings, dict):
        return "unknown (no run settings recorded)"
    if settings.get("backend") == "scripted":
        return "not used (the scripted backend runs no commands)"
    if settings.get("sandbox") is False:
        return "off (--no-sandbox, recorded as the operator's decision)"
    return "on (Claude Code's OS sandbox)"
