"""What a search (``find ROOT ...``) and a listing (``ls``) reach, as one path for the rules.

Round 26 (``cost26``): out of :mod:`ondas.guards.bash_base`, which every hook process imports;
loaded only for a line that deletes or lists through ``find`` (``find . -name X -delete``,
``find . | xargs rm``, ``rm $(find ...)``, ``for f in $(find ...)``), as
:mod:`ondas.guards.bash_find_names` is.
"""

from __future__ import annotations

import posixpath

from ondas.guards.bash_base import (
    _FIND_FILTERS,
    _GLOB_CHARS,
    _NAME_TESTS,
    _PATH_TESTS,
    _REGEX_TESTS,
    CONTROL_SAMPLES,
    CREDENTIAL_SAMPLES,
    HISTORY_SAMPLES,
    LINE_FILTERS,
    Ctx,
    Word,
    _one_level,
    _source_name,
    absolute_path,
    at_cwd,
    classify,
    command_name,
    temp_pattern,
    word_set,
)
from ondas.guards.paths import lexical_inside, relative_below

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

_FIND_PRINTS = word_set(
    "-printf -fprintf -fprint -fprint0 -fls -exec -execdir -ok -okdir -delete -quit"
)


def listing_glob(
    stages: Sequence[Sequence[Word]], ctx: Ctx, *, deleted: bool = False
) -> str | None:
    """Where the lines of a listing can point: ``ROOT/*`` for ``find ROOT ...`` and ``DIR/*``
    for ``ls`` of the working directory (``.``), followed only by line filters (``grep``,
    ``sort``, ``head``...), else None. ``xargs rm`` of such a listing, or ``rm $(find ...)``,
    then deletes entries under that root, as ``find ROOT -exec rm {} +`` does. With
    ``deleted`` (the list's only use is ``rm``'s operands), a search of the project is the
    entries its name test lets through, as ``-exec rm {} +`` reads them (a source glob is
    still many files); a list run or given to a program stays unknown."""
    if not stages or not stages[0] or stages[0][0].value is None:
        return None
    for argv in stages[1:]:
        if not argv or argv[0].value is None or command_name(argv[0].value) not in LINE_FILTERS:
            return None
        for word in argv[1:]:
            v = word.value
            if v is None or v == "--only-matching" or (v[:1] == "-" != v[1:2] and "o" in v):
                return None
    name, values = command_name(stages[0][0].value), [w.value for w in stages[0][1:]]
    if None in values:
        return None
    words = [v for v in values if v is not None]
    if name == "find":
        roots: list[str] = []
        for v in words:
            if v in {"-H", "-L", "-P"} and not roots:
                continue
            if v.startswith("-") or v in {"(", "!", ")", ","}:
                break
            roots.append(v)
        if len(roots) > 1 or _FIND_PRINTS & set(words):
            return None
        root = roots[0] if roots else "."
        scratch = find_scratch_name(words)
        if scratch is not None:  # entries named as scratch, under the root
            return find_entries(posixpath.join(root, scratch), words, ctx)
        if _scratch(root, ctx) or (deleted and classify(root, ctx) in {"project", "project-temp"}):
            # the entries so named (``find . -name '*.test' | xargs rm``), as ``-exec rm {} +``
            # and ``-delete`` judge them: a project's sources by a glob stay many files
            return find_entries(root, words, ctx)
        if deleted and not {"-L", "-follow"} & set(words) and _apart(root, ctx):
            # round 23: a search elsewhere prints paths under its root, which it does not leave
            # without following links (``find ~/.cache/x | xargs rm`` deletes in ~/.cache/x):
            # judged as ``find ROOT -exec rm {} +`` is, by where the root is
            return find_entries(root, words, ctx)
        return None
    if name == "ls":
        flags = "".join(v[1:] for v in words if v.startswith("-") and not v.startswith("--"))
        operands = [v for v in words if not v.startswith("-")]
        if "a" in flags or "A" in flags or "--all" in words or "--almost-all" in words:
            return None
        if all("/" not in v and v != ".." for v in operands) and (
            (operands and all(temp_pattern(v) for v in operands)) or _scratch(".", ctx)
        ):
            return "./*"
    return None


