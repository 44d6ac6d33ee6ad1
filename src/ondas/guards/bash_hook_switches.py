"""Environment switches with which git's hook managers skip the hooks they installed.

``git commit --no-verify`` is refused in every mode (``git-skip-hooks``: the repository's
hooks are its own checks, issue 11). The managers that install those hooks each read a variable
that does the same from the environment of the git command that runs them: ``HUSKY=0 git
commit`` runs no hook Husky installed, ``SKIP=flake8 git commit`` none of pre-commit's named
``flake8``. Such a variable set for a command that runs the hooks (in front of it, through
``env``, or exported earlier in the line) skips them as ``--no-verify`` does, and is refused as
it is (round 20, ``tune20a``). The same variable set for another command passes (``HUSKY=0 npm
ci`` only keeps Husky from installing its hooks, Lefthook's ``LEFTHOOK=1 npm install`` installs
them), and so does a value that skips nothing (``HUSKY=1``, ``SKIP=``).

Loaded by :func:`ondas.guards.bash_net._git_contained` only for a hook-running git command that
has variables set for it.
"""

from __future__ import annotations

from collections.abc import Mapping

ANY_VALUE: frozenset[str] = frozenset()
"""Marks a switch that any non-empty value turns on (a list of the hooks to skip)."""

HOOK_SWITCHES: dict[str, frozenset[str]] = {
    "HUSKY": frozenset({"0"}),
    "HUSKY_SKIP_HOOKS": frozenset({"1", "true"}),
    "LEFTHOOK": frozenset({"0", "false"}),
    "LEFTHOOK_EXCLUDE": ANY_VALUE,
    "SKIP": ANY_VALUE,
    "OVERCOMMIT_DISABLE": frozenset({"1", "true"}),
    "SKIP_SIMPLE_GIT_HOOKS": frozenset({"1"}),
}
"""Each hook manager's variable and the values with which its hooks skip their work, as its
documentation says: Husky 5 to 9 (``HUSKY=0``; Husky 4's ``HUSKY_SKIP_HOOKS``), Lefthook
(``LEFTHOOK=0|false``; ``LEFTHOOK_EXCLUDE=TAGS`` skips the commands of those tags), pre-commit
and Overcommit (``SKIP=ID,...``: those hooks), Overcommit's ``OVERCOMMIT_DISABLE=1``,
simple-git-hooks' ``SKIP_SIMPLE_GIT_HOOKS=1``. Not here: pre-commit's
``PRE_COMMIT_ALLOW_NO_CONFIG`` (lets a hook pass only where no configuration exists, so it skips
no check)."""


def hook_switch(assigned: Mapping[str, str | None]) -> str | None:
    """The first of ``assigned`` (variables set for a git command, None: computed) that makes a
    hook manager skip its hooks, as ``NAME=VALUE``; None when none does. A value computed at run
    time may be the switch, and counts as one."""
    for name, value in assigned.items():
        skipping = HOOK_SWITCHES.get(name)
        if skipping is None or value == "":
            continue
        if value is None or skipping is ANY_VALUE or value.strip().lower() in skipping:
            return f"{name}={value if value is not None else '...'}"
    return None
