"""Round 15 of issue 30: programs unattended runs refused as unknown, judged by class.

Read-only inspectors of the machine (``pmap``, ``getenforce``, ``sar``, ``fuser`` without its
kill, ``auditctl -l``), linters that read and print, pre-commit's port ``prek``; ``rename`` of a
literal substitution inside the project; coverage and analysis wrappers (``c8``, ``nyc``,
``bear``, ``scan-build``, ``kcov``, ``gotestsum``) judged by the command they run; ``dc`` judged
by its code; ``emacs --batch`` and ``bats`` running the project's own tests. Each class has ordinary
uses every mode lets through and twins that stay refused. Every case is data handed to the
guard; none is ever run. Cases are written for this module as members of a class, not copied
from the sets.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

UNATTENDED = {"unattended": True}


@pytest.mark.parametrize(
    "command",
    [
        "pmap -x 4242",
        "getenforce",
        "sar -u 2 5",
        "sar -r -o build/sar.data 1 3",
        "fuser -v src/app.log",
        "fuser -m /mnt/cache",
        "auditctl -l",
        "auditctl -s",
        "proselint docs/guide.md",
        "alex docs",
        "doc8 docs",
        "rstcheck --report-level warning README.rst",
        "bashate scripts/deploy.sh",
        "checkbashisms scripts/install.sh",
        "perlcritic --severity 3 lib",
        "reek app/models",
        "weeder",
        "ts-prune -p tsconfig.json",
        "lizard -o build/complexity.html src",
        "prek run --all-files",
        "rename 's/\\.jpeg$/.jpg/' assets/*.jpeg",
        "rename -n 's/^draft-/post-/' posts/draft-a.md posts/draft-b.md",
        "c8 npm test",
        "c8 --reporter=lcov -r text mocha 'test/**/*.js'",
        "c8 check-coverage --lines 90",
        "nyc --reporter=html mocha",
        "bear -- make -j4",
        "bear --output build/compile_commands.json -- ninja -C build",
        "scan-build -o build/analysis make",
        "gotestsum --format testname --junitfile build/junit.xml -- -race ./...",
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_inspectors_linters_renames_and_coverage_wrappers_run_in_every_mode(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        # a known inspector given the option that changes the machine
        ("fuser -k /mnt/data", "system-change"),
        ("fuser -km /mnt/data", "system-change"),
        ("fuser --kill src/app.log", "system-change"),
        # what a wrapper runs, judged as that command
        ("c8 bash -c 'rm -rf ~'", "rm-home"),
        ("nyc rm -rf .git", "rm-protected"),
        ("scan-build sh -c 'rm -rf ~'", "rm-home"),
        ("gotestsum -- -exec 'rm -rf ~' ./...", "rm-home"),
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_a_changing_option_or_what_a_wrapper_runs_is_refused_in_every_mode(
    command: str, rule: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked and verdict.rule == rule, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "sar -o ~/.bashrc 1 1",
        "lizard -o ~/.profile src",
        "bear --output ~/.bashrc -- make",
        "c8 --reports-dir ~/.config/autostart npm test",
        "scan-build -o /etc/cron.d make",
        "gotestsum --junitfile ~/.bashrc -- ./...",
    ],
)
def test_a_report_written_outside_the_project_is_refused_unattended(command: str) -> None:
    verdict = check(command, **UNATTENDED)
    assert verdict.blocked and verdict.rule == "write-outside-project", (command, verdict)


@pytest.mark.parametrize(
    "command",
    [
        # rename with Perl code, an overwrite, a name that may climb or leave the project
        "rename 's/x/unlink/e' docs/a.txt",
        "rename -e 's/a/b/' docs/a.txt",
        "rename -f 's/\\.txt$/.md/' docs/a.txt",
        "rename 's/docs//' docs/a.txt",
        "rename 's/x/../' docs/x/a.txt",
        "rename 's/\\.txt$/.md/' ~/notes/*.txt",
        "rename 's/(.*)/$1.bak/' docs/a.txt",
        "rename 's/a/b/' \"$FILES\"",
        # wrappers with an option that loads or runs another program, or code outside
        "nyc --require /tmp/hook.js mocha",
        "c8 --config /tmp/c8.json npm test",
        "c8 node /tmp/payload.js",
        "scan-build --use-cc /tmp/cc make",
        "bear --wrapper-dir /tmp/w -- make",
        "gotestsum --raw-command -- ./run-tests.sh",
        "gotestsum tool slowest",
        # fetched by a package manager's runner when the project has not installed it
        "npx c8 npm test",
    ],
)
def test_twins_that_run_what_the_guard_cannot_see_stay_unknown_unattended(command: str) -> None:
    for mode in MODES[:2]:
        assert not check(command, **mode).blocked, (command, mode)
    verdict = check(command, **UNATTENDED)
    assert verdict.blocked and verdict.category == "unknown", (command, verdict)


def test_gotestsum_given_a_post_run_command_is_refused_unattended() -> None:
    verdict = check("gotestsum --post-run-command 'rm -rf ~'", **UNATTENDED)
    assert verdict.blocked, verdict


@pytest.mark.parametrize(
    "command",
    ["dc -e '2 3 + p'", "dc --expression='10 k 2 v p'", "dc -e '1 2 !<a p'", "dc <<< '6 7 * p'"],
)
@pytest.mark.parametrize("mode", MODES)
def test_dc_given_code_without_a_shell_escape_runs_in_every_mode(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize("mode", MODES)
def test_dc_shell_escape_is_judged_as_the_command_it_runs_in_every_mode(
    mode: dict[str, bool],
) -> None:
    for command in ("dc -e '!rm -rf ~'", "dc -e '[!rm -rf ~]x'"):
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "rm-home", (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    ["dc -e '[!echo hi]x'", "dc -e '? p'", "dc -f calc.dc", "dc calc.dc", 'dc -e "$EXPR"', "dc"],
)
def test_dc_with_an_escape_input_read_as_code_or_unseen_code_stays_unknown_unattended(
    command: str,
) -> None:
    for mode in MODES[:2]:
        assert not check(command, **mode).blocked, (command, mode)
    verdict = check(command, **UNATTENDED)
    assert verdict.blocked and verdict.category == "unknown", (command, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "emacs -Q --batch -L . -l ert -l test/mode-test.el -f ert-run-tests-batch-and-exit",
        "emacs --batch --load=test/all.el -f ert-run-tests-batch-and-exit",
        "emacs -Q -batch -L lisp -f batch-byte-compile lisp/mode.el lisp/util.el",
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_emacs_batch_running_the_projects_lisp_runs_in_every_mode(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "emacs --batch -l /tmp/x.el -f ert-run-tests-batch-and-exit",
        "emacs --batch -L /tmp/lib -l ert -f ert-run-tests-batch-and-exit",
        "emacs --batch -l ~/.emacs.d/init.el -f ert-run-tests-batch-and-exit",
        "emacs --batch -l ert -f package-refresh-contents",
        "emacs --batch notes.org -f org-babel-tangle",
        "emacs --batch -f batch-byte-compile /tmp/x.el",
        "emacs -l test/a-test.el -f ert-run-tests-batch-and-exit",
        "cd /tmp && emacs --batch -l ert -f ert-run-tests-batch-and-exit",
    ],
)
def test_emacs_loading_code_outside_the_project_or_calling_other_functions_stays_unknown(
    command: str,
) -> None:
    for mode in MODES[:2]:
        assert not check(command, **mode).blocked, (command, mode)
    verdict = check(command, **UNATTENDED)
    assert verdict.blocked and verdict.category == "unknown", (command, verdict)


@pytest.mark.parametrize("mode", MODES)
def test_emacs_eval_code_is_judged_in_every_mode(mode: dict[str, bool]) -> None:
    verdict = check("emacs --batch --eval '(delete-directory \"~\" t)'", **mode)
    assert verdict.blocked and verdict.category == "dangerous", (mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "bats test",
        "bats -r --tap test/",
        "bats -F junit -o build/reports test/unit.bats test/cli.bats",
        "kcov build/cov ./test/run.sh",
        "kcov --include-path=src --exclude-pattern=vendor build/cov ./bin/app --quick",
        "kcov --report-only build/cov",
        "gotestsum",
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_bats_and_kcov_running_the_projects_tests_run_in_every_mode(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "bats /tmp/x.bats",
        "bats ~/tests",
        "bats -F /tmp/fmt test",
        "bats --formatter ./fmt test",
        "bats --setup-suite-file /tmp/s.bash test",
        'bats "$DIR"',
        "bats",
        "kcov cov /tmp/payload",
        "kcov --python-parser=/tmp/py cov ./x.py",
        "gotestsum --rerun-fails -- ./...",
    ],
)
def test_bats_and_kcov_given_code_outside_the_project_or_a_program_stay_unknown(
    command: str,
) -> None:
    for mode in MODES[:2]:
        assert not check(command, **mode).blocked, (command, mode)
    verdict = check(command, **UNATTENDED)
    assert verdict.blocked and verdict.category == "unknown", (command, verdict)


@pytest.mark.parametrize("mode", MODES)
def test_what_kcov_runs_is_judged_in_every_mode(mode: dict[str, bool]) -> None:
    verdict = check("kcov build/cov rm -rf ~", **mode)
    assert verdict.blocked and verdict.rule == "rm-home", (mode, verdict)


def test_a_bats_output_directory_outside_the_project_is_refused_unattended() -> None:
    verdict = check("bats -o ~/.config/autostart test", **UNATTENDED)
    assert verdict.blocked and verdict.rule == "write-outside-project", verdict


@pytest.mark.parametrize("mode", MODES)
def test_nbqa_runs_the_tool_it_is_given_judged_as_that_tool(mode: dict[str, bool]) -> None:
    assert not check("nbqa ruff notebooks --nbqa-diff", **mode).blocked, mode
    verdict = check("nbqa rm -rf ~", **mode)
    assert verdict.blocked and verdict.rule == "rm-home", (mode, verdict)


def test_nbqa_given_a_tool_the_guard_does_not_know_stays_unknown_unattended() -> None:
    verdict = check("nbqa mytool notebooks", **UNATTENDED)
    assert verdict.blocked and verdict.category == "unknown", verdict


def test_fuser_given_a_word_computed_at_run_time_is_refused_unattended_only() -> None:
    command = 'fuser -v "$LOCK"'
    for mode in MODES[:2]:
        assert not check(command, **mode).blocked, mode
    verdict = check(command, **UNATTENDED)
    assert verdict.blocked and verdict.rule == "dynamic-command", verdict
