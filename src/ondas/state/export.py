"""A readable JSON snapshot of an execution (export) and loading one back (import)."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from ondas.errors import IntegrityError, RuleViolation, UsageError
from ondas.state import legacy, migrations
from ondas.state.atomic import atomic_write as atomic_write
from ondas.state.dialect import quote
from ondas.state.execution import (
    ASPECT_KINDS,
    COLUMNS,
    STATUSES,
    TERMINAL_STATUSES,
    TOKEN_RE,
    canonical_project_name,
    check_new_execution,
    get_execution,
)
from ondas.state.store import Store, Tx, utcnow
from ondas.state.verify import ID_RE

EXEC_ID_RE = re.compile(r"exec-[0-9]+")
FORMAT = "ondas-state"
FORMAT_VERSION = 1
# Tables exported explicitly as part of ``execution``, or store bookkeeping.
CORE_TABLES = frozenset({"executions", "key_aspects", "metrics", "counters", "locks", "extras"})
# Tables exported as a summary, not as rows: observed tool outputs are one row per tool
# call (a long run holds tens of thousands, most of state.json's size). Their rows and texts
# stay in state.db, hashed into the audit chain; state.json, rewritten and committed at every
# wave, keeps a constant-size summary so a wave's bookkeeping does not grow with the run.
SUMMARISED_TABLES: dict[str, str] = {"observed_outputs": "obs"}  # table: its id prefix


def _execution_tables(store: Store) -> list[str]:
    out = []
    for table in migrations.audited_tables(store.conn, store.dialect):
        if table in CORE_TABLES:
            continue
        if "execution_id" in store.columns(table):
            out.append(table)
    return out


def snapshot(
    store: Store, execution_id: str | None = None, *, outputs: bool = False
) -> dict[str, Any]:
    """The canonical JSON document of one execution, read from one consistent snapshot.

    Observed tool outputs are summarised (count and last id) unless ``outputs``: then their
    rows, texts included, are exported like any other table's.
    """
    with store.snapshot():
        return _snapshot(store, execution_id, outputs)


def _snapshot(store: Store, execution_id: str | None, outputs: bool) -> dict[str, Any]:
    execution = get_execution(store, execution_id)
    tables: dict[str, list[dict[str, Any]]] = {}
    execution_tables = _execution_tables(store)
    for table in execution_tables:
        if table in SUMMARISED_TABLES and not outputs:
            continue
        order = ", ".join(quote(c) for c in store.dialect.key_columns(store.conn, table))
        rows = store.all(
            f"SELECT * FROM {quote(table)} WHERE execution_id = ? ORDER BY {order}",
            (execution.id,),
        )
        tables[table] = [dict(r) for r in rows]
    counters = {
        r["name"]: r["value"]
        for r in store.all("SELECT name, value FROM counters WHERE scope = ?", (execution.id,))
    }
    extra = execution.extra
    head = store.one("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1")
    fields = execution.to_dict()
    fields.pop("extra", None)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "schema_version": store.schema_version,
        "exported_at": utcnow(),
        "chain_head": {"seq": head["seq"], "hash": head["hash"]} if head else None,
        "execution": fields,
        "counters": counters,
        "tables": tables,
        "summaries": {
            table: _summary(store, table, execution.id)
            for table in SUMMARISED_TABLES
            if table in execution_tables and not outputs
        },
        "extra": extra,
    }


def _summary(store: Store, table: str, execution_id: str) -> dict[str, Any]:
    """A constant-size digest of ``table``'s rows of one execution: how many, the last id.

    Read from the id counter (rows of these tables are never deleted), not from the rows."""
    prefix = SUMMARISED_TABLES[table]
    row = store.one(
        "SELECT value FROM counters WHERE scope = ? AND name = ?", (execution_id, prefix)
    )
    count = int(row["value"]) if row else 0
    return {"count": count, "last": f"{prefix}-{count:03d}" if count else None}


# Keys whose values are digests: never secrets, and scrubbing them would break checks.
DIGEST_KEYS = frozenset({"sha256", "hash", "prev_hash"})


# Strings up to this length are scrubbed through a cache: state.json is rewritten at every
# wave from rows that mostly did not change, and scrubbing is a pure function of the text.
_CACHED_SCRUB_MAX = 4096


@lru_cache(maxsize=32768)
def _scrub_cached(text: str, env_values: tuple[str, ...]) -> str:
    from ondas.guards.secrets import scrub

    return scrub(text, env_values=env_values)


def _redact(value: Any, env_values: tuple[str, ...], key: str | None = None) -> Any:
    if isinstance(value, str):
        if key in DIGEST_KEYS or not value:
            return value
        if len(value) <= _CACHED_SCRUB_MAX:
            return _scrub_cached(value, env_values)
        from ondas.guards.secrets import scrub

        return scrub(value, env_values=env_values)
    if isinstance(value, dict):
        return {k: _redact(v, env_values, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_redact(v, env_values, key) for v in value]
    return value


def redacted(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with every secret in its strings replaced (the project's ``.env`` values too).

    Everything ondas writes next to the project goes through ``ondas.guards.secrets``.
    """
    from ondas.guards.secrets import load_env_values

    project = (doc.get("execution") or {}).get("project_path")
    env_values: list[str] = []
    if isinstance(project, str) and project:
        env_file = Path(project) / ".env"
        try:
            env_values = list(load_env_values(env_file)) if env_file.is_file() else []
        except (OSError, UnicodeDecodeError, UsageError):
            env_values = []
    result: dict[str, Any] = _redact(doc, tuple(env_values))
    return result


