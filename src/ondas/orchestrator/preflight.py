"""Preflight: the briefing and the constitution change only through the pipeline.

When a wave of the pipeline writes one of them (its stage closing, or a later stage editing
it), its SHA-256 and text are recorded as the baseline (extras key ``preflight``, audited).
Every wave starts by comparing the files with their baselines: a change ondas did not make
opens a human block naming the file and the size of the diff, and the wave runs no agent.
Answering ``accept`` takes the new text as the baseline (a ``preflight_rebaselined`` event;
the answer itself is a recorded decision); any other answer is taken as "I restored it", and
a file that still differs is asked about again.

Each change has a severity (:func:`severity`). A MINOR one (no heading touched, at most
:data:`MINOR_WORDS` words changed, whitespace ignored) is taken as the new baseline with a
warning (``preflight_minor_change`` event). A MAJOR one opens the block, and the command that
met it exits 4 (:class:`ondas.errors.IntegrityError`) naming the file, until a person answers.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from ondas.audit import blocks as blocks_mod
from ondas.errors import IntegrityError
from ondas.state.execution import Execution, apply_execution_changes, get_execution
from ondas.state.store import Store

KEY = "preflight"
WATCHED = ("briefing", "constitution")
ACCEPT = "accept"
OPTIONS = (ACCEPT, "restored")
MAX_TEXT = 200_000
MISSING = "missing"
MINOR_WORDS = 5
MINOR, MAJOR = "MINOR", "MAJOR"


def _watched(ex: Execution) -> dict[str, str]:
    from ondas.orchestrator.context import layout_for

    paths = layout_for(ex).paths()
    return {paths[key]: key for key in WATCHED}


def baselines(store: Store, execution_id: str) -> dict[str, dict[str, Any]]:
    """File -> ``{"sha256", "text", "stage"}`` of the recorded baselines."""
    row = store.one(
        "SELECT value FROM extras WHERE execution_id = ? AND key = ?", (execution_id, KEY)
    )
    if row is None:
        return {}
    try:
        value = json.loads(row["value"])
    except (TypeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def _read(path: Path) -> tuple[str, str | None]:
    try:
        data = path.read_bytes()
    except OSError:
        return MISSING, None
    text = data.decode("utf-8", errors="replace") if len(data) <= MAX_TEXT else None
    return hashlib.sha256(data).hexdigest(), text


def _save(
    store: Store, ex: Execution, table: dict[str, dict[str, Any]], event: str, data: dict[str, Any]
) -> None:
    with store.transaction(event, execution_id=ex.id, description=str(data.get("file"))) as tx:
        tx.upsert(
            "extras",
            {"execution_id": ex.id, "key": KEY},
            {"value": json.dumps(table, sort_keys=True)},
        )
        tx.data.update(data)


def track(store: Store, project: Path, wave_paths: list[str]) -> list[str]:
    """Record as baseline each watched file the pipeline's wave wrote; return those files."""
    ex = get_execution(store)
    if ex.is_terminal:
        return []
    table = baselines(store, ex.id)
    recorded: list[str] = []
    for rel, stage in _watched(ex).items():
        if rel not in wave_paths:
            continue
        sha, text = _read(project / rel)
        if sha == MISSING or table.get(rel, {}).get("sha256") == sha:
            continue
        table[rel] = {"sha256": sha, "text": text, "stage": stage}
        recorded.append(rel)
    if recorded:
        _save(store, ex, table, "preflight_baseline", {"file": ", ".join(recorded)})
    return recorded


def diff_size(before: str | None, after: str | None) -> tuple[int, int]:
    """Lines added and removed between two texts (0, 0 when either is unknown)."""
    if before is None or after is None:
        return 0, 0
    added = removed = 0
    for line in difflib.unified_diff(before.splitlines(), after.splitlines(), n=0, lineterm=""):
        if line.startswith("+") and not line.startswith("+++"):
            added += 1
        elif line.startswith("-") and not line.startswith("---"):
            removed += 1
    return added, removed


