"""The arguments of a program whose options are a closed set, read once.

Programs judged by their verbs and outputs (:mod:`ondas.guards.bash_doc_tools`,
:mod:`ondas.guards.bash_stylesheets`) list every option they know, with a value or without
one; an option outside those lists leaves the program unknown in unattended runs, since it may
load code or write anywhere. Each of them used to walk its arguments by hand, with small
differences; this module is that walk, and each caller only says what an option's value
means (a write, a file of code, nothing).

The reading, as getopt-style programs parse their arguments:

- a word that does not start with ``-`` (or is ``-``, or is only known at run time) is an
  operand;
- ``--key=VALUE`` of a valued option gives VALUE; ``KEY VALUE`` gives the next word, unless the
  option takes its value only inline (``lessc --include-path=lib``), when the bare key is
  unknown;
- a flag is accepted bare; ``--key=VALUE`` of a flag is accepted only when the flag also takes
  an optional inline value (``sassc --sourcemap=inline``), and its value is given too;
- anything else is unknown: the first such option is named in the reason.
"""

from __future__ import annotations

from typing import NamedTuple

from ondas.guards.bash_base import Word


class Options(NamedTuple):
    """What :func:`read_options` found: the operands in order, each valued option's key and
    value (a value word is None when the line ends after the key), the keys of the flags given
    bare, and the first option not listed (None: every option was known)."""

    operands: list[Word]
    values: list[tuple[str, Word | None]]
    flags: list[str]
    unknown: str | None


def read_options(
    args: list[Word],
    flags: frozenset[str],
    valued: frozenset[str],
    *,
    inline_only: frozenset[str] = frozenset(),
    optional_inline: frozenset[str] = frozenset(),
) -> Options:
    """``args`` read against a program's closed option tables (see the module's docstring).

    ``valued`` options take a value (``KEY VALUE`` or ``KEY=VALUE``), those also in
    ``inline_only`` only as ``KEY=VALUE``; ``flags`` take none, except those in
    ``optional_inline``, which may be given ``KEY=VALUE``."""
    operands: list[Word] = []
    values: list[tuple[str, Word | None]] = []
    given: list[str] = []
    unknown: str | None = None
    k = 0
    while k < len(args):
        word, value = args[k], args[k].value
        k += 1
        if value is None or not value.startswith("-") or value == "-":
            operands.append(word)
            continue
        key, eq, inline = value.partition("=")
        if key in valued and (eq or key not in inline_only):
            if eq:
                values.append((key, Word(inline, inline)))
            else:
                values.append((key, args[k] if k < len(args) else None))
                k += 1
        elif key in flags and (not eq or key in optional_inline):
            if eq:
                values.append((key, Word(inline, inline)))
            else:
                given.append(key)
        elif unknown is None:
            unknown = f"the option {value}"
    return Options(operands, values, given, unknown)
