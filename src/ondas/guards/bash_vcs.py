"""Mercurial's ``hg`` and Jujutsu's ``jj``, judged by verb as git's counterparts are.

Their verbs that read (``hg log``, ``jj st``) passed before; those that record or move the
project's own history in its repository (``hg commit``, ``hg update``, ``hg rebase``, ``jj
new``, ``jj squash``, ``jj abandon``: Jujutsu keeps every earlier state in its operation log,
``jj undo`` brings it back) are known unattended, as ``git commit`` and ``git rebase`` are.
What loses work or history for good is refused in every mode by the table all version
control tools share (:data:`VCS_DISCARDS`: ``hg update -C``, ``hg
revert --no-backup``, ``hg strip --no-backup``, ``hg rollback``, ``jj op abandon``, ``jj util
gc``); what the tool can undo passes (``hg strip`` keeps a backup bundle, ``jj abandon`` is in
the operation log). The rest (network verbs, ``hg serve``, ``jj fix``, ``jj util exec``,
any verb not listed) is judged as before, as a program no rule names. Round 18s adds what
the tables of :mod:`ondas.guards.bash_known` and :mod:`ondas.guards.bash_net` ask only for
these tools' lines: Mercurial's verb aliases and abbreviations (:func:`vcs_names`) and svn's
writes to a repository URL (:func:`svn_commits`). A configuration given on
the command line (``--config hooks.commit=CMD``, ``--config-toml``, ``--config-file``: hooks,
aliases and merge tools are commands), another repository outside the project (``-R``,
``--repository``, ``--cwd``: its hooks run) or a word computed at run time keeps the verb
unknown unattended.
"""

from __future__ import annotations

from itertools import pairwise

from ondas.guards.bash_base import (
    Ctx,
    Stdin,
    Word,
    block,
    classify,
    flag_set,
    positionals,
    rm_targets,
    word_set,
)
from ondas.guards.bash_known import GLOBAL_VALUED
from ondas.guards.verdict import ALLOW, Verdict

HG_RECORDS = word_set(
    "add addremove commit ci remove rm forget mv move rename copy cp branch bookmark bookmarks "
    "tag init update up checkout co merge resolve shelve unshelve graft rebase histedit amend "
    "backout import export bundle archive revert uncommit phase"
)
"""hg's verbs that record, move or write the project's history or working copy."""
JJ_RECORDS = word_set(
    "new describe desc commit ci squash split edit rebase duplicate abandon restore next prev "
    "absorb backout revert undo redo parallelize diffedit resolve bookmark file sparse init "
    "status st log show diff evolog obslog interdiff op tag"
)
"""jj's verbs that record or move the project's history; every earlier state stays in the
operation log (``jj undo``, ``jj op restore``)."""
JJ_GROUPS = {
    "op": word_set("log show diff undo restore revert"),
    "bookmark": word_set("create c set s move m rename r track t untrack list l"),
    "file": word_set("list show annotate chmod track untrack search"),
    "sparse": word_set("list set reset"),
    "tag": word_set("list l"),
}
"""The sub-verbs of jj's groups known here (``op abandon``, ``bookmark delete``/``forget`` are
not: judged as before)."""
CONFIG_OPTIONS = word_set("--config --config-toml --config-file")
"""Options that set configuration on the command line (hooks, aliases, tools are commands)."""
REPOSITORY_OPTIONS = word_set("-R --repository --repo --cwd")
"""Options naming the repository (or working directory) the verb runs in."""
_VALUED_GLOBALS = GLOBAL_VALUED["hg"] | GLOBAL_VALUED["jj"]
"""The options before Mercurial's or jj's verb that take the next word (``hg -R . log``,
``jj --color never log``): :data:`~ondas.guards.bash_known.GLOBAL_VALUED`'s, which the
destroying verbs' reading uses too (round 19 had kept a second list here)."""


def hg(name: str, args: list[Word], ctx: Ctx, seg: str, s: Stdin | None) -> Verdict:
    """``hg``: its recording verbs known; what loses work or history is refused before, by
    :data:`VCS_DISCARDS` (see the docstring)."""
    verb, _ = _verb(args)
    return _judged(name, args, verb in HG_RECORDS and _own(args, ctx), ctx, seg, s)


