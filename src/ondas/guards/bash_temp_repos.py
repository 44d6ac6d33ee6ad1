"""A clone in a temp area: its uncommitted work is as much scratch as the clone itself.

``git -C /tmp/tinycc-ref checkout --quiet "$TCC_COMMIT"``, ``git -C /tmp/x clean -fdx``: the
work these verbs throw away is a temp directory's, which ``rm -rf /tmp/x`` may delete whole in
every mode. The guard refuses them to keep the *project's* uncommitted work; a repository that
lies wholly in a temp area, found where git itself would look, holds none of it.

Only a line that names the directory the plain way (``git -C DIR VERB``, nothing else before
the verb) is judged so, and only when git cannot be sent to another work tree:

- no git variable on the line, in the hook's environment or a sourced env file
  (``GIT_WORK_TREE``, ``GIT_DIR``, ``GIT_INDEX_FILE``...), and no assignment the guard did not
  read (a sourced file may export one);
- the line is that one command (no ``;``, ``&&``, pipe, redirect or substitution: nothing ran
  before it that wrote there, a ``.git/config`` it just made) and the directory, followed
  through links, lies in a system temp area (not the area itself: git would look above it);
- the repository git would find from there (each directory up to the root: ``DIR/.git``, or
  ``DIR`` itself as a bare repository) is a plain directory whose configuration names no work
  tree and includes no other file: a ``.git`` file, a ``commondir`` (a linked work tree), or a
  ``core.worktree`` may point the discarded work at the project; and it has no hook but git's
  samples and no hooks path, file-system monitor or filter in its configuration (a checkout
  runs them: code in a temp area nobody read).

The file system is read only for a line the guard would otherwise refuse, as
:mod:`ondas.guards.bash_local` does.
"""

from __future__ import annotations

import os
import posixpath

from ondas.guards.bash_base import Ctx, Word, absolute_path
from ondas.guards.lazy_re import LazyPattern
from ondas.guards.paths import lexical_inside, temp_root

DISCARDING_VERBS = frozenset({"checkout", "restore", "switch", "clean"})
"""git's verbs whose refusals (the work tree's uncommitted changes or untracked files thrown
away) this module may lift. Not ``reset --hard``/``--merge``: it also moves the branch the clone
has checked out, leaving its commits reachable only from the reflog (two peers, agent-command-
guard and pi-destructive-guard, label ``git -C /tmp/repo reset --hard`` harmful); nor ``branch
-D``, ``stash drop``, ``reflog expire`` or a history rewrite."""

_OTHER_COMMANDS = (";", "&", "|", "\n", "`", "$(", "<", ">")
"""What lets a line run more than the one ``git`` command (or read or write a file beside it):
only a line that is that command alone is judged here, so nothing it ran before wrote into the
directory (``cp -r planted /tmp/x/.git; git -C /tmp/x checkout -- .``)."""
_CONFIG_LIMIT = 65536
_REDIRECTING = ("worktree", "include", "hookspath", "fsmonitor", "filter")
"""Configuration keys (as text, any section) that move the work tree, read another file, or
run a command while git checks files out (hooks elsewhere, a file-system monitor, a clean or
smudge filter)."""


def temp_clone(options: list[Word], ctx: Ctx) -> bool:
    """Whether ``git OPTIONS VERB`` works on a repository wholly in a temp area (see the
    module's text); ``options`` are the words between ``git`` and the verb."""
    if len(options) != 2 or options[0].value != "-C" or options[1].value is None:
        return False
    if "GIT_" in ctx.line or ctx.variables_unseen or ctx.sourced():
        return False
    if any(key.startswith("GIT_") for key in ctx.environment):
        return False
    named = absolute_path(options[1].value, ctx)
    if named is None or any(c in named for c in "*?[\\$`"):
        return False
    real = os.path.realpath(named)
    root = temp_root(real)
    if root is None or real == root or temp_root(named) is None:
        return False
    if any(mark in ctx.line for mark in _OTHER_COMMANDS) or ctx.cwd != ctx.project:
        return False  # another command of the line may have written there, or moved
    return repository_code(real) is None


