"""Stylesheet compilers: Dart Sass's ``sass`` and LibSass's ``sassc``, judged by what they write.

Both read the stylesheets they are given (and what those import from the load paths) and
write CSS: ``sassc [OPTIONS] INPUT [OUTPUT]`` to OUTPUT (and ``OUTPUT.map`` with
``--sourcemap``), ``sass [OPTIONS] INPUT [OUTPUT]`` or ``sass IN:OUT...`` to each OUT (a file
or a directory). Neither runs code from a stylesheet: Sass has no call out of the language,
and its imports read files. Each output is judged as a write in every mode (``sass`` was
known before and wrote anywhere). Their options are closed sets; LibSass's ``-P``/
``--plugin-path`` loads native plugins (code), and an option not listed leaves the compiler
unknown in unattended runs.
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
