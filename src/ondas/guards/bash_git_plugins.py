"""git sub-commands git does not have itself: ``git WORD`` runs an alias of the user's
configuration or a program ``git-WORD`` found on ``PATH``.

Loaded by :func:`ondas.guards.bash_net._git` only for a word outside
:data:`ondas.guards.bash_net.GIT_COMMANDS`. The commands of git-extras (tj/git-extras, read at
184d37e, 2026-06; packaged by Debian, Homebrew and others), the most installed suite of such
programs, are judged by what their scripts run: :data:`GIT_EXTRAS` is data, one row per command
that destroys work, rewrites history, deletes branches or pushes, and ``git bulk`` runs the
command it is given. Any other word is a program the guard has not read: named for a destruction
it is refused as one, otherwise refused unattended only, as any unknown program is. A few words
are the aliases nearly every configuration that has aliases defines, read as what they stand for
(:data:`CUSTOMARY_ALIASES`).
"""

from __future__ import annotations

from typing import NamedTuple

from ondas.guards.bash_base import (
    Ctx,
    Stdin,
    Word,
    block,
    check_argv,
    check_write_target,
    flag_set,
    option_values,
)
from ondas.guards.verdict import ALLOW, Verdict


class Extra(NamedTuple):
    """A git-extras command: the rule of the git command its script runs, and what it does.
    ``only_with`` names the options without which it does not (empty: always)."""

    rule: str
    does: str
    only_with: frozenset[str] = frozenset()


CUSTOMARY_ALIASES = {
    "co": "checkout",
    "br": "branch",
    "ci": "commit",
    "st": "status",
    "sw": "switch",
}
"""Aliases git does not define but the Git Book teaches (Pro Git, "Git Aliases":
``alias.co checkout``, ``br branch``, ``ci commit``, ``st status``), and ``sw``, the same
abbreviation of ``switch`` (git 2.23's half of checkout): the user's configuration defines
them, and defines them so. ``git WORD`` with one of them is judged as the command it stands for
(round 20, ``tune20a``): ``git co .`` checks paths out over their changes and ``git br -D x``
deletes a branch with its commits, as ``git checkout .`` and ``git branch -D x`` do, in every
mode; ``git co main`` or ``git st`` passes unattended as the command does, where an unknown
word is refused. An alias the line itself gives (``git -c alias.co=...``) is expanded before
this table is read; one written to a configuration is refused where it is written
(``git-alias``)."""

_RESET = "git-reset-hard"
_DISCARDS_WORK = "runs git reset --hard and git clean, which discard uncommitted work"
GIT_EXTRAS: dict[str, Extra] = {
    "clear": Extra(_RESET, _DISCARDS_WORK),
    "clear-soft": Extra(_RESET, _DISCARDS_WORK),
    "force-clone": Extra(_RESET, _DISCARDS_WORK),
    "sync": Extra(_RESET, "resets the branch hard to its remote's, discarding local work"),
    "fresh-branch": Extra(_RESET, "runs git clean -fdx, deleting every untracked file"),
    "undo": Extra(
        _RESET, "resets commits hard, discarding their work", frozenset({"-h", "--hard"})
    ),
    "obliterate": Extra("git-history-rewrite", "rewrites every commit with git filter-branch"),
    "reset-file": Extra("git-checkout-discard", "checks a file out over its uncommitted changes"),
    "delete-gone-branches": Extra("git-branch-force-delete", "deletes branches with -D"),
    "delete-squashed-branches": Extra("git-branch-force-delete", "deletes branches with -D"),
    "delete-branch": Extra("git-push", "deletes the branch on the remote too (a push)"),
    "delete-tag": Extra("git-push", "deletes the tag on the remote too (a push)"),
    "rename-branch": Extra("git-push", "renames the branch on the remote (a push)"),
    "rename-tag": Extra("git-push", "renames the tag on the remote (a push)"),
    "release": Extra("git-push", "commits, tags and pushes"),
    "gh-pages": Extra("git-push", "creates a branch and pushes it"),
    "create-branch": Extra("git-push", "pushes the new branch", frozenset({"-r", "--remote"})),
    "magic": Extra("git-push", "commits and pushes", frozenset({"-p", "--push"})),
    "scp": Extra("network-not-whitelisted", "copies files to a remote with rsync"),
    "rscp": Extra("network-not-whitelisted", "copies files from a remote with rsync"),
}
"""git-extras commands judged as the git commands their scripts run (each row read in the
script ``bin/git-NAME``). Pushes are the policy's, as ``git push`` is; the others are refused
as what they run is."""

