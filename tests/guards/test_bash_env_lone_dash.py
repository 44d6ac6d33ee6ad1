"""Round 24 (tune24a): ``env``'s lone ``-`` before the names is ``-i`` (GNU env says "a mere
``-`` implies ``-i``"; BSD's env reads it so too): the environment is emptied, the names after
it are set and the command after them runs. The guard read ``-`` as the command, so neither
the names nor the command were judged: ``env - GIT_CONFIG_GLOBAL=/tmp/evil git p`` (a git
configuration the line did not write) passed in every mode, as did ``env - bash -c 'rm -rf
~'`` attended and ``env - LD_PRELOAD=/tmp/x.so ls``. After a name, ``-`` is the command's
name, as env reads it.

Its ``--help`` and ``--version`` (or a prefix only they begin, ``--he``) among its options
print and exit as env reads them: ``env --help git push -uf origin main`` pushes nothing and
was refused as a push. After a name or ``--`` the word is the command's (``env FOO=1 --help``
runs a program ``--help``), and ``-u --version`` is ``--version`` unset.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("env - GIT_CONFIG_GLOBAL=/tmp/evil git status", "env-injection"),
        ("env - LD_PRELOAD=/tmp/x.so ls", "env-injection"),
        ("env -u HOME - GIT_DIR=/tmp/other.git git log", "env-injection"),
        ("env - PATH=/usr/bin:/bin rm -rf ~", "rm-home"),
        ("env - bash -c 'rm -rf ~'", "rm-home"),
        ("env - HOME=/h sh -c 'git push --force origin main'", "git-push"),
    ],
)
def test_what_a_lone_dash_env_runs_is_judged_in_every_mode(command: str, rule: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == rule, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "env - PATH=/usr/bin:/bin make test",
        "env - HOME=/home/u LANG=C.UTF-8 python3 -m pytest -q",
        "env - FOO=1 ls",
        "env -i PATH=/usr/bin git status",
    ],
)
def test_an_emptied_environment_for_ordinary_work_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "env --help git push -uf origin main",
        "command env --help git push --force",
        "env --he bash -c 'rm -rf ~'",
        "env -i --version rm -rf ~",
        "env --unset=X --ver rm -rf ~",
    ],
)
def test_env_asked_its_usage_or_version_runs_nothing(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    ["env -u --version bash -c 'rm -rf ~'", "env --helpx rm -rf ~", "env -- --help rm -rf ~"],
)
def test_a_word_env_does_not_read_as_its_usage_leaves_the_command_judged(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "rm-home", (command, mode, verdict.rule)
