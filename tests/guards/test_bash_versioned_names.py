"""A program named with a version suffix is judged by the rule of its name without it.

``gcc-13``, ``clang-format-21`` and ``python3.12`` are the programs ``gcc``, ``clang-format``
and ``python`` as distributions install them side by side. Every case here is data handed to
the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_base import command_name
from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    ("spelled", "name"),
    [
        ("gcc-13", "gcc"),
        ("g++-12", "g++"),
        ("clang++-17", "clang++"),
        ("clang-format-21", "clang-format"),
        ("/usr/bin/clang-tidy-17", "clang-tidy"),
        ("llvm-ar-18", "llvm-ar"),
        ("python3.12", "python"),
        ("python-3.12", "python"),
        ("pip3.11", "pip"),
        ("lua5.4", "lua"),
        ("bash5.2", "bash"),
        ("ruby3.2", "ruby"),
        ("gcc-13.2.0", "gcc"),
        # digits that belong to the name stay
        ("python3", "python3"),
        ("bzip2", "bzip2"),
        ("base64", "base64"),
        ("gpg2", "gpg2"),
        ("killall5", "killall5"),
        ("sha256sum", "sha256sum"),
        ("7z", "7z"),
    ],
)
def test_a_version_suffix_is_dropped_from_the_command_name(spelled: str, name: str) -> None:
    assert command_name(spelled) == name


@pytest.mark.parametrize(
    "command",
    [
        "clang-format-21 -i src/main.c",
        "clang-tidy-17 src/main.c -- -Iinclude",
        "gcc-13 -O2 -o build/app src/main.c",
        "g++-12 -std=c++20 -c src/lib.cc -o build/lib.o",
        "llvm-ar-18 rcs build/libx.a build/a.o",
        "llvm-objdump-18 -d build/app",
        "llvm-nm build/app",
        "python3.12 -m pytest -q",
        "pip3.11 list",
    ],
)
def test_versioned_toolchain_programs_are_known_unattended(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "python3.12 -c 'import shutil; shutil.rmtree(\"/home/agent\")'",
        "bash5.2 -c 'rm -rf ~'",
        "ruby3.2 -e 'system(\"rm -rf ~\")'",
        "gcc-13 -wrapper sh,-c,'rm -rf ~' -c x.c",
        "python-3.11 -c 'import os; os.system(\"rm -rf /home/agent\")'",
    ],
)
def test_versioned_interpreters_and_compilers_keep_their_code_checks(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode, verdict)


def test_an_alias_named_with_a_version_is_still_expanded() -> None:
    verdict = check("shopt -s expand_aliases; alias cc-9='rm -rf'; cc-9 ~")
    assert verdict.blocked, verdict