_BULK_VALUE = frozenset({"-w", "--addworkspace", "--removeworkspace", "--from"})
_BULK_ONLY = frozenset({"--addworkspace", "--removeworkspace", "--addcurrent", "--purge"})


def _bulk(args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``git bulk [-a] [-g] [-w WS] COMMAND...``: git-extras runs ``COMMAND`` in every
    repository of the workspaces, so the command is judged; managing the workspace list
    (``--addworkspace``, ``--listall``) runs nothing."""
    i = 0
    while i < len(args):
        v = args[i].value
        if v is None:
            return block("dynamic-command", seg, "a git bulk option computed at run time")
        if v in _BULK_ONLY or v == "--listall":
            return ALLOW
        if not v.startswith("-"):
            break
        i += 2 if v in _BULK_VALUE else 1
    if i >= len(args):
        return ALLOW
    return check_argv(args[i:], ctx, depth + 1, seg, s)


_CLIFF_WRITES = frozenset({"-o", "--output", "--prepend"})


def cliff_outputs(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``git-cliff`` (orhun/git-cliff) writes a changelog from the history: to standard output,
    or to the file its ``-o``/``--output``/``--prepend`` names, judged as any write. Its
    configuration's commands (``replace_command``) come from the project's ``cliff.toml``, as a
    Makefile's recipes come from the project's Makefile."""
    for target in option_values(args, _CLIFF_WRITES):
        if (target.value or "").startswith("-"):
            continue  # ``-o`` alone: CHANGELOG.md where it runs
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


class PluginRow(NamedTuple):
    """A git plugin's form that pushes or deletes a branch: the verbs it starts with, the
    options one of which must be given (empty: the verbs alone), its rule and what it does."""

    start: tuple[str, ...]
    any_of: frozenset[str]
    rule: str
    does: str


_PUSH = "git-push"
_PUSHES = frozenset({"-p", "--push"})
_FLOW_KINDS = ("feature", "bugfix", "release", "hotfix", "support")


def _pushes(*starts: str, any_of: frozenset[str] = frozenset()) -> tuple[PluginRow, ...]:
    return tuple(
        PluginRow(tuple(start.split()), any_of, _PUSH, "pushes: for humans to do")
        for start in starts
    )


PLUGIN_ROWS: dict[str, tuple[PluginRow, ...]] = {
    # git-flow (nvie's and AVH's): ``finish -p``/``--push`` pushes the merged branches and tag
    "flow": (
        *_pushes(*(f"{kind} finish" for kind in _FLOW_KINDS), any_of=_PUSHES),
        # round 21: ``delete -f`` deletes the branch whether or not it was merged
        *(
            PluginRow(
                (kind, "delete"),
                frozenset({"-f", "--force"}),
                "git-branch-force-delete",
                "deletes the branch whether or not it was merged",
            )
            for kind in _FLOW_KINDS
        ),
    ),
    # hubflow: ``finish`` pushes the merged branches and tags to origin, always
    "hf": _pushes(*(f"{kind} finish" for kind in _FLOW_KINDS)),
    # golang.org/x/review: ``mail`` pushes the change to Gerrit, ``submit`` submits it there
    "codereview": _pushes("mail", "submit"),
    # depot_tools: ``upload`` sends the change for review, ``land``/``dcommit`` commit it
    "cl": _pushes("upload", "land", "dcommit"),
    # git-tfs: checking in commits to the TFS server
    "tfs": _pushes("rcheckin", "checkin", "checkintool"),
    "machete": (
        *_pushes("github create-pr", "github retarget-pr", "github restack-pr", "github sync"),
        *_pushes("gitlab create-mr", "gitlab retarget-mr", "gitlab restack-mr", "gitlab sync"),
        PluginRow(
            ("delete-unmanaged",), frozenset(), "git-branch-force-delete", "deletes branches"
        ),
        PluginRow(
            ("slide-out",),
            frozenset({"--delete", "-d"}),
            "git-branch-force-delete",
            "deletes the branches it slides out",
        ),
    ),
    "spice": (
        *_pushes("branch submit", "stack submit", "upstack submit", "downstack submit"),
        *_pushes("bs", "ss", "uss", "dss"),
        PluginRow(
            ("branch", "delete"),
            frozenset({"--force"}),
            "git-branch-force-delete",
            "deletes a branch whether or not it was merged",
        ),
    ),
    "town": (
        PluginRow(("kill",), frozenset(), _PUSH, "deletes the branch here and on the remote"),
        PluginRow(("delete",), frozenset(), _PUSH, "deletes the branch here and on the remote"),
    ),
}
"""git plugins' forms that push or delete branches (round 20s), read in their documentation:
git-flow's and hubflow's ``finish``, Go's ``git codereview``, depot_tools' ``git cl``, git-tfs's
check-ins, git-machete's forge verbs and branch deletions, git-spice's submits and forced
deletes, git-town's ``kill``/``delete``."""


def _plugin_row(sub: str, rest: list[Word]) -> PluginRow | None:
    """The row of :data:`PLUGIN_ROWS` that ``git SUB REST`` matches, if any."""
    rows = PLUGIN_ROWS.get(sub)
    if rows is None:
        return None
    named = [w.value for w in rest if not (w.value or "-").startswith("-")]
    given = flag_set(rest) | {(w.value or "").split("=", 1)[0] for w in rest}
    for row in rows:
        if tuple(named[: len(row.start)]) == row.start and (not row.any_of or given & row.any_of):
            return row
    return None


PLUGIN_LOCAL_VERBS = {
    "flow": frozenset({"init", "start", "list", "version", "log", "diff", "checkout", "co"}),
    "machete": frozenset({"status", "s", "list", "show", "log", "l", "is-managed", "version"}),
    "codereview": frozenset({"change"}),
}
"""git plugins' verbs that read this repository or make a branch or commit in it (round 21,
npol21), after :data:`PLUGIN_ROWS`' pushes and deletions and any verb named to publish have
been refused: git-flow's ``init`` (its branch names in .git/config) and a kind of branch's
``start``, ``list``, ``log``, ``diff``, ``checkout``; git-machete's ``status``, ``list``,
``show``, ``log``; Go's ``git codereview change`` (a branch and a commit, as ``git commit``).
Not hubflow's ``start`` (it pushes the new branch), nor ``git cl`` (its reads ask Gerrit)."""
PLUGIN_PUSHES = {"machete": frozenset({"traverse"}), "town": frozenset({"sync", "propose"})}
"""git plugins' verbs that push as they go unless told ``--no-push`` (round 16s: ``git machete
traverse``, ``git town sync``)."""
_ANNEX_PUSHES = frozenset({"sync", "push", "assist", "satisfy"})
_ANNEX_DROPS = frozenset({"drop", "dropunused", "move"})
_ANNEX_READS = frozenset({"whereis", "info", "list", "find", "status", "version"})
"""git-annex's verbs that print where contents are, what the annex holds and which files are
annexed (round 20, npol20), from the repository's own location log."""


def _annex(rest: list[Word], seg: str) -> Verdict | None:
    """git-annex: ``sync``/``push``/``assist`` push to the remotes (unless ``--no-push``),
    ``copy``/``move --to REMOTE`` send the contents there (a push); ``drop``/``dropunused``
    with ``--force`` remove the only copy of a content without checking another exists; None
    for the other verbs, judged as any plugin's."""
    values = [w.value for w in rest]
    verb = next((v for v in values if v is None or not v.startswith("-")), "")
    flags = {(v or "").split("=", 1)[0] for v in values}
    if verb is None:
        return block("dynamic-command", seg, "a git annex verb computed at run time")
    if (verb in _ANNEX_PUSHES and "--no-push" not in flags) or (
        verb in {"copy", "move", "export"} and flags & {"--to", "-t"}
    ):
        return block("git-push", seg, f"git annex {verb} sends to a remote: for humans to do")
    if verb == "forget" and "--drop-dead" in flags:
        return block(
            "git-plugin-destroys",
            seg,
            "git annex forget --drop-dead drops the history of the annex's location log and "
            "every trace of the remotes marked dead",
        )  # round 19s
    if verb in _ANNEX_READS:
        return ALLOW  # ``git annex whereis``: a read, as ``git log`` is
    if verb in _ANNEX_DROPS and "--force" in flags:
        return block(
            "git-plugin-destroys",
            seg,
            f"git annex {verb} --force drops contents without checking that another copy exists",
        )
    return None  # judged as any plugin's verb


def git_plugin(
    name: str, sub: str, rest: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``git SUB REST...`` where ``SUB`` is not git's own: git-extras' by :data:`GIT_EXTRAS`,
    ``git bulk`` by its command, any other by :func:`ondas.guards.bash_infra.plugin_verb`."""
    if sub == "bulk":
        return _bulk(rest, ctx, depth, seg, s)
    if sub == "cliff":
        return cliff_outputs(rest, ctx, seg)
    annexed = _annex(rest, seg) if sub == "annex" else None
    if annexed is not None:
        return annexed
    pushing = PLUGIN_PUSHES.get(sub)
    given = [w.value for w in rest]
    if pushing is not None and set(given[:2]) & pushing and "--no-push" not in given:
        return block("git-push", seg, f"git {sub} {given[0]} pushes: for humans to do")
    row = _plugin_row(sub, rest)
    if row is not None:
        return block(row.rule, seg, f"git {sub} {' '.join(row.start)} {row.does}")
    extra = GIT_EXTRAS.get(sub)
    if extra is not None:
        values = {(w.value or "").split("=", 1)[0] for w in rest}
        if not extra.only_with or values & extra.only_with:
            return block(extra.rule, seg, f"git {sub} (git-extras) {extra.does}")
        return ALLOW  # ``git undo``: a soft reset, the work kept
    from ondas.guards.bash_infra import plugin_verb
    from ondas.guards.bash_known import (
        HOOK_INSTALLERS,
        PUBLISH_VERBS,
        PUBLISHES_ALONE,
        _changes_hooks,
        _tokens,
    )

    hooks = HOOK_INSTALLERS.get(f"git-{sub}")
    if hooks is not None and _changes_hooks(
        hooks, rest, [w.value for w in rest if not (w.value or "-").startswith("-")]
    ):  # round 21s: ``git secrets --install -f`` replaces the hooks
        return block("write-protected-path", seg, f"git {sub} overwrites the repository's hooks")
    alone = PUBLISHES_ALONE.get(f"git-{sub}")
    if alone is not None and not {(w.value or "").split("=")[0] for w in rest} & alone:
        return block("git-push", seg, f"git {sub} pushes: for humans to do")  # ``git review``
    verbs = [w.value for w in rest if not (w.value or "").startswith("-")][:2]
    if sub in {"flow", "hf"} and verbs[:1] and verbs[0] in _FLOW_KINDS:
        verbs = verbs[1:]  # ``git flow release start``: a kind of branch, no verb
    published = next((v for v in verbs if v and _tokens(v) & PUBLISH_VERBS), None)
    if published is not None:
        # ``git town ship``, ``git flow feature publish``, ``git hf feature push``: a plugin's
        # verb that publishes, first or after the kind of branch (round 20s)
        return block("git-push", seg, f"git {sub} {published} pushes: for humans to do")
    if any(w.value == "--push" for w in rest):
        # round 20s: ``git pr create --push``: told to push
        return block("git-push", seg, f"git {sub} --push pushes: for humans to do")

    local = PLUGIN_LOCAL_VERBS.get(sub)
    if local is not None and verbs[:1] and verbs[0] in local and None not in given:
        return ALLOW  # ``git machete status``, ``git flow feature start x``: this repository's
    return plugin_verb(name, sub, frozenset(), "git-plugin-destroys", ctx, seg)
