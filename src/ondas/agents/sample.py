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
    ("T001", "Note storage in notes/store.py with tests in tests/test_store.py"),
    ("T002", "Command line (add, list) in notes/cli.py with tests in tests/test_cli.py"),
    ("T003", "Module entry point notes/__main__.py with tests in tests/test_main.py"),
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
People jot down short notes in the terminal and lose them in shell history. {ctx["description"]}

## Users
Developers who live in a terminal and want a zero-setup notes list.

## Scope
- Add a note from the command line.
- List the notes in the order they were added.
- Notes are kept between runs.

## Out of scope
Sync, search, tags, editing and deleting notes.

## Risks
- Losing notes when a write is interrupted.
- Scope creep towards a full note-taking app.

## Success criteria
- `python -m notes add "text"` then `python -m notes list` shows the note.
- The test suite passes.
"""


def constitution(ctx: dict[str, Any]) -> str:
    return """# Constitution

## Principles

### I. Tests come with the code
Every task ships the unittest tests that prove it; a task is done only when they pass.
Checked by the runtime, which runs the suite after each task.

### II. Standard library only
No third-party dependency unless a requirement cannot be met without one.
Checked in review by reading the imports.

### III. Small and readable
Modules stay short; functions do one thing. Checked in review.

### IV. Safe writes
A write never leaves a half-written notes file. Checked by a test.

## Governance
The constitution wins over any other artifact; changing it needs a recorded decision.
"""


def spec(ctx: dict[str, Any]) -> str:
    return """# Specification: notes CLI

## User Scenarios & Testing

### User Story 1 - Add a note (Priority: P1)
As a terminal user I add a short note so that I do not lose it.

**Acceptance Scenarios**:
1. **Given** no notes, **When** I run `notes add "buy milk"`, **Then** the note is stored.

### User Story 2 - List notes (Priority: P1)
As a terminal user I list my notes in the order I added them.

**Acceptance Scenarios**:
1. **Given** two notes, **When** I run `notes list`, **Then** both are printed, oldest first.

## Requirements

### Functional Requirements
- **FR-001**: The CLI MUST store a note given on the command line.
- **FR-002**: The CLI MUST list stored notes oldest first, one per line, numbered.
- **FR-003**: Notes MUST survive between runs.
- **FR-004**: An empty note MUST be refused with a non-zero exit code.

### Key Entities
- **Note**: a non-empty line of text and its position in the list.

## Success Criteria
- **SC-001**: Adding then listing shows the note, in under one second.
- **SC-002**: All tests pass.

## Open Questions
- How are notes stored between runs?
"""


def clarified_spec(ctx: dict[str, Any]) -> str:
    return (
        spec(ctx).replace(
            "## Open Questions\n- How are notes stored between runs?\n",
            "## Open Questions\nNone left.\n",
        )
        + """
## Clarifications

### Session 1
- Q: How are notes stored between runs? -> A: in a JSON file `notes.json` in the working
  directory (structural decision, persistence axis, confirmed by a person).
"""
    )


def plan(ctx: dict[str, Any]) -> str:
    return """# Implementation Plan: notes CLI

## Summary
A Python package `notes` with a storage module, a command-line module and an entry point.

## Technical Context
- **Language/Version**: Python 3.11
- **Primary Dependencies**: none (standard library)
- **Storage**: JSON file `notes.json` in the working directory, written atomically
- **Testing**: unittest (`python -m unittest discover -s tests`)
- **Target Platform**: any OS with Python 3.11

## Constitution Check
- I. Tests come with the code: each task has its test module.
- II. Standard library only: json, argparse, os, tempfile.
- III. Small and readable: three modules under 60 lines each.
- IV. Safe writes: write to a temp file, then `os.replace`.

## Project Structure
```
notes/__init__.py
notes/store.py
notes/cli.py
notes/__main__.py
tests/test_store.py
tests/test_cli.py
tests/test_main.py
```

## Data Model
`notes.json` holds a JSON list of strings, oldest first.

## Interfaces
- `notes.store.load(path) -> list[str]`, `notes.store.add(path, text) -> int`
- `notes.cli.main(argv) -> int`
"""


def checklist(ctx: dict[str, Any]) -> str:
    return """# Requirements Checklist: notes CLI

## Completeness
- [x] CHK001 Every user story has an acceptance scenario (Spec, User Stories 1-2)
- [x] CHK002 Storage is specified (FR-003, Clarifications)

## Clarity
- [x] CHK003 "Oldest first" is unambiguous for listing (FR-002)

## Consistency
- [x] CHK004 The plan's storage matches the clarified specification (Plan, Storage)

## Measurability
- [x] CHK005 Success criteria can be checked by a test (SC-001, SC-002)

## Edge Cases
- [x] CHK006 Empty notes are covered (FR-004)
"""


def tasks(ctx: dict[str, Any]) -> str:
    lines = "\n".join(f"- [ ] {tid} {title}" for tid, title in TASKS)
    return f"""# Tasks: notes CLI

## Phase 1: Setup and core
{lines}

## Dependencies & Execution Order
T001 before T002 before T003.
"""


TASK_FILES: dict[str, dict[str, str]] = {
    "T001": {
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
        self.dir = tempfile.mkdtemp()
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
    "T002": {
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
        self.path = os.path.join(tempfile.mkdtemp(), "notes.json")

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
    "T003": {
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
        cwd = tempfile.mkdtemp()
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


def converge(ctx: dict[str, Any]) -> str:
    return """# Convergence report

| Requirement | Status | Where |
|---|---|---|
| FR-001 | met | notes/store.py `add`, notes/cli.py `add` |
| FR-002 | met | notes/cli.py `list` |
| FR-003 | met | notes/store.py (JSON file) |
| FR-004 | met | notes/store.py raises, notes/cli.py exits 1 |

No changes were needed in this stage.
"""


def review_task(ctx: dict[str, Any]) -> str:
    entries = "\n".join(
        f"## {tid}: accepted\n{title}. Evidence: its test module passes; code read.\n"
        for tid, title in TASKS
    )
    return f"# Task review\n\n{entries}"


def review_features(ctx: dict[str, Any]) -> str:
    return """# Feature review

## User Story 1 - Add a note: accepted
Checked with tests/test_cli.py and tests/test_main.py (`python -m notes add hello`).

## User Story 2 - List notes: accepted
Checked with tests/test_cli.py (`list` prints numbered notes, oldest first).

## Before release
Look at the notes.json location decision (persistence axis) and decide whether a per-user
data directory is preferable.
"""
