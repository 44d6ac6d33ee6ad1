"""A whole archive unpacked over a directory of the project's work (round 25, ``sand25``).

tar replaces the files an archive holds by default; ``unzip -o``, ``7z -y``/``-aoa`` and
``python3 -m zipfile -e`` are told to. Unpacked whole into ``src`` (``tar -C src -xf
/tmp/old.tar``, ``unzip -o old.zip -d src``, ``--transform 's,^,src/,'``), every file of the
archive replaces the project's file of that name with text the line does not show: the
uncommitted work there is lost, as ``rm -r src`` loses it. Into scratch (``build``, ``dist``,
``/tmp``), into a directory git holds as committed (:func:`~ondas.guards.bash_base.git_holds`),
with members named on the line (judged one by one), told to keep what is there (``tar -k``,
``unzip -n``, ``7z`` without ``-y``), from an archive of the project's own (``unzip -o
fixtures.zip -d tests/fixtures``) or into a directory that is not there yet (read on the disk
when the project is there) it passes. The project's root keeps its own rule
(:func:`~ondas.guards.bash_base.over_project_root`). Loaded only for extracting lines.
"""

from __future__ import annotations

import posixpath

from ondas.guards.bash_base import Ctx, Word, block, classify, git_holds, over_project_root
from ondas.guards.verdict import ALLOW, Verdict

TAR_KEEPS = frozenset(
    {"--keep-old-files", "--skip-old-files", "--keep-newer-files", "--to-stdout", "--to-command"}
)
"""tar's long options under which no file of the project is replaced: kept, skipped when it
exists or is newer, or every member written to standard output or piped to a command."""
TAR_KEEP_LETTERS = frozenset("kO")
"""tar's letters of the same: ``-k`` (keep old files), ``-O`` (to standard output)."""


def tar_keeps(letters: str, values: list[str | None]) -> bool:
    """tar extracts without replacing a file that is there (``-k``, ``--skip-old-files``...)."""
    if set(letters) & TAR_KEEP_LETTERS:
        return True
    return any((v or "").split("=", 1)[0] in TAR_KEEPS for v in values)


_UNPACKED = (
    "an archive from outside the project unpacked whole",
    "unpack into build/ or /tmp, keep what is there (tar -k, unzip -n), or name the members",
)


def over_project_work(
    into: str | None,
    ctx: Ctx,
    seg: str,
    *,
    archive: str | None,
    root: bool = True,
    told: tuple[str, str] = _UNPACKED,
) -> Verdict:
    """A whole archive (``archive``, as the line names it; None: a download or standard input)
    unpacked into ``into`` (None: computed), replacing files: refused when ``into`` is a
    directory of the project's work (one ``rm -r`` refuses) and the archive is not the
    project's own (``fixtures.zip``, ``dist/app.tgz``: the project's data, unpacked by its own
    steps). Over the project's root, as :func:`over_project_root` says when ``root`` (told to
    overwrite, or the archive's top directory stripped); else the root passes (a release
    tarball unpacks into its own directory). ``told``: what was done and the way out, for the
    reason (a tree copied over, :mod:`ondas.guards.bash_copy_over`, reads the same)."""
    if into is None:
        return block("write-unknown-target", seg, "the extraction target is computed at run time")
    joined = _absolute(into.rstrip("/") or "/", ctx)
    project = posixpath.normpath(ctx.project or "/")
    if joined == project or project.startswith(joined.rstrip("/") + "/"):
        return over_project_root(Word(joined, into), ctx, seg) if root else ALLOW
    if classify(joined, ctx) != "project" or git_holds(joined, ctx):
        return ALLOW
    if own_archive(archive, ctx):
        return ALLOW
    if posixpath.isdir(project) and not posixpath.lexists(joined):
        return ALLOW  # a new directory: nothing there to replace
    shown = posixpath.relpath(joined, project) if joined.startswith(project + "/") else into
    return block(
        "undecidable-payload",
        seg,
        f"{told[0]} over {shown[:80]!r} replaces the project's files there with text the line "
        f"does not show (uncommitted work is lost, as with rm -r); {told[1]}",
    )


def own_archive(archive: str | None, ctx: Ctx) -> bool:
    """The archive lies in the project (its data or its build's output), not elsewhere."""
    return archive is not None and classify(archive, ctx) in {"project", "project-temp"}


def _absolute(path: str, ctx: Ctx) -> str:
    if ctx.cwd is not None and not path.startswith(("/", "~")):
        return posixpath.normpath(posixpath.join(ctx.cwd, path))
    return posixpath.normpath(path)


def renamed_into(into: str, renamed: list[str]) -> list[str]:
    """The directories tar's ``--transform`` (bsdtar's ``-s``) puts members in, under ``into``:
    ``s,^,src/,`` puts every member under ``src``; a rename without a directory keeps them in
    ``into``. A computed rename (``*``) is left to the member checks."""
    places: list[str] = []
    for name in renamed:
        if name == "*" or "/" not in name:
            continue
        places.append(posixpath.join(into, posixpath.dirname(name)))
    return places
