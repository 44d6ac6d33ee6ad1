"""The environment the line runs in, read for a command word behind a runner and for Claude
Code's moved config directory (issue 30, round 18, ``left18``; ``dyncmd17`` read it only for a
command word, ``left``: ``nohup $ANDROID_HOME/...``, ``claude_config()`` ignoring
``CLAUDE_CONFIG_DIR``).

- ``nohup $X``, ``exec $X``, ``setsid $X``, ``command $X``, ``builtin $X``, ``time $X``: the
  word the runner runs is a command word, read as ``dyncmd17`` reads one (set: its value;
  unset attended or sandboxed: as bash runs it; unset unattended, or the caller gave no
  environment: unknown, as before).
- ``CLAUDE_CONFIG_DIR`` in the environment names Claude Code's settings, hooks and sessions:
  writing, deleting or moving there is ``write-claude-config`` (control) in every mode, as
  ``~/.claude`` is; reading it passes; the same path without the variable is an ordinary one.
- Deletion and write targets (``rm -rf "$DIR"``) are not read from the environment (decided,
  see docs/guardrails.md, round 18, ``left18``).

Every case is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from ondas.guards.verdict import Verdict
from tests.guards.test_bash import HOME, MODES, check

SESSION = {"HOME": str(HOME), "PATH": "/usr/bin:/bin", "SHELL": "/bin/bash", "USER": "dev"}
MODE_IDS = ["attended", "sandboxed", "unattended"]


def run(command: str, environment: dict[str, str], **mode: bool) -> Verdict:
    return check(command, environment={**SESSION, **environment}, **mode)


RUNNERS = ["nohup", "exec", "setsid", "command", "time", "nohup time"]


@pytest.mark.parametrize("runner", RUNNERS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_variable_behind_a_runner_set_to_a_destroyer_is_judged_as_its_value(
    runner: str, flags: dict[str, bool]
) -> None:
    verdict = run(f"{runner} $RMX -rf ~", {"RMX": "rm"}, **flags)
    assert verdict.rule == "rm-home", (runner, flags, verdict)


@pytest.mark.parametrize("runner", RUNNERS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_variable_behind_a_runner_set_to_an_ordinary_tool_passes(
    runner: str, flags: dict[str, bool]
) -> None:
    verdict = run(f"{runner} $TOOL --version", {"TOOL": "ls"}, **flags)
    assert verdict.allowed, (runner, flags, verdict)


@pytest.mark.parametrize("flags", MODES[:2], ids=MODE_IDS[:2])
def test_an_unset_variable_behind_a_runner_is_read_as_bash_runs_it_attended_and_sandboxed(
    flags: dict[str, bool],
) -> None:
    assert run("nohup $ANDROID_HOME/emulator/emulator -avd x &", {}, **flags).allowed
    assert run("nohup $UNSET rm -rf ~", {}, **flags).rule == "rm-home"


def test_an_unset_variable_behind_a_runner_stays_undecidable_unattended() -> None:
    verdict = run("nohup $ANDROID_HOME/emulator/emulator -avd x &", {}, unattended=True)
    assert verdict.rule == "dynamic-command"


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_without_an_environment_a_runners_variable_stays_unknown(flags: dict[str, bool]) -> None:
    assert check("nohup $RMX -rf ~ &", **flags).rule == "dynamic-command"


@pytest.mark.parametrize(
    "command",
    ["nohup ./server &", "exec python3 -m app", "time make", "command -v git", "nohup $0 &"],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_runners_of_known_programs_keep_their_verdict(command: str, flags: dict[str, bool]) -> None:
    assert run(command, {}, **flags).allowed == check(command, **flags).allowed


CONFIG_DIR = "/srv/cc"
CONTROL_WRITES = [
    f"echo x > {CONFIG_DIR}/settings.json",
    f"rm -rf {CONFIG_DIR}",
    f"cp /tmp/x {CONFIG_DIR}/settings.json",
    f"mv {CONFIG_DIR}/settings.json /tmp/",
    f"sed -i s/a/b/ {CONFIG_DIR}/settings.json",
    f"tee {CONFIG_DIR}/hooks/h.sh < /dev/null",
]


@pytest.mark.parametrize("command", CONTROL_WRITES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_writes_to_the_config_dir_the_environment_names_are_control(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = run(command, {"CLAUDE_CONFIG_DIR": CONFIG_DIR}, **flags)
    assert verdict.rule == "write-claude-config", (command, flags, verdict)
    assert verdict.category == "control"


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_config_dir_under_the_home_spelled_with_a_tilde(flags: dict[str, bool]) -> None:
    command = "echo x > ~/.config/claude/settings.json"
    env = {"CLAUDE_CONFIG_DIR": "~/.config/claude"}
    assert run(command, env, **flags).rule == "write-claude-config"
    assert run("echo x > ~/.claude/settings.json", env, **flags).rule == "write-claude-config"


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_reading_the_config_dir_and_the_same_path_without_the_variable_keep_their_verdicts(
    flags: dict[str, bool],
) -> None:
    env = {"CLAUDE_CONFIG_DIR": CONFIG_DIR}
    assert run(f"ls {CONFIG_DIR}", env, **flags).allowed
    for command in CONTROL_WRITES:
        assert run(command, {}, **flags).rule != "write-claude-config", command
        assert check(command, **flags).rule != "write-claude-config", command
    assert run("echo x > /srv/other/settings.json", env, **flags).rule != "write-claude-config"


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_deletion_targets_are_not_read_from_the_environment(flags: dict[str, bool]) -> None:
    """Decided: a target keeps its reading (``rm-unknown-target``) whatever the environment."""
    env = {"DIR": "/work/project/build"}
    assert run('rm -rf "$DIR"', env, **flags).rule == "rm-unknown-target"
    assert check('rm -rf "$DIR"', **flags).rule == "rm-unknown-target"
