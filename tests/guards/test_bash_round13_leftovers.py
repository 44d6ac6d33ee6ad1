"""Round 13 of issue 30 (rtleft13): classes round 12's red team left as "the guard does not know
X", taught by class and checked in all three modes, each with twins that stay allowed.

- A program that opens its output before it has read its input (``openssl enc``, ``iconv``,
  ``uniq``, ``dd``) given one file as both: the file is emptied, as ``sort F > F`` empties it.
  ``sort -o F F`` and whole-object readers (``openssl x509``) keep their own output.
- One newline written over a file of code (``echo > src/app.py``), judged as ``exec 3> F``
  is; ``echo > notes.md`` stays everyday (round 10a).
- An in-place rewrite that keeps only blank lines (``sed -n '/^$/p'``, ``perl -ne 'print if
  /^$/'``, ``sed '/./d'``, ex's ``v/^$/d``); deleting blank lines stays everyday (ex's
  ``g/^$/d`` is no longer read as deleting every line).
- Code run once per input line that deletes each line's file or runs a command on it (awk's
  ``system("rm " $0)``, ``perl -ne 'unlink'``), judged as ``xargs CMD`` fed the same input.
- ``diff OLD NEW | patch``: the patch makes OLD into NEW, judged as copying NEW over OLD.
- Tcl code (``tclsh``, ``expect``) read for ``exec`` and ``file delete|rename|copy``; tclsh is
  an interpreter whose libraries the guard does not know, refused unattended unless it runs a
  script of the project.
- A file moved to a new name and deleted by it later in the line (``mv src src.bak && rm -rf
  src.bak``, ``rename 's/$/.bak/' src/*.py && rm src/*.bak``): the deletion is the old file's.
"""

from __future__ import annotations

import pytest

from ondas.guards.verdict import category_of
from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

REFUSED = [
    ("openssl enc -aes-256-cbc -k x -in src/app.py -out src/app.py", "file-destroyed"),
    ("openssl aes-128-cbc -in lib/core.rb -out ./lib/core.rb -k x", "file-destroyed"),
    ("iconv -f latin1 -t utf-8 -o src/a.py src/a.py", "file-destroyed"),
    ("uniq src/words.txt src/words.txt", "file-destroyed"),
    ("dd if=src/app.py of=src/app.py", "file-destroyed"),
    ("echo > lib/core.rb", "file-destroyed"),
    ("printf '\\n' > src/main.go", "file-destroyed"),
    ("sed -i -n '/^\\s*$/p' src/app.py", "file-destroyed"),
    ("sed -i '/./d' src/app.py", "file-destroyed"),
    ("sed -i '/^$/!d' src/*.py", "file-destroyed"),
    ("perl -i -ne 'print unless /./' src/app.pl", "file-destroyed"),
    ("vim -es -c 'v/^$/d' -c x src/app.py", "file-destroyed"),
    ("git ls-files | perl -ne 'chomp; unlink $_'", "rm-unknown-target"),
    ("git ls-files | ruby -ne 'File.delete($_.chomp)'", "rm-unknown-target"),
    # the found list as rm's operands: the project's sources by a glob (sbx16)
    ("find src -name '*.py' | awk '{system(\"rm -f \" $0)}'", "rm-many-files"),
    ("diff -u /dev/null src/app.py | patch -R -p0", "file-destroyed"),
    ("diff -ru src /tmp/empty | patch -p0", "rm-recursive-outside-temp"),
    ("tclsh <<< 'exec rm -rf src'", "rm-recursive-outside-temp"),
    ("tclsh <<< 'foreach f [glob src/*] {file delete -force $f}'", "rm-unknown-target"),
    ("tclsh <<< 'if {1} {file delete -force {lib}}'", "rm-recursive-outside-temp"),
    ("tclsh <<< 'puts [exec git reset --hard]'", "git-reset-hard"),
    ("expect <<< 'file delete -force src'", "rm-recursive-outside-temp"),
    ("tclsh <<< 'file rename -force /tmp/x .mcp.json'", "write-protected-path"),
    ("mv src src.bak && rm -rf src.bak", "rm-recursive-outside-temp"),
    ("mv lib old.bak; rm -rf old.bak", "rm-recursive-outside-temp"),
    ("rename .py .bak src/*.py && rm -f src/*.bak", "rm-many-files"),
]
"""Each class by routes other than round 12's own cases, with the rule that refuses it (its
category follows the rule: ``dangerous``, or ``unknown`` for a deletion of names read at run
time); the project's work, and ``.mcp.json`` among its control files."""

UNATTENDED_RULES = {
    "rename .py .bak src/*.py && rm -f src/*.bak": "unknown-program",
    "find src -name '*.py' | awk '{system(\"rm -f \" $0)}'": "undecidable-payload",
}
"""Rows refused earlier in the line unattended: util-linux's ``rename`` is a program the guard
does not know, and awk's ``system()`` of a computed string is undecidable there."""

ALLOWED = [
    "openssl enc -d -aes-256-cbc -k x -in secret.enc -out secret.txt",
    "openssl x509 -in cert.pem -out cert.pem",
    "iconv -f latin1 -t utf-8 -o build/a.py src/a.py",
    "uniq src/words.txt build/words.txt",
    "sort -o src/names.txt src/names.txt",
    "dd if=build/image.bin of=build/copy.bin",
    "echo > notes.md",
    "echo >> src/app.py",
    "echo > build/x.py",
    "sed -i '/^$/d' src/*.py",
    "sed -i '/^\\s*$/d' src/app.py",
    "sed -n '/^$/p' src/app.py",
    "perl -i -ne 'print unless /^$/' src/app.c",
    "vim -es -c 'g/^$/d' -c x src/app.py",
    "find build -name '*.o' | perl -ne 'chomp; unlink'",
    "git ls-files | perl -ne 'print if /\\.py$/'",
    "git ls-files | awk '{print $1}'",
    "diff -u src/app.py /tmp/new.py | patch -p0",
    "diff -u src/app.py src/app.py.orig | patch --dry-run -p0",
    "tclsh tests/all.tcl",
    "mv src/app.py src/app.py.bak && rm src/app.py.bak",
    "mv config.yml config.yml.bak && cp new.yml config.yml",
    "mv dist /tmp/dist-old && rm -rf /tmp/dist-old",
]
"""The twins: the same programs doing ordinary work (another output, a temp area, deleting
blank lines, a listing of build files, a dry run, the project's own Tcl script, one file's
rename and deletion as ``rm`` of it is)."""

UNATTENDED_ONLY = [
    "tclsh <<< 'puts hello'",
    "tclsh /tmp/x.tcl",
]
"""Tcl code with no command the guard reads: an interpreter whose libraries it does not know,
refused unattended (``unknown-program``) and left to the sandbox otherwise."""


@pytest.mark.parametrize(("command", "rule"), REFUSED, ids=[c for c, _ in REFUSED])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_round_13_class_destroying_the_projects_work_is_refused_in_every_mode(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    rule = UNATTENDED_RULES.get(command, rule) if flags.get("unattended") else rule
    assert verdict.rule == rule, (command, flags, verdict.rule, verdict.reason)
    assert verdict.category == category_of(rule), (command, flags, verdict.category)


@pytest.mark.parametrize("command", ALLOWED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_everyday_twin_of_a_round_13_class_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("command", UNATTENDED_ONLY)
def test_tcl_code_the_guard_cannot_read_is_refused_unattended_only(command: str) -> None:
    assert check(command).allowed
    assert check(command, sandboxed=True).allowed
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict)