def jj(name: str, args: list[Word], ctx: Ctx, seg: str, s: Stdin | None) -> Verdict:
    """``jj``: its recording verbs known; dropping the operation log is refused before, by
    :data:`VCS_DISCARDS` (see the docstring)."""
    verb, rest = _verb(args)
    sub, _ = _verb(rest)
    known = verb in JJ_RECORDS and (verb not in JJ_GROUPS or sub in JJ_GROUPS[verb])
    return _judged(name, args, known and _own(args, ctx), ctx, seg, s)


def _verb(args: list[Word]) -> tuple[str | None, list[Word]]:
    """The first word that is no option, and the words after it (options before a verb
    that take a value, ``-R DIR``, skip it)."""
    k = 0
    while k < len(args):
        value = args[k].value
        if value is None:
            return None, args[k + 1 :]
        if not value.startswith("-"):
            return value, args[k + 1 :]
        k += 2 if value in _VALUED_GLOBALS else 1
    return None, []


def _own(args: list[Word], ctx: Ctx) -> bool:
    """No configuration given on the line, no word computed at run time, and any repository
    named is in the project."""
    for k, word in enumerate(args):
        value = word.value
        if value is None:
            return False
        key, eq, given = value.partition("=")
        if key in CONFIG_OPTIONS:
            return False
        if key in REPOSITORY_OPTIONS:
            where = given if eq else args[k + 1].value if k + 1 < len(args) else None
            if where is None or classify(where, ctx) not in {"project", "project-temp"}:
                return False
    return True


def _judged(
    name: str, args: list[Word], known: bool, ctx: Ctx, seg: str, s: Stdin | None
) -> Verdict:
    """As a program no rule names (a destroying or publishing verb, ``jj git push``, keeps its
    refusal); a known verb's ``unknown-program`` refusal is lifted."""
    from ondas.guards.bash_known import unknown_program

    verdict = unknown_program(name, args, ctx, seg, s)
    if known and verdict.rule == "unknown-program":
        return ALLOW
    return verdict


_HG_ALIASES = {"up": "update", "checkout": "update", "co": "update", "clean": "purge"}
VCS_ALIASES: dict[str, dict[str, str]] = {
    "hg": _HG_ALIASES,
    "chg": _HG_ALIASES,
    # round 19s: Sapling's ``goto`` (and its ``go`` abbreviation) is its checkout
    "sl": {**_HG_ALIASES, "goto": "update", "go": "update"},
    "jj": {"operation": "op"},
    "darcs": {"unpull": "obliterate"},
}
"""Verbs that are another's alias (round 18): ``hg co -C`` is ``hg update -C``, ``jj operation
abandon`` is ``jj op abandon``, ``darcs unpull`` is ``darcs obliterate``."""
PREFIXED_VCS = word_set("hg chg sl")
"""Tools that take any unambiguous prefix of a verb (``hg upd``, ``hg rollb``) and of a long
option (``--clea``, ``--no-b``: Python's getopt), as git takes a long option's."""
_HG_VERBS = word_set(
    "add addremove annotate archive backout bisect bookmarks branch branches bundle cat clone "
    "commit config copy diff export files forget graft grep heads help identify import "
    "incoming init locate log manifest merge outgoing parents paths phase pull push recover "
    "remove rename resolve revert rollback root serve shelve status summary tag tags tip "
    "unbundle unshelve update verify version strip purge rebase histedit evolve amend"
)
"""Mercurial's (and Sapling's) verbs, core and common extensions: a prefix names a verb of
:data:`VCS_DISCARDS` only when it begins no other of these."""


def vcs_verb(name: str, verb: str) -> str:
    """``verb`` as the verb it stands for: an alias's, or (hg, sl) the one verb it begins."""
    alias = VCS_ALIASES.get(name, {}).get(verb)
    if alias is not None:
        return alias
    if name in PREFIXED_VCS and len(verb) >= 2 and verb not in _HG_VERBS:
        begun = [v for v in _HG_VERBS if v.startswith(verb)]
        if len(begun) == 1:
            return begun[0]
    return verb


def vcs_options(name: str, given: set[str], options: frozenset[str]) -> bool:
    """One of ``options`` is ``given``; for :data:`PREFIXED_VCS`, a long option also by a
    prefix of two letters or more (``--clea`` is ``--clean``)."""
    if given & options:
        return True
    if name not in PREFIXED_VCS:
        return False
    return any(
        g.startswith("--") and len(g) >= 4 and o.startswith(g)
        for g in given
        for o in options
        if o.startswith("--")
    )


