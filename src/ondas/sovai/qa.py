"""The QA gate: the project's own lint, type check and tests, and what could not be checked.

Each check runs the project's configured (or detected) command; a check without a command
is listed as uncovered, never counted as passed. The gate is green only when every check
that ran passed, the tests ran at least one test, and nothing is uncovered.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ondas.config import load_config
from ondas.runtime.testrun import TestRun, run_check, run_tests, suite_green

OUTPUT_TAIL = 1500


@dataclass
class Check:
    """One check of the gate."""

    name: str
    command: str
    exit_code: int
    ok: bool
    detail: str = ""
    tests_run: int | None = None
    tests_passed: int | None = None
    reused: bool = False
    """The caller's run of this suite on the same tree, taken instead of a new one."""


@dataclass
class QaResult:
    """The gate's checks, what was not checked, and whether it is green."""

    checks: list[Check] = field(default_factory=list)
    uncovered: list[str] = field(default_factory=list)

    @property
    def green(self) -> bool:
        """Every check ran and passed, and nothing was left unchecked."""
        return bool(self.checks) and all(c.ok for c in self.checks) and not self.uncovered

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (with ``green``)."""
        return {**asdict(self), "green": self.green}


def run_gate(
    project: Path,
    *,
    test_command: str | None,
    typecheck_command: str | None,
    sandbox: bool = True,
    tests: TestRun | None = None,
) -> QaResult:
    """Run lint, type check and tests in ``project`` (each inside the OS sandbox unless
    ``sandbox`` is False); list what has no command.

    ``tests``: a run of ``test_command`` on this very tree (the caller compared the tree),
    taken instead of running the suite again."""
    config = load_config(project / ".ondas")
    result = QaResult()
    for name, command, where in (
        ("lint", config.lint_command, "lint_command in .ondas/config.toml"),
        ("typecheck", typecheck_command, "typecheck_command in [sovai] of .ondas/config.toml"),
    ):
        if not command:
            result.uncovered.append(f"{name}: no command configured ({where})")
            continue
        code, output = run_check(project, command, sandbox=sandbox)
        result.checks.append(
            Check(name, command, code, code == 0, output[-OUTPUT_TAIL:] if code else "")
        )
    if not test_command:
        result.uncovered.append("tests: no test command configured or detected")
        return result
    run = tests if tests is not None else run_tests(project, test_command, sandbox=sandbox)
    green = suite_green(run)
    result.checks.append(
        Check(
            "tests",
            test_command,
            run.exit_code,
            green,
            "" if green else run.output_tail[-OUTPUT_TAIL:],
            run.tests_run,
            run.tests_passed,
            reused=tests is not None,
        )
    )
    if run.no_tests:
        result.uncovered.append(f"tests: {test_command} ran no test")
    return result
