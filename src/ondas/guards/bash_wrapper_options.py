"""How env and xargs, programs that run others, read their own options (issue 30, round 21,
``tune21a``): GNU ``getopt_long`` takes any prefix that only one long option begins, and
``env -S`` splits its text by rules of its own. Loaded only for an ``env`` or ``xargs`` word
that needs it.
"""

from __future__ import annotations

from collections.abc import Sequence

ENV_LONG = (
    *("--argv0", "--block-signal", "--chdir", "--debug", "--default-signal", "--help"),
    *("--ignore-environment", "--ignore-signal", "--list-signal-handling", "--null"),
    *("--split-string", "--unset", "--version"),
)
"""Every long option of GNU env (coreutils 9.5): its ``getopt_long`` reads any prefix that
only one of them begins as that option (``env --s TEXT`` is ``env --split-string TEXT``)."""


def split_string_text(text: str) -> str:
    """``env -S TEXT`` as a command line bash reads the same words from: env's escapes that
    bash spells otherwise made bash's (``\\_`` outside quotes separates words, inside double
    quotes is a space; ``\\c`` outside quotes ends the text)."""
    if "\\" not in text:
        return text
    out: list[str] = []
    quote = ""
    k = 0
    while k < len(text):
        char = text[k]
        pair = text[k : k + 2]
        if quote != "'" and pair == "\\_":
            out.append(" ")
            k += 2
            continue
        if not quote and pair == "\\c":
            break
        if char == "\\" and quote != "'":
            out.append(pair)
            k += 2
            continue
        if char in "'\"" and quote in ("", char):
            quote = "" if quote else char
        out.append(char)
        k += 1
    return "".join(out)


XARGS_LONG = (
    *("--null", "--arg-file", "--delimiter", "--eof", "--replace", "--max-lines", "--max-args"),
    *("--open-tty", "--max-procs", "--interactive", "--process-slot-var", "--no-run-if-empty"),
    *("--max-chars", "--show-limits", "--verbose", "--exit", "--help", "--version"),
)
"""Every long option of GNU xargs (findutils 4.9)."""


def long_option(v: str, options: Sequence[str]) -> str:
    """``v`` with the long option it abbreviates written whole (``--s=X``: ``--split-string=X``),
    as GNU ``getopt_long`` reads a prefix only one of a program's ``options`` begins; ``v``
    itself when it is whole, unknown or ambiguous (the program stops on it)."""
    head, eq, value = v.partition("=")
    if head in options:
        return v
    matches = [o for o in options if o.startswith(head)]
    return matches[0] + eq + value if len(matches) == 1 else v
