"""The built-in script of the scripted backend: a tiny notes CLI built stage by stage.

Every stage writes its artifact (and, for execute-task, the code and unittest tests of one
task), so that the whole pipeline can run offline. The content is fixed: the same run
produces the same files.
"""

from __future__ import annotations

from typing import Any

SAMPLE_DESCRIPTION = (
    "A tiny command-line notes keeper: add a note, list the notes, notes survive restarts."
)
SAMPLE_STACK = "Python 3.11, standard library only, unittest"

TASKS: list[tuple[str, str]] = [
    ("1.1", "Note storage in notes/store.py with tests in tests/test_store.py"),
    ("1.2", "Command line (add, list) in notes/cli.py with tests in tests/test_cli.py"),
    ("1.3", "Module entry point notes/__main__.py with tests in tests/test_main.py"),
]

PERSISTENCE_DECISION: dict[str, Any] = {
    "context": "How do notes survive between runs of the CLI?",
    "options": ["a JSON file in the working directory", "an SQLite database", "memory only"],
    "choice": "a JSON file in the working directory",
    "justification": (
        "One small file is enough for a personal notes list, needs no dependency and is easy "
        "to inspect; SQLite would only pay off with concurrent writers or large volumes."
    ),
    "score": 2,
    "class": "structural",
    "axis": "persistence",
    "consent": "pause-human",
}


def briefing(ctx: dict[str, Any]) -> str:
    return f"""# Briefing: {ctx["project_name"]}

## Problem
People jot down short notes in the terminal and lose them in shell history.
{ctx["description"]}

## Users
Developers who live in a terminal and want a zero-setup notes list.

## Goals
- Add a note from the command line in one command.
- List the notes in the order they were added.

## Scope
Adding and listing notes; notes are kept between runs. Sync, search, tags, editing and
deleting notes are out of scope.

## Constraints
Python 3.11 standard library only; no network access.

## Success Criteria
- `python -m notes add "text"` then `python -m notes list` shows the note.
- The test suite passes.
"""


def constitution(ctx: dict[str, Any]) -> str:
    return """# Constitution: notes CLI

## Principles

### I. Tests come with the code
Every task ships the unittest tests that prove it; a task is done only when they pass.

### II. Standard library only
No third-party dependency unless a requirement cannot be met without one.

### III. Safe writes
A write never leaves a half-written notes file.

## Quality Standards
Modules stay short, functions do one thing, and the whole suite runs in seconds. The runtime
runs the suite after every task.

## Governance
The constitution wins over any other artifact; changing it needs a recorded decision.
"""


def spec(ctx: dict[str, Any]) -> str:
    return """# Specification: notes CLI

## Overview
A command-line notes keeper: add a short note, list the notes, and keep them between runs.

## User Stories
- **US1 (P1)**: As a terminal user I add a short note so that I do not lose it.
- **US2 (P1)**: As a terminal user I list my notes in the order I added them.

## Functional Requirements
- **FR-001**: The CLI MUST store a note given on the command line.
- **FR-002**: The CLI MUST list stored notes oldest first, one per line, numbered.
- **FR-003**: Notes MUST survive between runs (storage: [NEEDS CLARIFICATION: file or
  database?]).
- **FR-004**: An empty note MUST be refused with a non-zero exit code.

## Acceptance Criteria
1. Given no notes, when I run `notes add "buy milk"`, then the note is stored.
2. Given two notes, when I run `notes list`, then both are printed, oldest first.
3. Given any state, when I run `notes add ""`, then the CLI exits with code 1.

## Out of Scope
Sync between machines, search, tags, editing and deleting notes.
"""


def clarified_spec(ctx: dict[str, Any]) -> str:
    answer = PERSISTENCE_DECISION["choice"]
    for item in ctx.get("answers") or []:
        if item.get("subject") == "axis:persistence":
            answer = str(item.get("answer"))
    text = spec(ctx).replace(
        "(storage: [NEEDS CLARIFICATION: file or\n  database?])", f"(storage: {answer})"
    )
    return (
        text
        + f"""
## Clarifications
- Q: How are notes stored between runs? -> A: {answer} (structural decision on the
  persistence axis, confirmed by a person).
"""
    )


def plan(ctx: dict[str, Any]) -> str:
    return """# Implementation Plan: notes CLI

## Summary
A Python package `notes` with a storage module, a command-line module and an entry point.

## Technical Context
- Language: Python 3.11, standard library only
- Storage: JSON file `notes.json` in the working directory, written atomically
- Testing: unittest (`python -m unittest discover -s tests`)

## Architecture
- `notes/store.py`: `load(path) -> list[str]`, `add(path, text) -> int`
- `notes/cli.py`: `main(argv) -> int` with the `add` and `list` commands
- `notes/__main__.py`: `python -m notes`

## Testing Strategy
One unittest module per source module; the module entry point is tested in a subprocess.

## Risks
- A crash during a write could corrupt the file: mitigated by temp file plus `os.replace`.
"""