def search_root(root: str, ctx: Ctx) -> str | None:
    """A search's root as the absolute, normalised path the program is handed, or None when it
    is not known: ``~`` and ``~/x`` under the home, ``~user`` (another user's home) unknown, a
    relative root (``..``, ``src``) under the working directory when that is known. The one
    reading :func:`_apart` and :func:`roots_reaching_project` share (round 25, ``left25``: they
    had one each, and one skipped ``~``)."""
    if root.startswith("~") and root != "~" and not root.startswith("~/"):
        return None
    return absolute_path(root, ctx)  # ``~``, ``~/x`` and relative roots as every path is


def _apart(root: str, ctx: Ctx) -> bool:
    """``root``, a search's, is known and does not hold the project (``~/.cache/x``, ``/etc``;
    not ``/srv`` for a project in ``/srv/app``, nor ``..``), so what it finds is not the
    project's."""
    path = search_root(root, ctx)
    return path is not None and (ctx.project is None or not lexical_inside(ctx.project, path))


def roots_reaching_project(roots: list[Word], args: Sequence[str | None], ctx: Ctx) -> list[Word]:
    """``find``'s roots, and the project's root too when a root holds it and the search goes
    deeper than the root's own entries (round 24, ``left24``): ``find /srv -name '*.py' -exec
    rm {} +`` for a project in ``/srv/app`` deletes the project's sources as well as
    ``/srv``'s, and the sandbox lets the project's go; those entries are judged as a search of
    the project finds them (``/srv/app/*.py``: many files)."""
    if ctx.project is None or _one_level(args):
        return roots
    for root in roots:
        value = root.value
        if value is None or set(value) & _GLOB_CHARS:
            continue
        path = search_root(value, ctx)
        if (
            path is not None
            and path != posixpath.normpath(ctx.project)
            and lexical_inside(ctx.project, path)
        ):
            return [*roots, Word(ctx.project, root.text)]
    return roots


def _scratch(path: str, ctx: Ctx) -> bool:
    return classify(path, ctx) in {"project-temp", "system-temp"}


def find_entries(root: str, args: Sequence[str | None], ctx: Ctx) -> str:
    """What ``find ROOT ARGS`` names, as one path for the rules: ``ROOT/*``; but ``ROOT/.git``
    when the project's root lies under ROOT and no name filter narrows the search: then the
    entries include git's, ondas's and the hooks' files (``find . -exec rm {} +``); and a
    control file or credential store under ROOT that the name and path filters let through
    (``-path ./.claude/settings.json``, ``-name 'id_*'`` under the home), found as find would."""
    sensitive = _filtered_sensitive(root, args, ctx)
    if sensitive is not None:
        return sensitive
    narrowed = any(a in _FIND_FILTERS for a in args)
    if not narrowed and ctx.project is not None:
        base = root if root.startswith(("/", "~")) else posixpath.join(ctx.cwd or "", root)
        if ctx.cwd is not None and lexical_inside(ctx.project, posixpath.normpath(base)):
            return posixpath.join(root, ".git")
    names = [
        args[k + 1]
        for k, a in enumerate(args[:-1])
        if a in _NAME_TESTS and not (k > 0 and args[k - 1] in {"!", "-not"})
    ]
    others = [a for a in args if a in _FIND_FILTERS and a not in _NAME_TESTS]
    inside = classify(root, ctx) in {"project", "project-temp"}
    scratch = find_scratch_name(args) if inside else None
    moved = moved_reached(root, args, ctx) if scratch is not None and ctx.renamed else None
    if moved is not None:
        return moved  # ``mv src __pycache__ && find . -name __pycache__ -exec rm -rf {} +``
    if scratch is not None:
        return posixpath.join(root, scratch)  # ``-prune -o -name '*.orig'``: scratch alone
    alone = not others and not any(a in {"!", "-not", "-o", "-or", ","} for a in args)
    if inside and alone and len(names) == 1 and names[0] is not None and "/" not in names[0]:
        literal = names[0]
        if not set(literal) & _GLOB_CHARS and _source_name(literal) and not _one_level(args):
            # round 18: a literal source name is that file in every directory of the tree, as
            # many sources as ``**/main.py`` names (:func:`many_files`); another literal name
            # is judged as the one entry (``.DS_Store``, ``npm-debug.log``; ``.git``: protected)
            return posixpath.join(root, "**", literal)
        return posixpath.join(root, names[0])  # ``-name '*.py'``: the entries so named
    return posixpath.join(root, "*")


