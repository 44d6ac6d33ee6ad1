"""Scaffolders and code generators told to overwrite what exists (round 20s).

``bin/rails generate scaffold User --force``, ``php artisan make:model User --force``, ``ng
generate component app --force``, ``npm create vite@latest . -- --overwrite``, ``hugo new site
. --force``, ``copier recopy --overwrite``: each writes its template's files over the files of
the same names, or empties the directory first, so edits there are lost. Each row of
:data:`SCAFFOLDERS` says which verbs generate, which options make them overwrite and where they
write; that place is judged as a recursive deletion of it is (a temp area, a build directory
pass; the project's root and its sources do not). Without the option the generators ask, or
skip the files that exist. Loaded only for the programs of
:data:`ondas.guards.bash_base.SCAFFOLDERS_NAMED`.
"""

from __future__ import annotations

from typing import NamedTuple

from ondas.guards.bash_base import Ctx, Word, block, rm_targets, word_set
from ondas.guards.verdict import ALLOW, Verdict


class Scaffold(NamedTuple):
    """One row: the leading words (one ending in ``:`` is a prefix: artisan's ``make:``), the
    options one of which makes it overwrite, the options all of which must be given too, and
    where it writes: the working directory (``at`` None) or the operand after the verbs at
    index ``at`` (the working directory when there is none)."""

    verbs: tuple[str, ...]
    overwrite: frozenset[str]
    also: frozenset[str] = frozenset()
    at: int | None = None


_FORCE = word_set("--force -f")
_CREATE = (
    Scaffold(("create",), word_set("--overwrite"), at=1),
    Scaffold(("init",), word_set("--overwrite"), at=1),
)
SCAFFOLDERS: dict[str, tuple[Scaffold, ...]] = {
    "rails": (
        Scaffold(("generate",), _FORCE),
        Scaffold(("g",), _FORCE),
        Scaffold(("new",), _FORCE, at=0),
    ),
    "php": (Scaffold(("artisan", "make:"), _FORCE),),
    "ng": (
        Scaffold(("generate",), word_set("--force")),
        Scaffold(("g",), word_set("--force")),
        Scaffold(("new",), word_set("--force"), at=0),
    ),
    "plop": (Scaffold((), word_set("--force")),),
    "nuxi": (Scaffold(("init",), _FORCE, at=0),),
    "create-vite": (Scaffold((), word_set("--overwrite"), at=0),),
    **dict.fromkeys(("npm", "yarn", "pnpm", "bun"), _CREATE),
    "hugo": (Scaffold(("new", "site"), _FORCE, at=0),),
    "cargo": (Scaffold(("generate",), word_set("--overwrite"), word_set("--init")),),
    "copier": (
        Scaffold(("copy",), word_set("--overwrite -w"), at=1),
        Scaffold(("recopy",), word_set("--overwrite -w"), at=0),
    ),
}
"""Generators and their overwriting forms, read in their documentation: Rails' ``generate``
and ``new`` with ``--force``, Laravel's ``artisan make:*`` with ``--force``, Angular's ``ng
generate|new --force``, plop's ``--force``, ``nuxi init --force`` (the directory removed first),
create-vite's ``--overwrite`` (the directory emptied; through ``npm|yarn|pnpm|bun create`` or
``init``), ``hugo new site --force``, ``cargo generate --init --overwrite``, copier's ``copy``
and ``recopy`` with ``--overwrite``."""


def scaffolded_over(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Refuse a generator of :data:`SCAFFOLDERS` told to overwrite the project's files."""
    rows = SCAFFOLDERS.get(name, ())
    if not rows:
        return ALLOW
    given = {(a.value or "").split("=", 1)[0] for a in args}
    named = [a for a in args if not (a.value or "-").startswith("-")]
    words = [a.value or "" for a in named]
    for row in rows:
        if len(words) < len(row.verbs) or not all(
            w.startswith(v) if v.endswith(":") else w == v
            for v, w in zip(row.verbs, words, strict=False)
        ):
            continue
        if not given & row.overwrite or not row.also <= given:
            continue
        rest = named[len(row.verbs) :]
        target = Word(".", ".")
        if row.at is not None and len(rest) > row.at:
            target = rest[row.at]
        verdict = rm_targets([target], True, ctx, seg, many=False)
        if verdict.allowed:
            return ALLOW
        what = " ".join(words[: len(row.verbs)]) or name
        return block(
            "scaffold-overwrite",
            seg,
            f"{name} {what} told to overwrite writes its template over the files of "
            f"{target.text!r}, losing the edits there; generate into a new or temp directory",
        )
    return ALLOW
