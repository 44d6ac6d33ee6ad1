"""How ``read``, ``mapfile``, ``readarray`` and ``getopts`` take their text and which names they
set (round 25: out of ``bash``, imported only for a line running one of them).
"""

from __future__ import annotations

from ondas.guards.bash import _READ_VALUED


def read_target(values: list[str | None]) -> tuple[str, tuple[str, ...], bool] | None:
    """How ``read`` (``values``, its name first) takes a line, read one way wherever a loop's
    or a pipe's ``read`` is judged: the name given the line (``REPLY`` when none is), the
    other names (the first then takes only the line's first field), and whether ``-d`` ends
    the line elsewhere than at a newline (``IFS= read -r -d '' f`` takes a NUL-ended name).
    Options that leave the line's text as printed (``-r``, ``-e``, ``-s``, ``-t N``, ``-p
    PROMPT``, ``-d DELIM``) are read past; None for any other (``-a``, ``-n``, ``-u FD``...)
    or a name computed at run time. Round 23 (diff23): only ``read [-r] NAME`` was read, so
    ``... | while IFS= read -r -d '' f``, ``read -t 5 f``, ``read line rest`` and ``read``
    into ``REPLY`` gave the loop no value."""
    if not values or values[0] != "read":
        return None
    names: list[str | None] = []
    delimited = False
    i = 1
    while i < len(values):
        value = values[i]
        i += 1
        if value is None:
            return None
        if value == "--" and not names:
            names = list(values[i:])
            break
        if value.startswith("-") and len(value) > 1 and not names:
            for j, letter in enumerate(value[1:], 1):
                if letter in "dtp":  # its value: the rest of the word, or the next word
                    delimited = delimited or letter == "d"
                    i += j == len(value) - 1
                    break
                if letter not in "res":
                    return None
            continue
        names.append(value)
    if not names:
        return "REPLY", (), delimited
    if not all(n is not None and n.isidentifier() for n in names):
        return None
    first, *others = (str(n) for n in names)
    return first, tuple(others), delimited


def assigned_names(values: list[str | None]) -> list[str]:
    """The names ``read``, ``mapfile``, ``readarray`` or ``getopts`` (``values``, its name
    first) sets; a name computed at run time as ``?`` (none the guard can tell)."""
    valued, default = _READ_VALUED[values[0] or ""]
    names: list[str] = []
    i = 1
    while i < len(values):
        value = values[i]
        i += 1
        if value == "--":
            names += [v or "?" for v in values[i:]]
            break
        if value is not None and value.startswith("-") and len(value) > 1:
            for j, letter in enumerate(value[1:], 1):
                if letter in valued:
                    given = value[j + 1 :]
                    if not given:
                        given, i = (values[i] or "?") if i < len(values) else "?", i + 1
                    if letter == "a":
                        names.append(given)  # ``read -a NAME``: the array it fills
                    break
            continue
        names.append(value or "?")
    if values[0] == "getopts":
        names = names[1:2]  # ``getopts OPTSTRING NAME [ARGS]``
    elif values[0] != "read":
        names = names[-1:]  # ``mapfile [-t] ARRAY``
    return [n for n in names if n == "?" or n.isidentifier()] or ([default] if default else [])
