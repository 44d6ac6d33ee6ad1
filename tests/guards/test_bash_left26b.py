"""Round 26's left26b (issue 30): round 25's left-alone list closed by class, each with its
examples and allowed twins in the guard's three modes.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import assert_allowed_everywhere as _allowed_everywhere
from tests.guards.test_bash import assert_blocked_everywhere as _blocked_everywhere
from tests.guards.test_bash import check

# (1) git restore: an option restore does not know stops git; a prefix of --worktree is it


@pytest.mark.parametrize(
    "command",
    [
        "git restore -b x",
        "git restore src/app.py -b",
        "git restore -Sb x",
        "git restore -qb app.py",
        "git restore --bogus app.py",
        "git restore --branch=main app.py",
        "git -C sub restore -c main .",
    ],
)
def test_git_restore_with_an_option_it_does_not_know_restores_nothing(command: str) -> None:
    """git's option parser reads every option before it acts (after paths too): an unknown
    letter or long option prints the usage and exits 129."""
    _allowed_everywhere(command)


@pytest.mark.parametrize(
    "command",
    [
        "git restore app.py",
        "git restore .",
        "git restore -s HEAD~1 app.py",
        "git restore -sb app.py",
        "git restore -s -b app.py",
        "git restore --source=HEAD app.py",
        "git restore --so HEAD app.py",
        "git restore -- -b",
        "git restore -W -S app.py",
        "git restore -SW app.py",
        "git restore --staged --w app.py",
        "git restore --staged --wor app.py",
        "git restore -S --work app.py",
        "git restore --sta --wo app.py",
    ],
)
def test_git_restore_of_the_working_tree_stays_refused(command: str) -> None:
    """A letter after ``-s`` is its value, ``--`` ends the options, and git takes any prefix of
    ``--worktree`` (``--w``) for it: the working tree is overwritten."""
    _blocked_everywhere(command, "git-checkout-discard")


@pytest.mark.parametrize(
    "command",
    ["git restore --staged app.py", "git restore -S app.py", "git restore -Sq .", "git restore -h"],
)
def test_git_restore_of_the_index_alone_passes(command: str) -> None:
    _allowed_everywhere(command)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("git clean --f -d", "git-clean-force"),
        ("git checkout --f main", "git-checkout-discard"),
        ("git switch --disc main", "git-checkout-discard"),
    ],
)
def test_a_one_letter_prefix_of_a_destroying_long_option_is_that_option(
    command: str, rule: str
) -> None:
    """``--f`` is ``--force`` to ``git clean`` and ``git checkout`` (their only long option
    starting with f); it passed while prefixes of two letters and more were read."""
    _blocked_everywhere(command, rule)


# (2) sudo's listing, version and usage print and run nothing


@pytest.mark.parametrize(
    "command",
    [
        "sudo -l",
        "sudo --list",
        "sudo -ll",
        "sudo -l -l",
        "sudo -nl",
        "sudo -l -U deploy",
        "sudo -lUdeploy",
        "sudo --other-user=deploy --list",
        "sudo -l systemctl restart nginx",
        "sudo -l rm -rf /",
        "sudo -l -- rm -rf /",
        "sudo -u www-data -l whoami",
        "sudo -V",
        "sudo --version",
        "sudo -h",
        "sudo --help",
        "sudo-rs -l",
    ],
)
def test_sudos_listing_version_and_usage_pass(command: str) -> None:
    """``-l CMD`` prints where the policy finds CMD (or exits 1) and runs nothing (sudo(8))."""
    _allowed_everywhere(command)


@pytest.mark.parametrize(
    "command",
    [
        "sudo ls",
        "sudo ls -l",
        "sudo -u root ls -l",
        "sudo -h buildhost ls",
        "sudo -h ls",
        "sudo -V ls",
        "sudo -v",
        "sudo -k make install",
        "sudo -S -l",
        "sudo -lv",
        "sudo -l -h",
        "sudo -s",
        "sudo -i",
        "sudo -u root -l -i",
        "sudo -l -U",
        "sudo -E -l",
        "sudo $OPTS",
        "doas -l",
    ],
)
def test_every_running_or_authenticating_form_of_sudo_stays_refused(command: str) -> None:
    """sudo's options end at the first operand (``sudo ls -l`` runs ls); ``-h WORD`` reads a
    remote host and runs what follows; ``-v`` and ``-S`` authenticate."""
    _blocked_everywhere(command, "privilege-escalation")


# (3) the machine's locale, login sessions, service manager, updates and kernel extensions


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("localectl set-locale LANG=C", "system-change"),
        ("localectl set-locale LANG=de_DE.UTF-8", "system-change"),
        ("localectl set-keymap us", "system-change"),
        ("localectl set-x11-keymap de", "system-change"),
        ("kextload /Library/Extensions/x.kext", "system-change"),
        ("kextunload -b com.example.driver", "system-change"),
        ("softwareupdate -i -a", "system-change"),
        ("softwareupdate --install --all --restart", "system-change"),
        ("softwareupdate -d -a", "system-change"),
        ("softwareupdate --install-rosetta --agree-to-license", "system-change"),
        ("softwareupdate --schedule off", "system-change"),
        ("loginctl terminate-user dev", "signal-control"),
        ("loginctl kill-session 1", "signal-control"),
        ("loginctl terminate-session c2", "signal-control"),
        ("loginctl kill-user dev --signal=9", "signal-control"),
        ("loginctl enable-linger dev", "system-change"),
        ("systemd-analyze log-level debug", "system-change"),
        ("systemd-analyze service-watchdogs no", "system-change"),
    ],
)
def test_the_machines_settings_tools_change_it(command: str, rule: str) -> None:
    _blocked_everywhere(command, rule)


@pytest.mark.parametrize(
    "command",
    [
        "localectl",
        "localectl status",
        "localectl list-locales",
        "localectl --no-pager list-keymaps",
        "softwareupdate -l",
        "softwareupdate --list",
        "softwareupdate --history",
        "loginctl",
        "loginctl list-sessions",
        "loginctl session-status",
        "loginctl show-user dev -p Linger",
        "systemd-analyze",
        "systemd-analyze blame",
        "systemd-analyze critical-chain",
        "systemd-analyze critical-chain --fuzz=1h",
        "systemd-analyze verify app.service",
        "systemd-analyze security sshd.service",
        "systemd-analyze calendar daily",
        "systemd-analyze log-level",
        "kextload -h",
    ],
)
def test_the_machines_settings_tools_printing_forms_pass(command: str) -> None:
    _allowed_everywhere(command)


# (4) a git alias given through the environment is judged as the command it runs


@pytest.mark.parametrize(
    "command",
    [
        "GIT_CONFIG_PARAMETERS=\"'alias.p'='!echo hi'\" git p",
        "GIT_CONFIG_PARAMETERS=\"'alias.p'='!echo hi'\" git p one two",
        "GIT_CONFIG_PARAMETERS=\"'alias.T'='!make test'\" git t",
        "GIT_CONFIG_PARAMETERS=\"'alias.p=!echo hi'\" git p",
        "GIT_CONFIG_PARAMETERS=\"'alias.l'='log --oneline'\" git l -3",
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.st GIT_CONFIG_VALUE_0='status -sb' git st",
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.p GIT_CONFIG_VALUE_0='!echo hi' git p",
    ],
)
def test_an_alias_given_through_the_environment_is_the_command_it_runs(command: str) -> None:
    """git reads ``GIT_CONFIG_PARAMETERS`` and ``GIT_CONFIG_KEY_n`` as ``git -c``: the verb is
    the alias's command, judged as ``git -c alias.p=...`` is (round 25, ``left25``)."""
    _allowed_everywhere(command)


