"""Demo projects built once per test session and handed out as fresh, independent copies.

A demo takes seconds (about 150 git calls, the sample's own tests in the sandbox, two runs);
building one in the setup of every report, panel and recall test was the suite's largest
repeated cost. Here each kind is built once, for real, and every test gets a pristine copy.

A demo records its project's absolute path: in the store (hash-chained events, so it cannot be
rewritten), in the chain anchor's file name, in the run registry and the knowledge DB. A copy
therefore goes back to the very path its template was built at: each hand-out removes the
previous copy there and copies the template in. Copies share nothing: each has its own git
objects and its own SQLite file (no connection is ever open on a template, so there is no WAL
to share). One copy of a kind exists at a time, which holds because a pytest process runs one
test at a time (pytest-xdist workers each have their own base temp directory).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from ondas.app.run import demo

SECRET = "sk-live-4f9aQ7zLmN2pR8tV6wXy"
"""A value of the project's .env that must never reach a report, draft or export."""


def make_demo(directory: Path, *, auto_answer: bool = True) -> Path:
    """Run the offline demo into ``directory`` with a .env holding :data:`SECRET`."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / ".env").write_text(f"PAYMENT_API_KEY={SECRET}\n", encoding="utf-8")
    demo(directory, auto_answer=auto_answer)
    return directory


class DemoCopies:
    """Templates of demo builds, one per name, and fresh copies of them at their build path."""

    def __init__(self, root: Path) -> None:
        self._root = root

    def fresh(self, name: str, build: Callable[[Path], None], *, home: Path | None = None) -> Path:
        """The directory ``build(directory)`` filled, as a pristine copy for the caller alone.

        ``build`` runs once per session, with ``$ONDAS_HOME`` at ``directory / "home"``; later
        calls with the same ``name`` replace the previous copy (its test is over) with a new one.
        With ``home``, the files the build left in its ``$ONDAS_HOME`` (chain anchors, run
        registry, knowledge DB) are also copied into ``home``, as if it had run there.
        """
        live = self._root / "live" / name
        template = self._root / "templates" / name
        if template.exists():
            shutil.rmtree(live, ignore_errors=True)
            shutil.copytree(template, live, symlinks=True)
        else:
            live.mkdir(parents=True)
            with pytest.MonkeyPatch.context() as mp:
                mp.setenv("ONDAS_HOME", str(live / "home"))
                build(live)
            shutil.copytree(live, template, symlinks=True)
        if home is not None:
            shutil.copytree(live / "home", home, symlinks=True, dirs_exist_ok=True)
        return live

    def notes(self, *, auto_answer: bool, home: Path) -> Path:
        """A fresh copy of the demo with a .env holding :data:`SECRET` (see :func:`make_demo`),
        finished or (without ``auto_answer``) awaiting a person at clarify; the files it left in
        its ``$ONDAS_HOME`` are copied into ``home``."""

        def build(directory: Path) -> None:
            make_demo(directory / "notes", auto_answer=auto_answer)

        name = "notes-finished" if auto_answer else "notes-waiting"
        return self.fresh(name, build, home=home) / "notes"
