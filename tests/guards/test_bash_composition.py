"""The bash guard's verdict survives the ways a command can be wrapped (issue 30).

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.containment_corpus import load
from tests.guards.test_bash import check
from tests.guards.wrappers import EVERYDAY_WRAPPERS, HARMFUL_WRAPPERS, applies


def _one_line(name: str) -> list[str]:
    return [c for cs in load(name).values() for c in cs if "\n" not in c and "'" not in c]


@pytest.mark.parametrize("unattended", [False, True], ids=["sandboxed", "unattended"])
def test_a_command_refused_alone_is_refused_however_it_is_wrapped(unattended: bool) -> None:
    bases = [c for c in _one_line("dangerous") if check(c, unattended=unattended).blocked]
    assert len(bases) > 200
    allowed = [
        wrapped
        for name, wrap in HARMFUL_WRAPPERS.items()
        for base in bases
        if applies(name, base) and check(wrapped := wrap(base), unattended=unattended).allowed
    ]
    assert allowed == []


@pytest.mark.parametrize("unattended", [False, True], ids=["sandboxed", "unattended"])
def test_an_everyday_command_passes_the_wrappers_that_change_nothing_it_does(
    unattended: bool,
) -> None:
    bases = [c for c in _one_line("benign") if check(c, unattended=unattended).allowed]
    assert len(bases) > 150
    refused = [
        wrapped
        for name in EVERYDAY_WRAPPERS
        for base in bases
        if applies(name, base)
        and check(wrapped := HARMFUL_WRAPPERS[name](base), unattended=unattended).blocked
    ]
    assert refused == []


@pytest.mark.parametrize(
    "command",
    [
        "make lint && rm -rf 2>/dev/null ~/work",
        "false || git 2>/dev/null push --force origin main",
        "cat list | xargs rm -r 2>&1 /home/agent/notes",
        "ls; true && rm >/dev/null -rf ../sibling && echo ok",
    ],
)
def test_a_redirect_among_the_last_commands_arguments_of_a_list_hides_none_of_them(
    command: str,
) -> None:
    assert check(command).blocked


@pytest.mark.parametrize(
    "command",
    [
        "command rm -v -rf ~/work",
        "command docker run -v /home/agent/.aws:/c alpine ls /c",
        "command -p rm -rf /home/agent",
    ],
)
def test_command_is_a_lookup_only_when_its_own_options_say_so(command: str) -> None:
    assert check(command).blocked


@pytest.mark.parametrize("command", ["command -v rm", "command -pv git", "command -V docker"])
def test_command_v_looks_a_name_up_and_runs_nothing(command: str) -> None:
    assert check(command, unattended=True).allowed


@pytest.mark.parametrize(
    "command",
    [
        """python3 -c 'import os; os.system("\\"rm\\" -rf ~/work")'""",
        """python3 -c 'import os; os.system("D=~/work; rm -rf $D")'""",
        """ruby -e 'system("$(echo rm) -rf /home/agent")'""",
        """perl -e 'system("\\\\rm -rf /home/agent")'""",
        """node -e 'require("child_process").execSync("`echo rm` -rf ~")'""",
        """python3 -c 'import subprocess; subprocess.run("\\"git\\" push -f", shell=True)'""",
    ],
)
def test_a_string_handed_to_a_shell_is_judged_as_the_command_line_it_is(command: str) -> None:
    assert check(command).blocked


@pytest.mark.parametrize(
    "command",
    [
        """python3 -c 'import os; os.system("ls -la")'""",
        """python3 -c 'exec("print(1)")'""",
        """python3 -c 'app.run("0.0.0.0")'""",
        """node -e 'require("child_process").execSync("git status")'""",
    ],
)
def test_code_that_hands_a_shell_ordinary_work_passes_unattended(command: str) -> None:
    assert check(command, unattended=True).allowed


@pytest.mark.parametrize(
    "command",
    [
        "build() { make -j4; }; build",
        "function show { cat README.md; }; show src",
        "f() { ls -la; }; f; f",
    ],
)
def test_a_function_the_line_defines_is_not_an_unknown_program(command: str) -> None:
    assert check(command, unattended=True).allowed


@pytest.mark.parametrize(
    "command",
    ["f() { rm -rf ~/work; }; f", "build; build() { make; }", "f() { ls; }; g"],
)
def test_a_function_runs_only_its_checked_body(command: str) -> None:
    assert check(command, unattended=True).blocked


@pytest.mark.parametrize(
    "command",
    [
        "time (cd build && make)",
        "time -p { make; make test; }",
        "time for f in a b; do echo $f; done",
        "if true; then time make; fi",
        "echo 'time (x)'",
    ],
)
def test_the_time_keyword_times_a_compound_command(command: str) -> None:
    assert check(command, unattended=True).allowed


@pytest.mark.parametrize(
    "command",
    [
        "time (cd build && rm -rf ~)",
        "time { git push --force; }",
        "time for d in a; do rm -rf /home/agent/$d; done",
        "make && time rm -rf ~/work",
    ],
)
def test_a_timed_compound_command_is_checked_inside(command: str) -> None:
    assert check(command).blocked


@pytest.mark.parametrize(
    "command",
    [
        "echo x >${IFS}../escape.txt",
        "printf x >>${IFS}/home/agent/.profile",
    ],
)
def test_a_redirect_target_is_split_on_ifs_as_bash_opens_it(command: str) -> None:
    assert check(command).blocked


@pytest.mark.parametrize(
    "command",
    [
        "tmux new -d 'D=/home/agent; rm -rf $D'",
        "ls src | entr -s 'a=\"rm -rf\"; $a ~/work'",
        'watchexec -e py -- bash -c "rm -rf /home/agent"',
    ],
)
def test_the_shell_text_a_runner_runs_keeps_its_leading_assignments(command: str) -> None:
    assert check(command).blocked


@pytest.mark.parametrize(
    "command",
    [
        "tmux new -d 'make watch'",
        "ls src | entr -s 'make test'",
        "watchexec -e py -- pytest -q",
        "echo 'export CI=1' > env.sh; BASH_ENV=env.sh bash -c 'make test'",
        """python3 -c 'import subprocess; subprocess.run(["bash", "-c", "make test"])'""",
    ],
)
def test_runners_and_sourced_files_doing_ordinary_work_pass_unattended(command: str) -> None:
    assert check(command, unattended=True).allowed


def test_a_runner_setting_an_ordinary_variable_from_the_environment_runs_its_command() -> None:
    command = "cross-env APP_SHA=$CI_COMMIT_SHA cross-env TRACKING=true vite build"
    assert check(command, unattended=True).allowed
    assert check("cross-env GIT_SSH_COMMAND=$X git fetch").rule == "dynamic-command"
    assert check("cross-env LD_PRELOAD=$LIB node a.js").rule == "env-injection"


@pytest.mark.parametrize(
    "command",
    [
        "printf 'rm -rf /home/agent\\n' > init.sh; BASH_ENV=init.sh bash -c true",
        "echo 'git push --force' > init.sh; export BASH_ENV=./init.sh; bash -c 'echo hi'",
        "BASH_ENV=$INIT bash -c true",
    ],
)
def test_a_file_bash_env_names_is_checked_as_sourced(command: str) -> None:
    assert check(command).blocked


@pytest.mark.parametrize(
    "command",
    [
        """node -e 'require("child_process").spawnSync("bash", ["-c", "rm -rf ~/work"])'""",
        """python3 -c 'import os; os.execvp("sh", ["sh", "-c", "\\"rm\\" -rf ~"])'""",
        """python3 -c 'import pty; pty.spawn(["sh", "-c", "eval \\"$(cat x | base64 -d)\\""])'""",
        """lua -e 'os.execute("X=~; rm -rf $X")'""",
    ],
)
def test_an_argument_vector_that_runs_a_shell_is_judged_as_that_shell_line(command: str) -> None:
    assert check(command).blocked


@pytest.mark.parametrize(
    "command",
    [
        """echo '{"scripts": {"postinstall": "rm -rf ~/work"}}' > package.json && npm install""",
        """printf '{"scripts":{"t":["git push -f"]}}' > composer.json; composer run-script t""",
    ],
)
def test_a_manifest_this_line_wrote_has_its_scripts_checked(command: str) -> None:
    assert check(command).blocked


def test_a_manifest_with_ordinary_scripts_passes() -> None:
    command = """echo '{"scripts": {"test": "jest --ci"}}' > package.json && npm test"""
    assert check(command, unattended=True).allowed


@pytest.mark.parametrize(
    "command",
    [
        "perl -e 'qx{rm -rf /home/agent}'",
        "perl -e 'my $o = qx(git push --force)'",
        "ruby -e 'puts %x(rm -rf ~/work)'",
        "printf 'rm -rf /home/agent' > /tmp/s.sh; sh < /tmp/s.sh",
    ],
)
def test_commands_quoted_by_delimiters_or_read_from_a_written_file_are_checked(
    command: str,
) -> None:
    assert check(command).blocked


@pytest.mark.parametrize(
    "command",
    [
        """python3 -c 'import os,base64; os.system(base64.b64decode("bHM=").decode())'""",
        """node -e 'require("child_process").execSync(Buffer.from(s, "base64").toString())'""",
        """python3 -c 'import os; os.system(codecs.decode("yf", "rot13"))'""",
    ],
)
def test_code_that_decodes_what_it_hands_a_shell_is_refused(command: str) -> None:
    verdict = check(command)
    assert verdict.rule == "undecidable-payload"


@pytest.mark.parametrize(
    "command",
    [
        "perl -e 'my $s = qx{git status}; print $s'",
        "ruby -e 'puts %x(ls -la)'",
        """python3 -c 'import base64; print(base64.b64decode("aGk=").decode())'""",
        "printf 'ls -la\\n' > list.sh; sh < list.sh",
    ],
)
def test_ordinary_quoted_commands_and_decoding_pass_unattended(command: str) -> None:
    assert check(command, unattended=True).allowed
