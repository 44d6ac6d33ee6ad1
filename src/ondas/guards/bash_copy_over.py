"""A tree from outside the project copied whole over a directory of its work (round 26,
``left26a``), the copy's twin of an archive unpacked over it
(:mod:`ondas.guards.bash_extract_over`).

``cp -r /tmp/old/. src``, ``cp -rT /tmp/old src``, ``cp -R /tmp/old/src .`` (the copy lands in
``./src``), ``cp /tmp/old/* src``, ``rsync -a /tmp/old/ src/``, ``ditto /tmp/old src``,
``xcopy /tmp/old src /E /Y`` and ``robocopy /tmp/old src /E`` replace every file of ``src`` that
the tree holds by name with text the line does not show: the uncommitted work there is lost, as
``rm -r src`` loses it. The line drawn, as for archives: refused when the place the tree lands
is an existing directory of the project's work (not scratch, not one git holds as committed,
not the root, which keeps its own rule), the tree comes from outside the project on this
machine (``/tmp``, the home; a pull from another, ``rsync -a host:etc/ backup/``, is a mirror
kept up to date) and nothing tells the copier to keep what is there (``cp -n``,
``--update``, ``--backup``, ``rsync --ignore-existing``, ``xcopy`` without ``/Y``, ``robocopy
/XO``). One file copied (``cp /tmp/x.py src/new.py``, or over one file) is not a tree and
passes, as ``rm FILE`` does; so do a tree landing in a directory not there yet and a tree of
the project's own (``cp -r tests/fixtures/. src/data``). Loaded only for copies of that shape.
"""

from __future__ import annotations

import posixpath

from ondas.guards.bash_base import Ctx, Word, flag_set, word_set
from ondas.guards.bash_extract_over import over_project_work
from ondas.guards.verdict import ALLOW, Verdict

CP_KEEPS = word_set("-n --no-clobber -i --interactive -u -b --backup --attributes-only")
"""cp's options under which no file that is there is replaced by an older or unseen one: not
overwritten, asked about (an agent answers nothing), only when the copy is newer, or kept as a
backup (``--update`` too, but not ``--update=all``)."""
RSYNC_KEEPS = word_set(
    "--ignore-existing -u --update -b --backup --backup-dir -n --dry-run --list-only"
)
"""rsync's options under which a file that is there is kept (or nothing is written)."""
_RECURSIVE = word_set("-r -R -a --recursive --archive")
_RSYNC_RECURSIVE = word_set("-r -a -d --recursive --archive --dirs")
_COPIED = (
    "a tree from outside the project copied whole",
    "copy into build/ or /tmp, keep what is there (cp -n, rsync --ignore-existing), or name "
    "the files",
)


def _contents(value: str) -> bool:
    """A source that names a directory's contents: ``DIR/.`` or ``DIR/*``."""
    return value.endswith("/.") or posixpath.basename(value) == "*"


def _lands(value: str, into: str, contents: bool) -> str:
    """Where a copied tree lands: into itself for its contents, else under its own name."""
    return into if contents else posixpath.join(into, posixpath.basename(value.rstrip("/")))


def _known_directory(path: str, ctx: Ctx) -> bool:
    """A destination that is a directory by how it is written, or on the disk."""
    if path.endswith("/") or posixpath.basename(path) in {".", ".."}:
        return True
    if ctx.project is None or not posixpath.isdir(ctx.project):
        return False
    joined = path if path.startswith("/") or ctx.cwd is None else posixpath.join(ctx.cwd, path)
    return posixpath.isdir(joined)


def _over(places: list[tuple[str, str | None]], ctx: Ctx, seg: str) -> Verdict:
    for into, source in places:
        verdict = over_project_work(into, ctx, seg, archive=source, root=False, told=_COPIED)
        if not verdict.allowed:
            return verdict
    return ALLOW


def copied_over(
    name: str, args: list[Word], sources: list[Word], dest: Word, ctx: Ctx, seg: str, *, into: bool
) -> Verdict:
    """``cp``, ``mv`` or ``install`` of ``sources`` to ``dest`` (``into``: ``-t DEST``, a
    directory): refused when a tree from outside lands whole over a directory of the work."""
    if dest.value is None:
        return ALLOW
    flags = flag_set(args)
    values = {a.value for a in args}
    if flags & CP_KEEPS or any(v is not None and v.startswith("--update=n") for v in values):
        return ALLOW
    if "--update" in flags and "--update=all" not in values:
        return ALLOW
    recursive = name == "cp" and bool(flags & _RECURSIVE)
    whole = recursive and bool(flags & {"-T", "--no-target-directory"})
    directory = into or len(sources) > 1 or _known_directory(dest.value, ctx)
    places: list[tuple[str, str | None]] = []
    for source in sources:
        value = source.value
        if value is None:
            continue  # computed: left to the rules of what it brings
        if posixpath.basename(value) == "*" or (recursive and (whole or value.endswith("/."))):
            places.append((dest.value, value))
        elif recursive and directory:
            places.append((_lands(value, dest.value, False), value))
    return _over(places, ctx, seg)


def synced_over(args: list[Word], sources: list[Word], dest: Word, ctx: Ctx, seg: str) -> Verdict:
    """``rsync -a SRC/ DEST`` (SRC's contents) or ``rsync -a SRC DEST`` (``DEST/SRC``), SRC a
    local tree from outside. Another machine's (``host:etc/``) passes: a pull from a server
    is how a mirror or a backup of it is kept up to date."""
    if dest.value is None or flag_set(args) & RSYNC_KEEPS:
        return ALLOW
    if not flag_set(args) & _RSYNC_RECURSIVE:
        return ALLOW  # directories skipped
    places: list[tuple[str, str | None]] = []
    for source in sources:
        value = source.value
        if value is None:
            continue
        if ":" in value.split("/", 1)[0] and not value.startswith("/"):
            continue
        places.append((_lands(value, dest.value, value.endswith("/")), value))
    return _over(places, ctx, seg)


def windows_copied_over(
    name: str, options: set[str], operands: list[Word], ctx: Ctx, seg: str
) -> Verdict:
    """``xcopy SRC DST /Y`` (without ``/Y`` it asks before each file) and ``robocopy SRC DST``
    (it replaces changed files unasked; ``/XO`` keeps newer ones, ``/L`` only lists): SRC's
    contents over DST. Files named after DST (``robocopy SRC DST a.py``) are not a tree."""
    if len(operands) < 2 or operands[1].value is None:
        return ALLOW
    if name == "xcopy" and ("/y" not in options or options & {"/-y", "/d", "/l"}):
        return ALLOW
    if name == "robocopy" and (options & {"/xo", "/l"} or len(operands) > 2):
        return ALLOW
    return _over([(operands[1].value, operands[0].value)], ctx, seg)
