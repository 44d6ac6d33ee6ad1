from __future__ import annotations

import subprocess
from pathlib import Path

from ondas.orchestrator.tasklist import tick_line
from ondas.runtime import gitops
from ondas.runtime.testrun import detect_test_command, parse_counts, run_tests


def test_unittest_pytest_cargo_and_go_outputs_give_real_counts() -> None:
    assert parse_counts("....\n---\nRan 4 tests in 0.01s\n\nOK\n") == (4, 4, 0)
    assert parse_counts("Ran 5 tests in 0.1s\n\nFAILED (failures=1, errors=1)\n") == (5, 3, 2)
    assert parse_counts("==== 7 passed, 2 failed in 0.3s ====") == (9, 7, 2)
    assert parse_counts("test result: ok. 3 passed; 0 failed; 0 ignored") == (3, 3, 0)
    assert parse_counts("--- PASS: TestA\n--- FAIL: TestB\n") == (2, 1, 1)
    assert parse_counts("nothing we know") == (0, 0, 0)


def test_failing_command_never_reports_success(project: Path) -> None:
    run = run_tests(project, "echo 'Ran 2 tests in 0s' >&2; exit 3")
    assert not run.ok
    assert run.tests_failed >= 1 and run.tests_passed <= run.tests_run


def test_python_tests_directory_is_detected_as_unittest(project: Path) -> None:
    assert detect_test_command(project) is None
    (project / "tests").mkdir()
    (project / "tests" / "test_a.py").write_text("")
    assert "unittest discover" in (detect_test_command(project) or "")
    (project / "pytest.ini").write_text("[pytest]\n")
    assert "pytest" in (detect_test_command(project) or "")


def test_tick_line_ticks_only_that_open_box(tmp_path: Path) -> None:
    path = tmp_path / "tasks.md"
    path.write_text("# T\n- [ ] 1.1 [C] a\n- [ ] 1.2 [C] b\n")
    assert tick_line(path, 3)
    assert path.read_text() == "# T\n- [ ] 1.1 [C] a\n- [x] 1.2 [C] b\n"
    assert not tick_line(path, 3)
    assert not tick_line(path, 1)


def test_commit_takes_only_the_given_paths(project: Path) -> None:
    gitops.ensure_repo(project)
    (project / "a.txt").write_text("a")
    (project / "b.txt").write_text("b")
    commit = gitops.commit_paths(project, ["a.txt", "missing.txt"], "one")
    assert commit is not None
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=project, capture_output=True, text=True, check=True
    ).stdout.split()
    assert tracked == ["a.txt"]
    assert gitops.commit_paths(project, ["a.txt"], "nothing new") is None
    assert gitops.changed_paths(project, commit) == ["b.txt"]
