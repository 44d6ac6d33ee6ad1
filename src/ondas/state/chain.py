"""Canonical serialisation and hashing of audit-log events."""

from __future__ import annotations

import json

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

GENESIS_HASH = "0" * 64


def canonical(value: Any) -> str:
    """The one canonical JSON text of ``value``: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


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
    import hashlib  # only writers and verify hash: a read-only command never loads it

    return hashlib.sha256(body.encode("utf-8")).hexdigest()