def checklist(ctx: dict[str, Any]) -> str:
    return """# Requirements Checklist: notes CLI

## Completeness
- [ ] CHK001 Every user story has an acceptance criterion (US1, US2)
- [ ] CHK002 Storage is specified (FR-003, Clarifications)

## Clarity
- [ ] CHK003 "Oldest first" is unambiguous for listing (FR-002)

## Consistency
- [ ] CHK004 The plan's storage matches the clarified specification

## Testability
- [ ] CHK005 Each acceptance criterion is covered by a test
"""


def converged_checklist(text: str) -> str:
    """The checklist with every item verified (ticked)."""
    return text.replace("- [ ] ", "- [x] ")


def tasks(ctx: dict[str, Any]) -> str:
    lines = "\n".join(f"- [ ] {tid} [C] {title}" for tid, title in TASKS)
    return f"""# Tasks: notes CLI

## Legend
- `[C]` critical
- `[A]` high (alta)
- `[M]` medium (media)

## Phase 1: Core
{lines}

## Dependency Matrix

| Task | Depends on |
|------|------------|
| 1.1 | - |
| 1.2 | 1.1 |
| 1.3 | 1.2 |

## Quantitative Summary
- Total tasks: {len(TASKS)}
- Per criticality: [C] {len(TASKS)}

## Covered Scope
Adding and listing notes, kept in a JSON file, with tests.

## Excluded Scope
Editing, deleting, searching and syncing notes.
"""


TASK_FILES: dict[str, dict[str, str]] = {
    "1.1": {
        "notes/__init__.py": '"""A tiny notes keeper."""\n',
        "notes/store.py": '''"""Notes kept in a JSON file, written atomically."""

import json
import os
import tempfile


def load(path):
    """The notes stored at ``path``, oldest first (none when the file is absent)."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as fh:
        return list(json.load(fh))


def add(path, text):
    """Append ``text`` and return the new number of notes; empty text is refused."""
    if not text.strip():
        raise ValueError("a note cannot be empty")
    notes = load(path) + [text]
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(notes, fh)
    os.replace(tmp, path)
    return len(notes)
''',
        "tests/__init__.py": "",
        "tests/test_store.py": """import os
import tempfile
import unittest

from notes import store


class StoreTest(unittest.TestCase):
    def setUp(self):
        self.dir = self.enterContext(tempfile.TemporaryDirectory())
        self.path = os.path.join(self.dir, "notes.json")

    def test_missing_file_means_no_notes(self):
        self.assertEqual(store.load(self.path), [])

    def test_added_notes_come_back_oldest_first(self):
        store.add(self.path, "one")
        store.add(self.path, "two")
        self.assertEqual(store.load(self.path), ["one", "two"])

    def test_empty_note_is_refused(self):
        with self.assertRaises(ValueError):
            store.add(self.path, "  ")


if __name__ == "__main__":
    unittest.main()
""",
    },
    "1.2": {
        "notes/cli.py": '''"""The notes command line: ``add TEXT`` and ``list``."""

import argparse
import sys

from notes import store


def main(argv=None, path="notes.json"):
    """Run the CLI and return its exit code."""
    parser = argparse.ArgumentParser(prog="notes")
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="add a note")
    add.add_argument("text")
    sub.add_parser("list", help="list the notes")
    args = parser.parse_args(argv)
    if args.command == "add":
        try:
            count = store.add(path, args.text)
        except ValueError as exc:
            print(f"notes: {exc}", file=sys.stderr)
            return 1
        print(f"note {count} added")
        return 0
    for number, text in enumerate(store.load(path), start=1):
        print(f"{number}. {text}")
    return 0
''',
        "tests/test_cli.py": """import contextlib
import io
import os
import tempfile
import unittest

from notes.cli import main


class CliTest(unittest.TestCase):
    def setUp(self):
        self.path = os.path.join(self.enterContext(tempfile.TemporaryDirectory()), "notes.json")

    def run_cli(self, *argv):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            code = main(list(argv), path=self.path)
        return code, out.getvalue()

    def test_add_then_list_shows_the_note(self):
        self.assertEqual(self.run_cli("add", "buy milk")[0], 0)
        self.assertEqual(self.run_cli("list"), (0, "1. buy milk\\n"))

    def test_empty_note_exits_non_zero(self):
        self.assertEqual(self.run_cli("add", "")[0], 1)


if __name__ == "__main__":
    unittest.main()
""",
    },
    "1.3": {
        "notes/__main__.py": '''"""``python -m notes``."""

import sys

from notes.cli import main

sys.exit(main())
''',
        "tests/test_main.py": """import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class MainTest(unittest.TestCase):
    def test_module_entry_point_adds_and_lists(self):
        cwd = self.enterContext(tempfile.TemporaryDirectory())
        env = {**os.environ, "PYTHONPATH": ROOT}
        run = lambda *a: subprocess.run(  # noqa: E731
            [sys.executable, "-m", "notes", *a], cwd=cwd, env=env, capture_output=True, text=True
        )
        self.assertEqual(run("add", "hello").returncode, 0)
        self.assertIn("1. hello", run("list").stdout)


if __name__ == "__main__":
    unittest.main()
""",
    },
}