_VcsRow = tuple[tuple[str, ...], frozenset[str], str]
_HG_DISCARDS: tuple[_VcsRow, ...] = (
    (("strip",), word_set("--no-backup --nobackup"), "history"),
    (("debugstrip",), word_set("--no-backup --nobackup"), "history"),
    (("rollback",), frozenset(), "history"),
    (("update",), word_set("-C --clean"), "work"),
    (("revert",), word_set("-C --no-backup"), "work"),
    # round 18s: untracked files deleted (``--print`` is a dry run)
    (("purge",), frozenset(), "work"),
)
VCS_DISCARDS: dict[str, tuple[_VcsRow, ...]] = {
    **dict.fromkeys(("hg", "chg", "sl"), _HG_DISCARDS),
    "svn": (
        (("revert",), word_set("-R --recursive --depth"), "work"),
        # round 18: unversioned or ignored files deleted (not only the working copy's locks)
        (("cleanup",), word_set("--remove-unversioned --remove-ignored"), "work"),
        # round 19s: the server's text taken over the local edits of every conflicted file,
        # an export written over the files it finds in place
        (("resolve",), word_set("--accept=theirs-full --accept=tf"), "work"),
        (("export",), word_set("--force"), "work"),
    ),
    **dict.fromkeys(
        ("bzr", "brz"),
        (
            (("revert",), word_set("--no-backup"), "work"),
            (("clean-tree",), word_set("--force"), "work"),  # round 18: untracked files deleted
        ),
    ),
    # round 18s: Perforce's revert and clean drop opened and local changes; round 19s:
    # ``reconcile -w`` is ``clean``, ``resolve -at`` takes the depot's text over local edits,
    # ``obliterate -y`` removes files' history from the depot (without ``-y`` it only reports)
    "p4": (
        (("revert",), frozenset(), "work"),
        (("clean",), frozenset(), "work"),
        (("reconcile",), word_set("-w"), "work"),
        (("resolve",), word_set("-at"), "work"),
        (("obliterate",), word_set("-y"), "history"),
    ),
    # round 21: ``darcs revert -a`` (no question asked) and ``fossil revert`` drop the
    # uncommitted changes as ``git checkout -- .`` does; their undo (``darcs unrevert``,
    # ``fossil undo``) keeps one slot, emptied by the next change of the work tree
    "darcs": (
        (("obliterate",), frozenset(), "history"),
        (("revert",), word_set("-a --all"), "work"),
    ),
    # round 18: Pijul's reset drops unrecorded changes, ``unrecord --reset`` a change's too
    "pijul": (
        (("reset",), frozenset(), "work"),
        (("unrecord",), word_set("--reset"), "work"),
    ),
    "fossil": (
        # round 19s: ``--disable-undo`` keeps no copy for ``fossil undo``
        (("clean",), word_set("--verily -x --disable-undo"), "work"),
        (("revert",), frozenset(), "work"),
        (("scrub",), frozenset(), "history"),
    ),
    "jj": ((("op", "abandon"), frozenset(), "history"), (("util", "gc"), frozenset(), "history")),
    # round 21s: ``cvs admin -o REVS`` deletes revisions from the repository's files
    "cvs": ((("admin",), word_set("-o"), "history"),),
    # round 19s: DVC's forced checkout replaces the workspace's changed data files unasked
    "dvc": ((("checkout",), word_set("-f --force"), "work"),),
    "dolt": (
        (("clean",), frozenset(), "work"),
        (("branch",), word_set("-D"), "history"),
        (("gc",), frozenset(), "history"),
    ),
}
"""Other version control tools' verbs that lose work or history with no way back (round 17s):
Mercurial's ``update -C`` and ``revert --no-backup`` (uncommitted changes, no ``.orig`` kept),
``strip --no-backup`` (no bundle in ``.hg/strip-backup``), ``rollback`` (the last transaction,
no backup); ``svn revert -R``; Bazaar's
``revert --no-backup``; ``darcs obliterate`` and ``revert -a``; Fossil's ``revert``, ``clean
--verily``/``-x`` and ``scrub``;
jj's ``op abandon`` and ``util gc`` (the operation log that ``jj undo`` reads); Dolt's ``clean``
(untracked tables), ``branch -D`` and ``gc``. Each row: the verbs it starts with, the options of
which one must be given (none: the verbs alone), and what is lost. The forms these tools can
undo pass: ``hg strip`` (a backup bundle), ``hg revert`` and ``bzr revert`` (a backup file
beside each reverted file), ``jj abandon`` and ``jj restore`` (``jj undo``, the whole operation
log), ``sl hide`` (``sl unhide``). A one-slot undo is no way back (round 21): ``fossil undo``
and ``darcs unrevert`` give back only the last revert, and the next update or revert of the
tree replaces it, as ``git checkout -- .`` is refused though an editor may hold the text."""


