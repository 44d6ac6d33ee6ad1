"""Round 22 (left22): round 21's "noticed and left" rows, fixed as classes.

- vim and its names (``vi``, ``nvim``, ``ex``, ``gvim``, ``vimdiff``, ``rvim``) are screen
  editors: each file they open may be written back, judged as a write as nano's is
  (:mod:`ondas.guards.bash_desktop`); read-only openings (``view``, ``-R``, ``-m``, ``-M``) are
  reads unless a write command is given; ``-w FILE``/``-W FILE`` write what is typed to FILE.
- ``sed -f -`` reads its script from standard input, unread as awk's ``-f -`` is: unattended
  runs refuse it (undecidable-payload).
- a lower-case variable set alone (``file=.git/config``) names no place a program writes: no
  program reads it unless it is exported or set for a command.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

OUTSIDE_OR_CONTROL_EDITS = [
    "vi /etc/passwd",
    "vim /etc/hosts",
    "nvim ~/.bashrc",
    "ex /etc/passwd",
    "gvim ~/.profile",
    "vimdiff a.txt /etc/passwd",
    "vim -p src/a.py /etc/passwd",
    "vim -w ~/.bashrc src/main.py",
    "view -c 'w!' /etc/passwd",
]
CONTROL_EDITS = ["vim .git/config", "vi .git/hooks/pre-commit", "nvim -O .git/HEAD README.md"]
EDITOR_TWINS = [
    "vim src/main.py",
    "vi README.md",
    "nvim -O src/a.py src/b.py",
    "view /etc/passwd",
    "vim -R /etc/hosts",
    "vim -M ~/.bashrc",
    "vim -c 'set ft=python' src/main.py",
    "vim /tmp/notes.txt",
    "vim -c 'set ft?' -c q .claude/settings.json",
    "vim -es -c 'echo &ft' .git/config",
    "nvim --headless -c 'lua print(1)' ~/.bashrc",
    "ex -s /etc/passwd",
]


@pytest.mark.parametrize("command", OUTSIDE_OR_CONTROL_EDITS)
def test_a_screen_editor_opening_a_file_outside_the_project_is_a_write_there(
    command: str,
) -> None:
    assert check(command).blocked, command
    assert check(command, unattended=True).blocked, command


@pytest.mark.parametrize("command", CONTROL_EDITS)
@pytest.mark.parametrize("flags", MODES)
def test_a_screen_editor_opening_a_control_file_is_refused_in_every_mode(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    assert verdict.rule == "write-protected-path", verdict


@pytest.mark.parametrize("command", [*EDITOR_TWINS, "nano src/main.py"])
@pytest.mark.parametrize("flags", MODES)
def test_a_screen_editor_on_the_project_or_read_only_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("command", ["nano /etc/passwd", "vim /etc/passwd"])
def test_nano_and_vim_are_judged_alike(command: str) -> None:
    assert check(command).rule == "write-outside-project"


@pytest.mark.parametrize(
    "command",
    [
        "sed -f - src/main.py",
        "sed -i -f - src/main.py",
        "sed -n -f /dev/stdin src/main.py",
        "gsed --file=- src/main.py",
        "awk -f - src/main.py",
    ],
)
def test_a_sed_script_read_from_standard_input_is_refused_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked, command
    assert verdict.rule == "undecidable-payload", verdict


@pytest.mark.parametrize(
    "command",
    ["sed -f script.sed src/main.py", "sed -n '1,5p' src/main.py", "sed -e 's/a/b/' -"],
)
@pytest.mark.parametrize("flags", MODES)
def test_a_sed_script_of_the_project_or_on_the_line_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command",
    [
        "file=.git/config",
        "hook=.git/hooks/pre-commit",
        "out=.claude/settings.json; echo done",
        "target_dir=.ondas",
    ],
)
@pytest.mark.parametrize("flags", MODES)
def test_a_lower_case_variable_set_alone_is_allowed(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command",
    [
        "file=.git/hooks/pre-commit; echo x > $file",
        "file=.git/config; rm $file",
        "COVERAGE_FILE=.git/config",
        "COVERAGE_FILE=.git/config pytest --cov",
        "export cache_dir=.git/hooks",
        "target_dir=.git/hooks cargo build",
    ],
)
@pytest.mark.parametrize("flags", MODES)
def test_a_variable_a_program_reads_or_a_write_through_it_is_still_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)
