"""A program an alias or a function of the line stands in for (round 20, the lead).

The guard judged ``rm -rf ~`` as what an alias or a function named ``rm`` runs, and passed it
when that was harmless (``alias rm=:``, ``rm() { :; }``). bash runs the program itself in
many ways the line controls: an alias defined on the same line (bash expands aliases when it
reads a line, before running any of it), a quoted or escaped name (``\\rm``, ``'rm'``), a path
(``/bin/rm``), ``unalias``, ``unset -f``, a child shell (``bash -c``), a shell without
``expand_aliases``, a hashed path removed with ``hash -d``. A refusal of the program as written
now stands beside the stand-in's verdict; only a refusal as an unknown program does not (a name
the line defines, ``ll`` or ``deploy``, is rarely a program's).
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "rm() { :; }; unset -f rm; rm -rf ~",
    "rm() { :; }; unset rm; rm -rf ~",
    "rm() { :; }\nunset -f x rm\nrm -rf ~",
    "rm() { :; }; f() { unset -f rm; }; f; rm -rf ~",
    "rm() { :; }; eval 'unset -f rm'; rm -rf ~",
    "rm() { :; }; bash -c 'rm -rf ~'",
    "git() { :; }; git push --force origin main",
    "alias rm=:; \\rm -rf ~",
    "alias rm=:; rm -rf ~",
    "alias rm=:\nrm -rf ~",
    "shopt -s expand_aliases\nalias rm=:\n'rm' -rf ~",
    'shopt -s expand_aliases\nalias rm=:\n"rm" -rf ~',
    "shopt -s expand_aliases\nalias rm=:\nr\\m -rf ~",
    "shopt -s expand_aliases\nalias rm=:\nunalias rm\nrm -rf ~",
    "shopt -s expand_aliases\nalias rm=:\nshopt -u expand_aliases\nrm -rf ~",
    "alias rm=:; f() { rm -rf ~; }\nf",
    "BASH_ALIASES[rm]=:; rm -rf ~",
    "BASH_CMDS[rm]=/bin/true\nhash -d rm\nrm -rf ~",
    "BASH_CMDS[rm]=/bin/true\n/bin/rm -rf ~",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", REFUSED)
def test_a_refused_program_stays_refused_behind_an_alias_or_function(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED = [
    "alias ll='ls -la'\nll",
    "shopt -s expand_aliases\nalias ll='ls -la'\nll src",
    "alias rm='rm -i'\nrm -rf build",
    "deploy() { echo deploying; }; deploy",
    "rm() { echo would remove; }; rm -rf build",
    'ls() { command ls --color=auto "$@"; }; ls -la',
    "build() { make -j4; }\nbuild",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", ALLOWED)
def test_aliases_and_functions_of_harmless_programs_pass(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