def found_in_tree(argv: Sequence[Word], name: str) -> str:
    """Where a listing's lines naming ``name`` point: for ``find ROOT ...`` looking deeper than
    ROOT's own entries, every ``ROOT/**/name`` (each ``.env`` of the tree, as many files as
    ``rm ./**/.env`` names; round 23, left23), else ``name``, as ``ls`` prints it."""
    values = [w.value for w in argv[1:]]
    if not argv or argv[0].value is None or command_name(argv[0].value) != "find" or "/" in name:
        return name
    if None in values or _one_level(values):
        return name
    roots: list[str] = []
    for v in values:
        if v is None or v[:1] in "-(!),":
            break
        roots.append(v)
    root = roots[0] if len(roots) == 1 else "."
    return posixpath.join(root, "**", name)


_FIND_CHANGES = frozenset({"-delete", "-exec", "-execdir", "-ok", "-okdir"})
"""find's actions that may delete or change what they reach (the history's samples are read
only for them: listing a pack is no loss)."""


def _filtered_sensitive(root: str, args: Sequence[str | None], ctx: Ctx) -> str | None:
    """A control file or credential store under ``root`` that find's actions may reach past
    its name, path and regex tests in ``args`` (:mod:`ondas.guards.find_expression`: negations,
    alternatives, ``-prune``), spelled as find prints it; every sample when the expression
    cannot be read."""

    from ondas.guards.find_expression import Expression

    if ctx.cwd is None or not any(a in _NAME_TESTS | _PATH_TESTS | _REGEX_TESTS for a in args):
        return None
    expression = Expression.parse(args)
    base = root if not root.startswith("~") else ctx.home + root[1:]
    base = posixpath.normpath(posixpath.join(ctx.cwd, base))
    places: list[tuple[str | None, Sequence[str]]] = [(ctx.project, CONTROL_SAMPLES)]
    if (
        ctx.project is not None
        and any(a in _FIND_CHANGES for a in args)
        and lexical_inside(posixpath.join(ctx.project, ".git"), base)
    ):
        places.append((ctx.project, HISTORY_SAMPLES))  # ``find . -name '*.pack' -delete``
    places.append((ctx.home, CREDENTIAL_SAMPLES))
    for top, samples in places:
        if top is None:
            continue
        for sample in samples:
            full = posixpath.join(top, sample)
            if not lexical_inside(full, base) or full == base:
                continue
            spelled = posixpath.join(root, relative_below(full, base))
            if expression is None or expression.acts_on(root, spelled):
                return spelled  # an expression the guard cannot read may reach it
    return None


def moved_reached(root: str, args: Sequence[str | None], ctx: Ctx) -> str | None:
    """A name this line moved a file or tree to (:attr:`Ctx.renamed`) under ``root`` (or the
    root itself) that ``find ROOT ARGS`` acts on, spelled as find prints it: a search narrowed
    to scratch names (``-name __pycache__``) still reaches the sources moved to such a name."""
    from ondas.guards.find_expression import Expression

    if ctx.cwd is None:
        return None
    expression = Expression.parse(args)
    base = at_cwd(root, ctx)
    for new in ctx.renamed:
        if new != base and not lexical_inside(new, base):
            continue
        spelled = root if new == base else posixpath.join(root, posixpath.relpath(new, base))
        if expression is None or any(
            expression.acts_on(root, spelled, directory) for directory in (True, False)
        ):
            return spelled
    return None


def find_scratch_name(args: Sequence[str | None]) -> str | None:
    """The scratch name (``__pycache__``, ``*.pyc``) that ``find ARGS`` is narrowed to, by a
    ``-name`` or by a component of a ``-path`` (``*/node_modules/*``), when its actions reach
    nothing else: not past a negation (``! -name __pycache__``) or an alternative that names
    other files (``-o -path ./src``, ``-o -type f``); else None."""
    from ondas.guards.find_expression import Expression

    names = [args[k + 1] for k, v in enumerate(args[:-1]) if v in _NAME_TESTS]
    if not all(n is not None and temp_pattern(n) for n in names):
        return None
    parts = [
        part
        for k, v in enumerate(args[:-1])
        if v in _PATH_TESTS
        for part in (args[k + 1] or "").split("/")
        if temp_pattern(part) and not set(part) <= set("*?")
    ]
    scratch = next((n for n in names if n is not None), None) or next(iter(parts), None)
    if scratch is None:
        return None
    expression = Expression.parse(args)
    if expression is None or expression.acts_on_ordinary(temp_pattern):
        return None
    return scratch
