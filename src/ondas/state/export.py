"""A readable JSON snapshot of an execution (export) and loading one back (import)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ondas.errors import IntegrityError, RuleViolation, UsageError
from ondas.state import legacy, migrations
from ondas.state.execution import (
    ASPECT_KINDS,
    COLUMNS,
    STATUSES,
    TERMINAL_STATUSES,
    canonical_project_name,
    get_execution,
)
from ondas.state.store import Store, utcnow

FORMAT = "ondas-state"
FORMAT_VERSION = 1
# Tables exported explicitly as part of ``execution``, or store bookkeeping.
CORE_TABLES = frozenset({"executions", "key_aspects", "metrics", "counters", "locks", "extras"})
# Later layers register, per table, a function that maps one legacy row to their columns.
ROW_ADAPTERS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {}
_SEQUENTIAL_ID = re.compile(r"^([A-Za-z]+)-(\d+)$")


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (temp file, fsync, rename, fsync dir)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def _execution_tables(store: Store) -> list[str]:
    out = []
    for table in migrations.audited_tables(store.conn):
        if table in CORE_TABLES:
            continue
        cols = [r[1] for r in store.conn.execute(f'PRAGMA table_info("{table}")')]
        if "execution_id" in cols:
            out.append(table)
    return out


def snapshot(store: Store, execution_id: str | None = None) -> dict[str, Any]:
    """The canonical JSON document of one execution."""
    execution = get_execution(store, execution_id)
    tables: dict[str, list[dict[str, Any]]] = {}
    for table in _execution_tables(store):
        rows = store.all(
            f'SELECT * FROM "{table}" WHERE execution_id = ? ORDER BY rowid', (execution.id,)
        )
        tables[table] = [dict(r) for r in rows]
    counters = {
        r["name"]: r["value"]
        for r in store.all("SELECT name, value FROM counters WHERE scope = ?", (execution.id,))
    }
    extra = {
        r["key"]: json.loads(r["value"])
        for r in store.all("SELECT key, value FROM extras WHERE execution_id = ?", (execution.id,))
    }
    head = store.one("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1")
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "schema_version": store.schema_version,
        "exported_at": utcnow(),
        "chain_head": {"seq": head["seq"], "hash": head["hash"]} if head else None,
        "execution": execution.to_dict(),
        "counters": counters,
        "tables": tables,
        "extra": extra,
    }


def export(store: Store, path: Path, execution_id: str | None = None) -> dict[str, Any]:
    """Write ``state.json`` and its ``.sha256`` sidecar atomically; return the document."""
    doc = snapshot(store, execution_id)
    data = (json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()
    atomic_write(path, data)
    atomic_write(sidecar_path(path), f"{hashlib.sha256(data).hexdigest()}  {path.name}\n".encode())
    return doc


def sidecar_path(path: Path) -> Path:
    """The sha256 sidecar of ``path``."""
    return path.with_name(path.name + ".sha256")


def read_verified(path: Path, *, accept_unverified: bool = False) -> dict[str, Any]:
    """Read a state file, refusing it when its sha256 sidecar is missing or differs."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from exc
    if not accept_unverified:
        side = sidecar_path(path)
        if not side.exists():
            raise IntegrityError(
                f"{side.name} is missing; refusing an unverified state file "
                "(use --accept-unverified to load it anyway)"
            )
        expected = side.read_text(encoding="utf-8").split()[:1]
        actual = hashlib.sha256(data).hexdigest()
        if expected != [actual]:
            raise IntegrityError(
                f"{path.name} does not match its sha256 sidecar (use --accept-unverified "
                "to load it anyway)"
            )
    try:
        doc = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path} is not valid JSON: {exc}") from exc
    if not isinstance(doc, dict):
        raise UsageError(f"{path} does not hold a JSON object")
    return doc


def normalise(doc: dict[str, Any]) -> dict[str, Any]:
    """Bring an exported or legacy document to the canonical import shape."""
    if doc.get("format") == FORMAT:
        return doc
    if not legacy.is_legacy(doc):
        raise UsageError("not an ondas state file (no 'format' and no legacy 'execucao' key)")
    t = legacy.translate(doc)
    tables: dict[str, list[Any]] = {}
    for key in ("waves", "decisions", "blocks", "tasks", "events"):
        if key in t:
            tables[key] = t[key]
    extra = dict(t.get("extra", {}))
    if "legacy_schema_version" in t:
        extra["legacy_schema_version"] = t["legacy_schema_version"]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "execution": t["execution"],
        "counters": {},
        "tables": tables,
        "extra": extra,
        "imported_from": "legacy",
    }


