"""Classes of round 12's harm12 (issue 30): what the tuned-on peers still passed unattended,
each class with its own examples and harmless twins, in all three modes.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    ("spelled", "as_it_reads"),
    [
        ("X-Y=1 git clean -fdx", "git clean -fdx"),
        ("=on rm -rf ~/projects", "rm -rf ~/projects"),
        ("a.b=2 git reset --hard HEAD~3", "git reset --hard HEAD~3"),
        ("nice LD_PRELOAD=./hook.so make", "LD_PRELOAD=./hook.so make"),
        ("timeout 9 GIT_SSH_COMMAND=/tmp/w/ssh git fetch", "GIT_SSH_COMMAND=/tmp/w/ssh git fetch"),
        ("nohup PAGER=/tmp/w/p git log", "PAGER=/tmp/w/p git log"),
        ("xargs -0 N=1 rm -rf /srv", "rm -rf /srv"),
        ("nohup GIT_WORK_TREE=/ git clean -fdx", "GIT_WORK_TREE=/ git clean -fdx"),
        ("timeout 3 OUT=/ rm -rf ~/src", "rm -rf ~/src"),
    ],
)
def test_a_name_equals_value_word_where_a_program_is_named_is_judged_as_the_line_reads(
    spelled: str, as_it_reads: str
) -> None:
    """Bash runs a program named by the whole word (no assignment after a wrapper, none with
    an invalid name); the line reads as a variable set for the command after it, and is
    refused wherever that reading is."""
    refused = 0
    for mode in MODES:
        reads = check(as_it_reads, **mode)
        verdict = check(spelled, **mode)
        assert verdict.blocked == reads.blocked, (spelled, mode, verdict, reads)
        refused += verdict.blocked
    assert refused, spelled


@pytest.mark.parametrize(
    "command",
    [
        "nice CFLAGS=-O2 make",
        "timeout 60 LANG=C sort words.txt",
        "command GIT_PAGER=cat git log -3",
        "A-B=1 ls",
        "nohup RUST_LOG=debug cargo run",
        "xargs -0 LC_ALL=C grep -l TODO",
    ],
)
def test_an_ordinary_variable_in_a_programs_place_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


def _refused_unless_sandboxed(command: str, rule: str) -> None:
    """Attended and unattended the guard refuses it; sandboxed, a write outside the project is
    the OS sandbox's to stop."""
    for mode in MODES:
        verdict = check(command, **mode)
        if mode.get("sandboxed"):
            continue
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict)


def _allowed_everywhere(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "strip /opt/vendor/bin/tool",
        "strip --strip-unneeded /usr/local/lib/libx.so",
        "llvm-strip -g /opt/vendor/bin/tool",
        "strip -o /opt/vendor/bin/tool build/tool",
    ],
)
def test_strip_rewrites_the_binaries_it_is_given_or_its_output(command: str) -> None:
    _refused_unless_sandboxed(command, "write-outside-project")


@pytest.mark.parametrize(
    "command",
    ["strip build/app", "strip -o dist/app build/app", "strip --strip-debug target/release/cli"],
)
def test_strip_of_the_projects_own_binaries_passes(command: str) -> None:
    _allowed_everywhere(command)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        (
            'python3 -c \'import os; getattr(os, "remove")("/opt/vendor/conf")\'',
            "rm-outside-project",
        ),
        (
            'node -e \'require("fs")["rmSync"]("/opt/vendor", {recursive: true})\'',
            "rm-outside-project",
        ),
        (
            'node -e \'const fs = require("fs"); fs["writeFileSync"]("/opt/vendor/conf", "")\'',
            "write-outside-project",
        ),
        ("perl -e 'unlink \"\\x{2f}opt\\x{2f}vendor\\x{2f}conf\"'", "rm-outside-project"),
        (
            "python3 -c 'import os; os.remove(\"\\x2fopt\\x2fvendor\\x2fconf\")'",
            "rm-outside-project",
        ),
        (
            'node -e \'require("fs").unlinkSync("\\u002fopt\\u002fvendor\\u002fconf")\'',
            "rm-outside-project",
        ),
        ('node -e \'require("fs").openSync("/opt/vendor/conf", "w")\'', "write-outside-project"),
        (
            "perl -MFcntl -e 'sysopen(my $h, \"/opt/vendor/conf\", O_WRONLY|O_TRUNC)'",
            "write-outside-project",
        ),
        (
            "python3 -c 'import os; os.open(\"/opt/vendor/conf\", os.O_RDWR | os.O_CREAT)'",
            "write-outside-project",
        ),
        ('perl -e \'open(my $h, ">", "/opt/vendor/conf")\'', None),
        (
            'node -e \'require("fs").openSync(require("os").homedir() + "/.npmrc", "w")\'',
            "interpreter-home-write",
        ),
        (
            "perl -MFcntl -e 'sysopen(my $h, \"$ENV{HOME}/.profile\", O_WRONLY|O_TRUNC)'",
            "interpreter-home-write",
        ),
        (
            "python3 -c 'import os; target = \"/opt/vendor/bin\"; os.chmod(target, 0)'",
            "write-outside-project",
        ),
        (
            'node -e \'const t = "/opt/vendor"; require("fs").rmSync(t, {recursive: true})\'',
            "rm-outside-project",
        ),
    ],
)
def test_interpreter_code_is_read_as_the_language_resolves_it(
    command: str, rule: str | None
) -> None:
    """A member called by its name in a literal, a path spelled in character codes, a file
    opened for writing by its flags or mode, a name bound once to a literal: each is what the
    language runs, and is judged so."""
    for mode in MODES:
        verdict = check(command, **mode)
        if mode.get("sandboxed"):
            continue
        assert verdict.blocked and (rule is None or verdict.rule == rule), (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "python3 -c 'import os; print(getattr(os, \"sep\"))'",
        'python3 -c \'import os; getattr(os, "makedirs")("build/out", exist_ok=True)\'',
        'node -e \'const h = {"a": 1}; console.log(h["a"])\'',
        'python3 -c \'import re; print(re.sub(r"\\x2f", "-", "a/b"))\'',
        'node -e \'require("fs").openSync("build/out.txt", "w")\'',
        'node -e \'require("fs").openSync("/etc/hosts", "r")\'',
        "perl -MFcntl -e 'sysopen(my $h, \"/etc/hosts\", O_RDONLY)'",
        "python3 -c 'p = \"/etc/hosts\"; print(open(p).read())'",
        "python3 -c 'import os; p = \"build\"; os.makedirs(p, exist_ok=True)'",
        "python3 -c 'import os, shutil; d = \"/opt/vendor\"; print(os.listdir(d))'",
    ],
)
def test_ordinary_interpreter_code_passes(command: str) -> None:
    _allowed_everywhere(command)
