"""A directory ``mktemp -d`` has just made in a temp area is scratch space of the line's own.

GNU mktemp makes it under ``$TMPDIR`` (else ``/tmp``) when given no template, ``-t`` with a
template of one name, or ``-p DIR``/``--tmpdir[=DIR]``; a template with no slash and none of
these is made in the working directory. A relative path after a ``cd`` into the new
directory names only what the line put there; one that climbs out of it is judged where it
lands. Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        'cd "$(mktemp -d)" && rm -rf x',
        "cd $(mktemp -d) && rm -rf src",
        'TMP=$(mktemp -d); cd "$TMP"; tar xf /tmp/a.tar; rm -rf build',
        "WORK=$(mktemp -d -t ci.XXXXXX) && cd $WORK && git clone https://github.com/a/b repo"
        " && rm -rf repo",
        'cd "$(mktemp -d -p /tmp)" && rm -rf x',
        'cd "$(mktemp -d --tmpdir=/var/tmp)" && rm -rf x',
        'cd "$(mktemp -d --tmpdir ci.XXXX)" && rm -rf x',
        'cd "$(mktemp -dt ci.XXXX)" && rm -rf out/*',
        'D=$(mktemp --directory); cd "$D"; mkdir a; cd a; rm -rf b',
        'export TMPDIR=/tmp/mine; cd "$(mktemp -d)" && rm -rf x',
    ],
)
def test_relative_deletions_in_a_fresh_temp_directory_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        'cd "$(mktemp -d)" && rm -rf ~/x',
        'cd "$(mktemp -d)"; cd ..; rm -rf *',
        'cd "$(mktemp -d)" && rm -rf ../x',
        'cd "$(mktemp -d ./w.XXXX)" && cd .. && rm -rf src',
        'cd "$(mktemp -d w.XXXX)" && cd .. && rm -rf src',
        'cd "$(mktemp -d w.XXXX)" && rm -rf src',
        'cd "$(mktemp -d "$PWD/x.XXXX")" && rm -rf x',
        'cd "$(mktemp -d -p build)" && rm -rf x',
        'cd "$(mktemp -d --tmpdir=/work)" && rm -rf x',
        'TMPDIR=$(pwd)/t; cd "$(mktemp -d)" && rm -rf x',
        'TMPDIR=$X; cd "$(mktemp -d)" && rm -rf x',
        'cd "$(TMPDIR=/work mktemp -d)" && rm -rf x',
        'cd "$(mktemp -u -d)" && rm -rf x',
        'cd "$(mktemp)" && rm -rf x',
        "cd /tmp && rm -rf x",
        'cd "$(mktemp -d)"; cd "$OLDPWD"; rm -rf src',
    ],
)
def test_paths_leaving_or_not_made_by_a_fresh_temp_directory_stay_refused(command: str) -> None:
    for mode in MODES[::2]:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode)


def test_a_bare_template_is_made_in_the_working_directory() -> None:
    verdict = check('cd "$(mktemp -d w.XXXX)" && cd .. && rm -rf src')
    assert verdict.rule == "rm-recursive-outside-temp"
