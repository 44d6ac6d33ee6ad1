"""Files a program writes where a verb's option, a key word or an operand names them (issue 30,
round 21, ``left21``; round 20 left ``p4 print -o ~/.bashrc //depot/x`` passing in every mode
and red team 20's ``pdftk ... output ~/.bashrc``, ``ar rcs ~/.bashrc a.o``, ``cpio -pdm
~/.config``).

Version control tools' file-at-a-revision verbs write where ``-o`` says (``p4 print -o``, ``hg
cat -o``, ``hg export -o``); pdftk writes the file after its ``output`` key word; ``ar KEY
ARCHIVE`` writes the archive when its key changes it; ``cpio -p DIR`` copies the listed files
into DIR; ``help2man -o`` writes the page. Each target is judged as a redirect's:
``write-outside-project`` attended and unattended, the OS sandbox's share when it is on. Names
in the project, listing keys (``ar t``), the form printed to standard output (``p4 change
-o``) pass.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

OUTSIDE = [
    "p4 print -o ~/.bashrc //depot/x",
    "p4 print -q -o /etc/profile.d/x.sh //depot/x",
    "hg cat -o ~/.bashrc x",
    "hg export -o ~/.profile tip",
    "chg cat -o ~/.zshrc x",
    "pdftk a.pdf cat output ~/.bashrc",
    "pdftk a.pdf b.pdf cat output /home/agent/.config/x",
    "ar rcs ~/.bashrc a.o",
    "ar -rcs ~/.bashrc a.o",
    "llvm-ar q ~/.profile a.o",
    "cpio -pdm ~/.config < files.txt",
    "find . -name '*.py' | cpio -pd /home/agent/.local",
    "help2man ./bin/app -o ~/.bashrc",
]


@pytest.mark.parametrize("command", OUTSIDE)
@pytest.mark.parametrize("flags", [{}, {"unattended": True}], ids=["attended", "unattended"])
def test_an_output_named_by_a_verb_or_key_outside_the_project_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "write-outside-project", (command, flags, verdict)


IN_THE_PROJECT = [
    "p4 print -o out.txt //depot/x",
    "p4 print -q //depot/x",
    "hg cat -o out.txt x",
    "hg cat -o '%s.orig' x",
    "hg export -o patches/tip.patch tip",
    "pdftk a.pdf cat output out.pdf",
    "pdftk a.pdf burst output page_%02d.pdf",
    "ar rcs libx.a a.o b.o",
    "ar t libx.a",
    "ar -t libx.a",
    "ar p libx.a a.o",
    "cpio -pdm build/stage < files.txt",
    "find . -name '*.txt' | cpio -pdm /tmp/stage",
    "cpio -o < files.txt > a.cpio",
    "cpio -id < a.cpio",
]


@pytest.mark.parametrize("command", IN_THE_PROJECT)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_an_output_named_by_a_verb_or_key_in_the_project_passes(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("command", ["p4 change -o", "p4 client -o", "p4 change -o > spec.txt"])
@pytest.mark.parametrize("flags", [{}, {"sandboxed": True}], ids=["attended", "sandboxed"])
def test_a_form_printed_to_standard_output_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
