"""Programs the project installed for itself: a bare name the project provides is its code.

``docusaurus build``, ``husky install``, ``npx http-server build``: a tool in the project's
``node_modules/.bin`` (composer's ``vendor/bin``, the project's virtualenv, its ``bin``) runs
the project's own code, as ``./scripts/lint`` and ``node x.js`` do. In an unattended run such a
name is judged as a program of the project (its verbs, not its name: ``prisma migrate reset``
stays refused) instead of as an unknown program. The file system is asked at check time, and
only by commands that would otherwise be refused as unknown.

A name is not the project's tool when:

- a rule knows it (``rm``, ``curl``, ``git``, a service CLI): a file dropped in
  ``node_modules/.bin`` never shadows a rule;
- the project's file leaves the project (a symlink to ``/usr/bin/shred``, judged by where it
  resolves), is a hard link (it may be any program of the machine), or cannot be executed;
- a program of that name lies outside the project (on ``PATH``, or in the usual system and
  user ``bin`` directories): bash runs whichever its ``PATH`` finds first, so a planted
  ``node_modules/.bin/nvme`` does not vouch for ``/usr/sbin/nvme``;
- this command line changed the lookup first (``PATH=...``, ``export PATH``, ``hash -p``), or
  wrote the file or a directory holding it (a redirect, a ``cp``/``mv``/``ln`` destination);
- the name is run by a program that looks it up elsewhere (``uvx``, ``pnpm dlx``, ``npx
  --package``, ``docker exec``, ``ssh``): only shells, plain wrappers and the npm family's
  local runners (:data:`SAME_LOOKUP`) keep the lookup.
"""

from __future__ import annotations

import os
import posixpath
import stat

from ondas.guards.bash_base import Ctx, word_set
from ondas.guards.paths import lexical_inside

PROJECT_BIN_DIRS = ("node_modules/.bin", "vendor/bin", ".venv/bin", "venv/bin", "bin")
"""Where a project keeps the programs it installed for itself (npm, composer, a virtualenv) or
wrote (``bin``), relative to its root; ``node_modules/.bin`` also of each directory between the
working directory and the root, as ``npx`` looks there (a workspace package)."""

SAME_LOOKUP = word_set(
    "sh bash dash zsh ksh mksh ash yash eval source . timeout nice nohup time command exec "
    "xargs stdbuf ionice setsid chronic unbuffer caffeinate flock npx bunx npm pnpm yarn bun "
    "emcmake emconfigure emmake"
)
"""Programs that run a command here, finding its name as this shell would (``timeout 60
NAME``, ``sh -c 'NAME'``), or in the project's ``node_modules/.bin`` first (``npx NAME``,
``pnpm exec NAME``); a row of theirs that fetches a package marks itself (``npx --package``,
``pnpm dlx``: see :mod:`ondas.guards.bash_runners`)."""

ELSEWHERE = (
    "/usr/local/sbin",
    "/usr/local/bin",
    "/usr/sbin",
    "/usr/bin",
    "/sbin",
    "/bin",
    "/snap/bin",
    "/opt/homebrew/bin",
    "/opt/homebrew/sbin",
    "/opt/local/bin",
)
"""System directories a shell's ``PATH`` usually holds, looked in besides this process's
``PATH`` (the agent's shell may have more than the hook)."""
HOME_ELSEWHERE = (
    ".local/bin",
    "bin",
    ".cargo/bin",
    "go/bin",
    ".bun/bin",
    ".deno/bin",
    ".volta/bin",
    ".npm-global/bin",
    ".yarn/bin",
    ".pyenv/shims",
    ".rbenv/shims",
)
"""The user's own ``bin`` directories, which a login shell's ``PATH`` usually holds."""


