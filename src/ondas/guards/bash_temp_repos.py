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
from ondas.guards.paths import temp_root

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
    return _plain_repository(real)


def _plain_repository(start: str) -> bool:
    """The repository git finds from ``start`` (absolute, real) names no other work tree."""
    here = start
    while True:
        dot_git = posixpath.join(here, ".git")
        if os.path.lexists(dot_git):
            if os.path.islink(dot_git) or not os.path.isdir(dot_git):
                return False  # a ``gitdir:`` file or a link: the repository is elsewhere
            return _plain_git_dir(dot_git)
        if os.path.lexists(posixpath.join(here, "config")) and os.path.lexists(
            posixpath.join(here, "HEAD")
        ):
            return _plain_git_dir(here)  # a bare repository: its own configuration counts
        if here == "/":
            return True  # no repository: git stops, nothing is discarded
        here = posixpath.dirname(here)


def _plain_git_dir(git_dir: str) -> bool:
    if os.path.lexists(posixpath.join(git_dir, "commondir")):
        return False  # a linked work tree: its configuration is another repository's
    try:
        hooks = os.listdir(posixpath.join(git_dir, "hooks"))
    except OSError:
        hooks = []
    if any(not hook.endswith(".sample") for hook in hooks):
        return False  # ``post-checkout`` runs after the checkout: code nobody read
    config = posixpath.join(git_dir, "config")
    if not os.path.lexists(config):
        return True
    if os.path.islink(config) or not os.path.isfile(config):
        return False
    try:
        with open(config, "rb") as handle:
            text = handle.read(_CONFIG_LIMIT + 1)
    except OSError:
        return False
    if len(text) > _CONFIG_LIMIT:
        return False
    lowered = text.decode("utf-8", "replace").lower()
    return not any(key in lowered for key in _REDIRECTING)
