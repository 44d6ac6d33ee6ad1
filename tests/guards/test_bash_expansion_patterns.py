"""Command substitutions in the pattern of a parameter expansion (round 20, the lead).

bash expands the word after ``#``, ``##``, ``%``, ``%%`` (the prefix and suffix a value loses),
``^``, ``^^``, ``,`` and ``,,`` (the letters whose case changes) before using it as a pattern, so
a command substitution there runs. tree-sitter-bash keeps that word as one ``regex`` text with
no nodes in it, and the guard passed ``echo ${x#$(rm -rf ~)}`` in every mode. Found by crossing
harmful commands with bash's syntactic contexts; the pattern is now read as bash expands it,
process substitutions (``${x#<(cmd)}``) included, and a pattern tree-sitter-bash splits into
pieces at a parenthesis (``${x#`case c in *)cmd;esac`}``) is read whole. The words of
``${x/PAT/WORD}`` and ``${x+WORD}`` are read for process substitutions as well.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "echo ${x#$(rm -rf ~)}",
    "echo ${x##`rm -rf ~`}",
    "echo ${x%$(rm -rf ~)}",
    "echo ${x%%*$(rm -rf ~)}",
    'echo "${x#$(rm -rf ~)}"',
    "echo ${x^$(rm -rf ~)}",
    "echo ${x^^$(rm -rf ~)}",
    "echo ${x,$(rm -rf ~)}",
    "echo ${x,,$(rm -rf ~)}",
    "echo ${a[@]#$(rm -rf ~)}",
    "for x in ${y#$(rm -rf ~)}; do :; done",
    ": ${x:=${y#$(rm -rf ~)}}",
    "echo ${x#${y%$(rm -rf ~)}}",
    "f() { echo ${1#$(rm -rf ~)}; }; f a",
    "name=${file%.$(rm -rf .git)}",
    "echo ${x#<(rm -rf ~)}",
    "cat ${x%%>(rm -rf ~)}",
    "export X=1 ${x^^<(git push --force origin main)}",
    "echo ${x/a/<(rm -rf ~)}",
    "a=(${x+<(rm -rf ~)})",
    "s ${x/a/<($'rm' -rf ~ )}",
    "echo ${x/a/${x/a/<(rm -rf ~; echo)}}",
    "echo ${x#`case c in *)rm -rf ~;esac`}",
    'echo "${x#`case c in *)rm -rf ~;esac`}"',
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", REFUSED)
def test_a_substitution_in_an_expansion_pattern_is_checked(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED = [
    "echo ${x#prefix}",
    'echo "${file%%.*}"',
    'echo "${name^^}" "${name,,}"',
    'echo "${path#"$HOME"/}"',
    "echo ${x%$(date +%Y)}",
    'base=${f##*/}; echo "${base%.$(basename "$ext")}"',
    "echo ${x%%)*} ${x#*(}",
    'echo "${x:-(default)}"',
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", ALLOWED)
def test_an_expansion_pattern_of_harmless_words_passes(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
