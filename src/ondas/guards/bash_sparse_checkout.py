"""``git sparse-checkout`` patterns that leave a control file out of the work tree (round 20,
``left20``).

git deletes from the work tree every tracked file the sparse patterns leave out, and puts them
back only at ``git sparse-checkout disable``: Claude Code's settings and hooks (``.claude/``)
and ondas's configuration (``.ondas/``) would disappear for the rest of the run. Loaded only for
``git sparse-checkout`` lines.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from fnmatch import fnmatchcase

from ondas.guards.bash_base import Ctx, Stdin, Word, block, classify, positionals, word_set
from ondas.guards.verdict import ALLOW, Verdict

SPARSE_SAMPLES = (".claude/settings.json", ".ondas/config.toml", ".mcp.json", ".gitattributes")
"""Control files a project may track, one of each place: a sparse checkout that leaves one out
deletes it from the work tree."""
_SPARSE_SETTERS = word_set("set init add")
_NO_CONE_INIT = ("/*", "!/*/")
"""The patterns ``git sparse-checkout init --no-cone`` writes: the root's files only."""


def sparse_leaves_control(
    rest: list[Word], flags: set[str], ctx: Ctx, seg: str, s: Stdin | None
) -> Verdict:
    """``git sparse-checkout set|init`` whose patterns leave a control file out (``set
    --no-cone '/*' '!/.claude'``; in cone mode, the default, every top directory not named:
    ``set src docs``; ``init``: the root's files only): git deletes those files from the work
    tree, where Claude Code and ondas read them, until ``disable`` (round 20). ``add`` only
    widens the checkout, unless a pattern it adds is a negation. Only the project's own control
    files count (a clone elsewhere has its own)."""
    named = positionals(rest)
    verb = named[0].value if named else None
    if verb not in _SPARSE_SETTERS:
        return ALLOW
    patterns: list[str | None] = [w.value for w in named[1:]]
    if "--stdin" in flags:
        from ondas.guards.bash_system import stdin_payloads

        fed = stdin_payloads(s)
        patterns += [None] if not fed else [line for t in fed for line in (t or "\x00").split()]
    cone = "--no-cone" not in flags
    if verb == "init" and not cone:
        patterns = [*_NO_CONE_INIT, *patterns]
    below = _below_top(ctx)
    if below and cone:
        # round 21: ``cd sub && git sparse-checkout set x``: cone mode names directories from
        # the working directory (``sub/x``); the patterns still cover the whole work tree
        patterns = [
            p if p is None or p.startswith("/") else posixpath.normpath(f"{below}/{p}")
            for p in patterns
        ]
    samples = [
        p
        for p in SPARSE_SAMPLES
        if classify(f"{ctx.project}/{p}" if below else p, ctx) == "protected"
    ]
    for sample in samples:
        if None in patterns or "\x00" in patterns:
            kept = False  # patterns computed at run time, or fed text the guard cannot see
        elif verb == "add":
            kept = not any(  # the repository's mode is its configuration's: a negation
                p.startswith("!") and _pattern_matches(p[1:], sample) for p in patterns if p
            )
        else:
            known = [p for p in patterns if p is not None]
            kept = _cone_keeps(sample, known) if cone else _patterns_keep(sample, known)
        if not kept:
            place = sample.split("/", 1)[0]
            return block(
                "rm-protected",
                seg,
                f"git sparse-checkout {verb} leaves {place} out of the work tree: git deletes its "
                "files (git, ondas or hook state) until git sparse-checkout disable",
            )
    return ALLOW


def _below_top(ctx: Ctx) -> str:
    """The working directory relative to the project's top when it lies below it (``sub`` after
    ``cd sub``), else ``""``: the work tree git changes is the project's, from its top."""
    if ctx.project is None or ctx.cwd is None:
        return ""
    top = ctx.project.rstrip("/") + "/"
    return ctx.cwd[len(top) :].strip("/") if ctx.cwd.startswith(top) else ""


def other_repository(elsewhere: Sequence[Word], ctx: Ctx) -> bool:
    """``git -C /tmp/clone …``: every directory the line points git at lies outside the
    project, so the work tree is another repository's."""
    return bool(elsewhere) and all(
        w.value is not None
        and classify(w.value, ctx) not in {"project", "project-temp", "protected"}
        for w in elsewhere
    )


def _cone_keeps(sample: str, patterns: Sequence[str]) -> bool:
    """Cone mode keeps the root's files, and every file of a named directory's parents and of
    the directory itself (``.claude/hooks`` keeps ``.claude/settings.json``)."""
    head, slash, _rest = sample.partition("/")
    if not slash:
        return True
    return any(p.strip("/").removeprefix("./").split("/", 1)[0] == head for p in patterns)


def _patterns_keep(sample: str, patterns: Sequence[str]) -> bool:
    """Non-cone patterns, read as ``.gitignore`` lines of what to keep: the last that matches
    the file or one of its directories decides (``!`` leaves out)."""
    kept = False
    for pattern in patterns:
        negated = pattern.startswith("!")
        if _pattern_matches(pattern[1:] if negated else pattern, sample):
            kept = not negated
    return kept


def _pattern_matches(pattern: str, sample: str) -> bool:
    """A ``.gitignore`` pattern matches the path ``sample`` or one of its directories: anchored
    when it holds a ``/`` before its end, else by a component's name; a trailing ``/`` matches
    directories only."""
    directory_only = pattern.endswith("/")
    body = pattern.strip("/")
    if not body:
        return False
    anchored = "/" in pattern.rstrip("/")
    parts = sample.split("/")
    for k in range(1, len(parts) + 1):
        if directory_only and k == len(parts):
            break
        path = "/".join(parts[:k])
        if fnmatchcase(path if anchored else parts[k - 1], body):
            return True
    return False