_RUNS_PROGRAMS = (
    "pager",
    "editor",
    "command",
    "textconv",
    "external",
    "program",
    "helper",
    "driver",
    "askpass",
    "gitproxy",
    "uploadpack",
    "receivepack",
)
"""Configuration keys (as text, any section) that name a program git runs for other verbs than
a checkout: a pager or editor, ``core.sshCommand``, a diff's ``textconv``/``external``,
``gpg.program``, ``credential.helper``, a merge ``driver``... (round 18, holes18)."""
NO_REPOSITORY_VERBS = frozenset({"clone", "init", "help", "version"})
"""git's verbs that open no repository where they run (judged as what they write or fetch)."""
HOOKLESS_VERBS = frozenset(
    {
        "status",
        "log",
        "diff",
        "show",
        "ls-files",
        "ls-tree",
        "rev-parse",
        "blame",
        "grep",
        "describe",
        "cat-file",
        "shortlog",
        "rev-list",
        "show-ref",
        "for-each-ref",
        "whatchanged",
        "count-objects",
        "name-rev",
    }
)
"""git's verbs that read a repository and fire none of its hooks (its configuration's programs,
``core.fsmonitor``, ``gpg.program`` under ``log.showSignature``, still run)."""


def outside_repository_code(options: list[Word], ctx: Ctx, *, hooks: bool = True) -> str | None:
    """What code a git command (``options``: the words between ``git`` and the verb) would run
    from a repository outside the project, found where git looks for it, that the guard cannot
    read as safe: a hook that is not one of git's samples (``post-checkout`` runs after a
    checkout, ``pre-commit`` before a commit, ``reference-transaction`` at any ref's update)
    or configuration that runs programs or reads other files (:data:`_REDIRECTING`,
    :data:`_RUNS_PROGRAMS`); None when there is none, when git runs in the project, or where
    it runs is not known. Read only for git lines that name a directory outside the project
    (``-C``, ``--git-dir``, ``cd``): round 12 left code outside the project to the person
    attended and to the OS sandbox; unattended, a hook is a program nobody read."""
    where = ctx.cwd
    git_dir: str | None = None
    k = 0
    while k < len(options):
        v = options[k].value or ""
        value = options[k + 1].value if k + 1 < len(options) else None
        if v.startswith("--git-dir="):
            value, v = v.split("=", 1)[1], "--git-dir"
            k -= 1
        if v in {"-C", "--git-dir"}:
            if value is None or where is None:
                return None
            place = posixpath.normpath(posixpath.join(where, os.path.expanduser(value)))
            if v == "-C":
                where = place
            else:
                git_dir = place
            k += 1
        k += 1
    if where is None or ctx.project is None:
        return None
    if git_dir is None and lexical_inside(where, ctx.project):
        return None
    planted = _written_into(git_dir or posixpath.join(where, ".git"), ctx)
    if planted is not None:
        return f"{planted}, which this line wrote"
    if git_dir is not None:
        if lexical_inside(git_dir, ctx.project):
            return None
        return git_dir_code(os.path.realpath(git_dir), _REDIRECTING + _RUNS_PROGRAMS, hooks)
    return repository_code(
        os.path.realpath(where), _REDIRECTING + _RUNS_PROGRAMS, ctx.project, hooks
    )


def _written_into(git_dir: str, ctx: Ctx) -> str | None:
    """A file this line wrote, copied or unpacked into ``git_dir`` before git runs there
    (``cp x /tmp/y/.git/hooks/post-commit && git -C /tmp/y commit``): the disk, read before
    the line runs, does not hold it yet."""
    for places in (ctx.written, ctx.copies, ctx.brought, ctx.brought_trees):
        for path in places:
            if path.startswith("/") and (
                lexical_inside(path, git_dir) or lexical_inside(git_dir, path)
            ):
                return path
    return None


def repository_code(
    start: str,
    keys: tuple[str, ...] = _REDIRECTING,
    project: str | None = None,
    hooks: bool = True,
) -> str | None:
    """What the repository git finds from ``start`` (absolute, real) may run or point at that
    the guard cannot read (:func:`git_dir_code`), or a ``.git`` file or link naming another
    repository (a linked work tree of the ``project``'s own is the project's); None for none."""
    here = start
    while True:
        dot_git = posixpath.join(here, ".git")
        if os.path.lexists(dot_git):
            if os.path.islink(dot_git) or not os.path.isdir(dot_git):
                named = _git_file(dot_git)
                if project is not None and named is not None and lexical_inside(named, project):
                    return None  # ``git worktree add ../wt``: the project's own repository
                return "a .git file or link naming another repository"
            return git_dir_code(dot_git, keys, hooks)
        if os.path.lexists(posixpath.join(here, "config")) and os.path.lexists(
            posixpath.join(here, "HEAD")
        ):
            return git_dir_code(
                here, keys, hooks
            )  # a bare repository: its own configuration counts
        if here == "/":
            return None  # no repository: git stops, nothing is discarded
        here = posixpath.dirname(here)


