"""``find``'s literal names, by the kind of file they name (round 19, ``left19``).

``find . -name .env -delete`` and ``find . -name .env -exec rm -f {} +`` both delete every file
so named in the project's tree. They are judged alike, by what the name is: the project's own
kinds (an env or secret file, data, configuration, a lock file) as a recursive deletion of the
roots (round 16's reading of ``-delete``), the system's junk and scratch (``.DS_Store``,
``Thumbs.db``, ``npm-debug.log``) as the one entry, which passes. Loaded only for ``find``
lines that delete.

Round 20 (``left20``): a pattern is judged by the kinds of the names it can match. One that can
match a secret or a database (``-name '.env*'``, ``'*.sqlite3'``, ``'*.pem'``) deletes every such
file in the tree, as the literal name does; the names a listing of such a search prints, handed
to ``xargs rm``, are the same files; and ``rm **/.env`` (a globstar over the tree) is judged by
the same kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from fnmatch import fnmatchcase

from ondas.guards.bash_base import (
    _FIND_FILTERS,
    _GLOB_CHARS,
    _NAME_TESTS,
    LINE_FILTERS,
    Ctx,
    Word,
    _one_level,
    _source_name,
    block,
    classify,
    command_name,
    rm_targets,
    temp_pattern,
    word_set,
)
from ondas.guards.secret_files import SAMPLE_SECRETS, secret_name
from ondas.guards.verdict import ALLOW, Verdict


def find_kept_name(root: str, args: Sequence[str | None], ctx: Ctx) -> str | None:
    """The literal name ``find ROOT ARGS`` is narrowed to, alone, in a search of the project's
    tree, when the files so named are the project's own and not junk: an env or secret file
    (``.env``), data (``data.db``), configuration (``config.json``), a lock file; every one in
    the tree, which ``-delete`` and ``-exec rm`` alike delete (round 19, ``left19``). Not a
    source's name (:func:`_source_name`, judged as many files), nor scratch or the system's
    junk (:func:`junk_name`: ``.DS_Store``, ``Thumbs.db``, ``npm-debug.log``), which both
    forms may delete; None for anything else."""
    tests = [
        k
        for k, a in enumerate(args[:-1])
        if a in _NAME_TESTS and not (k > 0 and args[k - 1] in {"!", "-not"})
    ]
    names = [args[k + 1] for k in tests]
    if len(names) != 1 or names[0] is None or "/" in names[0]:
        return None
    if any(a in _FIND_FILTERS and a not in _NAME_TESTS for a in args) or any(
        a in {"!", "-not", "-o", "-or", ","} for a in args
    ):
        return None
    literal = names[0]
    if _one_level(args) or classify(root, ctx) not in {"project", "project-temp"}:
        return None
    if set(literal) & _GLOB_CHARS:  # round 20: a pattern, by the kinds it can match
        return literal if kept_pattern(literal, folded=args[tests[0]] == "-iname") else None
    if _source_name(literal) or junk_name(literal):
        return None
    return literal


DATA_SUFFIXES = word_set("db sqlite sqlite3 db3 duckdb")
"""Extensions of a database kept in a file (SQLite's, DuckDB's): the rows a project holds."""
KEPT_SAMPLES = (*SAMPLE_SECRETS, "data.db", "db.sqlite", "db.sqlite3", "app.db3", "x.duckdb")
"""Names a pattern is tried against: a secret's (the env file, keys and keystores, whose name
alone makes them secret) and a database's. Configuration and documents are left out: clean
recipes delete generated ones by extension (``-name '*.json'``, ``'*.txt'``), and
:func:`~ondas.guards.bash_base.find_entries`' control samples already stand for the project's
own (``.claude/settings.json``)."""


CONFIG_SAMPLES = (
    "config.yaml",
    "ci.yml",
    "pyproject.toml",
    "Cargo.lock",
    "poetry.lock",
    "tox.ini",
    "setup.cfg",
    "nginx.conf",
    "app.properties",
)
"""Configuration and lock files, one of each kind (round 21, ``left21``): a pattern over the
whole tree that can match one (``-name '*.yaml'``, ``**/*.lock``) deletes the project's
settings, workflows, manifests and pinned dependencies in every directory, as ``**/*.py``
deletes its sources. One directory's glob (``rm *.lock``) and a search of a build or temp area
stay one place's files. Lists and documents (``*.json``, ``*.txt``, ``*.csv``) are not here:
generated ones are cleaned by extension (``*.json`` is judged by the control samples)."""
CONFIG_SUFFIXES = word_set("yaml yml toml lock ini cfg conf properties json")
"""The extensions of :data:`CONFIG_SAMPLES`, and ``json``: a literal name of one across the
tree (``**/config.yaml``, ``**/config.json``) names the project's configuration so named in
every directory, as ``find . -name config.json -delete`` does (``left19``)."""


def kept_pattern(pattern: str, *, folded: bool = False) -> bool:
    """A ``find -name`` pattern that can match a secret or a database (``.env*``, ``*.sqlite3``,
    ``*.pem``, ``*.db``), matched as find matches it (a leading ``*`` matches a dot file);
    ``folded`` for ``-iname``. A pattern with no literal character (``*``, ``?*``) names every
    file: :func:`~ondas.guards.bash_base.many_files` judges it."""
    if not pattern.strip("*?[]!^"):
        return False
    spelled = pattern.lower() if folded else pattern
    return any(fnmatchcase(sample, spelled) for sample in KEPT_SAMPLES) or any(
        fnmatchcase(sample.lower() if folded else sample, spelled) for sample in CONFIG_SAMPLES
    )


def secret_or_data(last: str) -> bool:
    """A path's last part names a secret or a database, literally (``.env``, ``app.sqlite3``)
    or by a pattern (:func:`kept_pattern`)."""
    if set(last) & _GLOB_CHARS:
        return kept_pattern(last)
    suffix = last.rpartition(".")[2].lower()
    named = "." in last.strip(".")
    return secret_name(last) or (named and suffix in DATA_SUFFIXES | CONFIG_SUFFIXES)


def tree_pattern_kept(value: str, ctx: Ctx, seg: str) -> Verdict:
    """``rm -f **/.env``, ``rm **/*.sqlite3``: a globstar over the project's tree whose last
    part names secrets or databases deletes every such file in the tree, as ``find . -name
    .env -delete`` does (round 20); one directory's (``rm .env*``) is judged as ``rm .env``."""
    last = value.rstrip("/").rsplit("/", 1)[-1]
    if not secret_or_data(last):
        return ALLOW
    return block(
        "rm-many-files",
        seg,
        f"{value!r} names every file of the project's own kind so named in its tree "
        "(secrets, databases, configuration, lock files): what is not in git is lost; name "
        "the file you mean",
    )


def deletes_kept(
    roots: Sequence[Word], values: Sequence[str | None], ctx: Ctx, seg: str
) -> Verdict:
    """The roots of a search that deletes every file of the project's own kind it finds
    (:func:`find_kept_name`), judged as a recursive deletion of each root."""
    kept = [
        root
        for root in roots
        if root.value is not None and find_kept_name(root.value, values, ctx) is not None
    ]
    return rm_targets(kept, True, ctx, seg) if kept else ALLOW


def listed_kept(stages: Sequence[Sequence[Word]], ctx: Ctx, seg: str) -> Verdict:
    """``find . -name .env | xargs rm``: the names such a search prints, through line filters
    only (:data:`~ondas.guards.bash_base.LINE_FILTERS`), deleted, are every file so named in
    the tree, as ``-exec rm {} +`` deletes them (round 20)."""
    if not stages or not stages[0] or stages[0][0].value is None:
        return ALLOW
    if command_name(stages[0][0].value) != "find":
        return ALLOW
    if any(
        not stage or command_name(stage[0].value or "") not in LINE_FILTERS for stage in stages[1:]
    ):
        return ALLOW
    values = [w.value for w in stages[0][1:]]
    roots: list[Word] = []
    for word in stages[0][1:]:
        if word.value in {"-H", "-L", "-P"} and not roots:
            continue
        if word.value is None or word.value.startswith("-") or word.value in {"(", "!", ")", ","}:
            break
        roots.append(word)
    return deletes_kept(roots or [Word(".", ".")], values, ctx, seg)


JUNK_NAMES = word_set(
    ".DS_Store Thumbs.db ehthumbs.db ehthumbs_vista.db desktop.ini Desktop.ini .directory "
    ".localized"
)
"""Files an operating system's file manager leaves in every directory it shows (macOS's
``.DS_Store``, Windows's ``Thumbs.db`` and ``desktop.ini``, KDE's ``.directory``)."""


def junk_name(name: str) -> bool:
    """A literal file name of junk: the system's (:data:`JUNK_NAMES`, AppleDouble's ``._x``),
    scratch (``__pycache__``, ``.coverage``), or of a scratch kind (``npm-debug.log``,
    ``x.orig``: ``*.log`` is :func:`temp_pattern`'s)."""
    if name in JUNK_NAMES or name.startswith("._") or temp_pattern(name):
        return True
    stem, dot, suffix = name.rpartition(".")
    return bool(dot and stem and suffix) and temp_pattern(f"*.{suffix}")