def _execution_row(execution: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for key, value in execution.items():
        if key in COLUMNS:
            row[key] = value
        elif key not in ("key_aspects", "metrics"):
            extra[f"execution.{key}"] = value
    if not row.get("project_path"):
        raise UsageError("the state file names no project_path")
    row.setdefault("status", "in_progress")
    if row["status"] not in STATUSES:
        raise UsageError(f"unknown status {row['status']!r} in the state file")
    row.setdefault("started_at", utcnow())
    if row["status"] in TERMINAL_STATUSES and not row.get("finished_at"):
        raise RuleViolation(
            "terminal-needs-finished-at", "the state file has a terminal status but no finished_at"
        )
    row.setdefault("project_name", canonical_project_name(Path(row["project_path"])))
    row.setdefault("description", "")
    row.setdefault("invocation_type", "import")
    row.setdefault("current_stage", "briefing")
    row.setdefault("delivery_tier", "cloud-public")
    row["roadmap_mode"] = int(bool(row.get("roadmap_mode", False)))
    row["atomic_commit"] = int(bool(row.get("atomic_commit", False)))
    return row


def import_document(store: Store, doc: dict[str, Any]) -> str:
    """Load a (canonical or legacy) document as a new execution; return its id.

    Rows of tables this store knows are inserted; everything else is kept under ``extras``.
    """
    doc = normalise(doc)
    execution = dict(doc.get("execution") or {})
    extra: dict[str, Any] = dict(doc.get("extra") or {})
    row = _execution_row(execution, extra)
    known = set(migrations.audited_tables(store.conn)) - CORE_TABLES
    try:
        return _import(store, doc, row, execution, extra, known)
    except sqlite3.IntegrityError as exc:
        raise UsageError(f"state file rejected by the schema: {exc}") from exc


def _import(
    store: Store,
    doc: dict[str, Any],
    row: dict[str, Any],
    execution: dict[str, Any],
    extra: dict[str, Any],
    known: set[str],
) -> str:
    with store.transaction("state_imported", description="import of a state file") as tx:
        if row.get("status") in ("in_progress", "awaiting_human"):
            active = tx.one(
                "SELECT id FROM executions WHERE status IN ('in_progress', 'awaiting_human')"
            )
            if active is not None:
                raise RuleViolation(
                    "execution-active",
                    f"execution {active['id']} is still active; abort or complete it first",
                )
        wanted = row.get("id")
        if not wanted or tx.one("SELECT 1 FROM executions WHERE id = ?", (wanted,)):
            if wanted:
                extra["original_id"] = wanted
            row["id"] = tx.next_id("", "exec")
        exec_id = row["id"]
        tx.execution_id = exec_id
        tx.insert("executions", row)
        aspects = execution.get("key_aspects") or {}
        for kind in ASPECT_KINDS:
            for pos, aspect in enumerate(aspects.get(kind) or []):
                tx.insert(
                    "key_aspects",
                    {"execution_id": exec_id, "kind": kind, "position": pos, "aspect": str(aspect)},
                )
        for name, value in (execution.get("metrics") or {}).items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                tx.insert("metrics", {"execution_id": exec_id, "name": name, "value": value})
            else:
                extra[f"metrics.{name}"] = value
        for name, value in (doc.get("counters") or {}).items():
            tx.insert("counters", {"scope": exec_id, "name": name, "value": int(value)})
        highest: dict[str, int] = {}
        for table, rows in (doc.get("tables") or {}).items():
            if table in known and rows:
                cols = {r[1] for r in tx.conn.execute(f'PRAGMA table_info("{table}")')}
                adapt = ROW_ADAPTERS.get(table) if doc.get("imported_from") == "legacy" else None
                for item in rows:
                    if adapt is not None and isinstance(item, dict):
                        item = adapt(item)
                    match = _SEQUENTIAL_ID.match(str(item.get("id", "")))
                    if match:
                        prefix, number = match[1], int(match[2])
                        highest[prefix] = max(highest.get(prefix, 0), number)
                    record = {
                        k: json.dumps(v, sort_keys=True) if isinstance(v, dict | list) else v
                        for k, v in item.items()
                        if k in cols
                    }
                    record["execution_id"] = exec_id
                    tx.insert(table, record)
            elif rows:
                extra[table] = rows
        for prefix, number in highest.items():
            current = tx.one(
                "SELECT value FROM counters WHERE scope = ? AND name = ?", (exec_id, prefix)
            )
            if current is None or current["value"] < number:
                tx.upsert("counters", {"scope": exec_id, "name": prefix}, {"value": number})
        for key, value in extra.items():
            tx.insert(
                "extras",
                {"execution_id": exec_id, "key": key, "value": json.dumps(value, sort_keys=True)},
            )
        tx.data["imported_from"] = doc.get("imported_from", "export")
    return str(exec_id)
