"""Round 12: ways of losing the project's work that red team 11c left, each by its class.

Every command is data handed to the guard as a Python string; none is run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

LOST = [
    # round 20 (redteam20s): a generator told to overwrite writes its template over what the
    # directory holds; the guard cannot tell a new directory from one with work in it
    "rails new tools/admin --force",
    # fileinput in place, printing nothing: every file it reads is left empty
    'python3 -c "import fileinput\nfor line in fileinput.input(inplace=1): continue" lib/*.py',
    "python3 -c \"import fileinput as fi\nfor _ in fi.FileInput(files=['src/app.py'], "
    'inplace=True): pass"',
    # zeros or noise from a device written over a file named as text
    "head -c 4096 /dev/urandom > README.md",
    "cat /dev/zero | head -c 100 > src/lib.rs",
    "dd if=/dev/urandom of=src/main.go bs=1k count=8",
    # emacs's -f calls and --eval forms run in order as one program
    "emacs --batch notes.org --funcall erase-buffer -f save-buffer",
    "emacs -batch src/a.el --eval '(erase-buffer)' -f save-buffer",
    # a clean goal told that the build's directory is the project's own
    "make distclean OUTDIR=.",
    "gmake clean OBJ_DIR=lib",
    # round 12: a file read by the command whose own redirect empties it first
    "uniq lib/words.txt > lib/words.txt",
    "yq . config/app.yaml > config/app.yaml",
    "cat src/a.rs | rustfmt --emit stdout > src/a.rs",
    # code that truncates a literal file or writes nothing over it
    'ruby -e \'File.write("app/models/user.rb", "")\'',
    "python3 -c \"import os; os.truncate('lib/core.py', 0)\"",
    # compressors replacing the files they are given
    "xz -r lib",
    "lz4 -m --rm src/*.c",
    # a tool's build or cache directory set to the project's own
    "poetry cache clear --all pypi --cache-dir src",
    "XDG_CACHE_HOME=. pre-commit clean",
    "mvn clean -Dbuild.directory=.",
    # unpacking over the project's root, generators forced over it
    "ar x /tmp/old.a",
    "unsquashfs -f -d . /tmp/root.sqfs",
    "rails new . -f",
    "degit owner/tpl --force",
    # ex commands that leave the buffer empty
    "vim -es -c 'g/^/d' -c wq src/app.py",
    "ex -sc '1,$s/.*//' -cx lib/a.py",
    # links forced over files of code or text
    "ln -sfn /tmp/other.py src/app.py",
    # other tools' verbs and runners
    "gio trash lib",
    "ansible all -i localhost, -c local -a 'rm -rf src'",
    "foreman run git clean -fdx",
    "git lfs update --force",
    "kak -f '%c<esc>' lib/a.py",
    # code that opens a file for writing and writes nothing (or an empty string) into it
    "python3 -c \"open('lib/util.py', 'w')\"",
    "python -c \"open('README.md', 'wb').close()\"",
    "python3 -c \"import sys; open('src/app.py', 'w').write('')\"",
    'php -r \'file_put_contents("lib/a.php", "");\'',
]

KEPT = [
    'python3 -c "import fileinput\nfor l in fileinput.input(inplace=True): '
    "print(l.replace('a', 'b'), end='')\" src/app.py",
    'python3 -c "import fileinput\nfor l in fileinput.input(): pass" src/app.py',
    "head -c 1M /dev/urandom > build/random.bin",
    "head -c 4096 /dev/urandom > tests/fixtures/noise.bin",
    "dd if=/dev/zero of=disk.img bs=1M count=16",
    "emacs --batch -l ert -l tests/test-a.el -f ert-run-tests-batch-and-exit",
    "emacs -batch -f batch-byte-compile src/a.el",
    "make clean O=build",
    "make clean BUILDDIR=_build",
    "make clean CC=clang",
    "uniq lib/words.txt > build/words.txt",
    "printf '%s\\n' hello > build/hello.txt",
    "python3 -c \"import os; os.truncate('build/big.bin', 0)\"",
    "gzip -k src/data.csv",
    "zstd src/data.csv",
    "npm cache clean --force --cache build/npm-cache",
    "make clean BUILDDIR=build SRCDIR=src",
    "go clean -cache ./...",
    "ar rcs build/libx.a build/x.o",
    "vim -es -c 'g/TODO/d' -c wq notes.md",
    "ln -sf ../README.md docs/README.md",
    "gio info src/app.py",
    "ansible localhost -m ping",
    "git lfs install",
    "kak -f 'ggO# header<esc>' src/app.py",
    "python3 -c \"open('build/x.txt', 'w').write('hi')\"",
    "python3 -c \"open('lib/version.py', 'w').write('VERSION = 2')\"",
    "python3 -c \"print(open('src/app.py').read())\"",
    "python3 -c \"open('build/empty.txt', 'w')\"",
]


def test_the_literal_name_sets_agree_with_the_tables_they_stand_for() -> None:
    from ondas.guards import bash_base, bash_output_options

    assert frozenset(bash_output_options.SCAFFOLDERS) == bash_base.SCAFFOLDERS
    assert frozenset(bash_output_options.TRANSPILERS) == bash_base.TRANSPILERS
    assert frozenset(bash_output_options.PROGRAM_CLEAN_WORDS) == bash_base.PROGRAM_CLEAN_WORDS


@pytest.mark.parametrize("command", LOST)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_command_that_loses_the_projects_work_in_place_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize("command", KEPT)
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_the_same_tools_writing_data_or_scratch_stay_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