def vcs_discards(name: str, verbs: list[str | None], args: list[Word], segment: str) -> Verdict:
    """A verb of :data:`VCS_DISCARDS` given with one of its options (``verbs``: the leading
    words that are no options)."""
    rows = VCS_DISCARDS.get(name, ())
    named = [v for v in verbs if v is not None]
    values = [a.value or "" for a in args]
    if name in _HOOK_SECTIONS and any(
        _config_hook(v, values[k + 1 : k + 2]) for k, v in enumerate(values)
    ):
        return block(
            "dynamic-command",
            segment,
            f"{name} runs the shell command of a hook given on the line when the verb fires it",
        )  # round 20s: ``hg --config hooks.commit='hg push' commit``
    alias = config_alias(name, values, named[0]) if named else None
    if alias is not None:
        if alias[:1] == ["!"]:
            return block(
                "dynamic-command",
                segment,
                f"{name} runs the shell command of an alias given on the line",
            )
        named, values = alias + named[1:], values + alias  # ``hg --config alias.x=... x``
    if named:
        named[0] = vcs_verb(name, named[0])
    given = flag_set(args) | {v.split("=", 1)[0] for v in values} | set(values)
    given |= {f"-{c}" for v in values if v[:1] == "-" and v[1:2].isalpha() for c in v[1:]}
    given |= {f"{o}={v}" for o, v in pairwise(values) if o.startswith("-")}
    for start, options, lost in rows:
        if tuple(named[: len(start)]) == start and (
            not options or vcs_options(name, given, options)
        ):
            what = " ".join(start)
            if lost == "work":
                return block(
                    "vcs-discard", segment, f"{name} {what} discards uncommitted work for good"
                )
            return block(
                "vcs-history-loss", segment, f"{name} {what} loses history it cannot give back"
            )
    return ALLOW


_ALIAS_SECTIONS = {"hg": "alias.", "chg": "alias.", "sl": "alias.", "jj": "aliases."}
_HOOK_SECTIONS = frozenset({"hg", "chg", "sl"})


def _config_hook(value: str, following: list[str]) -> bool:
    """Whether a word of Mercurial's (or Sapling's) ``--config hooks.NAME=CMD`` sets a hook: a
    command the verb runs when its event fires (``commit``, ``pretxncommit``...)."""
    key, eq, given = value.partition("=")
    if key != "--config":
        return False
    setting = given if eq else (following[0] if following else "")
    return setting.strip("'\"").lower().startswith("hooks.")


def config_alias(name: str, values: list[str], verb: str) -> list[str] | None:
    """The words a verb stands for by an alias given on the line (round 19s: ``hg --config
    alias.tidy='strip --no-backup -r .' tidy``, ``jj --config 'aliases.x=["op", "abandon"]'
    x``): hg's alias text split as a shell would (``["!"]`` for a shell alias), jj's TOML list
    of strings; None when no alias of that name is given."""
    import shlex

    section = _ALIAS_SECTIONS.get(name)
    if section is None:
        return None
    for k, value in enumerate(values):
        key, eq, given = value.partition("=")
        if key != "--config":
            continue
        setting = given if eq else (values[k + 1] if k + 1 < len(values) else "")
        alias, _, text = setting.partition("=")
        if alias.strip().strip("'\"") != section + verb:
            continue
        text = text.strip()
        if name == "jj":
            import re

            words = [a or b for a, b in re.findall(r'"([^"]*)"|\'([^\']*)\'', text)]
            return words or None
        if text.startswith("!"):
            return ["!"]
        try:
            return shlex.split(text)
        except ValueError:
            return ["!"]
    return None