@pytest.mark.parametrize(
    "command",
    [
        "GIT_CONFIG_PARAMETERS=\"'alias.p'='!rm -rf ~'\" git p",
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.p GIT_CONFIG_VALUE_0='!rm -rf ~' git p",
        "GIT_CONFIG_PARAMETERS=\"'alias.p'='!cat'\" git p ~/.ssh/id_rsa",
        "GIT_CONFIG_PARAMETERS=\"'alias.p'='reset --hard'\" git p",
        "GIT_CONFIG_PARAMETERS=\"'alias.p'='push --force'\" git p",
        "GIT_CONFIG_PARAMETERS=\"'alias.p'='!echo hi'\" git -c 'alias.p=!rm -rf ~' p",
    ],
)
def test_an_alias_given_through_the_environment_that_destroys_is_refused(command: str) -> None:
    """``-c`` on the line wins over the environment's value, as git reads it last."""
    _blocked_everywhere(command)


def test_an_alias_the_environment_does_not_name_stays_unknown_unattended() -> None:
    command = "GIT_CONFIG_PARAMETERS=\"'alias.q'='!echo hi'\" git p"
    assert check(command, unattended=True).blocked


# (5) read fed a process substitution whose first line the guard knows


@pytest.mark.parametrize(
    "command",
    [
        "read < <(echo ls); $REPLY",
        "read x < <(echo ls); $x",
        "read -r x < <(echo make test); $x",
        "read x < <(printf '%s\\n' ls); $x",
        "read x < <(printf 'pwd\\n'); $x",
    ],
)
def test_read_from_a_printed_line_sets_that_line(command: str) -> None:
    """``read`` runs in the shell itself with ``< <(...)`` (not in a pipe's subshell): the name
    holds the first line echo or printf prints, and ``$x`` runs it."""
    _allowed_everywhere(command)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("read < <(echo rm -rf ~); $REPLY", "rm-home"),
        ("read x < <(echo rm -rf ~); $x", "rm-home"),
        ("read -r x < <(printf '%s\\n' 'rm -rf ~'); $x", "rm-home"),
        ("read x < <(echo cat ~/.ssh/id_rsa); $x", "read-credentials"),
    ],
)
def test_read_from_a_printed_destroying_line_is_judged_as_that_command(
    command: str, rule: str
) -> None:
    _blocked_everywhere(command, rule)


