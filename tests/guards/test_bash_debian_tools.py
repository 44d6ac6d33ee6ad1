"""Ordinary tools known by their Debian package (issue 30, round 25, ``deb25``).

Unattended, a program no rule or table names is refused; round 24's catalogue from tldr-pages
(``test_bash_catalogued_tools.py``) covers the programs tldr describes. ``bash_debian_data``
(written by ``bench/debian_catalogue.py`` from Debian 12 bookworm's package and Contents
indices) names the programs of packages whose section is one of tools over files (``devel``,
``text``, ``science``, ``graphics``, the language sections...), whose description says what
kind of tool it is and names nothing that reaches past the files given, and whose debtags
say no server, administrator's tool or network client. Such a program runs unattended under
the catalogue's rule (``bash_catalogue.catalogued``): its arguments reach only the project,
no verb reaches further; and, since no example of it was read, no word of code (a space,
``;``, ``(``, ``!``...), no option naming a server, the network or an install, and its
first bare operands read as a command it may run (``tool curl host``) refused for no more
than being unknown.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from ondas.guards.bash_catalogue import CODE_CHARACTERS, DEBIAN_OPTION_WORDS
from ondas.guards.bash_debian_data import SOURCE, TABLE
from tests.guards.bench_modules import bench_module
from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

PASSES = [
    # documentation and text converters over the project's files
    "sgml2html docs/guide.sgml",
    "yodl2html -o build/manual.html docs/manual.yo",
    "bibtex2html -o build/refs docs/refs.bib",
    "latex2rtf -o build/paper.rtf docs/paper.tex",
    "mandoc -T html docs/tool.1",
    "troff2html docs/tool.ms",
    "troff2html -o build/tool.html docs/tool.ms",
    "fig2dev -L pdf docs/figure.fig build/figure.pdf",
    "pulldown-cmark README.md",
    # compilers, parser generators, checkers and formatters
    "happy -o src/Parser.hs grammar/Parser.y",
    "menhir --base build/parser src/parser.mly",
    "ftnchek src/solver.f",
    "btyacc -d -b build/parse src/parse.y",
    "capnp compile -oc++:build schema/app.capnp",
    "capnp compile -I./schema/include -o./tools/capnpc-x:build schema/app.capnp",
    "pythran -O3 src/kernel.py",
    "less2scss styles/site.less",
    "tidy -q -m docs/index.html",
    "xmlwf docs/feed.xml",
    # images and geometry
    "dwebp assets/logo.webp -o build/logo.png",
    "qhull TO build/hull.txt",
    "cd docs && sgml2txt guide.sgml",
]
"""Their ordinary uses in the project: every mode lets them through."""


@pytest.mark.parametrize("command", PASSES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_debian_tools_ordinary_use_passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


REFUSED_UNATTENDED = [
    # a path outside the project, or the project's control files
    "sgml2html /etc/passwd",
    "yodl2html -o ~/.bashrc docs/manual.yo",
    "dwebp assets/logo.webp -o /usr/share/pixmaps/logo.png",
    "happy -o ../other/src/Parser.hs grammar/Parser.y",
    "tidy -m .git/hooks/pre-commit",
    "clang-format-16 -i /opt/app/src/main.cpp",
    "mandoc -T html -O outfilename=.claude/settings.json docs/tool.1",
    "fig2dev -L pdf docs/figure.fig .git/config",
    # the shared temp areas, where anyone may have written what it runs or reads
    "troff2html /tmp/x.ms",
    "pythran -o build/k.so /var/tmp/k.py",
    # a path glued to a short option or a response file's @
    "sgml2txt -o/etc/cron.d/job docs/guide.sgml",
    "capnp compile -o/tmp/plugin:build schema/app.capnp",
    "troff2html -I/usr/share/x docs/tool.ms",
    "xmlwf @/etc/passwd",
    # secrets
    "xmlwf ~/.ssh/id_rsa",
    "troff2html .env",
    # another machine
    "tidy -m https://example.com/index.html",
    "sgml2html build.example.com:docs/guide.sgml",
    # code in a word, and options that serve, reach the network or install
    "menhir --infer-command 'sh -c id' src/parser.mly",
    "ftnchek 'src/a.f;id'",
    "capnp compile --src-prefix=$(id) schema/app.capnp",
    "texi2any --server docs/manual.texi",
    "bibtex2html --url-prefix x docs/refs.bib",
    "pythran --install src/kernel.py",
    "less2scss --listen styles/site.less",
    # its operands read as a command it may run, as ``nohup``'s are
    "sgml2txt rm -rf .",
    "pythran curl example.com",
    "mandoc git clean -fdx",
    "xmlwf -v git push origin main",
    "troff2html sgml2txt curl example.com",
    # a reaching verb, a computed word, a working directory outside
    "capnp install schema",
    "xmlwf $FEED",
    "cd /etc && sgml2txt guide.sgml",
]
"""Twins: the same tools writing outside the project, reading secrets, reaching another
machine, or given code: refused unattended."""

NOT_LISTED = [
    "r -e 'system(\"id\")'",
    "dc -e '!id'",
    "chezscheme --script build.ss",
    "ldc-build-runtime --dFlags=-O",
    "heaptrack curl example.com",
    "zebrasrv -f cfg.xml",
    "gprslave -v",
    "creduce ./interesting.sh src/crash.c",
]
"""Programs the script leaves out (an interpreter, a server, a wrapper), refused as unknown."""


@pytest.mark.parametrize("command", REFUSED_UNATTENDED + NOT_LISTED)
def test_what_reaches_past_the_project_or_is_left_out_stays_refused_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert not verdict.allowed, (command, verdict)


def test_the_table_names_its_source_and_each_row_is_a_program_and_a_section() -> None:
    assert SOURCE.startswith("Debian 12")
    rows = TABLE.strip().splitlines()
    assert len(rows) > 1000
    generator = bench_module("debian_catalogue", "debian_catalogue")
    names = []
    for row in rows:
        name, section = row.split()
        assert section in generator.SECTIONS, row
        names.append(name)
    assert names == sorted(names)
    out = set(generator.JUDGED_OUT) | set(
        bench_module("tldr_catalogue", "tldr_catalogue").JUDGED_OUT
    )
    assert not out & set(names)
    assert not {"rm", "shred", "wipefs", "mkfs", "fdisk", "parted", "sshd", "sudo"} & set(names)


def _stanza(section: str, description: str, tag: str = "") -> dict[str, str]:
    return {"Package": "p", "Section": section, "Description": description, "Tag": tag}


@pytest.mark.parametrize(
    ("section", "description", "tag"),
    [
        ("devel", "parser generator for C", ""),
        ("text", "converts text to PostScript", "use::converting"),
        ("science", "computes convex hulls of points", ""),
        ("contrib/graphics", "lossless optimizer of JPEG files", ""),
        ("haskell", "documentation generator for Haskell", ""),
    ],
)
def test_the_generator_takes_tools_over_files_from_the_sections_of_such_tools(
    section: str, description: str, tag: str
) -> None:
    generator = bench_module("debian_catalogue", "debian_catalogue")
    assert generator._tool(_stanza(section, description, tag)) == section.rsplit("/", 1)[-1]


@pytest.mark.parametrize(
    ("section", "description", "tag"),
    [
        ("admin", "generator of reports of the system's users", ""),  # section out
        ("disk", "partition table converter", ""),
        ("kernel", "compiler of kernel modules", ""),
        ("net", "converter of packet captures", ""),
        ("interpreters", "compiler and interpreter for Lua", ""),
        ("editors", "text formatter", ""),
        ("utils", "file converter", ""),
        ("devel", "securely erases files after converting them", ""),  # description reaches
        ("devel", "wipes and formats disks", ""),
        ("text", "shreds files", ""),
        ("devel", "kills stale compiler processes", ""),
        ("devel", "administers build farms", ""),
        ("devel", "downloads and compiles sources", ""),
        ("devel", "compiler server for distributed builds", ""),
        ("text", "interactive converter", ""),
        ("devel", "code generator", "network::server"),  # debtags out
        ("devel", "code generator", "admin::configuring"),
        ("text", "converter", "interface::x11"),
        ("devel", "Haskell tool stack", ""),  # no kind of tool named
    ],
)
def test_the_generator_leaves_out_other_sections_reaching_descriptions_and_tags(
    section: str, description: str, tag: str
) -> None:
    generator = bench_module("debian_catalogue", "debian_catalogue")
    assert generator._tool(_stanza(section, description, tag)) is None


def test_a_name_another_kind_of_package_installs_too_or_whose_name_reaches_is_left_out() -> None:
    generator = bench_module("debian_catalogue", "debian_catalogue")
    packages = {
        "conv": _stanza("text", "file converter"),
        "tool-admin": _stanza("admin", "system administration"),
        "gen": _stanza("devel", "code generator"),
    }
    programs = {
        "convert-x": {"conv"},
        "shared": {"conv", "tool-admin"},
        "gen-server": {"gen"},
        "gen-sync": {"gen"},
        "dc": {"gen"},
        "-dash": {"gen"},
    }
    assert generator.catalogue(packages, programs) == {"convert-x": "text"}


def test_names_are_the_guards_so_a_version_or_case_twin_counts_too() -> None:
    generator = bench_module("debian_catalogue", "debian_catalogue")
    packages = {
        "gen": _stanza("devel", "code generator"),
        "chk": _stanza("tex", "syntax checker"),
        "aligner": _stanza("science", "daemon aligning reads"),
    }
    programs = {"gentool-16": {"gen"}, "texcheck": {"chk"}, "TEXcheck": {"aligner"}}
    assert generator.catalogue(packages, programs) == {"gentool": "devel"}


def test_a_package_judged_out_takes_its_programs_out() -> None:
    generator = bench_module("debian_catalogue", "debian_catalogue")
    packages = {"sra-toolkit": _stanza("science", "utilities for the NCBI Sequence Read Archive")}
    assert "sra-toolkit" in generator.PACKAGES_OUT
    assert generator.catalogue(packages, {"vdb-dump": {"sra-toolkit"}}) == {}


def test_code_characters_and_reaching_options_are_the_debian_rows_own() -> None:
    assert {" ", ";", "(", "`", "$", "!", "|", "&"} <= CODE_CHARACTERS
    assert {"serve", "server", "listen", "install", "download", "url"} <= DEBIAN_OPTION_WORDS


def test_the_debian_table_is_loaded_only_for_a_name_no_eager_table_knows() -> None:
    code = (
        "import sys\n"
        "from ondas.guards.bash import check_command\n"
        "for line in ('ls -la', 'git status', 'rm -rf /', 'pytest -q'):\n"
        "    check_command(line, project='/srv/app/proj', home='/home/agent', unattended=True)\n"
        "assert 'ondas.guards.bash_debian_data' not in sys.modules\n"
        "check_command('sgml2txt a.sgml', project='/srv/app/proj', home='/home/agent', "
        "unattended=True)\n"
        "assert 'ondas.guards.bash_debian_data' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