def export(
    store: Store, path: Path, execution_id: str | None = None, *, outputs: bool = False
) -> dict[str, Any]:
    """Write ``state.json`` (secrets scrubbed) and its ``.sha256`` sidecar atomically.

    Without ``outputs`` the observed tool outputs are summarised (see :func:`snapshot`).
    """
    if path.is_dir():
        raise UsageError(f"{path} is a directory; give the path of the file to write")
    doc = redacted(snapshot(store, execution_id, outputs=outputs))
    data = (dumps(doc) + "\n").encode()
    atomic_write(path, data)
    atomic_write(sidecar_path(path), f"{hashlib.sha256(data).hexdigest()}  {path.name}\n".encode())
    return doc


EXPANDED_DEPTH = 2
"""Containers down to this depth are spread over lines; deeper ones stay on one line."""


def dumps(doc: Any, depth: int = 0) -> str:
    """``doc`` as JSON with sorted keys: indented down to each table's rows, a row per line.

    state.json is rewritten and committed at every wave: a row per line keeps each git diff to
    the rows that changed, and each row is written by the C encoder (``json.dumps`` with an
    ``indent`` runs the pure-Python one, the largest part of a long run's export).
    """
    if depth > EXPANDED_DEPTH or not isinstance(doc, (dict, list)) or not doc:
        return json.dumps(doc, sort_keys=True, ensure_ascii=False)
    pad = "  " * (depth + 1)
    if isinstance(doc, dict):
        items = [
            f"{pad}{json.dumps(str(k), ensure_ascii=False)}: {dumps(doc[k], depth + 1)}"
            for k in sorted(doc)
        ]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    return (
        "[\n" + ",\n".join(f"{pad}{dumps(v, depth + 1)}" for v in doc) + "\n" + "  " * depth + "]"
    )


def sidecar_path(path: Path) -> Path:
    """The sha256 sidecar of ``path``."""
    return path.with_name(path.name + ".sha256")


