"""``ondas state recover``: rebuild a store that failed its integrity check.

The sources are the last export (``.ondas/state.json`` with its sha256 sidecar) and every
version of it in the project's git history, newest first. A candidate is used only when its
chain agrees with everything still trustworthy: its sidecar matches; its chain head lies on
the valid part of the damaged store's hash chain *and* replaying that part of the log gives
exactly the exported rows (so an export with edited rows and a recomputed sidecar is
refused); when the log cannot be read, only a version recorded in git is accepted; and the
external chain anchors (``ondas.state.anchors``, when installed) must not contradict it: the
log is trusted only up to the first event an anchor contradicts. The damaged store is moved
aside, never deleted: the SQLite file is renamed ``state.db-damaged-<time>``; on a Postgres
server the store's schema is renamed ``<schema>_damaged_<time>`` and the rebuilt schema takes
its name (the fleet's workers commit and push ``state.json`` with every wave, so a fleet
store is recovered from the submission branch's history in a worker's clone).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ondas import git as rgit
from ondas.errors import IntegrityError, RuleViolation
from ondas.record import Record, asdict, field
from ondas.state.chain import GENESIS_HASH, row_hash
from ondas.state.dialect import quote, store_url
from ondas.state.schema import Schema
from ondas.state.store import DB_NAME, Store

STATE_JSON = "state.json"
AnchorCheck = Callable[[int, str], bool | None]
"""``(seq, hash) -> False`` when external anchors contradict a chain head (``None``: unknown)."""


class Candidate(Record, frozen=True):
    """One version of the export: where it came from, its bytes and its sidecar's bytes."""

    source: str
    data: bytes
    sidecar: bytes | None
    in_git: bool


class RecoverResult(Record, frozen=True):
    """What the store was rebuilt from and where the damaged file went."""

    source: str
    execution_id: str
    chain_head: dict[str, Any]
    moved_aside: list[str]
    rejected: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def candidates(state_dir: Path) -> Iterator[Candidate]:
    """The working-tree export, then each committed version, newest first."""
    project = state_dir.parent
    path = state_dir / STATE_JSON
    side = state_dir / f"{STATE_JSON}.sha256"
    committed: list[str] = []
    rel = ""
    with suppress(OSError, rgit.GitError):
        top = rgit.run_bytes(project, "rev-parse", "--show-toplevel")
        if top.returncode == 0:
            root = Path(top.stdout.decode().strip()).resolve()
            rel = path.resolve().relative_to(root).as_posix()
            log = rgit.run_bytes(root, "log", "--format=%H", "--", rel)
            committed = [c for c in log.stdout.decode().split() if c]
            project = root
    git_versions: list[Candidate] = []
    for sha in committed:
        shown = rgit.run_bytes(project, "show", f"{sha}:{rel}")
        if shown.returncode != 0:
            continue
        sidecar = rgit.run_bytes(project, "show", f"{sha}:{rel}.sha256")
        git_versions.append(
            Candidate(
                f"git {sha[:12]}",
                shown.stdout,
                sidecar.stdout if sidecar.returncode == 0 else None,
                True,
            )
        )
    if path.is_file():
        data = path.read_bytes()
        yield Candidate(
            str(path),
            data,
            side.read_bytes() if side.is_file() else None,
            any(g.data == data for g in git_versions),
        )
    yield from git_versions


