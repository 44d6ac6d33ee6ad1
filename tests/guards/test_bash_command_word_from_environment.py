"""A command word that is a variable the line does not set is judged as bash expands it with
the environment the line runs in (round 17, dyncmd17).

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_jsonl import GuardSettings
from ondas.guards.verdict import Verdict
from tests.guards.test_bash import HOME, MODES, PROJECT, check

SESSION = {"HOME": HOME, "PATH": "/usr/bin:/bin", "SHELL": "/bin/bash", "USER": "dev"}
ATTENDED, SANDBOXED, UNATTENDED = {}, {"sandboxed": True}, {"unattended": True}
NOT_UNATTENDED = (ATTENDED, SANDBOXED)


def run(command: str, environment: dict[str, str], **mode: bool) -> Verdict:
    return check(command, environment={**SESSION, **environment}, **mode)


# -- set in the environment: judged as its value, split unquoted, one word quoted -------------


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("command", "environment"),
    [
        ("$PYTHON -m pytest -q", {"PYTHON": "python3"}),
        ("${PYTHON} -m pytest -q", {"PYTHON": "python3"}),
        ('"$PYTHON" -m pytest -q', {"PYTHON": "/usr/bin/python3"}),
        ("${CC} -c x.c -o x.o", {"CC": "gcc"}),
        ("$CC -c x.c -o x.o", {"CC": "ccache gcc"}),
        ('"$MAKE" all', {"MAKE": "make"}),
        ("$SHELL -c 'ls -la'", {}),
        ("$EDITOR --version", {"EDITOR": "vim"}),
        ("$TOOL_ROOT/bin/ls -la", {"TOOL_ROOT": "/usr"}),
    ],
)
def test_a_variable_the_environment_sets_runs_its_value(
    command: str, environment: dict[str, str], mode: dict[str, bool]
) -> None:
    verdict = run(command, environment, **mode)
    assert verdict.allowed, (command, mode, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("command", "environment", "rule"),
    [
        ("$SHELL -c 'rm -rf ~'", {}, "rm-home"),
        ("$EDITOR -es -c '!rm -rf ~' notes.txt", {"EDITOR": "vim"}, "rm-home"),
        ("$X", {"X": "rm -rf ~"}, None),
        ("$CLEAN build", {"CLEAN": "git clean -fdx"}, None),
        ("${RUNNER} -c 'git push origin main'", {"RUNNER": "bash"}, "git-push"),
        ('"$SHELL" -c "rm -rf ~"', {}, "rm-home"),
        ("$TOOL_ROOT/bin/rm -rf ~", {"TOOL_ROOT": "/usr"}, "rm-home"),
    ],
)
def test_the_command_a_variable_of_the_environment_makes_is_judged_as_any_command(
    command: str, environment: dict[str, str], rule: str | None, mode: dict[str, bool]
) -> None:
    verdict = run(command, environment, **mode)
    assert verdict.blocked, (command, mode)
    assert rule is None or verdict.rule == rule, (command, mode, verdict)


@pytest.mark.parametrize("mode", MODES)
def test_an_unquoted_value_is_split_and_not_parsed_again(mode: dict[str, bool]) -> None:
    # bash splits ``rm -rf ~; ls`` into ``rm``, ``-rf``, ``~;``, ``ls``: one command, no ``;``
    verdict = run("$X", {"X": "rm -rf ~; ls"}, **mode)
    assert verdict.blocked and verdict.rule != "dynamic-command", (mode, verdict)
    # quoted, it is one word: a program named by the whole value, which no rule knows
    quoted = run('"$X" -la', {"X": "ls; rm -rf ~"}, **mode)
    assert quoted.rule != "rm-home", (mode, quoted)


@pytest.mark.parametrize("mode", MODES)
def test_ifs_in_a_command_word_is_still_the_space_it_stands_for(mode: dict[str, bool]) -> None:
    # ``cat${IFS}x`` is ``cat x`` as before: IFS is no variable read from the environment
    assert run("cat${IFS}README.md", {}, **mode).allowed
    assert run("rm${IFS}-rf${IFS}~", {}, **mode).rule == "rm-home"
    verdict = run("cat${IFS}$NOT_SET", {}, **UNATTENDED)
    assert "$NOT_SET" in (verdict.reason or "")


@pytest.mark.parametrize("mode", MODES)
def test_a_line_that_changes_ifs_keeps_the_command_word_refused(mode: dict[str, bool]) -> None:
    verdict = run("IFS=:; $PYTHON -m pytest", {"PYTHON": "python3"}, **mode)
    assert verdict.rule == "dynamic-command" and "$PYTHON" in (verdict.reason or "")
    assert run("$PYTHON -m pytest", {"PYTHON": "python3"}, **mode).allowed


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "unset PYTHON; $PYTHON -m pytest",
        "read -r PYTHON < cfg; $PYTHON -m pytest",
        "source .venv/bin/activate && $PYTHON -m pytest",
        ". ./env.sh; $PYTHON -m pytest",
        'eval "$(tool env)"; $PYTHON -m pytest',
        "export $(grep -v x build.cfg | xargs); $PYTHON -m pytest",
        "$BASH -c ls",
        "$SHLVL x",
    ],
)
def test_a_variable_the_line_may_set_or_bash_sets_itself_stays_unknown(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = run(command, {"PYTHON": "python3", "BASH": "/bin/bash", "SHLVL": "1"}, **mode)
    assert verdict.rule == "dynamic-command", (command, mode, verdict)


@pytest.mark.parametrize("mode", MODES)
def test_a_variable_the_line_sets_is_read_from_the_line_not_the_environment(
    mode: dict[str, bool],
) -> None:
    assert run("PYTHON=rm; $PYTHON -rf ~", {"PYTHON": "python3"}, **mode).blocked
    assert run("PYTHON=python3; $PYTHON -m pytest", {"PYTHON": "rm"}, **mode).allowed


# -- not in the environment: an unquoted word is dropped, a quoted one runs nothing ------------


@pytest.mark.parametrize("mode", NOT_UNATTENDED)
@pytest.mark.parametrize(
    "command",
    [
        "$NOT_SET rm -rf ~",
        "${NOT_SET} rm -rf ~",
        "$NOT_SET$ALSO_NOT rm -rf ~",
        "$NOT_SET/bin/rm -rf ~",
    ],
)
def test_an_unset_variable_unquoted_is_no_word_and_the_next_one_is_the_command(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = run(command, {}, **mode)
    assert verdict.blocked and verdict.rule == "rm-home", (command, mode, verdict)


@pytest.mark.parametrize("mode", NOT_UNATTENDED)
@pytest.mark.parametrize(
    "command",
    ["$NOT_SET ls -la", "$PYTHON -m pytest", '"$NOT_SET" rm -rf ~', '"${NOT_SET}" -m pytest'],
)
def test_an_unset_variable_attended_or_sandboxed_is_judged_as_bash_expands_it(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = run(command, {}, **mode)
    assert verdict.allowed, (command, mode, verdict)


@pytest.mark.parametrize(
    "command", ["$PYTHON -m pytest", '"$MAKE" all', "$NOT_SET ls", '"$NOT_SET" rm -rf ~']
)
def test_an_unset_variable_unattended_is_undecidable_and_named(command: str) -> None:
    verdict = run(command, {}, **UNATTENDED)
    assert verdict.rule == "dynamic-command", (command, verdict)
    assert "$" in (verdict.reason or "") and "undecidable" in (verdict.reason or "")


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command", ["$PYTHON -m pytest", '"$NOT_SET" rm -rf ~', "${PYTHON:-python3} -m pytest"]
)
def test_with_an_env_file_in_the_environment_the_command_word_stays_unknown(
    command: str, mode: dict[str, bool]
) -> None:
    environment = {"PYTHON": "python3", "CLAUDE_ENV_FILE": f"{HOME}/.cache/claude-env.sh"}
    verdict = run(command, environment, **mode)
    assert verdict.rule == "dynamic-command", (command, mode, verdict)
    assert "CLAUDE_ENV_FILE" in (verdict.reason or "")


# -- defaults: the value bash picks ------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_a_default_is_used_only_where_bash_uses_it(mode: dict[str, bool]) -> None:
    assert run("${PYTHON:-python3} -m pytest", {}, **mode).allowed
    assert run("${PYTHON:-ls} -rf ~", {"PYTHON": "rm"}, **mode).rule == "rm-home"
    assert run("${PYTHON-ls} -rf ~", {"PYTHON": "rm"}, **mode).rule == "rm-home"
    assert run("${PYTHON:=python3} -m pytest", {"PYTHON": "python3"}, **mode).allowed
    # set but empty: ``:-`` takes the default, ``-`` keeps the empty value (dropped unquoted)
    assert run("${PYTHON:-rm} -rf ~", {"PYTHON": ""}, **mode).rule == "rm-home"


# -- the reason names the variable, never its value -------------------------------------------


SECRET = "sk-live-7f3a9c1e2b"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command", ["$DEPLOY_TOOL -rf ~", '"$DEPLOY_TOOL" -rf ~', "${DEPLOY_TOOL} -c 'rm -rf ~'"]
)
def test_a_refusal_names_the_variable_and_never_prints_its_value(
    command: str, mode: dict[str, bool]
) -> None:
    for value in (f"/opt/{SECRET}/bin/rm", f"/opt/{SECRET}/bin/bash"):
        verdict = run(command, {"DEPLOY_TOOL": value}, **mode)
        if verdict.allowed:
            continue  # ``bash -rf ~``: no refusal to read
        shown = f"{verdict.reason} {verdict.segment} {verdict.message()}"
        assert SECRET not in shown, (command, mode, verdict)
        assert "$DEPLOY_TOOL" in shown, (command, mode, verdict)


@pytest.mark.parametrize("mode", MODES)
def test_without_an_environment_a_variable_the_line_does_not_set_stays_unknown(
    mode: dict[str, bool],
) -> None:
    # the library's callers that say nothing of the environment keep the reading of before
    for command in ("$SHELL -c 'rm -rf ~'", "$NOT_SET rm -rf ~", '"$X" push', "$PYTHON -m pytest"):
        verdict = check(command, **mode)
        assert verdict.rule == "dynamic-command", (command, mode, verdict)
        assert "not told the environment" in (verdict.reason or "")
    assert check("${PYTHON:-python3} -m pytest", **mode).allowed  # its default, as before


def test_the_jsonl_settings_pass_their_environment() -> None:
    settings = GuardSettings(
        project=PROJECT, home=HOME, in_venv=True, environment={"X": "rm -rf ~"}
    )
    assert settings.check("$X").blocked
    assert (
        GuardSettings(project=PROJECT, home=HOME, in_venv=True, environment={}).check("$X").allowed
    )
    assert GuardSettings(project=PROJECT, home=HOME, in_venv=True).check("$X").blocked


@pytest.mark.parametrize("mode", MODES)
def test_env_files_of_the_session_hooks_make_the_command_word_unknown(
    mode: dict[str, bool],
) -> None:
    asked: list[bool] = []

    def written() -> bool:
        asked.append(True)
        return True

    verdict = run(
        "$PYTHON -m pytest && $PYTHON -m mypy", {"PYTHON": "python3"}, session_env=written, **mode
    )
    assert verdict.rule == "dynamic-command" and "env file" in (verdict.reason or "")
    assert len(asked) == 1  # asked once a check
    asked.clear()
    assert run("python3 -m pytest", {}, session_env=written, **mode).allowed
    assert asked == []  # never asked for a line without such a word
    assert run(
        "$PYTHON -m pytest", {"PYTHON": "python3"}, session_env=lambda: False, **mode
    ).allowed


# -- the env file CLAUDE_ENV_FILE names: writing it is refused in every mode --------------------


ENV_FILE = f"{HOME}/.config/claude/session.env.sh"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        f"echo 'export PATH=/tmp/evil:$PATH' >> {ENV_FILE}",
        f"printf 'alias ls=x\\n' > {ENV_FILE}",
        f"echo x | tee -a {ENV_FILE}",
        f"cp /tmp/payload.sh {ENV_FILE}",
        f"sed -i 's/a/b/' {ENV_FILE}",
        f"perl -pi -e 's/a/b/' {ENV_FILE}",
        f"truncate -s 0 {ENV_FILE}",
        f"ex -sc '%s/a/b/|x' {ENV_FILE}",
        "cd ~/.config/claude && echo x >> session.env.sh",
        "echo x >> ~/.config/claude/session.env.sh",
    ],
)
def test_writing_the_env_file_is_refused_in_every_mode(command: str, mode: dict[str, bool]) -> None:
    verdict = run(command, {"CLAUDE_ENV_FILE": ENV_FILE}, **mode)
    assert verdict.rule == "write-claude-config", (command, mode, verdict)
    assert verdict.category == "control"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [f"cat {ENV_FILE}", f"grep PATH {ENV_FILE}", f"cp {ENV_FILE} notes/env-copy.sh"],
)
def test_reading_the_env_file_is_allowed(command: str, mode: dict[str, bool]) -> None:
    verdict = run(command, {"CLAUDE_ENV_FILE": ENV_FILE}, **mode)
    assert verdict.rule != "write-claude-config", (command, mode, verdict)


@pytest.mark.parametrize("mode", MODES)
def test_the_same_file_is_no_control_file_without_the_variable(mode: dict[str, bool]) -> None:
    verdict = run(f"echo x >> {ENV_FILE}", {}, **mode)
    assert verdict.rule != "write-claude-config", (mode, verdict)
