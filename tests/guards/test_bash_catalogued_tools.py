"""Ordinary tools known by what they are, from tldr-pages (issue 30, round 24, ``npol24``).

Unattended, a program no rule or table names was refused; names added one at a time from the
sets we looked at did not reach the programs of repositories nobody looked at. The catalogue
``bash_catalogue_data`` (written by ``bench/tldr_catalogue.py`` from tldr-pages' pages) names
the programs whose page says they lint, format, compile, convert, view, count or document what
they are given, and nothing of the network, the machine, other programs or deletion.
``bash_catalogue.catalogued`` lets such a program run unattended only when its arguments reach
the project alone: no verb its own examples show reaching further or that reaches the network,
packages, a server or another program; no option naming code or a deletion; no computed word,
URL, ``host:path``, device or path outside the project and the temp areas; the working
directory the project's. The earlier judgments (destroying and publishing verbs, output
options, the project's control files) run first, as for any unknown program.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from ondas.guards.bash_catalogue import REACHING_VERBS
from ondas.guards.bash_catalogue_data import SOURCE, TABLE
from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

PASSES = [
    # linters and checkers of the project's files
    "pyflakes src/app.py tests",
    "pycodestyle --max-line-length=100 src",
    "phpmd src text cleancode",
    "csslint --format=compact assets/site.css",
    "sqlfluff lint --dialect postgres migrations/",
    "standard --fix 'src/**/*.js'",
    "hunspell -l -d en_US README.md",
    # formatters that rewrite the files they are given
    "astyle --style=allman src/main.cpp",
    "uncrustify -c .uncrustify.cfg --replace --no-backup src/a.c",
    "snakefmt workflow/Snakefile",
    # compilers and generators writing into the project
    "cython -3 -o build/fast.c src/fast.pyx",
    "bison -d -o src/parser.c grammar/parser.y",
    "flex -o src/lexer.c grammar/lexer.l",
    "csc -out:bin/App.exe src/App.cs",
    "luac -o build/app.luac src/app.lua",
    "pyinstaller --onefile --distpath dist src/app.py",
    # converters, viewers, counters and documentation builders
    "pngcrush -brute assets/logo.png build/logo.png",
    "img2pdf scans/*.jpg -o build/scans.pdf",
    "pdftohtml -s docs/manual.pdf build/manual",
    "pygmentize -f html -o build/app.html src/app.py",
    "scc --by-file src",
    "hexyl build/firmware.bin",
    "yard doc lib",
    "scdoc < docs/tool.1.scd > build/tool.1",
    "cd docs && pdftohtml -q manual.pdf out/manual",
]
"""Their ordinary uses in the project: every mode lets them through."""


@pytest.mark.parametrize("command", PASSES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_catalogued_tools_ordinary_use_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


REFUSED_UNATTENDED = [
    # a path outside the project, or the project's control files
    "cython -o /usr/lib/python3/dist-packages/fast.c src/fast.pyx",
    "pngcrush assets/logo.png ~/logo.png",
    "img2pdf -o ~/.bashrc scans/a.jpg",
    "bison -o /etc/cron.d/job grammar/parser.y",
    "uncrustify -c cfg --replace ../other/src/a.c",
    "astyle /etc/hosts",
    "pyflakes /opt/tools/app.py",
    "pygmentize -o .git/hooks/pre-commit src/app.py",
    "csc -out:.claude/hooks/x.exe src/App.cs",
    # a path glued to a short option or a response file's @ (round 25, deb25)
    "bison -o/etc/cron.d/job grammar/parser.y",
    "cython -o/usr/lib/python3/dist-packages/fast.c src/fast.pyx",
    "pyflakes @/etc/passwd",
    # a device: an empty merge over a source, a disk read
    "sdiff -o src/app.py /dev/null /dev/null",
    "hexyl /dev/sda",
    # another machine
    "hunspell -d https://dict.example.com/en_US README.md",
    "pyflakes host:src/app.py",
    "cython user@build.example.com:src/fast.pyx",
    # code to run or load, named by an option
    "cppclean --exec 'rm -rf ~' src",
    "opt -load=./plugins/pass.so -S src/a.ll",
    "csslint --plugin=./x.js site.css",
    "lualatex --shell-escape docs/paper.tex",
    "pyinstaller --runtime-hook=~/.evil.py src/app.py",
    # a deletion named by an option or a verb
    "phar delete build/app.phar src/a.php",
    "bzip3 --delete-input data.bin",
    "ncc clean",
    # a verb its examples show reaching further, or one reaching the network or a server
    "docsify serve docs",
    "gatsby develop",
    "yard server",
    "hakyll-init install site",
    # a word computed at run time, a working directory outside the project
    "pyflakes $TARGET",
    'pngcrush "$(cat list)" build/x.png',
    "cd /etc && pyflakes app.py",
]
"""Twins: what a catalogued tool's arguments reach past the project, unattended."""


NOT_CATALOGUED = [
    "msfvenom -p linux/x64/shell_reverse_tcp -f elf -o build/x",
    "wormhole send build/app.tar",
    "rpmbuild -ba pkg.spec",
    "uudecode payload.uu",
    "pax -r -f build/a.pax",
    "wikit rust",
    "vhs demo.tape",
    "zzqtool src",
]
"""Programs left out of the catalogue (by its rules or judged out, with why, in the script)."""


@pytest.mark.parametrize("command", REFUSED_UNATTENDED + NOT_CATALOGUED)
def test_what_reaches_past_the_project_or_is_left_out_stays_refused_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert not verdict.allowed, (command, verdict)


def test_the_catalogue_names_its_source_and_each_row_is_a_program_and_a_kind() -> None:
    assert SOURCE.startswith("tldr-pages/tldr@")
    rows = TABLE.strip().splitlines()
    assert len(rows) > 400
    for row in rows:
        words = row.split()
        assert len(words) >= 2, row
        assert words[0] == words[0].lower() and " " not in words[0], row
    names = [row.split()[0] for row in rows]
    assert names == sorted(names)
    judged_out = {"msfvenom", "wormhole", "rpmbuild", "uudecode", "pax", "wikit", "vhs", "dd"}
    assert not judged_out & set(names)


def test_reaching_verbs_cover_the_network_packages_and_servers() -> None:
    assert {"install", "publish", "deploy", "serve", "exec", "run", "upload"} <= REACHING_VERBS


def test_the_catalogue_is_loaded_only_for_a_name_no_eager_table_knows() -> None:
    code = (
        "import sys\n"
        "from ondas.guards.bash import check_command\n"
        "for line in ('ls -la', 'git status', 'rm -rf /', 'pytest -q'):\n"
        "    check_command(line, project='/srv/app/proj', home='/home/agent', unattended=True)\n"
        "assert 'ondas.guards.bash_catalogue_data' not in sys.modules\n"
        "check_command('pyflakes src', project='/srv/app/proj', home='/home/agent', "
        "unattended=True)\n"
        "assert 'ondas.guards.bash_catalogue_data' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