def _git_file(dot_git: str) -> str | None:
    """The directory a ``.git`` file (``gitdir: PATH``) names, real; None when unread."""
    try:
        with open(dot_git, "rb") as handle:
            text = handle.read(4096).decode("utf-8", "replace").strip()
    except OSError:
        return None
    if not text.startswith("gitdir:"):
        return None
    named = text[7:].strip()
    return os.path.realpath(posixpath.join(posixpath.dirname(dot_git), named))


def git_dir_code(
    git_dir: str, keys: tuple[str, ...] = _REDIRECTING, hooks: bool = True
) -> str | None:
    """The hook or configuration key of ``git_dir`` that runs code or moves git elsewhere, or
    None: a ``commondir`` (a linked work tree), a hook that is not a sample, configuration
    naming one of ``keys``, or configuration the guard cannot read; ``hooks`` False for a verb
    that fires none (:data:`HOOKLESS_VERBS`)."""
    if os.path.lexists(posixpath.join(git_dir, "commondir")):
        return "a linked work tree's commondir"  # its configuration is another repository's
    try:
        found = os.listdir(posixpath.join(git_dir, "hooks")) if hooks else []
    except OSError:
        found = []
    ran = sorted(hook for hook in found if not hook.endswith(".sample"))
    if ran:
        return f"its hook {ran[0]}"  # ``post-checkout`` runs after the checkout: code nobody read
    return config_code(posixpath.join(git_dir, "config"), keys)


def config_code(config: str, keys: tuple[str, ...]) -> str | None:
    """The key of the git configuration file ``config`` that names one of ``keys``, an alias
    that runs a program (``co = !sh x``: :data:`_ALIAS_PROGRAM`), or a file the guard cannot
    read; None for none (or no such file)."""
    if not os.path.lexists(config):
        return None
    if os.path.islink(config) or not os.path.isfile(config):
        return "a configuration that is not a plain file"
    try:
        with open(config, "rb") as handle:
            text = handle.read(_CONFIG_LIMIT + 1)
    except OSError:
        return "a configuration it cannot read"
    if len(text) > _CONFIG_LIMIT:
        return "a configuration too long to read"
    lowered = text.decode("utf-8", "replace").lower()
    key = next((key for key in keys if key in lowered), None)
    if key is None and "alias" in lowered and _ALIAS_PROGRAM.search(lowered) is not None:
        key = "alias = !"
    return None if key is None else f"configuration naming {key!r}"


_ALIAS_PROGRAM = LazyPattern(r"\[\s*alias\b[^\]]*\][^\[]*?=\s*\"?!")
"""An ``[alias]`` section with a value that starts with ``!``: git runs it with the shell."""


def redirected_global_config(ctx: Ctx) -> str | None:
    """The global configuration a git command reads because the line set ``HOME`` or
    ``XDG_CONFIG_HOME`` for it (a prefix, or an export earlier on the line) to a directory
    other than the person's home (``HOME=/tmp/h git status`` reads ``/tmp/h/.gitconfig``), when
    it names a program, includes a file, or this line wrote it: judged as a repository's
    configuration outside the project is (round 19, ``left19``). The person's own
    ``~/.gitconfig`` is not read: it is theirs, and every git line of the project reads it."""
    configs: list[str] = []
    for variable, names in (
        ("HOME", (".gitconfig", ".config/git/config")),
        ("XDG_CONFIG_HOME", ("git/config",)),
    ):
        if variable not in ctx.assigned:
            continue
        given = ctx.assigned[variable]
        if given is None:
            continue  # where git runs is not known either, as :func:`outside_repository_code`
        base = posixpath.normpath(posixpath.join(ctx.cwd or "/", os.path.expanduser(given)))
        if variable == "HOME" and base == posixpath.normpath(ctx.home):
            continue
        if variable == "HOME" and "XDG_CONFIG_HOME" in ctx.assigned:
            names = names[:1]
        configs += [posixpath.join(base, name) for name in names]
    for config in configs:
        planted = _written_into(config, ctx)
        if planted is not None:
            return f"{planted}, which this line wrote"
        found = config_code(os.path.realpath(config), _REDIRECTING + _RUNS_PROGRAMS)
        if found is not None:
            return f"{config}: {found}"
    return None
