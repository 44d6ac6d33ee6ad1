"""Helpers for the state tests: tampering with plain sqlite3, building a realistic history."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from ondas.app.run import run
from ondas.runtime.schema import default_schema
from ondas.state import lock
from ondas.state.execution import create_execution, terminate, update_execution
from ondas.state.export import import_document
from ondas.state.store import Store
from tests.demos import DemoCopies
from tests.orchestrator.conftest import SAMPLE

FIXTURES = Path(__file__).parent / "fixtures"
LEGACY_FILE = FIXTURES / "legacy_state.json"


def sqlite3_shell(db: Path, sql: str) -> None:
    """Run ``sql`` against ``db`` with the plain ``sqlite3`` shell (or the bare module).

    This is what someone editing the store behind the runtime's back would do: no ondas code,
    foreign keys off (the shell's default) and CHECK constraints ignored.
    """
    script = f"PRAGMA ignore_check_constraints = ON;\n{sql}\n"
    shell = shutil.which("sqlite3")
    if shell:
        subprocess.run([shell, str(db)], input=script, text=True, check=True, timeout=30)
        return
    conn = sqlite3.connect(db)  # pragma: no cover - the sqlite3 shell is installed by test.sh
    try:
        conn.executescript(script)
    finally:
        conn.close()


def build_history(state_dir: Path, project: Path) -> None:
    """A store touching every core table: two executions, aspects, metrics, ids, an import,
    extras and a held lock."""
    import json

    with Store.open(state_dir, create=True, schema=default_schema()) as store:
        create_execution(
            store,
            project_path=project,
            description="first run",
            key_aspects={"product": ["todo list"], "technical": ["sqlite"]},
        )
        update_execution(store, {"current_stage": "specify", "next_instruction": "write spec"})
        with store.transaction("tool_used", execution_id="exec-001") as tx:
            tx.add_metrics("exec-001", {"tool_calls": 3, "tokens": 1200.5})
            tx.next_id("exec-001", "dec")
        update_execution(store, {"description": "first run, renamed"})
        terminate(store, status="completed", reason="done", current_stage="review-features")
        imported = import_document(store, json.loads(LEGACY_FILE.read_text(encoding="utf-8")))
        with store.transaction("tool_used", execution_id=imported) as tx:
            tx.add_metrics(imported, {"tool_calls": 1})
        lock.acquire(store, pid=1)


@pytest.fixture
def history(state_dir: Path, project: Path) -> Path:
    """The path of a state.db holding :func:`build_history`."""
    build_history(state_dir, project)
    return state_dir / "state.db"


class CliResult:
    """Exit code and captured output of one in-process ``ondas`` invocation."""

    def __init__(self, returncode: int, stdout: str, stderr: str) -> None:
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., CliResult]:
    """Run the real ``ondas`` command line in this process (fast; same code as the script)."""
    from ondas.cli.main import run

    def invoke(*args: str) -> CliResult:
        capsys.readouterr()
        code = run(list(args))
        out, err = capsys.readouterr()
        return CliResult(code, out, err)

    return invoke


def _one_wave(directory: Path) -> None:
    project = directory / "project"
    project.mkdir()
    run(project, description=SAMPLE, backend="scripted", tier="local", max_waves=1)


@pytest.fixture
def started(demo_copies: DemoCopies) -> Path:
    """A project after one wave of a scripted run (with its git commit): a fresh copy of the
    one the session ran, its anchor and registry entry in this test's $ONDAS_HOME."""
    home = Path(os.environ["ONDAS_HOME"])
    return demo_copies.fresh("one-wave", _one_wave, home=home) / "project"