def review(ctx: dict[str, Any]) -> str:
    entries = "\n".join(f"- {tid} {title}: accepted; its tests pass." for tid, title in TASKS)
    return f"""# Review: notes CLI

## Summary
Every task of tasks.md was read against its code and its tests.
{entries}

## Findings
- None.

## Verdict
APPROVED
"""


def features_review(ctx: dict[str, Any]) -> str:
    return """# Features Review: notes CLI

## Features Reviewed
- US1 Add a note: checked with tests/test_cli.py and tests/test_main.py.
- US2 List notes: checked with tests/test_cli.py (numbered, oldest first).

## Findings
- Low: the notes file lives in the working directory (persistence decision); a per-user data
  directory may suit people who run the CLI from several places.

## Verdict
APPROVED
"""


ROADMAP_FEATURES: list[tuple[str, str, str, str, str]] = [
    ("F1", "Note storage", "note-storage", "Notes are kept in a JSON file between runs.", "none"),
    ("F2", "Command line", "command-line", "Add and list notes from the terminal.", "none"),
    ("F3", "Entry point", "entry-point", "Run the CLI with python -m notes.", "F1, F2"),
]


def roadmap(ctx: dict[str, Any]) -> str:
    """Three features: two independent ones (run in parallel) and one that needs both."""
    entries = []
    for fid, title, slug, goal, deps in ROADMAP_FEATURES:
        entries.append(
            f"## {fid}: {title}\n\n- **Slug**: {slug}\n- **Goal**: {goal}\n"
            f"- **Priority**: P1\n- **Depends on**: {deps}\n"
        )
    return f"# Roadmap: {ctx['project_name']}\n\n" + "\n".join(entries)


ASPECT_STOPWORDS = frozenset(
    {"and", "are", "for", "from", "in", "into", "one", "only", "the", "they", "were", "with"}
)


def _words(line: str) -> list[str]:
    import re

    words = [w for w in re.split(r"[^a-z0-9]+", line.lower()) if len(w) >= 3]
    return [w for w in words if w not in ASPECT_STOPWORDS]


def _section(text: str, heading: str) -> list[str]:
    lines: list[str] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("## "):
            inside = line[3:].strip().lower() == heading
            continue
        if inside and line.strip():
            lines.append(line.strip().lstrip("-* ").strip())
    return lines


def _aspect(line: str) -> str | None:
    words = _words(line)[:3]
    return "-".join(words) if words else None


def key_aspects(briefing_text: str) -> dict[str, list[str]]:
    """The scripted key-aspects answer: three words of each Goals/Scope line of the briefing."""
    product: list[str] = []
    for line in [*_section(briefing_text, "goals"), *_section(briefing_text, "scope")[:1]]:
        aspect = _aspect(line)
        if aspect and aspect not in product:
            product.append(aspect)
    technical = [a for a in (_aspect(x) for x in _section(briefing_text, "constraints")) if a]
    technical = [a for a in technical if a not in product]
    return {"product": product[:7], "technical": technical[:7], "operational": []}


CLARIFY_QUESTIONS: list[dict[str, Any]] = [
    {
        "id": "Q1",
        "question": PERSISTENCE_DECISION["context"],
        "options": list(PERSISTENCE_DECISION["options"]),
        "axis": "persistence",
    },
    {
        "id": "Q2",
        "question": "In which order does `notes list` print the notes?",
        "options": ["oldest first, numbered", "newest first, numbered"],
        "axis": "",
    },
]


def clarify_answers(questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The scripted answerer: the first option, score 2, with the spec as its reason."""
    return [
        {
            "id": q["id"],
            "choice": PERSISTENCE_DECISION["choice"]
            if q.get("axis") == "persistence"
            else q["options"][0],
            "score": 2,
            "justification": "The specification and the briefing point to this option.",
            "evidence": "",
        }
        for q in questions
    ]
