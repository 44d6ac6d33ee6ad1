"""Where tar's ``--transform``/``--xform`` put the members it extracts (round 22, ``left22``).

A rename is a sed ``s/REGEX/REPLACEMENT/FLAGS`` expression: the replacement is the place the
members land, judged by :func:`ondas.guards.bash_contain._tar_members` as a member named so
would be (``tar -xf x.tar --transform 's,^,.git/hooks/,'`` writes git's hooks). Loaded only for
tar lines that rename.
"""

from __future__ import annotations

from ondas.guards.bash_base import Word
from ondas.guards.lazy_re import LazyPattern

_TAR_RENAMES = ("--transform", "--xform")
_SED_REFERENCE = LazyPattern(r"\\[0-9]|&")


def tar_renamed(args: list[Word], *, bsd: bool = False) -> list[str]:
    """Where ``--transform``/``--xform`` expressions (sed's ``s/REGEX/REPLACEMENT/FLAGS``, several
    joined by ``;``) put the members they rename (round 22): the replacement, with what it
    takes from the name (``&``, ``\\1``) as a file name, e.g. ``.git/hooks/x`` for
    ``s,^,.git/hooks/,``. A computed expression is a member anywhere (``*``). ``bsd``: bsdtar's
    and pax's ``-s /REGEX/REPLACEMENT/FLAGS``, the same rename without the ``s`` (round 23s)."""
    renamed: list[str] = []
    for k, word in enumerate(args):
        key, eq, given = (word.value or "").partition("=")
        if bsd and key == "-s" and not eq:
            value = args[k + 1].value if k + 1 < len(args) else ""
            if value is None:
                renamed.append("*")
            elif len(value) >= 3:
                parts = sed_parts(value[1:], value[0])
                if len(parts) >= 2:
                    renamed.append(_SED_REFERENCE.sub("x", parts[1]) + "x")
            continue
        if key not in _TAR_RENAMES:
            continue
        value = given if eq else (args[k + 1].value if k + 1 < len(args) else "")
        if value is None:
            renamed.append("*")
            continue
        for expression in value.split(";"):
            expression = expression.strip()
            if len(expression) < 4 or expression[0] != "s":
                continue
            parts = sed_parts(expression[2:], expression[1])
            if len(parts) >= 2:
                renamed.append(_SED_REFERENCE.sub("x", parts[1]) + "x")
    return renamed


def sed_parts(text: str, delimiter: str) -> list[str]:
    """``REGEX/REPLACEMENT/FLAGS`` cut at each ``delimiter`` not escaped (``\\/`` is one)."""
    parts: list[str] = []
    current: list[str] = []
    k = 0
    while k < len(text):
        if text[k] == "\\" and text[k + 1 : k + 2] == delimiter:
            current.append(delimiter)
            k += 2
            continue
        if text[k] == delimiter:
            parts.append("".join(current))
            current = []
        else:
            current.append(text[k])
        k += 1
    return [*parts, "".join(current)]
