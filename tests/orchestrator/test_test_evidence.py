"""A test run is evidence only when it counted tests: 'no tests ran' is never a pass or a fail."""

from __future__ import annotations

import sys
from pathlib import Path

from ondas.orchestrator.delivery import suite_problem
from ondas.runtime.testrun import run_tests, suite_green, task_outcome


def test_pytest_collecting_nothing_is_no_tests_not_a_failure(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    command = f"{sys.executable} -m pytest -q -p no:cacheprovider"
    run = run_tests(tmp_path, command)
    assert run.exit_code == 5 and run.tests_run == 0 and run.no_tests
    assert not suite_green(run)
    assert "reported no test" in (suite_problem(command, run) or "")
    assert task_outcome(run) == "unverified"


def test_a_green_run_with_tests_passes_and_a_red_one_fails(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "__init__.py").write_text("")
    (tests / "test_a.py").write_text(
        "import unittest\n\nclass A(unittest.TestCase):\n    def test_a(self):\n        pass\n"
    )
    command = f"{sys.executable} -m unittest discover -s tests -t ."
    green = run_tests(tmp_path, command)
    assert suite_green(green) and task_outcome(green) == "pass"
    (tests / "test_b.py").write_text(
        "import unittest\n\nclass B(unittest.TestCase):\n"
        "    def test_b(self):\n        self.fail('no')\n"
    )
    red = run_tests(tmp_path, command)
    assert not red.no_tests and task_outcome(red) == "fail"
    assert "the test suite fails" in (suite_problem(command, red) or "")
    assert task_outcome(None) == "unverified"