def project_tool(spelled: str, ctx: Ctx) -> str | None:
    """The project's own program that the bare name ``spelled`` runs, or None when it is not
    (see the module's list). Costs one ``lstat`` per directory of :data:`PROJECT_BIN_DIRS`,
    and, when one holds the name, a ``realpath`` and a ``stat`` per directory looked in for
    another program of the name."""
    project = ctx.project
    if (
        project is None
        or ctx.path_changed
        or not spelled
        or "/" in spelled
        or "\\" in spelled
        or spelled in {".", ".."}
        or not all(runner in SAME_LOOKUP for runner in ctx.runners)
    ):
        return None
    found: list[str] = []
    real_project: str | None = None
    for directory in _bin_dirs(project, ctx.cwd):
        path = posixpath.join(directory, spelled)
        try:
            os.lstat(path)
        except OSError:
            continue
        if any(lexical_inside(path, target) for target in ctx.write_targets):
            return None  # this line writes it, or its directory, before it runs (``ln -sf``)
        if real_project is None:
            real_project = os.path.realpath(project)
            if real_project == "/":
                return None
        real = _own_executable(path, real_project)
        if real is None:
            return None  # bash may run this one: it must be the project's too
        found.append(real)
    if not found or _elsewhere(spelled, frozenset(found), ctx):
        return None
    return found[0]


def stays_inside(path: str, ctx: Ctx) -> bool:
    """The program ``path`` (inside the project as written: ``./x``, ``node_modules/.bin/x``)
    resolves inside the project to a file no other name shares, or does not exist yet (bash
    fails, or a script this line writes was checked for its text). A ``realpath`` (which
    resolves a linked directory on the way too: ``./linked/shred``) and a ``stat``."""
    if ctx.project is None:
        return False
    where = posixpath.join(ctx.cwd or ctx.project, path)
    resolved = _resolved(where, os.path.realpath(ctx.project))
    if resolved is None:
        return False
    st = resolved[1]
    return st is None or not stat.S_ISREG(st.st_mode) or st.st_nlink == 1


def _bin_dirs(project: str, cwd: str | None) -> list[str]:
    dirs: list[str] = []
    here = cwd
    while here is not None and lexical_inside(here, project) and here != project:
        dirs.append(posixpath.join(here, "node_modules/.bin"))
        parent = posixpath.dirname(here)
        here = parent if parent != here else None
    dirs.extend(posixpath.join(project, d) for d in PROJECT_BIN_DIRS)
    return dirs


def _own_executable(path: str, real_project: str) -> str | None:
    """Where ``path`` resolves, when that is a regular, executable file of the project that no
    other name of the machine shares (a hard link of ``/usr/bin/shred`` is shred under another
    name)."""
    resolved = _resolved(path, real_project)
    if resolved is None:
        return None
    real, st = resolved
    if st is not None and stat.S_ISREG(st.st_mode) and st.st_mode & 0o111 and st.st_nlink == 1:
        return real
    return None


def _resolved(path: str, real_project: str) -> tuple[str, os.stat_result | None] | None:
    """Where ``path`` resolves and its status (None when nothing is there), or None when it
    resolves outside the project."""
    real = os.path.realpath(path)
    if not lexical_inside(real, real_project):
        return None
    try:
        return real, os.stat(real)
    except OSError:
        return real, None


def _elsewhere(spelled: str, own: frozenset[str], ctx: Ctx) -> bool:
    """A program named ``spelled``, other than the project's files ``own``, lies where a shell
    looks for one."""
    entries = os.environ.get("PATH", "").split(os.pathsep)
    home = ctx.home
    dirs = [*entries, *ELSEWHERE, *(posixpath.join(home, d) for d in HOME_ELSEWHERE)]
    seen: set[str] = set()
    for entry in dirs:
        if entry in seen:
            continue
        seen.add(entry)
        if not entry.startswith("/"):  # ``.`` or an empty entry: the working directory
            entry = posixpath.join(ctx.cwd or ctx.project or "/", entry)
        path = posixpath.join(entry, spelled)
        try:
            st = os.stat(path)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode) or not st.st_mode & 0o111:
            continue
        if os.path.realpath(path) not in own:
            return True
    return False
