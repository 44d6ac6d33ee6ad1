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
    """``lessc`` (see the module's docstring)."""
    operands: list[Word] = []
    writes: list[Word] = []
    for word in args:
        value = word.value
        if value is None or not value.startswith("-") or value == "-":
            operands.append(word)
            continue
        key, eq, inline = value.partition("=")
        if key == "--source-map" and eq:
            writes.append(Word(inline, inline))
        elif not (key in LESSC_FLAGS or (eq and key in LESSC_VALUED | {"--math"})):
            return _checked(writes + operands[1:2], ctx, seg) or unknown_unattended(
                name, f"is given the option {value}", ctx, seg
            )
    return _checked(writes + operands[1:2], ctx, seg) or ALLOW


def stylus(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``stylus`` (see the module's docstring)."""
    operands: list[Word] = []
    out: Word | None = None
    unknown: str | None = None
    k = 0
    while k < len(args):
        word, value = args[k], args[k].value
        k += 1
        if value is None or not value.startswith("-") or value == "-":
            operands.append(word)
        elif value in STYLUS_VALUED and k < len(args):
            if value in {"-o", "--out"}:
                out = args[k]
            k += 1
        elif value not in STYLUS_FLAGS:
            unknown = unknown or f"the option {value}"  # ``--use``, ``-i``, ``-C``
    verdict = _checked([out] if out is not None else operands, ctx, seg)
    if verdict is not None:
        return verdict
    return ALLOW if unknown is None else unknown_unattended(name, f"is given {unknown}", ctx, seg)


def _checked(targets: list[Word], ctx: Ctx, seg: str) -> Verdict | None:
    """The first refusal of the writes to ``targets``, or None."""
    for target in targets:
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return None


def stylesheets(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``sass`` and ``sassc`` (see the module's docstring)."""
    flags, valued = (SASS_FLAGS, SASS_VALUED) if name == "sass" else (SASSC_FLAGS, SASSC_VALUED)
    operands: list[Word] = []
    unknown: str | None = None
    k = 0
    while k < len(args):
        word, value = args[k], args[k].value
        k += 1
        if value is None:
            operands.append(word)
        elif value.startswith("-") and value != "-":
            key, eq, _ = value.partition("=")
            if key in valued and not eq:
                k += 1
            elif not (key in valued or key in flags or (eq and key == "--sourcemap")):
                unknown = unknown or f"the option {value}"  # ``--plugin-path``, ``-i``
        else:
            operands.append(word)
    outputs = _outputs(name, operands)
    for target in outputs:
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW if unknown is None else unknown_unattended(name, f"is given {unknown}", ctx, seg)


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
