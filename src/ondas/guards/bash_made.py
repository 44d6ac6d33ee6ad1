"""What a line builds or makes in a place it then runs from (round 25: out of ``bash_base``,
imported only after a compiler, an in-place editor, ``cmake``, ``virtualenv``, ``uv`` or a
``python`` ran allowed).

A compiler's ``-o`` output is a copy of the sources it was given (``gcc -o /tmp/t t.c``; a
temp source stays unseen), a new virtual environment's own programs are the environment's,
``cmake``'s build directory holds what its source tree says; an in-place edit of a copied file
(``sed -i``, ``tee -a``) makes it no copy any more. What is recorded here is read by
:func:`~ondas.guards.bash_base.unseen_copy` and :func:`~ondas.guards.bash_base.known_copy`.
"""

from __future__ import annotations

import posixpath

from ondas.guards.bash_base import (
    _BUILDERS,
    _IN_PLACE,
    STDIN_FILES,
    Ctx,
    Word,
    _temp_area,
    at_cwd,
    note_copy,
    option_values,
    word_set,
)


def _first_value(args: list[Word], option: str) -> str | None:
    """The value of the first ``option VALUE``, else of the first ``-oVALUE`` (the separate
    spelling first, as a compiler's ``-o`` is usually written); None when neither gives one."""
    given = frozenset({option})
    separate = next(option_values(args, given, short_equals=False), None)
    if separate is not None and separate.value:
        return separate.value
    joined = next(option_values(args, frozenset(), given), None)
    return None if joined is None else joined.value


_CMAKE_VALUED = word_set("-G -D -C -T -A -U -S -B --toolchain --install-prefix --preset -W")
"""cmake's options that take the next word as their value when it is not glued."""


def _cmake_source(values: list[str | None]) -> str | None:
    """The source tree of ``cmake [OPTIONS] PATH``: its one positional word (None: none, or one
    computed at run time)."""
    skip = False
    for v in values:
        if skip:
            skip = False
        elif v is None:
            return None
        elif v.startswith("-"):
            skip = v in _CMAKE_VALUED
        else:
            return v
    return None


def note_made(name: str, args: list[Word], ctx: Ctx) -> None:
    """Record what this line builds or makes in a place it then runs from: a compiler's ``-o``
    output is a copy of the sources it was given (``gcc -o /tmp/t t.c``; a temp source stays
    unseen), a new virtual environment's own programs are the environment's; an in-place edit
    of a copied file (``sed -i``, ``tee -a``) makes it no copy any more."""
    values = [a.value for a in args]
    if name in _IN_PLACE and ctx.copies:
        for v in values:
            if v is not None:
                full = at_cwd(v, ctx)
                if full in ctx.copies or posixpath.dirname(full) in ctx.copies:
                    ctx.copies[full] = full  # edited here: what it holds is no longer known
                    ctx.copies_unread.append(full)
        return
    if name == "cmake":  # ``cmake -S . -B /tmp/build``: the build files are the project's
        if values[:1] in (["--build"], ["--install"], ["-E"], ["-P"]) or "-P" in values:
            return
        build = _first_value(args, "-B")
        given = next(option_values(args, frozenset({"-S"}), short_equals=False), None)
        source = "." if given is None else given.value
        if not build:
            # round 14: ``cd /tmp/b && cmake /src``: the working directory is the build
            # directory, the positional word the source tree
            build = "." if ctx.cwd is not None else None
            given_path = _cmake_source(values)
            source = given_path if given is None else source
        if build and source and not _temp_area(source, ctx):
            note_copy(build, source, ctx)
        return
    if name in _BUILDERS:
        if name == "go" and values[:1] != ["build"]:
            return
        out = _first_value(args, "-o")
        if not out:
            return
        if STDIN_FILES.intersection(values):
            # round 15: ``cc -x c - -o /tmp/a <<< CODE``: built from text the guard does not read
            note_copy(out, "/dev/stdin", ctx)
            return
        sources = [
            v
            for k, v in enumerate(values)
            if v and not v.startswith("-") and values[k - 1 : k] != ["-o"] and v != "build"
        ]
        source = next((v for v in sources if _temp_area(v, ctx)), sources[0] if sources else ".")
        if source is None or any(v is None for v in values):
            return
        note_copy(out, source, ctx)
        return
    rest = [v for v in values if v is not None and not v.startswith("-")]
    if (name.startswith("python") and values[:2] == ["-m", "venv"] and len(rest) >= 2) or (
        name in {"virtualenv", "uv"} and rest
    ):
        target = (
            rest[-1] if name != "uv" else (rest[1] if rest[:1] == ["venv"] and rest[1:] else None)
        )
        if target:
            full = at_cwd(target, ctx)
            for sub in ("bin", "Scripts"):
                ctx.copies[posixpath.join(full, sub)] = ""
                ctx.copies_unread.append(posixpath.join(full, sub))
