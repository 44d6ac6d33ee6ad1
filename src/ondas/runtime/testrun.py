"""Run the target project's test command and read real pass/fail counts from its output.

The command runs the agent's code (its tests, a conftest), so it runs inside the OS sandbox
(:mod:`ondas.runtime.sandboxed`) unless the operator chose ``--no-sandbox``.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ondas.config import load_config
from ondas.runtime import sandboxed

OUTPUT_TAIL = 4000
NO_TESTS_EXIT = 5
"""pytest, and unittest since Python 3.12, exit 5 when they collected no test."""
NO_TESTS_RE = re.compile(r"\bno tests ran\b", re.IGNORECASE)


@dataclass(frozen=True)
class TestRun:
    """The outcome of one run of the project's tests."""

    __test__ = False  # not a pytest test class

    command: str
    exit_code: int
    tests_run: int
    tests_passed: int
    tests_failed: int
    output_tail: str

    @property
    def ok(self) -> bool:
        """True when the command succeeded and no test failed."""
        return self.exit_code == 0 and self.tests_failed == 0

    @property
    def no_tests(self) -> bool:
        """True when the runner found no test at all (exit 0 with none, or its 'no tests ran')."""
        return self.tests_run == 0 and (self.exit_code in (0, NO_TESTS_EXIT))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (with ``ok``)."""
        return {**asdict(self), "ok": self.ok}


def _has_pytest_config(project: Path) -> bool:
    if (project / "pytest.ini").is_file() or (project / "conftest.py").is_file():
        return True
    for name, marker in (("pyproject.toml", "[tool.pytest"), ("setup.cfg", "[tool:pytest]")):
        path = project / name
        if path.is_file() and marker in path.read_text(encoding="utf-8", errors="replace"):
            return True
    return False


def detect_test_command(project: Path) -> str | None:
    """The test command a project's files imply, or ``None`` when nothing is recognisable."""
    python = shlex.quote(sys.executable)
    if _has_pytest_config(project):
        return f"{python} -m pytest -q"
    if (project / "tests").is_dir() and any((project / "tests").rglob("test*.py")):
        return f"{python} -m unittest discover -s tests -t ."
    if (project / "package.json").is_file():
        return "npm test --silent"
    if (project / "Cargo.toml").is_file():
        return "cargo test"
    if (project / "go.mod").is_file():
        return "go test ./..."
    return None


_PYTEST_COUNT = re.compile(r"(\d+) (passed|failed|errors?)\b")
_UNITTEST_RAN = re.compile(r"^Ran (\d+) tests? in ", re.M)
_UNITTEST_FAILED = re.compile(r"^FAILED \(([^)]*)\)", re.M)
_CARGO = re.compile(r"test result: \w+\. (\d+) passed; (\d+) failed")
_JEST = re.compile(r"^Tests:\s+(.*\d+ total)", re.M)
_GO = re.compile(r"^--- (PASS|FAIL):", re.M)


def parse_counts(output: str) -> tuple[int, int, int]:
    """(run, passed, failed) read from the output of a known test runner; zeros if unknown."""
    ran = _UNITTEST_RAN.findall(output)
    if ran:
        total = sum(int(n) for n in ran)
        failed = 0
        for group in _UNITTEST_FAILED.findall(output):
            for part in group.split(","):
                name, _, value = part.strip().partition("=")
                if name in ("failures", "errors") and value.isdigit():
                    failed += int(value)
        return total, total - failed, failed
    cargo = _CARGO.findall(output)
    if cargo:
        passed = sum(int(p) for p, _ in cargo)
        failed = sum(int(f) for _, f in cargo)
        return passed + failed, passed, failed
    jest = _JEST.findall(output)
    if jest:
        jc = {k: int(v) for v, k in re.findall(r"(\d+) (\w+)", jest[-1])}
        return jc.get("total", 0), jc.get("passed", 0), jc.get("failed", 0)
    go = _GO.findall(output)
    if go:
        failed = go.count("FAIL")
        return len(go), len(go) - failed, failed
    counts: dict[str, int] = {}
    for value, kind in _PYTEST_COUNT.findall(output):
        key = "error" if kind.startswith("error") else kind
        counts[key] = int(value)
    if counts:
        failed = counts.get("failed", 0) + counts.get("error", 0)
        return counts.get("passed", 0) + failed, counts.get("passed", 0), failed
    return 0, 0, 0


def run_tests(
    project: Path, command: str, *, timeout: float = 600.0, sandbox: bool = True
) -> TestRun:
    """Run ``command`` in ``project`` through the shell (sandboxed unless ``sandbox`` is
    False) and count the tests it reports."""
    try:
        proc = sandboxed.run(project, command, timeout=timeout, sandbox=sandbox)
        output, code = proc.stdout + proc.stderr, proc.returncode
    except subprocess.TimeoutExpired as exc:
        partial = [
            b.decode(errors="replace") if isinstance(b, bytes) else (b or "")
            for b in (exc.stdout, exc.stderr)
        ]
        output = f"{''.join(partial)}\n[timed out after {timeout:.0f}s]"
        code = 124
    ran, passed, failed = parse_counts(output)
    no_tests = code == NO_TESTS_EXIT and ran == 0 and NO_TESTS_RE.search(output) is not None
    if code != 0 and failed == 0 and not no_tests:
        failed, ran = 1, passed + 1
    return TestRun(command, code, ran, passed, failed, output[-OUTPUT_TAIL:])


def run_check(
    project: Path, command: str, *, timeout: float = 900.0, sandbox: bool = True
) -> tuple[int, str]:
    """Run a check ``command`` (lint, type check) in ``project``, sandboxed unless ``sandbox`` is
    False: its exit code (124 on a timeout) and the tail of its output."""
    try:
        proc = sandboxed.run(project, command, timeout=timeout, sandbox=sandbox)
    except subprocess.TimeoutExpired:
        return 124, f"timed out after {timeout:.0f}s"
    return proc.returncode, (proc.stdout + proc.stderr)[-OUTPUT_TAIL:]


def run_lint(project: Path, command: str, *, timeout: float = 600.0, sandbox: bool = True) -> bool:
    """Run the lint ``command`` in ``project`` (sandboxed unless ``sandbox`` is False);
    True when it exits 0."""
    return run_check(project, command, timeout=timeout, sandbox=sandbox)[0] == 0


def suite_green(run: TestRun | None) -> bool:
    """True when a test command ran at least one test, all passed, and it exited 0."""
    return run is not None and run.ok and run.tests_run > 0


def test_command(project: Path, configured: str | None) -> str | None:
    """``--test-command``, else ``test_command`` of .ondas/config.toml, else detected."""
    if configured:
        return configured
    return load_config(project / ".ondas").test_command or detect_test_command(project)


def task_outcome(run: TestRun | None) -> str:
    """``pass`` on a green run that counted tests, ``fail`` on a red one, else ``unverified``."""
    if suite_green(run):
        return "pass"
    if run is not None and not run.ok and not run.no_tests:
        return "fail"
    return "unverified"
