"""A formatter, documentation generators and a coverage reporter judged by their verbs.

Round 18 (npol18): tools of a known kind that unattended runs refused as unknown programs.
Each reads the project's files and writes what it is told to; each verb is judged by what it
does, each output as a write in every mode, a file of code it loads as the project's code
(:func:`ondas.guards.bash_compilers.project_code`), and an option or verb not listed leaves the
program unknown, unattended, as before:

- Taplo, the TOML toolkit: ``taplo fmt|format [FILES]`` rewrites the files it is given (each a
  write; with ``--check`` or ``--diff`` none), ``taplo get`` reads; ``--cache-path`` is a
  write, ``--config`` a file it reads. ``taplo lint|check`` fetch the schemas a document or
  its configuration names (a host), ``lsp`` serves an editor: unknown, unattended.
- documentation.js: ``documentation build|lint|readme|serve FILES``: ``-o``/``--output`` and
  the ``readme`` file are writes, ``--theme`` is a module it runs (code), ``--config`` a file
  it reads; ``serve`` starts a local server.
- Capacitor's ``docgen``: ``--output-readme FILE`` and ``--output-json FILE`` are writes.
- ``fumadocs-mdx [CONFIG] [OUTDIR]``: runs its configuration (code) and writes the
  generated directory (``.source`` by default, in the project).
- ``bisect-ppx-report html|summary|cobertura|coveralls``: reports from the coverage files,
  written where ``-o`` or the verb's operand says; ``send-to`` uploads them (a host):
  unknown, unattended.

Round 23 (everyday23), the GNU documentation and translation tools of autotools projects:

- Texinfo's ``makeinfo`` (``texi2any``) ``[OPTIONS] FILE...``: reads the manuals it is given
  and writes Info, HTML, plain text, DocBook or XML where ``-o``/``--output`` says (else in the
  working directory); ``-E``/``--macro-expand`` and ``--internal-links`` are writes, an
  ``--init-file`` is Perl it runs (code). ``-c``/``--set-customization-variable`` (some name
  programs it runs) and ``--pdf``/``--dvi``/``--ps`` (they run ``texi2dvi`` and TeX) are not
  listed: unknown, unattended.
- ``makeindex [OPTIONS] FILE...``: sorts a LaTeX index; writes the ``.ind`` and ``.ilg`` next
  to each input (each operand is a write) or where ``-o``/``-t`` say; ``-s`` names a style it
  reads.
- gettext's ``gettextize [OPTIONS] [DIR]``: copies gettext's infrastructure into the package
  in DIR (the working directory by default) and edits its ``configure.ac`` and
  ``Makefile.am``: DIR and ``--po-dir`` are writes.
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    Ctx,
    Stdin,
    Word,
    unknown_unattended,
    word_set,
    write_all,
)
from ondas.guards.bash_closed_options import read_options
from ondas.guards.verdict import ALLOW, Verdict


class Tool:
    """One program's closed tables: ``verbs`` (empty: it takes none), options without a value,
    options with one, which of those name a write or a code file, and whether its operands
    are rewritten in place."""

    __slots__ = ("code", "flags", "in_place", "valued", "verbs", "writes")

    def __init__(
        self,
        verbs: str,
        flags: str,
        valued: str,
        writes: str = "",
        code: str = "",
        in_place: str = "",
    ) -> None:
        self.verbs = word_set(verbs)
        self.flags = word_set(flags)
        self.valued = word_set(valued)
        self.writes = word_set(writes)
        self.code = word_set(code)
        self.in_place = word_set(in_place)


_HELP = "-h --help -V --version"
_TEXINFO = Tool(
    "",
    "--html --plaintext --docbook --xml --info --no-split --no-headers --no-validate "
    "--no-warn --number-sections --no-number-sections --no-ifinfo --no-iftex --no-ifhtml "
    "--ifinfo --iftex --ifhtml --ifplaintext --ifxml --ifdocbook --ifnotinfo --ifnottex "
    "--ifnothtml --commands-in-node-names --disable-encoding --enable-encoding --force -F "
    f"--verbose -v --transliterate-file-names --no-transliterate-file-names {_HELP}",
    "-o --output -I -P -D -U -E --macro-expand --internal-links --init-file --css-include "
    "--css-ref --split --error-limit -e --fill-column -f --footnote-style "
    "--paragraph-indent -p --document-language --reference-limit -r --output-indent",
    writes="-o --output -E --macro-expand --internal-links",
    code="--init-file",
)
"""Texinfo's ``makeinfo``, spelled ``texi2any`` too (see the module's docstring)."""
TOOLS = {
    "taplo": Tool(
        "fmt format get",
        f"--check --diff --no-auto-config --verbose --log-spans -r --raw {_HELP}",
        "-c --config -o --option --output-format --cache-path --colors --stdin-filepath -f "
        "--file-path",
        writes="--cache-path",
        in_place="fmt format",
    ),
    "documentation": Tool(
        "build lint readme serve",
        "--shallow -g --github --markdown-toc --document-exported --infer-private --watch -w "
        f"--quiet -q -d --diff-only --resolve --no-markdown-toc {_HELP}",
        "-f --format -o --output -c --config --sort-order --project-name --project-version "
        "--project-description --project-homepage -a --access --external --parse-extension "
        "--require-extension -t --theme --port --readme-file -s --section",
        writes="-o --output --readme-file",
        code="-t --theme -c --config",
    ),
    "docgen": Tool(
        "", _HELP, "--project --api --output-readme --output-json", "--output-readme --output-json"
    ),
    "fumadocs-mdx": Tool("", _HELP, ""),
    "bisect-ppx-report": Tool(
        "html summary cobertura coveralls",
        f"--per-file --ignore-missing-files --verbose --tree {_HELP}",
        "-o --coverage-path --source-path --title --tab-size --theme --expect --do-not-expect",
        writes="-o",
    ),
    "makeinfo": _TEXINFO,
    "texi2any": _TEXINFO,
    "makeindex": Tool("", f"-c -g -i -l -q -r -L -T {_HELP}", "-o -p -s -t", writes="-o -t"),
    "gettextize": Tool(
        "",
        f"-f --force --intl --no-changelog --symlink -n --dry-run {_HELP}",
        "--po-dir",
        writes="--po-dir",
    ),
}
"""The programs this module judges (see its docstring)."""
OPERANDS = {"docgen": 0, "fumadocs-mdx": 2, "gettextize": 1}
"""How many operands a program without verbs takes (``fumadocs-mdx CONFIG OUTDIR``); one not
named here takes any number (the files it reads)."""
WRITES_OPERANDS = frozenset({"makeindex", "gettextize"})
"""Programs without verbs that write at (or next to) each operand."""


def doc_tool(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``taplo``, ``documentation``, ``docgen``, ``fumadocs-mdx``, ``bisect-ppx-report``,
    ``makeinfo``/``texi2any``, ``makeindex``, ``gettextize``."""
    tool = TOOLS[name]
    read = read_options(args, tool.flags, tool.valued)
    operands = read.operands
    writes = [given for key, given in read.values if given is not None and key in tool.writes]
    code = [given for key, given in read.values if given is not None and key in tool.code]
    no_writes = "--check" in read.flags or "--diff" in read.flags
    unknown = read.unknown
    verb = None
    if tool.verbs:
        verb = operands[0].value if operands else None
        if verb not in tool.verbs:
            return unknown_unattended(name, f"is given the verb {verb or '(none)'}", ctx, seg)
        operands = operands[1:]
    elif name in OPERANDS and len(operands) > OPERANDS[name]:
        return unknown_unattended(name, f"is given the operand {operands[-1].value}", ctx, seg)
    if name in WRITES_OPERANDS:
        writes += operands
    if verb in tool.in_place and not no_writes:
        writes += operands
    if name == "bisect-ppx-report" and verb in {"cobertura", "coveralls"}:
        writes += operands[:1]
    if name == "fumadocs-mdx":
        code += operands[:1]
        writes += operands[1:2]
    verdict = write_all(writes, ctx, seg)
    if not verdict.allowed:
        return verdict
    if unknown is not None:
        return unknown_unattended(name, f"is given {unknown}", ctx, seg)
    if code and ctx.unattended:
        from ondas.guards.bash_compilers import project_code

        return project_code(name, code, ctx, seg)
    return ALLOW