@pytest.mark.parametrize(
    "command",
    [
        "read x < <(printf '%s\\n' ls rm); $x",
        "read x < <(echo ls; echo pwd); $x",
        "read a b < <(echo ls -la); $a $b",
        "read x < <(echo 'ls\\'); $x",
        "read x < <(echo $CMD); $x",
        "read -d '' x < <(echo ls); $x",
        "echo ls | read x; $x",
    ],
)
def test_read_from_a_line_not_known_exactly_stays_computed(command: str) -> None:
    """Two commands, a second pass of printf's format, two names, a backslash, a word computed
    at run time, another delimiter, a pipe (``read`` in a subshell sets nothing here)."""
    _blocked_everywhere(command, "dynamic-command")


# (7) a cobra CLI's boolean flag before --help


@pytest.mark.parametrize(
    "command",
    [
        "doctl compute droplet delete web-1 --force --help",
        "doctl compute droplet delete web-1 --force -h",
        "doctl databases delete db1 --force --trace --help",
        "doctl kubernetes cluster delete c1 --dangerous --force --help",
        "doctl compute droplet delete web-1 --force=false --help",
    ],
)
def test_a_help_flag_after_a_cobra_clis_boolean_prints_the_usage(command: str) -> None:
    """pflag gives a boolean flag no value from the next word: ``--help`` is help (round 25's
    ``left25`` left ``--force --help`` refused, not knowing which options take values; its
    test now names a valued option, ``--tag-name``)."""
    _allowed_everywhere(command)


@pytest.mark.parametrize(
    "command",
    [
        "doctl compute droplet delete web-1 --force",
        "doctl compute droplet delete web-1 --tag-name --help",
        "doctl compute droplet delete web-1 --template --help",
        "doctl compute droplet delete web-1 --force --help=false",
        "velero backup delete nightly --confirm --help",
    ],
)
def test_a_help_flag_after_a_valued_or_unlisted_option_stays_refused(command: str) -> None:
    """``--tag-name`` takes a value (``--help`` would be it); ``--template`` is a string in
    some of doctl's commands; velero's flags are not listed."""
    _blocked_everywhere(command, "service-destroy")