def _read_log(state_dir: Path) -> list[Any] | None:
    """Every event row of the store of ``state_dir`` in seq order, or None if unreadable."""
    url = store_url()
    if url is not None and not url.startswith("sqlite:"):
        from ondas.state.dialect import dialect_for

        dialect = dialect_for(url)
        try:
            pg = dialect.connect(state_dir, create=False, readonly=True)
        except Exception:
            return None
        try:
            return list(pg.execute("SELECT * FROM events ORDER BY seq").fetchall())
        except dialect.error:
            return None
        finally:
            pg.close()
    db = state_dir / DB_NAME
    if not db.is_file():
        return None
    try:
        conn = sqlite3.connect(f"file:{db.as_posix()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    conn.row_factory = sqlite3.Row
    try:
        return list(conn.execute("SELECT * FROM events ORDER BY seq"))
    except sqlite3.Error:
        return None
    finally:
        conn.close()


def _valid_log(state_dir: Path) -> list[Any] | None:
    """The events of the store up to the first break in the hash chain, or None if unreadable."""
    rows = _read_log(state_dir)
    if rows is None:
        return None
    valid: list[Any] = []
    prev = GENESIS_HASH
    for index, row in enumerate(rows, start=1):
        digest = row_hash(row)
        if row["seq"] != index or row["prev_hash"] != prev or row["hash"] != digest:
            break
        valid.append(row)
        prev = digest
    return valid


def _replayed_document(log: list[Any], execution_id: str, schema: Schema) -> dict[str, Any] | None:
    """The export of ``execution_id`` as the log prefix ``log`` records it."""
    from ondas.state.export import snapshot
    from ondas.state.verify import _apply_change

    shadow = sqlite3.connect(":memory:", isolation_level=None)
    shadow.row_factory = sqlite3.Row
    try:
        shadow.execute("PRAGMA foreign_keys = OFF")
        for migration in schema.migrations:
            shadow.execute("BEGIN")
            migration.apply(shadow)
            shadow.execute("COMMIT")
        for row in log:
            for change in json.loads(row["payload"]).get("changes", []):
                _apply_change(shadow, change)
        return snapshot(Store(Path("."), shadow, schema), execution_id)
    except Exception:
        return None
    finally:
        shadow.close()


def _comparable(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: doc.get(k) for k in ("execution", "counters", "tables", "extra")}


def rejection(
    candidate: Candidate,
    log: list[Any] | None,
    anchor_check: AnchorCheck | None,
    schema: Schema,
) -> tuple[str | None, dict[str, Any] | None]:
    """Why ``candidate`` cannot be trusted (``None`` when it can), and its document."""
    if candidate.sidecar is None:
        return "no sha256 sidecar", None
    expected = candidate.sidecar.decode("utf-8", "replace").split()[:1]
    if expected != [hashlib.sha256(candidate.data).hexdigest()]:
        return "does not match its sha256 sidecar", None
    try:
        doc = json.loads(candidate.data)
    except (ValueError, UnicodeDecodeError):
        return "is not valid JSON", None
    head = doc.get("chain_head") if isinstance(doc, dict) else None
    if not isinstance(head, dict) or not isinstance(head.get("seq"), int):
        return "carries no chain head", None
    seq, digest = int(head["seq"]), str(head.get("hash"))
    if anchor_check is not None and anchor_check(seq, digest) is False:
        return f"chain head {seq} contradicts the external chain anchors", None
    if log is None:
        if not candidate.in_git:
            return "is not in git history and the store's log cannot vouch for it", None
        return None, doc
    if seq > len(log) or log[seq - 1]["hash"] != digest:
        return f"chain head {seq} is not on the store's valid hash chain", None
    replayed = _replayed_document(log[:seq], str(doc["execution"]["id"]), schema)
    if replayed is None or _comparable(replayed) != _comparable(doc):
        return "its rows differ from what the log records up to its chain head", None
    return None, doc


def _anchors() -> Any:
    """The external chain-anchor module (``ondas.state.anchors``) when installed, else None."""
    import importlib

    try:
        return importlib.import_module("ondas.state.anchors")
    except ImportError:
        return None


def anchor_check_for(state_dir: Path) -> AnchorCheck | None:
    """A check of a chain head against the external anchors recorded for this store.

    Returns ``False`` when an anchor at that seq holds another hash, ``True`` when one holds
    the same hash, ``None`` when no anchor covers it; ``None`` (no check) without anchors.
    """
    module = _anchors()
    if module is None or not callable(getattr(module, "load", None)):
        return None
    anchored = {int(a.seq): str(a.hash) for a in module.load(state_dir)}

    def check(seq: int, digest: str) -> bool | None:
        return None if seq not in anchored else anchored[seq] == digest

    return check


def _trim_to_anchors(state_dir: Path, log: list[Any]) -> list[Any]:
    """The log up to the first event an external anchor contradicts (a rewritten tail)."""
    module = _anchors()
    if module is None or not callable(getattr(module, "load", None)):
        return log
    for anchor in sorted(module.load(state_dir), key=lambda a: int(a.seq)):
        seq = int(anchor.seq)
        if seq <= len(log) and log[seq - 1]["hash"] != anchor.hash:
            return log[: seq - 1]
    return log


def _reanchor(state_dir: Path) -> None:
    """Set the damaged chain's anchors aside and anchor the rebuilt store's head."""
    module = _anchors()
    if module is None:
        return
    retire = getattr(module, "retire_if_new", None)
    if callable(retire):
        retire(state_dir)


def _anchor_new_head(state_dir: Path, schema: Schema) -> None:
    module = _anchors()
    record = getattr(module, "record", None) if module is not None else None
    if not callable(record):
        return
    with Store.open(state_dir, readonly=True, schema=schema) as store:
        record(state_dir, store.conn, "recovered")


def recover(
    state_dir: Path, *, schema: Schema, anchor_check: AnchorCheck | None = None
) -> RecoverResult:
    """Rebuild the store of ``state_dir`` (opened with ``schema``) from the newest export whose
    chain checks out."""
    from ondas.state.dialect import dialect_for
    from ondas.state.verify import validate, verify

    dialect = dialect_for(store_url())
    where = dialect.location(state_dir)
    intact = False
    with suppress(Exception), Store.open(state_dir, readonly=True, schema=schema) as current:
        intact = verify(current).ok and validate(current).ok
    if intact:
        raise RuleViolation("store-intact", f"{where} verifies clean; there is nothing to recover")
    log = _valid_log(state_dir)
    if log is not None:
        log = _trim_to_anchors(state_dir, log)
    rejected: list[str] = []
    chosen: tuple[Candidate, dict[str, Any]] | None = None
    for candidate in candidates(state_dir):
        why, doc = rejection(candidate, log, anchor_check, schema)
        if why is None and doc is not None:
            chosen = (candidate, doc)
            break
        rejected.append(f"{candidate.source}: {why}")
    if chosen is None:
        detail = "; ".join(rejected[:3]) or "no export found"
        raise IntegrityError(f"no trustworthy export to recover from ({detail})")
    candidate, doc = chosen
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    if dialect.name == "sqlite":
        execution_id, moved = _rebuild_file(state_dir, doc, candidate, rejected, stamp, schema)
    else:
        execution_id, moved = _rebuild_schema(state_dir, doc, candidate, rejected, schema)
    return RecoverResult(candidate.source, execution_id, dict(doc["chain_head"]), moved, rejected)


def _import(fresh: Store, doc: dict[str, Any], candidate: Candidate, rejected: list[str]) -> str:
    from ondas.state.export import import_document

    execution_id = import_document(fresh, doc)
    with fresh.transaction("state_recovered", execution_id=execution_id) as tx:
        tx.data["source"] = candidate.source
        tx.data["chain_head"] = doc["chain_head"]
        tx.data["rejected"] = rejected[:20]
    return execution_id


def _rebuild_file(
    state_dir: Path,
    doc: dict[str, Any],
    candidate: Candidate,
    rejected: list[str],
    stamp: str,
    schema: Schema,
) -> tuple[str, list[str]]:
    """Build the new ``state.db`` aside, move the damaged file aside, move the new one in."""
    db = state_dir / DB_NAME
    build = state_dir / f".recover-{stamp}"
    with Store.open(build, create=True, schema=schema) as fresh:
        execution_id = _import(fresh, doc, candidate, rejected)
    moved: list[str] = []
    for suffix in ("", "-wal", "-shm"):
        old = Path(f"{db}{suffix}")
        if old.exists():
            aside = Path(f"{db}-damaged-{stamp}{suffix}")
            os.replace(old, aside)
            moved.append(str(aside))
    _reanchor(state_dir)
    os.replace(build / DB_NAME, db)
    _anchor_new_head(state_dir, schema)
    for leftover in build.iterdir():
        leftover.unlink()
    build.rmdir()
    return execution_id, moved


def _rebuild_schema(
    state_dir: Path,
    doc: dict[str, Any],
    candidate: Candidate,
    rejected: list[str],
    store_parts: Schema,
) -> tuple[str, list[str]]:
    """Build the new store in a schema of its own, rename the damaged one aside, swap names."""
    import time

    from ondas.state.postgres import _psycopg, schema_for, store_schema

    url = store_url()
    assert url is not None
    schema = schema_for(state_dir)
    tag = f"{time.time_ns() // 1000:x}"
    build, aside = f"{schema[:40]}_recover_{tag}", f"{schema[:40]}_damaged_{tag}"
    with store_schema(build), Store.open(state_dir, create=True, schema=store_parts) as fresh:
        execution_id = _import(fresh, doc, candidate, rejected)
    with _psycopg().connect(url, autocommit=True) as server:
        server.execute(f"ALTER SCHEMA {quote(schema)} RENAME TO {quote(aside)}")
        _reanchor(state_dir)
        server.execute(f"ALTER SCHEMA {quote(build)} RENAME TO {quote(schema)}")
    _anchor_new_head(state_dir, store_parts)
    return execution_id, [f"schema {aside}"]
