"""``find``'s literal names, by the kind of file they name (round 19, ``left19``).

``find . -name .env -delete`` and ``find . -name .env -exec rm -f {} +`` both delete every file
so named in the project's tree. They are judged alike, by what the name is: the project's own
kinds (an env or secret file, data, configuration, a lock file) as a recursive deletion of the
roots (round 16's reading of ``-delete``), the system's junk and scratch (``.DS_Store``,
``Thumbs.db``, ``npm-debug.log``) as the one entry, which passes. Loaded only for ``find``
lines that delete.
"""

from __future__ import annotations

from collections.abc import Sequence

from ondas.guards.bash_base import (
    _FIND_FILTERS,
    _GLOB_CHARS,
    _NAME_TESTS,
    Ctx,
    _one_level,
    _source_name,
    classify,
    temp_pattern,
    word_set,
)


def find_kept_name(root: str, args: Sequence[str | None], ctx: Ctx) -> str | None:
    """The literal name ``find ROOT ARGS`` is narrowed to, alone, in a search of the project's
    tree, when the files so named are the project's own and not junk: an env or secret file
    (``.env``), data (``data.db``), configuration (``config.json``), a lock file; every one in
    the tree, which ``-delete`` and ``-exec rm`` alike delete (round 19, ``left19``). Not a
    source's name (:func:`_source_name`, judged as many files), nor scratch or the system's
    junk (:func:`junk_name`: ``.DS_Store``, ``Thumbs.db``, ``npm-debug.log``), which both
    forms may delete; None for anything else."""
    names = [
        args[k + 1]
        for k, a in enumerate(args[:-1])
        if a in _NAME_TESTS and not (k > 0 and args[k - 1] in {"!", "-not"})
    ]
    if len(names) != 1 or names[0] is None or set(names[0]) & _GLOB_CHARS or "/" in names[0]:
        return None
    if any(a in _FIND_FILTERS and a not in _NAME_TESTS for a in args) or any(
        a in {"!", "-not", "-o", "-or", ","} for a in args
    ):
        return None
    literal = names[0]
    if _one_level(args) or classify(root, ctx) not in {"project", "project-temp"}:
        return None
    if _source_name(literal) or junk_name(literal):
        return None
    return literal


JUNK_NAMES = word_set(
    ".DS_Store Thumbs.db ehthumbs.db ehthumbs_vista.db desktop.ini Desktop.ini .directory "
    ".localized"
)
"""Files an operating system's file manager leaves in every directory it shows (macOS's
``.DS_Store``, Windows's ``Thumbs.db`` and ``desktop.ini``, KDE's ``.directory``)."""


def junk_name(name: str) -> bool:
    """A literal file name of junk: the system's (:data:`JUNK_NAMES`, AppleDouble's ``._x``),
    scratch (``__pycache__``, ``.coverage``), or of a scratch kind (``npm-debug.log``,
    ``x.orig``: ``*.log`` is :func:`temp_pattern`'s)."""
    if name in JUNK_NAMES or name.startswith("._") or temp_pattern(name):
        return True
    stem, dot, suffix = name.rpartition(".")
    return bool(dot and stem and suffix) and temp_pattern(f"*.{suffix}")
