"""git's other doors to the project's uncommitted work, its refs and its control files.

The spellings :func:`~ondas.guards.bash_net._git` judged first (``reset --hard``, ``clean -f``,
``checkout --``, ``stash drop``) have twins that lose the same things: the index written over
the work tree, the work tree's own diff applied in reverse, hunks discarded by answers piped in,
a forced fetch from the repository into itself, a prune whose date is "now" spelt otherwise,
the repository moved out by ``init --separate-git-dir``, every ignored file stashed away, git
removing or moving a control file, ``git config --file`` written over one.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from ondas.guards.bash_base import (
    DEFAULT_BRANCHES,
    Ctx,
    Stdin,
    Word,
    block,
    brought_from_outside,
    check_write_target,
    classify,
    commit_gate,
    diff_writes,
    many_files,
    note_brought_tree,
    option_values,
    positionals,
    rm_targets,
    word_set,
    written_text,
)
from ondas.guards.lazy_re import LazyPattern
from ondas.guards.paths import lexical_inside
from ondas.guards.verdict import ALLOW, Verdict

_DISCARD = "discards uncommitted changes to files"
_FETCH_VALUE = word_set(
    "--depth --deepen --shallow-since --shallow-exclude -j --jobs --upload-pack --refmap "
    "-o --server-option --negotiation-tip --filter --recurse-submodules-default --submodule-prefix"
)
_STASH_VERB_OPTIONS = word_set("-q --quiet")
_AGE = LazyPattern(r"(?i)^(\d+)[._ ]*(second|minute|hour|day|week|month|year)s?([._ ]*ago)?$")
"""An approxidate age (``2.weeks.ago``, ``90 days``), as ``--prune=`` and ``--expire=`` take it."""


def git_loses_work(
    sub: str,
    rest: list[Word],
    values: list[str | None],
    flags: set[str],
    ctx: Ctx,
    seg: str,
    s: Stdin | None,
) -> Verdict:
    """The verdict on the git forms this module names (see its docstring)."""
    fed = s is not None and s.kind in {"pipe", "text"}
    if sub == "checkout-index" and flags & {"-f", "--force"}:
        prefixes = [v.split("=", 1)[1] for v in values if v and v.startswith("--prefix=")]
        outside = prefixes and all(
            classify(p or ".", ctx) not in {"project", "protected"} for p in prefixes
        )
        if not outside:
            return block("git-checkout-discard", seg, f"git checkout-index --force {_DISCARD}")
    reports = flags & _APPLY_REPORTS and "--apply" not in flags  # ``--check``: nothing written
    if sub == "apply" and not reports and _applies_own_diff(rest, s, ctx, flags):
        return block("git-checkout-discard", seg, f"reversing the work tree's own diff {_DISCARD}")
    if sub == "submodule" and "update" in values[:2] and flags & {"-f", "--force"}:
        return block("git-checkout-discard", seg, f"git submodule update --force {_DISCARD}")
    if sub in {"apply", "am"}:
        verdict = _written_patch(rest, ctx, seg)
        if not verdict.allowed:
            return verdict
    if sub in {"checkout", "restore"} and flags & {"-p", "--patch"} and fed:
        return block(
            "git-checkout-discard", seg, f"answers piped into git {sub} --patch {_DISCARD}"
        )
    if sub == "clean" and flags & {"-i", "--interactive"} and fed:
        return block("git-clean-force", seg, "answers piped into git clean -i delete files")
    if sub in {"fetch", "pull"}:
        verdict = _fetch_into_branches(rest, values, flags, seg)
        if not verdict.allowed:
            return verdict
    if sub in {"gc", "repack"}:
        # ``repack --cruft-expiration=now`` and ``--unpack-unreachable=now`` drop unreachable
        # objects at once, as ``gc --prune=now`` does
        for v in values:
            option, _eq, date = (v or "").partition("=")
            if option in _EXPIRIES and _eq and _recent(date):
                return block("git-history-rewrite", seg, "pruning unreachable objects now")
            if sub == "repack" and option == "--filter":
                # round 21s: the objects the filter names leave the packs (deleted, or moved
                # out with ``--filter-to``); only a promisor remote has them again
                return block("git-history-rewrite", seg, "a filtered repack drops objects")
    if sub == "read-tree" and "-u" in flags and not flags & {"-n", "--dry-run"}:
        named = positionals(rest, word_set("--prefix --index-output --exclude-per-directory"))
        if "--empty" in flags or any(w.value == _EMPTY_TREE for w in named):
            # ``-u`` to the empty tree deletes every tracked file of the work tree, as
            # ``git rm -r .`` does (the index alone emptied is round 9's judgment: allowed)
            return block(
                "git-checkout-discard",
                seg,
                "git read-tree -u of the empty tree deletes the work tree's files",
            )
    if sub == "worktree" and values[:1] == ["add"] and "-B" in flags:
        k = values.index("-B")
        branch = values[k + 1] if k + 1 < len(values) else None
        if branch is None or branch in DEFAULT_BRANCHES:
            # ``-B main`` resets an existing main to the start point, as ``checkout -B`` does
            return block("git-branch-force-default", seg, "moving the default branch by force")
    if sub == "init" and ("--separate-git-dir" in flags or any(
        (v or "").startswith("--separate-git-dir=") for v in values
    )):  # fmt: skip
        named = positionals(rest, word_set("--template --separate-git-dir -b --initial-branch"))
        directory = named[0].value if named else "."
        if directory is None or _holds_project(directory, ctx):
            return block(
                "git-history-rewrite",
                seg,
                "git init --separate-git-dir over the project's repository moves its history out",
            )
    if sub == "stash":
        verdict = _stash(rest, values, flags, ctx, seg)
        if not verdict.allowed:
            return verdict
    if sub in {"rm", "mv"}:
        verdict = _removes_control_or_many(sub, rest, flags, ctx, seg)
        if not verdict.allowed:
            return verdict
    if sub == "update-index" and "--force-remove" in flags:
        named = positionals(rest, word_set("--cacheinfo --index-info --chmod"))
        if any(w.value is None or many_files(w.value) for w in named):
            return block(
                "git-checkout-discard",
                seg,
                "git update-index --force-remove of every entry loses what was staged",
            )
    if sub == "config":
        for target in option_values(rest, word_set("-f --file"), short_equals=False):
            if target.value is None or _git_config_file(target.value, ctx):
                continue
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW


_APPLY_REPORTS = word_set("--check --stat --numstat --summary")
"""``git apply`` options that turn it into a report: no file is written unless ``--apply``."""
_EXPIRIES = word_set("--prune --cruft-expiration --unpack-unreachable")
"""gc's and repack's options whose date says how old an unreachable object must be to stay."""
_EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
"""git's empty tree (sha1)."""


