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
}
"""The programs this module judges (see its docstring)."""
OPERANDS = {"docgen": 0, "fumadocs-mdx": 2}
"""How many operands a program without verbs takes (``fumadocs-mdx CONFIG OUTDIR``)."""


def doc_tool(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``taplo``, ``documentation``, ``docgen``, ``fumadocs-mdx``, ``bisect-ppx-report``."""
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
    elif len(operands) > OPERANDS[name]:
        return unknown_unattended(name, f"is given the operand {operands[-1].value}", ctx, seg)
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
