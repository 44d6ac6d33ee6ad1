"""A shell, a REPL or a session started with no command runs what reaches its terminal, which
the guard cannot see: undecidable in unattended runs without the sandbox (issue 30, round 6a).

Every case is data handed to the guard; none is run. Cases are written for the class, not
copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

STARTS_WITH_NO_COMMAND = [
    "ksh",
    "/usr/bin/zsh -i",
    "bash -s",
    "sh </dev/tty",
    "exec /bin/dash 0<&1",
    "nice -n 5 /bin/bash",
    "env -i TERM=xterm /bin/sh -l",
    "timeout 60 sh",
    "find . -maxdepth 0 -exec /bin/mksh \\;",
    "ssh-agent /bin/bash",
    "poetry run bash",
    "python3",
    "perl -d",
    "irb_like=1 tclsh",
    "GIT_PAGER='sh 0<&2' git log",
    "bash -c 'exec zsh'",
    "ruby -e 'system(\"zsh\")'",
    'python3 -c \'import os; os.execv("/bin/bash", ["bash"])\'',
    'node -e \'require("child_process").spawnSync("sh", {stdio: "inherit"})\'',
    "awk 'BEGIN { system(\"/bin/ksh\") }'",
]


@pytest.mark.parametrize("command", STARTS_WITH_NO_COMMAND)
def test_a_shell_or_repl_with_no_command_is_refused_unattended_naming_it(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked, command
    assert verdict.rule == "interactive-shell" and verdict.category == "unknown", verdict
    assert "no command" in (verdict.reason or "")


@pytest.mark.parametrize("command", STARTS_WITH_NO_COMMAND)
def test_with_the_sandbox_on_a_shell_with_no_command_runs_inside_it(command: str) -> None:
    assert check(command).rule != "interactive-shell", command


CHECKED_OR_PRINTING = [
    "bash --version",
    "python3 -V",
    "node --help",
    "bash -n scripts/build.sh",
    "bash scripts/build.sh",
    "sh -c 'make test'",
    "printf 'ls\\n' | bash",
    "bash <<< 'pytest -q'",
    "python3 manage.py check",
    "python3 -m pytest",
    "sh < scripts/setup.sh",
    "python3 -c 'import shutil; print(shutil.which(\"bash\"))'",
]


@pytest.mark.parametrize("command", CHECKED_OR_PRINTING)
def test_a_shell_given_its_commands_or_asked_for_its_version_is_not_interactive(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule != "interactive-shell", (command, verdict)
