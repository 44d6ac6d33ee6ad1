"""Spellings bash and its tools read otherwise than the guard did (issue 30, round 21,
``tune21a``, shguard tuned on), each class with its harmless twins.

- BSD sed's ``-I`` edits in place as ``-i`` does (``sed -I '' s/x/y/ ~/.bashrc``);
- gawk's program text options, attached or with ``=`` (``-eTEXT``, ``--source=TEXT``), are its
  program as ``-e TEXT`` is;
- a command word that expands to nothing unquoted is dropped (``X=; $X rm -rf /`` runs rm);
- ``printf -- TEXT`` prints TEXT (``> $(printf -- /dev/sda)`` writes the disk);
- in an unquoted here-document an escaped dollar starting a line is plain text
  (``\\$(date)`` is printed, not run), and ``$((x+1))`` is arithmetic, not a subshell.

Every case is data handed to the guard; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "sed -I '' 's/x/y/' ~/.bashrc",
        "sed -nI '' 's/x/y/' ~/.bashrc",
        "sed -I.bak 's/x/y/' ~/.bashrc",
        "sed -I '' 's/x/y/' ~/.config/tool/config.toml",
    ],
)
def test_bsd_sed_in_place_outside_the_project_is_a_write_there(command: str) -> None:
    assert check(command).rule == "write-outside-project"
    assert check(command, unattended=True).rule == "write-outside-project"


def test_bsd_sed_in_place_inside_the_project_passes() -> None:
    for mode in MODES:
        assert check("sed -I '' 's/x/y/' src/a.txt", **mode).allowed
        assert check("sed -n 's/x/y/p' ~/.bashrc", **mode).allowed


@pytest.mark.parametrize(
    "command",
    [
        "gawk -e'BEGIN{system(\"rm -rf /\")}'",
        "awk -e'BEGIN{system(\"rm -rf /\")}'",
        "gawk --source='BEGIN{system(\"rm -rf /\")}'",
        "gawk -f lib.awk --source='BEGIN{system(\"rm -rf /\")}'",
    ],
)
def test_gawk_program_text_in_any_spelling_is_checked(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == "rm-root", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "gawk -e 'BEGIN{print 1}'",
        "gawk --source='{print $1}' f.txt",
        "gawk -e'{print $2}' data.txt",
        "awk -f script.awk data.txt",
        "awk -F, '{print $1}' f.csv",
    ],
)
def test_harmless_gawk_programs_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


def test_gawk_in_place_with_program_text_still_writes_its_files() -> None:
    command = "gawk -i inplace -e '{print}' ~/.bashrc"
    assert check(command, unattended=True).rule == "write-outside-project"


@pytest.mark.parametrize("command", ["X=; $X rm -rf /", 'X=""; $X rm -rf /', "Y=; $Y$Y rm -rf ~"])
def test_an_empty_unquoted_command_word_is_dropped(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule in {"rm-root", "rm-home"}, (command, mode)


@pytest.mark.parametrize("command", ["X=; $X ls -la", 'X=; "$X" rm -rf /', "X=; $X"])
def test_an_empty_command_word_before_nothing_harmful_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


def test_printf_end_of_options_prints_its_format() -> None:
    for mode in MODES:
        assert check("echo hi > $(printf -- /dev/sda)", **mode).rule == "device-write"
        assert check("echo hi > $(printf -- out.txt)", **mode).allowed


@pytest.mark.parametrize(
    "command",
    [
        "echo hi > $(printf '%s' /dev/sda)",
        "echo hi > $(printf -- '%s' /dev/sda)",
        "echo hi > $(printf '/dev/%s' sda)",
        "echo hi > $(printf '%s%s' /dev/ sda)",
    ],
)
def test_printf_string_conversions_print_their_arguments(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == "device-write", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "echo hi > $(printf -- '%s' x)",
        "echo hi > $(printf '%s.log' build)",
        "ls $(printf '%s' src)",
    ],
)
def test_printf_string_conversions_naming_project_files_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    ["find . $(echo -delete)", 'find . "$(echo -delete)"', "find . -name x $(echo -delete)"],
)
def test_echo_prints_a_word_that_is_not_its_option(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == "rm-recursive-outside-temp", (command, mode)


@pytest.mark.parametrize(
    "command",
    ["find . -name '*.pyc' $(echo -delete)", "cd $(echo -n src) && ls", "ls $(echo -n src)"],
)
def test_echo_options_and_harmless_words_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command", ["xargs --max-a 1 echo", "xargs --arg list.txt echo", "xargs --no-run -n1 ls"]
)
def test_xargs_long_option_prefixes_are_its_options(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


def test_xargs_ambiguous_prefix_is_not_taken_as_an_option_with_a_value() -> None:
    # ``--max`` begins four options: xargs stops; the guard reads on and judges what follows
    assert not check("xargs --max 1 rm -rf /").allowed


@pytest.mark.parametrize(
    "command",
    [
        "awk -f- data.txt",
        "awk --file=- data.txt",
        "awk -f/dev/stdin",
        "gawk --file=/dev/stdin x.txt",
    ],
)
def test_a_program_file_read_from_standard_input_in_one_word_is_undecidable(command: str) -> None:
    assert check(command).allowed
    assert check(command, unattended=True).rule == "undecidable-payload", command


@pytest.mark.parametrize(
    "command",
    [
        "cat <<EOF\n\\$(rm -rf /)\nEOF",
        "cat <<EOF\n$((x+1))\nEOF",
        "cat <<EOF\n\\$(date) $((2*3))\nEOF",
    ],
)
def test_here_document_text_that_runs_nothing_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "cat <<EOF\n\\\\$(rm -rf /)\nEOF",
        "cat <<EOF\n\\$(rm -rf /)\n$(rm -rf /)\nEOF",
        "cat <<EOF\n$((1+2)) $(rm -rf /)\nEOF",
        "cat <<EOF\n`rm -rf /`\nEOF",
    ],
)
def test_here_document_substitutions_beside_them_are_still_run(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == "rm-root", (command, mode)


def test_arithmetic_holding_a_substitution_in_a_here_document_is_refused() -> None:
    for mode in MODES:
        assert not check("cat <<EOF\n$((a[$(rm -rf /)]))\nEOF", **mode).allowed
