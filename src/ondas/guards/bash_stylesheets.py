"""Stylesheet compilers: Dart Sass's ``sass`` and LibSass's ``sassc``, judged by what they write.

Both read the stylesheets they are given (and what those import from the load paths) and
write CSS: ``sassc [OPTIONS] INPUT [OUTPUT]`` to OUTPUT (and ``OUTPUT.map`` with
``--sourcemap``), ``sass [OPTIONS] INPUT [OUTPUT]`` or ``sass IN:OUT...`` to each OUT (a file
or a directory). Neither runs code from a stylesheet: Sass has no call out of the language,
and its imports read files. Each output is judged as a write in every mode (``sass`` was
known before and wrote anywhere). Their options are closed sets; LibSass's ``-P``/
``--plugin-path`` loads native plugins (code), and an option not listed leaves the compiler
unknown in unattended runs.

Round 17: Less's ``lessc [OPTIONS] INPUT [OUTPUT]`` and Stylus's ``stylus [OPTIONS] [FILES]``,
the same way. ``lessc`` writes OUTPUT (and ``--source-map=FILE``); its ``--js`` turns on
JavaScript inside the stylesheet and ``--plugin=NAME`` loads a Node module, both code, as is
any option not listed: unknown, unattended. ``stylus`` writes into ``-o``/``--out DIR`` or,
without it, a ``.css`` beside each input (each input then judged as a write); ``-u``/``--use``
loads a plugin (code), ``-i`` is its REPL and ``-C`` converts CSS into the second operand:
unknown, unattended, as any option not listed.
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    Ctx,
    Stdin,
    Word,
    check_write_target,
    unknown_unattended,
    word_set,
)
from ondas.guards.bash_closed_options import read_options
from ondas.guards.verdict import ALLOW, Verdict

SASSC_FLAGS = word_set(
    "-s --stdin -a --sass -l --line-numbers --line-comments -m --sourcemap -M "
    "--omit-map-comment -v --version -h --help"
)
"""sassc's options without a value (``--sourcemap=TYPE`` takes one inline)."""
SASSC_VALUED = word_set("-t --style -I --load-path -p --precision")
"""sassc's options with a value: the output style, a directory imports are read from, the
precision of numbers."""
SASS_FLAGS = word_set(
    "--stdin --indented --no-indented --charset --no-charset --error-css --no-error-css "
    "--update --source-map --no-source-map --embed-sources --no-embed-sources "
    "--embed-source-map --no-embed-source-map -w --watch --poll --no-poll --stop-on-error "
    "--no-stop-on-error -c --color --no-color --unicode --no-unicode -q --quiet --no-quiet "
    "--quiet-deps --no-quiet-deps --verbose --no-verbose --trace --no-trace -h --help "
    "--version"
)
"""Dart Sass's options without a value."""
SASS_VALUED = word_set(
    "-I --load-path -s --style --source-map-urls --pkg-importer --fatal-deprecation "
    "--silence-deprecation --future-deprecation"
)
"""Dart Sass's options with a value (``--style=compressed`` or ``--style compressed``)."""


LESSC_FLAGS = word_set(
    "-s --silent -l --lint --strict-imports --insecure --allow-file-url --no-color -x "
    "--source-map --source-map-inline --source-map-less-inline --source-map-map-inline "
    "--no-ie-compat --ie-compat --strict-math --strict-units -su -sm --math --depends -M "
    "--verbose --relative-urls -ru --rewrite-urls -v --version -h --help"
)
"""lessc's options without a value (``--math=MODE``, ``--source-map=FILE`` take one inline)."""
LESSC_VALUED = word_set(
    "--include-path --rootpath -rp --url-args --global-var --modify-var --line-numbers "
    "--source-map-rootpath --source-map-basepath --source-map-url --source-map-include-source"
)
"""lessc's options with a value, given inline (``--include-path=lib``)."""
STYLUS_FLAGS = word_set(
    "-w --watch -c --compress -d --compare -p --print -r --resolve-url -m --sourcemap "
    "--sourcemap-inline --sourcemap-sourcesroot --sourcemap-basepath --include-css --deps "
    "-q --quiet -l --line-numbers -D --firebug --disable-cache --hoist-atrules -V --version "
    "-h --help"
)
"""Stylus's options without a value."""
STYLUS_VALUED = word_set("-o --out -I --include -P --prefix --import --ext")
"""Stylus's options with a value: the output directory, an import path, a class prefix, a
file imported first, the output's extension."""


def lessc(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``lessc`` (see the module's docstring): its valued options take their value inline, and
    its flags may too (``--math=strict``, ``--source-map=FILE``, a write)."""
    read = read_options(
        args, LESSC_FLAGS, LESSC_VALUED, inline_only=LESSC_VALUED, optional_inline=LESSC_FLAGS
    )
    writes = [given for key, given in read.values if key == "--source-map" and given is not None]
    return _judged(name, writes + read.operands[1:2], read.unknown, ctx, seg)


def stylus(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``stylus`` (see the module's docstring)."""
    read = read_options(args, STYLUS_FLAGS, STYLUS_VALUED)
    out = [given for key, given in read.values if key in {"-o", "--out"} and given is not None]
    return _judged(name, out[-1:] or read.operands, read.unknown, ctx, seg)


def stylesheets(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``sass`` and ``sassc`` (see the module's docstring)."""
    flags, valued = (SASS_FLAGS, SASS_VALUED) if name == "sass" else (SASSC_FLAGS, SASSC_VALUED)
    read = read_options(args, flags, valued, optional_inline=_SOURCEMAP)
    return _judged(name, _outputs(name, read.operands), read.unknown, ctx, seg)


def _judged(name: str, targets: list[Word], unknown: str | None, ctx: Ctx, seg: str) -> Verdict:
    """The first refusal of the writes to ``targets``; else, with an option not listed
    (``--plugin-path``, ``--use``, ``-i``), the compiler is unknown in unattended runs."""
    for target in targets:
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW if unknown is None else unknown_unattended(name, f"is given {unknown}", ctx, seg)


_SOURCEMAP = frozenset({"--sourcemap"})
"""sassc's ``--sourcemap=TYPE`` (a flag that may take an inline value)."""


def _outputs(name: str, operands: list[Word]) -> list[Word]:
    """The files or directories a compiler writes: the second operand, or each OUT of
    ``sass IN:OUT`` (a drive letter's colon, ``C:\\...``, is no separator)."""
    pairs = [w for w in operands if w.value is not None and _pair_colon(w.value) >= 0]
    if name == "sass" and pairs:
        out = []
        for word in operands:
            value = word.value
            if value is None:
                out.append(word)  # a computed IN:OUT may write anywhere
                continue
            cut = _pair_colon(value)
            if cut >= 0:
                target = value[cut + 1 :]
                out.append(Word(target, target))
        return out
    return operands[1:2]


def _pair_colon(value: str) -> int:
    """Where ``IN:OUT`` splits (-1: no pair); a drive letter's colon (``C:\\x``) is no split."""
    start = 2 if value[1:2] == ":" and value[:1].isalpha() else 0
    return value.find(":", start)