def _applies_own_diff(rest: list[Word], s: Stdin | None, ctx: Ctx, flags: set[str]) -> bool:
    """``git diff | git apply -R``: the patch read on standard input is the work tree's own
    diff (or a stash's), so reversing it puts the files back as committed; so is a patch this
    line wrote with text the guard cannot see (``git diff > p && git apply -R p``), and (round
    17s) the diff printed reversed and applied as it is (``git diff -R | git apply``)."""
    reversing = bool(flags & {"-R", "--reverse"})
    named = [
        w
        for w in positionals(rest, word_set("-p -C --exclude --include --directory --whitespace"))
        if w.value != "-"  # ``git apply -``: the patch on standard input
    ]
    if named:
        return reversing and any(
            w.value is not None and written_text(ctx, w.value) == (True, None) for w in named
        )
    if s is None or s.kind != "pipe" or not s.upstream:
        return False
    source = [w.value for w in s.upstream[-1]]
    own = bool(source) and source[0] == "git" and any(v in {"diff", "stash"} for v in source[1:3])
    printed_reversed = "diff" in source[1:3] and any(v in {"-R", "--reverse"} for v in source)
    return own and reversing != printed_reversed


def _written_patch(rest: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """A patch this command line wrote, applied: the files its headers name are written. A
    patch from a named file outside the project changes files the guard cannot name with text
    it cannot read: the working tree is noted as brought from it (round 18: ``git apply
    /tmp/p.patch && make``), as a tree copied in is."""
    for word in positionals(rest, word_set("-p -C --exclude --include --directory --whitespace")):
        if word.value is None:
            continue
        if brought_from_outside(word.value, ctx):
            note_brought_tree(word.value, ctx.cwd or ".", ctx)
        wrote, text = written_text(ctx, word.value)
        if wrote and text:
            verdict = diff_writes(text, ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW


def _fetch_into_branches(
    rest: list[Word], values: list[str | None], flags: set[str], seg: str
) -> Verdict:
    """A fetch whose refspec writes local branches or tags by force (``+SRC:main``, ``--force``)
    moves them where the source says, losing their commits; with ``--prune`` and such a refspec,
    every local branch the source lacks is deleted."""
    forced = bool(flags & {"-f", "--force"})
    if flags & {"--prune-tags", "-P"}:
        # round 17s: every local tag the remote lacks is deleted, and a tag keeps no reflog
        return block("git-history-rewrite", seg, "a fetch with --prune-tags deletes local tags")
    # A forced fetch of tags (``git fetch --force --tags``, what GoReleaser's and actions/checkout's
    # CI examples run) moves a local tag of the same name to the remote's, the published one;
    # the commits stay where they were: it passes (round 17, the lead)
    pruning = bool(flags & {"-p", "--prune"})
    for word in positionals(rest, _FETCH_VALUE)[1:]:
        spec = word.value
        if spec is None or ":" not in spec:
            continue
        plus, (_src, _colon, dst) = spec.startswith("+"), spec.lstrip("+").partition(":")
        if not dst or dst.startswith(("refs/remotes/", "remotes/")):
            continue
        if plus or forced or (pruning and "*" in dst):
            return block(
                "git-history-rewrite",
                seg,
                f"a forced or pruning fetch into {dst!r} moves or deletes local refs",
            )
    return ALLOW


def _recent(date: str) -> bool:
    """A ``--prune=`` date that may prune what is younger than a day: anything but an age of a
    day or more (``2.weeks.ago``, ``90 days``) or ``never``; round 21s: a date in the future
    (``2099-01-01``, ``tomorrow``) prunes every unreachable object, as ``now`` does, so an
    absolute date is read as one (as :func:`reflog_expire_keeps` reads ``--expire``)."""
    date = date.strip().lower()
    if date in {"never", "false"}:
        return False
    age = _AGE.match(date)
    return age is None or age.group(2).lower() in {"second", "minute", "hour"}


_AGE_DAYS = {
    "second": 1 / 86400,
    "minute": 1 / 1440,
    "hour": 1 / 24,
    "day": 1.0,
    "week": 7.0,
    "month": 30.0,
    "year": 365.0,
}
_REFLOG_LISTS = word_set("--all --verbose --single-worktree")


def reflog_expire_keeps(rest: Sequence[str | None]) -> bool:
    """``git reflog expire`` that drops no more than ``git gc`` drops itself (round 18): every
    age given at least git's defaults (``--expire`` 90 days, ``--expire-unreachable`` 30 days,
    ``gc.reflogExpire*``) or ``never``, or none given (the defaults); ``-n``/``--dry-run``
    writes nothing. An option's prefix both names could abbreviate is read as ``--expire``."""
    if "-n" in rest or "--dry-run" in rest:
        return True
    for v in rest:
        if v == "--":
            break  # refs follow
        if v is None:
            return False
        if not v.startswith("-") or v in _REFLOG_LISTS:
            continue
        name, eq, date = v.partition("=")
        if not eq or len(name) < 3:
            return False
        if "--expire".startswith(name):
            least = 90.0
        elif "--expire-unreachable".startswith(name):
            least = 30.0
        else:
            return False  # ``--stale-fix``, ``--rewrite``: not an age
        date = date.strip().lower()
        if date in {"never", "false"}:
            continue
        age = _AGE.match(date)
        if age is None or int(age.group(1)) * _AGE_DAYS[age.group(2).lower()] < least:
            return False
    return True


def _holds_project(directory: str, ctx: Ctx) -> bool:
    """``directory`` (relative to the working directory) is the project or lies above it."""
    if ctx.project is None or ctx.cwd is None:
        return True
    path = posixpath.normpath(posixpath.join(ctx.cwd, directory))
    return lexical_inside(ctx.project, path)


def _stash(
    rest: list[Word], values: list[str | None], flags: set[str], ctx: Ctx, seg: str
) -> Verdict:
    """``git stash -q drop`` (the verb after an option); ``stash --all`` takes every ignored
    file away (ondas's state, local settings, env files), and a stash of control paths puts
    them back as committed."""
    verbs = [v for v in values if v not in _STASH_VERB_OPTIONS]
    verb = verbs[0] if verbs else None
    if verb in {"drop", "clear"}:
        return block("git-stash-drop", seg, f"git stash {verb} loses stashed work")
    if verb not in {None, "push", "save"} and not (verb or "").startswith("-"):
        return ALLOW
    if flags & {"-a", "--all"}:
        return block(
            "git-stash-all",
            seg,
            "git stash --all takes every ignored file away too: ondas's state, local settings",
        )
    after = values.index("--") + 1 if "--" in values else len(values)
    for v in values[after:]:
        if v is None or classify(v, ctx) == "protected":
            return block("write-protected-path", seg, "git stash of git, ondas or hook state")
    return ALLOW


def _removes_control_or_many(
    sub: str, rest: list[Word], flags: set[str], ctx: Ctx, seg: str
) -> Verdict:
    """``git rm`` or ``git mv`` of a control file removes it from the work tree; ``git rm -f``
    of a pathspec glob deletes every file it matches in the whole tree, changes included.
    ``git rm --cached`` leaves the work tree as it is, but of a commit gate (round 22) it
    deletes the gate from the next commit: every clone and CI run after it lose the checks."""
    paths = positionals(rest, word_set("--pathspec-from-file -k"))
    sources = paths if sub == "rm" else paths[:-1]
    cached = "--cached" in flags
    for word in sources:
        v = word.value
        if v is not None and not cached and classify(v, ctx) == "protected":
            return block("rm-protected", seg, f"git {sub} of {v!r}: git, ondas or hook state")
        if v is not None and commit_gate(v, ctx):
            return block(
                "rm-protected",
                seg,
                f"git {sub} of {v!r} turns off the project's commit hooks (round 21): edit it "
                "instead"
                if not cached
                else f"git rm --cached of {v!r} deletes the project's commit hooks from the "
                "next commit, for every clone and CI run after it: edit it instead",
            )
        if cached:
            continue
        if sub == "rm" and v is not None and flags & {"-f", "--force"} and many_files(v):
            return rm_targets([word], False, ctx, seg)
    return ALLOW


def _git_config_file(value: str, ctx: Ctx) -> bool:
    """``git config --file .git/config``: the repository's own config, whose keys the config
    rule judges."""
    if ctx.project is None or ctx.cwd is None:
        return False
    path = posixpath.normpath(posixpath.join(ctx.cwd, value))
    return path == posixpath.join(ctx.project, ".git", "config")