def severity(before: str | None, after: str | None) -> str:
    """MINOR when no heading changed and at most :data:`MINOR_WORDS` words did (whitespace
    and line breaks ignored); MAJOR otherwise, and when either text is unknown (deleted,
    too large)."""
    if before is None or after is None:
        return MAJOR
    headings = [
        [ln.strip() for ln in text.splitlines() if ln.lstrip().startswith("#")]
        for text in (before, after)
    ]
    if headings[0] != headings[1]:
        return MAJOR
    words = [re.findall(r"\S+", text) for text in (before, after)]
    changed = 0
    matcher = difflib.SequenceMatcher(None, words[0], words[1], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            changed += max(i2 - i1, j2 - j1)
    return MINOR if changed <= MINOR_WORDS else MAJOR


def _subject(rel: str, sha: str) -> str:
    return f"{KEY}:{rel}:{sha[:16]}"


def check(store: Store, project: Path, warnings: list[str] | None = None) -> list[str]:
    """Compare the watched files with their baselines; return the blocks that now wait.

    An ``accept`` answer to the block about the file's current content re-baselines it; a
    MINOR change is re-baselined at once and described in ``warnings``.
    """
    ex = get_execution(store)
    table = baselines(store, ex.id)
    waiting: list[str] = []
    for rel in _watched(ex):
        base = table.get(rel)
        if not base:
            continue
        sha, text = _read(project / rel)
        if sha == base.get("sha256"):
            continue
        subject = _subject(rel, sha)
        mine = [b for b in blocks_mod.list_blocks(store) if b.subject_key == subject]
        awaiting = [b for b in mine if b.status == "awaiting"]
        if awaiting:
            waiting.append(awaiting[0].id)
            continue
        accepted = [b for b in mine if (b.answer or "").strip().lower() == ACCEPT]
        if accepted:
            previous = str(base.get("sha256"))
            table[rel] = {"sha256": sha, "text": text, "stage": base.get("stage")}
            _save(
                store,
                ex,
                table,
                "preflight_rebaselined",
                {"file": rel, "block": accepted[0].id, "sha256": sha, "previous": previous},
            )
            continue
        if sha != MISSING and not mine and severity(base.get("text"), text) == MINOR:
            added, removed = diff_size(base.get("text"), text)
            table[rel] = {"sha256": sha, "text": text, "stage": base.get("stage")}
            note = (
                f"{rel} was changed outside the pipeline (MINOR: +{added} -{removed} line(s), "
                "no heading touched); the new text is the baseline"
            )
            _save(store, ex, table, "preflight_minor_change", {"file": rel, "sha256": sha})
            if warnings is not None:
                warnings.append(note)
            continue
        waiting.append(_open_block(store, rel, sha, base, text, again=bool(mine)))
    return waiting


def major_error(store: Store, waiting: list[str]) -> IntegrityError | None:
    """The exit-4 error for preflight blocks among ``waiting`` (``None`` when there is none)."""
    held = [
        b
        for b in blocks_mod.list_blocks(store, status="awaiting")
        if b.id in waiting and (b.subject_key or "").startswith(f"{KEY}:")
    ]
    if not held:
        return None
    files = ", ".join(str(b.subject_key).split(":")[1] for b in held)
    return IntegrityError(
        f"[preflight-major] {files} changed outside the pipeline (MAJOR) — "
        f"{held[0].id}: answer accept (ondas resume --answer accept --block {held[0].id}) "
        "or restore the file and answer restored"
    )


def _open_block(
    store: Store, rel: str, sha: str, base: dict[str, Any], text: str | None, *, again: bool
) -> str:
    if sha == MISSING:
        size = "the file was deleted"
    else:
        added, removed = diff_size(base.get("text"), text)
        size = f"{added + removed} line(s) changed: +{added} -{removed}"
    still = "still " if again else ""
    question = (
        f"{rel} was {still}changed outside the pipeline (MAJOR) since the {base.get('stage')} "
        f"stage recorded it ({size}). Answer accept to take the new text as the baseline, or "
        "restore the file and answer restored."
    )
    return blocks_mod.register_block(
        store,
        question=question,
        context_for_answer=f"baseline sha256 {str(base.get('sha256'))[:16]}, now {sha[:16]}",
        options=list(OPTIONS),
        subject_key=_subject(rel, sha),
    )


def hold(store: Store, project: Path, warnings: list[str] | None = None) -> list[str]:
    """Before a wave: :func:`check`, and when a block waits, the execution awaits a human.

    No wave is opened for it: nothing of the agent's ran, so no wave, cycle or drift counts.
    """
    waiting = check(store, project, warnings)
    ex = get_execution(store)
    if waiting and ex.status == "in_progress":
        with store.transaction("preflight_held", execution_id=ex.id) as tx:
            apply_execution_changes(
                tx,
                ex.id,
                {
                    "status": "awaiting_human",
                    "next_instruction": "answer the preflight block: ondas resume --answer "
                    "accept (or restore the file and answer restored)",
                },
            )
            tx.data["blocks"] = waiting
    return waiting
