"""Canonical serialisation and hashing of audit-log events.

Every writer hashes here, including the PostToolUse hook (a new process per tool call). So
the canonical text comes from the C encoder that :mod:`json` itself uses, without importing
:mod:`json` (whose import pulls :mod:`re` and compiles its patterns, about as long as starting
the interpreter), and SHA-256 from the interpreter's built-in module rather than OpenSSL's
(loading libcrypto through :mod:`hashlib` costs ~2 ms). Same text, same digests: a test
compares both with :func:`json.dumps` and :func:`hashlib.sha256`.
"""

from __future__ import annotations

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

GENESIS_HASH = "0" * 64


def _not_serialisable(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def canonical(value: Any) -> str:
    """The one canonical JSON text of ``value``: sorted keys, no spaces, UTF-8.

    Exactly ``json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``;
    a value the C encoder refuses (or an interpreter without it) goes through :mod:`json`,
    which then raises its own error.
    """
    try:
        from _json import encode_basestring, make_encoder
    except ImportError:  # pragma: no cover - CPython always has the accelerator
        pass
    else:
        # The arguments json.JSONEncoder.iterencode gives the C encoder for these options
        # (markers: a fresh dict for the circular-reference check).
        encode = make_encoder(
            {}, _not_serialisable, encode_basestring, None, ":", ",", True, False, True
        )
        try:
            return "".join(encode(value, 0))
        except (TypeError, ValueError, RecursionError):
            pass
    import json

    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sha256_hex(data: bytes) -> str:
    """The SHA-256 hex digest of ``data`` (the built-in implementation when there is one)."""
    try:
        from _sha256 import sha256  # Python 3.11
    except ImportError:  # pragma: no cover - depends on the interpreter version
        try:
            from _sha2 import sha256  # Python 3.12+
        except ImportError:
            from hashlib import sha256
    return str(sha256(data).hexdigest())


def event_hash(
    *,
    seq: int,
    ts: str,
    execution_id: str | None,
    type_: str,
    description: str | None,
    payload: str,
    prev_hash: str,
) -> str:
    """sha256 over the canonical serialisation of one event and its predecessor's hash."""
    body = canonical(
        {
            "seq": seq,
            "ts": ts,
            "execution_id": execution_id,
            "type": type_,
            "description": description,
            "payload": payload,
            "prev_hash": prev_hash,
        }
    )
    return sha256_hex(body.encode("utf-8"))


def row_hash(row: Any) -> str:
    """The hash a stored event's content gives (``row``: its columns by name)."""
    return event_hash(
        seq=row["seq"],
        ts=row["ts"],
        execution_id=row["execution_id"],
        type_=row["type"],
        description=row["description"],
        payload=row["payload"],
        prev_hash=row["prev_hash"],
    )


def append_event(
    conn: Any,
    execution_id: str | None,
    event_type: str,
    description: str | None,
    changes: list[dict[str, Any]],
    data: dict[str, Any],
) -> None:
    """Chain one event after the log's last inside the caller's transaction on ``conn``, and
    move the recorded chain head to it (the same SQL on SQLite and Postgres).

    The one writer of the log: :class:`~ondas.state.store.Store` for every transaction and
    the PostToolUse hook's lean path (:mod:`ondas.audit.observe_lean`).
    """
    from ondas.state.clock import utcnow

    last = conn.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
    seq = (last[0] + 1) if last else 1
    prev = last[1] if last else GENESIS_HASH
    ts = utcnow()
    payload = canonical({"changes": changes, "data": data})
    digest = event_hash(
        seq=seq,
        ts=ts,
        execution_id=execution_id,
        type_=event_type,
        description=description,
        payload=payload,
        prev_hash=prev,
    )
    conn.execute(
        "INSERT INTO events (seq, ts, execution_id, type, description, payload, prev_hash,"
        " hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (seq, ts, execution_id, event_type, description, payload, prev, digest),
    )
    conn.execute(
        "INSERT INTO meta (key, value) VALUES ('chain_head', ?) "
        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (f"{seq}:{digest}",),
    )
