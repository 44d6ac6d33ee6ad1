"""Two ``ondas run`` started at once on an empty directory: one runs, the other is refused in
one line (never a traceback from racing on ``git init`` or on creating the store)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.orchestrator.conftest import SAMPLE

RUN = ["--description", SAMPLE, "--backend", "scripted", "--tier", "local", "--max-waves", "2",
       "--no-atomic-commit", "--no-roadmap"]  # fmt: skip


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_two_runs_racing_on_an_empty_directory_end_cleanly(project: Path) -> None:
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "ondas", "run", str(project), *RUN],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    results = [(c.wait(timeout=300), *c.communicate()) for c in children]
    codes = sorted(code for code, _, _ in results)
    assert codes[0] == 0, results
    assert codes[1] in (0, 1, 3), results
    for code, _, err in results:
        assert "Traceback" not in err
        if code:
            assert len(err.strip().splitlines()) == 1, err