SVN_URL_WRITES = word_set(
    "copy cp move mv rename ren mkdir delete del remove rm import propset pset ps propdel pdel "
    "pd propedit pedit pe lock unlock"
)
"""Subversion's verbs that, given a repository URL where they write, commit to the server at
once (round 18s: ``svn copy ^/trunk ^/tags/v1``, ``svn mkdir URL``, ``svn import . URL``); on
working-copy paths they change the working copy only."""
_SVN_VALUED = word_set(
    "-m --message -F --file -r --revision --username --password --depth --with-revprop "
    "--config-dir --config-option --encoding --editor-cmd"
)
_SVN_URL = ("^/", "svn://", "svn+ssh://", "http://", "https://")


def svn_commits(verb: str, args: list[Word]) -> bool:
    """``svn VERB`` writing to a repository URL (:data:`SVN_URL_WRITES`): the destination (the
    last operand) of a copy, move or import, any operand of the others."""
    if verb not in SVN_URL_WRITES:
        return False
    operands = [w.value or "" for w in positionals(args, _SVN_VALUED)][1:]
    if verb in {"copy", "cp", "move", "mv", "rename", "ren", "import"}:
        operands = operands[-1:] if len(operands) > 1 else []
    return any(o.startswith(_SVN_URL) for o in operands)


_RemovalRow = tuple[frozenset[str], frozenset[str]]
WORKING_COPY_REMOVALS: dict[str, _RemovalRow] = {
    "svn": (word_set("delete del remove rm"), word_set("--force")),
    **dict.fromkeys(("hg", "chg", "sl"), (word_set("remove rm forget"), frozenset())),
    **dict.fromkeys(("bzr", "brz"), (word_set("remove rm del"), word_set("--force"))),
    "fossil": (word_set("rm delete forget"), frozenset()),
    "darcs": (word_set("remove rm"), frozenset()),
    "pijul": (word_set("remove rm"), frozenset()),
}
"""Version control verbs that take files out of the working copy (round 18, everyday18b):
``svn rm src/a.c`` schedules the file's removal at the next commit (``svn revert`` brings it
back: its last committed text is in the repository), as ``git rm`` does. Before, the verb's
name alone read as a service CLI's destroying verb (``service-destroy``). Each row: the verbs
and the options that also delete what the repository does not hold (``svn rm --force DIR``:
its unversioned files; Bazaar's ``--force``: changed and unknown files), read as ``rm -r``
of the operands. The operands are judged as ``rm``'s (outside the project, a control file, a
word computed at run time are refused as ``rm`` refuses them); a repository URL is not a
working copy (``svn rm URL`` commits: :func:`svn_commits`)."""
_URLS = (*_SVN_URL, "file://", "bzr://", "bzr+ssh://", "lp:")


_ELSEWHERE = REPOSITORY_OPTIONS | word_set("-d --directory --chdir -C --targets")
"""Options that move where the operands are read (another directory or repository) or read
them from a file: such a removal is judged as before (a destroying verb)."""


def working_copy_removal(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict | None:
    """``name VERB PATH...`` taking files out of its working copy
    (:data:`WORKING_COPY_REMOVALS`), judged as ``rm`` of the paths; None: not such a verb."""
    row = WORKING_COPY_REMOVALS.get(name)
    if row is None:
        return None
    verbs, forcing = row
    named = positionals(args, _SVN_VALUED if name == "svn" else frozenset())
    first = named[0].value if named else None
    if first is None or vcs_verb(name, first) not in verbs:
        return None
    operands = named[1:]
    if any((w.value or "").startswith(_URLS) for w in operands):
        return None
    if any((a.value or "").split("=", 1)[0] in _ELSEWHERE for a in args):
        return None  # ``hg --cwd=/etc rm passwd``, ``svn rm --targets FILE``: read as before
    given = flag_set(args) | {(a.value or "").split("=", 1)[0] for a in args}
    return rm_targets(operands, bool(given & forcing), ctx, seg)


_CONFIGURING = CONFIG_OPTIONS | word_set("--config-dir --config-option")


def configured(args: list[Word]) -> bool:
    """A configuration given on the line (:data:`CONFIG_OPTIONS`, svn's ``--config-dir`` and
    ``--config-option``): a working-copy removal so given is not known unattended."""
    return any((a.value or "").split("=", 1)[0] in _CONFIGURING for a in args)
