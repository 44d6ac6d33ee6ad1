"""Purpose drift: waves that touch none of the key aspects the run was asked to deliver.

Key aspects are set once (``init``) and frozen. A wave touches an aspect explicitly
(``touch``) or by inference from the paths it changed (``infer``: the aspect text as a
substring of a path, or a shared token of at least 3 characters) and from the Markdown
documents it wrote (at least half of the aspect's words appear in them). After
:data:`WARN_AFTER` consecutive closed waves touching no aspect the check warns; after
:data:`ABORT_AFTER` it aborts with ``purpose_drift``. Without key aspects the check cannot
work and says so loudly on every call.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ondas import git as rgit
from ondas.errors import RuleViolation, UsageError
from ondas.limits._common import execution_id, require_live
from ondas.limits._waves import latest_wave, open_wave
from ondas.limits.result import ABORT, OK, WARN, TriggerResult
from ondas.state.execution import ASPECT_KINDS
from ondas.state.store import Tx, utcnow

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

WARN_AFTER = 3
ABORT_AFTER = 5
REASON = "purpose_drift"
MIN_TOKEN = 3
# Tokens too common in paths or prose to say anything about an aspect.
STOPWORDS = frozenset(
    {
        "all",
        "and",
        "any",
        "app",
        "apps",
        "are",
        "but",
        "com",
        "common",
        "core",
        "css",
        "das",
        "doc",
        "docs",
        "dos",
        "every",
        "for",
        "from",
        "html",
        "index",
        "init",
        "into",
        "its",
        "json",
        "jsx",
        "lib",
        "main",
        "nas",
        "nos",
        "not",
        "our",
        "para",
        "por",
        "que",
        "spec",
        "specs",
        "src",
        "test",
        "tests",
        "that",
        "the",
        "their",
        "this",
        "toml",
        "tsx",
        "txt",
        "uma",
        "util",
        "utils",
        "was",
        "with",
        "yaml",
        "yml",
    }
)
DISABLED_MESSAGE = (
    "DISABLED: no key aspects recorded, so purpose drift is NOT being checked "
    "(give them with 'ondas run --aspects a,b,c')"
)


def tokens(text: str) -> set[str]:
    """Lower-case alphanumeric tokens of at least 3 characters, minus stop words."""
    return {t for t in re.split(r"[^a-z0-9]+", text.lower()) if len(t) >= MIN_TOKEN} - STOPWORDS


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def aspect_touched_by(aspect: str, path: str) -> bool:
    """True when ``path`` touches ``aspect``: the aspect as a substring of the path (ignoring
    separators), or an aspect token of 3+ characters inside a path token or vice versa."""
    squashed = _squash(aspect)
    if len(squashed) >= MIN_TOKEN and squashed in _squash(path):
        return True
    path_tokens = tokens(path)
    for a in tokens(aspect):
        for p in path_tokens:
            if a in p or p in a:
                return True
    return False


def text_touches(aspect: str, words: set[str]) -> bool:
    """True when at least half of the aspect's tokens are among ``words`` (a document the wave
    wrote): the same word, or one a prefix of the other when both have 4+ characters."""
    wanted = tokens(aspect)
    if not wanted:
        return False
    hits = 0
    for t in wanted:
        if t in words or any(
            min(len(w), len(t)) >= 4 and (w.startswith(t) or t.startswith(w)) for w in words
        ):
            hits += 1
    return hits * 2 >= len(wanted)


def match_aspects(
    aspects: list[str], paths: list[str], texts: list[str] | None = None
) -> list[str]:
    """The aspects touched by one of ``paths`` or named by the ``texts``, in aspect order."""
    words: set[str] = set()
    for text in texts or []:
        words |= tokens(text)
    return [
        a
        for a in aspects
        if any(aspect_touched_by(a, p) for p in paths) or (words and text_touches(a, words))
    ]


def key_aspects(store: StateStore | Tx, exec_id: str) -> dict[str, list[str]]:
    """The frozen key aspects by kind."""
    out: dict[str, list[str]] = {k: [] for k in ASPECT_KINDS}
    for row in store.all(
        "SELECT kind, aspect FROM key_aspects WHERE execution_id = ? ORDER BY kind, position",
        (exec_id,),
    ):
        out[row["kind"]].append(row["aspect"])
    return out


def _all_aspects(store: StateStore | Tx, exec_id: str) -> list[str]:
    return [a for items in key_aspects(store, exec_id).values() for a in items]


def _aspect_list(name: str, value: Any) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise UsageError(f"{name} must be a JSON list of non-empty strings")
    return [v.strip() for v in value]


def init(
    store: StateStore,
    aspects: Any,
    technical: Any = None,
    operational: Any = None,
    execution: str | None = None,
) -> dict[str, list[str]]:
    """Record the key aspects once; any later change is refused (``aspects-frozen``)."""
    by_kind = {
        "product": _aspect_list("aspects", aspects),
        "technical": _aspect_list("technical", technical),
        "operational": _aspect_list("operational", operational),
    }
    if not any(by_kind.values()):
        raise UsageError("give at least one key aspect")
    exec_id = execution_id(store, execution)
    with store.transaction("drift_initialized", execution_id=exec_id) as tx:
        require_live(tx, exec_id)
        if tx.one("SELECT 1 FROM key_aspects WHERE execution_id = ? LIMIT 1", (exec_id,)):
            raise RuleViolation("aspects-frozen", "key aspects are frozen once recorded")
        for kind, items in by_kind.items():
            for position, aspect in enumerate(items):
                tx.insert(
                    "key_aspects",
                    {"execution_id": exec_id, "kind": kind, "position": position, "aspect": aspect},
                )
        wave = latest_wave(tx, exec_id)
        tx.insert(
            "limit_drift",
            {
                "execution_id": exec_id,
                "initialized_at": utcnow(),
                "init_wave_number": int(wave["number"]) if wave else 0,
            },
        )
    return key_aspects(store, exec_id)


def _target_wave(tx: Tx, exec_id: str) -> str:
    wave = open_wave(tx, exec_id) or latest_wave(tx, exec_id)
    if wave is None:
        raise RuleViolation("no-wave", "no wave has started yet; start one first")
    return str(wave["id"])


def _touch(tx: Tx, exec_id: str, wave_id: str, aspects: list[str], source: str) -> list[str]:
    added: list[str] = []
    for aspect in aspects:
        exists = tx.one(
            "SELECT 1 FROM limit_drift_touches WHERE execution_id = ? AND wave_id = ? "
            "AND aspect = ?",
            (exec_id, wave_id, aspect),
        )
        if exists is None:
            tx.insert(
                "limit_drift_touches",
                {
                    "execution_id": exec_id,
                    "wave_id": wave_id,
                    "aspect": aspect,
                    "source": source,
                    "recorded_at": utcnow(),
                },
            )
            added.append(aspect)
    return added


def touch(store: StateStore, aspect: str, execution: str | None = None) -> str:
    """Record that the open (else latest) wave touched ``aspect``; returns the wave id."""
    exec_id = execution_id(store, execution)
    known = _all_aspects(store, exec_id)
    match = next((a for a in known if a.lower() == aspect.strip().lower()), None)
    if match is None:
        raise UsageError(f"{aspect!r} is not a key aspect (known: {'; '.join(known) or 'none'})")
    with store.transaction("drift_touched", execution_id=exec_id, description=match) as tx:
        require_live(tx, exec_id)
        wave_id = _target_wave(tx, exec_id)
        _touch(tx, exec_id, wave_id, [match], "touch")
    return wave_id


def changed_paths(project: Path, since: str | None = None) -> list[str]:
    """Paths changed in the git work tree: uncommitted, untracked, and since ``since``."""
    commands = [
        ["diff", "--name-only", "HEAD"],
        ["ls-files", "--others", "--exclude-standard"],
    ]
    if since is not None:
        commands.append(["diff", "--name-only", f"{since}..HEAD"])
    paths: list[str] = []
    for args in commands:
        proc = rgit.run(project, *args, check=False)
        if proc.returncode != 0:
            raise UsageError(f"git {' '.join(args)} failed in {project}: {proc.stderr.strip()}")
        paths += [p for p in proc.stdout.splitlines() if p and p not in paths]
    return paths


def infer(
    store: StateStore,
    paths: list[str],
    execution: str | None = None,
    texts: list[str] | None = None,
) -> list[str]:
    """Touch every aspect matched by ``paths`` (or named by the documents ``texts`` the wave
    wrote) in the open (else latest) wave; return them."""
    exec_id = execution_id(store, execution)
    matched = match_aspects(_all_aspects(store, exec_id), paths, texts)
    if not matched:
        return []
    with store.transaction("drift_inferred", execution_id=exec_id) as tx:
        require_live(tx, exec_id)
        wave_id = _target_wave(tx, exec_id)
        _touch(tx, exec_id, wave_id, matched, "infer")
        tx.data["paths"] = paths[:50]
    return matched


def streak(store: StateStore, exec_id: str) -> int:
    """Consecutive closed waves, newest first, that touched no key aspect.

    An open wave that already touched one resets the streak; an open wave that did not yet
    is still running and is not counted. Waves before ``init`` are not counted.
    """
    row = store.one("SELECT init_wave_number FROM limit_drift WHERE execution_id = ?", (exec_id,))
    since = int(row["init_wave_number"]) if row else 0
    rows = store.all(
        "SELECT w.ended_at, EXISTS (SELECT 1 FROM limit_drift_touches t "
        "WHERE t.execution_id = w.execution_id AND t.wave_id = w.id) AS touched "
        "FROM waves w WHERE w.execution_id = ? AND w.number > ? "
        "ORDER BY w.number DESC LIMIT ?",
        (exec_id, since, ABORT_AFTER + 1),
    )
    count = 0
    for index, wave in enumerate(rows):
        if wave["touched"]:
            break
        if wave["ended_at"] is None and index == 0:
            continue
        count += 1
    return count


def check(store: StateStore, execution: str | None = None) -> TriggerResult:
    """Warn at :data:`WARN_AFTER`, abort at :data:`ABORT_AFTER` waves without a key aspect."""
    exec_id = execution_id(store, execution)
    if not _all_aspects(store, exec_id):
        return TriggerResult("drift", WARN, DISABLED_MESSAGE, None, {}, disabled=True)
    n = streak(store, exec_id)
    details = {"waves_without_aspect": n, "warn_after": WARN_AFTER, "abort_after": ABORT_AFTER}
    if n >= ABORT_AFTER:
        message = f"{n} consecutive waves touched no key aspect (abort after {ABORT_AFTER})"
        return TriggerResult("drift", ABORT, message, REASON, details)
    if n >= WARN_AFTER:
        message = f"{n} consecutive waves touched no key aspect (abort after {ABORT_AFTER})"
        return TriggerResult("drift", WARN, message, None, details)
    return TriggerResult(
        "drift", OK, f"{n} consecutive wave(s) without a key aspect", None, details
    )