def read_verified(path: Path, *, accept_unverified: bool = False) -> dict[str, Any]:
    """Read a state file, refusing it when its sha256 sidecar is missing or differs."""
    from ondas.pathpolicy import IMPORT_LIMIT, read_bytes, read_text

    try:
        data = read_bytes(path, limit=IMPORT_LIMIT, what="state file")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from exc
    if not accept_unverified:
        side = sidecar_path(path)
        if not side.exists():
            raise IntegrityError(
                f"{side.name} is missing; refusing an unverified state file "
                "(use --accept-unverified to load it anyway)"
            )
        expected = read_text(side, what="sha256 sidecar").split()[:1]
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
        raise UsageError(
            "not an ondas state file (no 'format', and no Portuguese 'execucao', 'ondas', "
            "'decisoes' or 'bloqueios_humanos' key)"
        )
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


def _keep(extra: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    """Store ``value`` at the nested ``path`` of ``extra`` (creating dicts on the way)."""
    node = extra
    for part in path[:-1]:
        child = node.get(part)
        if not isinstance(child, dict):
            child = {} if child is None else {"_value": child}
            node[part] = child
        node = child
    node[path[-1]] = value


def _execution_row(execution: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """The ``executions`` row of an imported execution; unknown keys go to ``extra``."""
    row: dict[str, Any] = {}
    for key, value in execution.items():
        if key in COLUMNS:
            row[key] = value
        elif key == "extra" and isinstance(value, dict):
            for k, v in value.items():
                _keep(extra, (k,), v)
        elif key not in ("key_aspects", "metrics"):
            _keep(extra, ("execution", key), value)
    if not row.get("project_path") or not isinstance(row["project_path"], str):
        raise UsageError("the state file names no project_path")
    row.setdefault("status", "in_progress")
    if row["status"] not in STATUSES:
        raise UsageError(f"unknown status {row['status']!r} in the state file")
    if not row.get("started_at"):
        row["started_at"] = utcnow()
    if row["status"] in TERMINAL_STATUSES and not row.get("finished_at"):
        raise RuleViolation(
            "terminal-needs-finished-at", "the state file has a terminal status but no finished_at"
        )
    if row["status"] not in TERMINAL_STATUSES and row.get("finished_at"):
        raise RuleViolation(
            "finished-at-needs-terminal", "the state file has finished_at on an active execution"
        )
    if not row.get("project_name"):
        row["project_name"] = canonical_project_name(Path(row["project_path"]))
    for name, default in (
        ("description", ""),
        ("invocation_type", "import"),
        ("current_stage", "briefing"),
        ("delivery_tier", "cloud-public"),
    ):
        if row.get(name) is None:
            row[name] = default
    check_new_execution(
        description=row["description"],
        suggested_stack=row.get("suggested_stack"),
        invocation_type=row["invocation_type"],
        current_stage=row["current_stage"],
        delivery_tier=row["delivery_tier"],
    )
    for name in ("termination_reason", "next_instruction", "finished_at"):
        if row.get(name) is not None and not isinstance(row[name], str):
            raise UsageError(f"{name} in the state file must be a string")
    for name in ("roadmap_mode", "atomic_commit"):
        value = row.get(name, False)
        if not isinstance(value, bool | int) or value not in (0, 1):
            raise UsageError(f"{name} in the state file must be true or false")
        row[name] = int(value)
    return row


def prepare_import(doc: dict[str, Any]) -> dict[str, Any]:
    """Normalise and check a document without touching any store (bad input -> exit 2).

    Returns the canonical document :func:`import_document` loads.
    """
    canonical_doc = normalise(doc)
    execution = canonical_doc.get("execution")
    if not isinstance(execution, dict):
        raise UsageError("the state file has no execution object")
    for name in ("counters", "tables", "extra"):
        if not isinstance(canonical_doc.get(name) or {}, dict):
            raise UsageError(f"{name!r} in the state file must be an object")
    _execution_row(dict(execution), {})
    return canonical_doc


def import_document(store: Store, doc: dict[str, Any]) -> str:
    """Load a (canonical or legacy) document as a new execution; return its id.

    The execution keeps the file's id when it is free and not a sequential ``exec-N``;
    otherwise it gets the next ``exec-N`` and the file's id is kept as ``extra.original_id``.
    Rows of tables this store knows are inserted; anything without a
    column or refused by the schema is kept under ``extra``; nothing is dropped.
    """
    doc = prepare_import(doc)
    execution = dict(doc["execution"])
    extra: dict[str, Any] = dict(doc.get("extra") or {})
    row = _execution_row(execution, extra)
    known = set(migrations.audited_tables(store.conn, store.dialect)) - CORE_TABLES
    try:
        return _import(store, doc, row, execution, extra, known)
    except store.dialect.integrity_error as exc:
        raise UsageError(f"state file rejected by the schema: {exc}") from exc


def _legacy_counters(tables: dict[str, Any]) -> dict[str, int]:
    """Counters that keep new ids (``dec-004``) clear of the imported ones."""
    counters: dict[str, int] = {}
    for rows in tables.values():
        for item in rows if isinstance(rows, list) else []:
            match = ID_RE.fullmatch(str(item.get("id", ""))) if isinstance(item, dict) else None
            if match:
                name, number = match.group(1), int(match.group(2))
                counters[name] = max(counters.get(name, 0), number)
    return counters


def _import_rows(
    tx: Tx,
    exec_id: str,
    table: str,
    rows: list[Any],
    extra: dict[str, Any],
    adapt: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Insert ``rows`` into ``table``; return the records stored. Whatever a row loses on the
    way (no column, changed by the adapter, refused by the schema) goes to ``extra``."""
    cols = set(tx.dialect.columns(tx.conn, table))
    kept: list[Any] = []
    inserted: list[dict[str, Any]] = []
    for index, original in enumerate(rows):
        if not isinstance(original, dict):
            kept.append({"index": index, "row": original})
            continue
        try:
            item = adapt(dict(original)) if adapt is not None else original
        except Exception as exc:  # a layer's adapter failing must not lose the row
            kept.append({"index": index, "row": original, "refused": f"adapter: {exc}"})
            continue
        record = {
            k: json.dumps(v, sort_keys=True) if isinstance(v, dict | list) else v
            for k, v in item.items()
            if k in cols and k != "execution_id"
        }
        record["execution_id"] = exec_id
        try:
            with tx.savepoint():
                tx.insert(table, record)
        except tx.dialect.error as exc:
            kept.append({"index": index, "row": original, "refused": str(exc)})
            continue
        inserted.append(record)
        leftovers = {
            k: v for k, v in original.items() if k == "execution_id" or not _stored(record, k, v)
        }
        leftovers.pop("execution_id", None)
        if leftovers:
            kept.append({"index": index, "unmapped": leftovers})
    if kept:
        _keep(extra, (f"{table}.unmapped",), kept)
    return inserted


def _stored(record: dict[str, Any], key: str, value: Any) -> bool:
    """True when ``record`` holds ``value`` under ``key`` (JSON text counts as equal)."""
    if key not in record:
        return False
    held = record[key]
    if held == value:
        return True
    if isinstance(held, str) and isinstance(value, dict | list):
        try:
            return bool(json.loads(held) == value)
        except json.JSONDecodeError:
            return False
    return False


def _import_id(tx: Tx, wanted: Any) -> str:
    """The id of an imported execution: the file's own id when it is free and not one of the
    store's sequential ``exec-N`` ids (those are always taken from the counter, gap-free);
    otherwise the next ``exec-N``."""
    if (
        isinstance(wanted, str)
        and TOKEN_RE.match(wanted)
        and not EXEC_ID_RE.fullmatch(wanted)
        and tx.one("SELECT 1 FROM executions WHERE id = ?", (wanted,)) is None
    ):
        return wanted
    return tx.next_id("", "exec")


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
        exec_id = _import_id(tx, row.get("id"))
        original = row.get("id")
        if original is not None and original != exec_id:
            extra["original_id"] = original
        row["id"] = exec_id
        tx.execution_id = exec_id
        tx.insert("executions", row)
        aspects = execution.get("key_aspects") or {}
        if not isinstance(aspects, dict):
            aspects = {"unknown": aspects}
        for kind, items in aspects.items():
            if kind not in ASPECT_KINDS:
                _keep(extra, ("execution", "key_aspects", kind), items)
                continue
            for pos, aspect in enumerate(items if isinstance(items, list) else [items]):
                if isinstance(aspect, str) and aspect:
                    tx.insert(
                        "key_aspects",
                        {"execution_id": exec_id, "kind": kind, "position": pos, "aspect": aspect},
                    )
                else:
                    _keep(extra, ("execution", "key_aspects", f"{kind}.{pos}"), aspect)
        metrics = execution.get("metrics") or {}
        for name, value in (metrics if isinstance(metrics, dict) else {}).items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                tx.insert("metrics", {"execution_id": exec_id, "name": name, "value": value})
            else:
                _keep(extra, ("execution", "metrics", name), value)
        if not isinstance(metrics, dict):
            _keep(extra, ("execution", "metrics"), metrics)
        tables = doc.get("tables") or {}
        legacy_doc = doc.get("imported_from") == "legacy"
        stored: dict[str, list[dict[str, Any]]] = {}
        adapters = store.schema.row_adapters
        for table, rows in tables.items():
            if table in known and isinstance(rows, list):
                adapt = adapters.get(table) if legacy_doc else None
                stored[table] = _import_rows(tx, exec_id, table, rows, extra, adapt)
            elif rows:
                _keep(extra, (table,), rows)
        counters: dict[str, Any] = {}
        if legacy_doc:
            # New ids (dec-004) must not collide with imported ones, as written or as stored.
            counters.update(_legacy_counters(tables))
            for name, value in _legacy_counters(stored).items():
                counters[name] = max(value, counters.get(name, 0))
        for name, value in (doc.get("counters") or {}).items():
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                counters[name] = max(value, counters.get(name, 0))
            else:
                _keep(extra, ("counters", name), value)
        for name, value in sorted(counters.items()):
            tx.insert("counters", {"scope": exec_id, "name": name, "value": value})
        for key, value in sorted(extra.items()):
            tx.insert(
                "extras",
                {"execution_id": exec_id, "key": key, "value": json.dumps(value, sort_keys=True)},
            )
        tx.data["imported_from"] = doc.get("imported_from", "export")
    return str(exec_id)


REPORTED_TABLES = ("waves", "decisions", "blocks", "tasks", "key_aspects", "metrics")
MAX_NOT_CARRIED = 100


def _not_carried(key: str, value: Any) -> list[str]:
    """Readable paths of one ``extras`` entry an import kept aside."""
    if key.endswith(".unmapped") and isinstance(value, list):
        table = key.rsplit(".", 1)[0]
        out = []
        for item in value:
            if not isinstance(item, dict):
                continue
            where = f"{table}[{item.get('index')}]"
            if "refused" in item:
                out.append(f"{where}: row refused ({str(item['refused'])[:80]})")
            else:
                out.append(f"{where}: {', '.join(sorted(item.get('unmapped') or {}))}")
        return out
    if isinstance(value, dict) and value:
        return [p for sub, v in value.items() for p in _not_carried(f"{key}.{sub}", v)]
    return [key]


def import_report(store: Store, execution_id: str) -> dict[str, Any]:
    """What an import carried into rows (count per table) and what it kept aside in
    ``extras`` because no row holds it (``not_carried``, one readable path each)."""
    carried = {
        table: int(
            (
                store.one(
                    f"SELECT COUNT(*) AS n FROM {table} WHERE execution_id = ?", (execution_id,)
                )
                or {"n": 0}
            )["n"]
        )
        for table in REPORTED_TABLES
    }
    not_carried: list[str] = []
    for row in store.all(
        "SELECT key, value FROM extras WHERE execution_id = ? ORDER BY key", (execution_id,)
    ):
        not_carried += _not_carried(str(row["key"]), json.loads(row["value"]))
    return {"carried": carried, "not_carried": not_carried[:MAX_NOT_CARRIED]}
