"""The fleet's bookkeeping on the shared Postgres server: submissions and worker heartbeats.

Each submission is one execution with a store of its own (a schema) and a branch of its own
in the project remote. ``ticket`` grows with every enqueue: a task carrying an older ticket
is a duplicate (a redelivery, a requeue of an orphan) and drops itself, so one wave at a
time runs per submission whatever the broker redelivers.
"""

from __future__ import annotations

import os
import re
import socket
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from typing import Any

from ondas.errors import StateMissing, UsageError
from ondas.fleet.config import store_url


def schema() -> str:
    """The registry's schema (``ONDAS_FLEET_SCHEMA``, default ``ondas_fleet``)."""
    name = os.environ.get("ONDAS_FLEET_SCHEMA", "").strip() or "ondas_fleet"
    if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", name):
        raise UsageError("ONDAS_FLEET_SCHEMA must be lowercase letters, digits and _")
    return name


STATUSES = ("queued", "running", "awaiting_human", "completed", "aborted", "failed")
FINAL = ("completed", "aborted", "failed")
_LOCK = 0x6F6E646173  # pg_advisory_lock key of the registry's DDL
_DDL = """
CREATE SCHEMA IF NOT EXISTS __SCHEMA__;
CREATE TABLE IF NOT EXISTS __SCHEMA__.submissions (
    id TEXT PRIMARY KEY,
    remote TEXT NOT NULL,
    branch TEXT NOT NULL,
    store_schema TEXT NOT NULL,
    description TEXT NOT NULL,
    backend TEXT NOT NULL,
    auto_answer BOOLEAN NOT NULL,
    wave_delay DOUBLE PRECISION NOT NULL,
    status TEXT NOT NULL,
    ticket BIGINT NOT NULL DEFAULT 0,
    worker TEXT,
    waves BIGINT NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS __SCHEMA__.workers (
    name TEXT PRIMARY KEY,
    host TEXT NOT NULL,
    pid BIGINT NOT NULL,
    concurrency BIGINT NOT NULL,
    started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    beat_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
"""


@dataclass(frozen=True)
class Submission:
    """One submitted execution."""

    id: str
    remote: str
    branch: str
    store_schema: str
    description: str
    backend: str
    auto_answer: bool
    wave_delay: float
    status: str
    ticket: int
    worker: str | None
    waves: int
    last_error: str | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


_COLUMNS = (
    "id, remote, branch, store_schema, description, backend, auto_answer, wave_delay, status, "
    "ticket, worker, waves, last_error"
)


def _row(row: Any) -> Submission:
    return Submission(*row)


@contextmanager
def connect() -> Iterator[Any]:
    """An autocommit connection with the registry's tables in place."""
    from ondas.state.postgres import _psycopg, redact

    psycopg = _psycopg()
    url = store_url()
    try:
        conn = psycopg.connect(url, autocommit=True)
    except psycopg.Error as exc:
        raise StateMissing(f"cannot reach the store server {redact(url)}") from exc
    try:
        conn.execute("SELECT pg_advisory_lock(%s)", (_LOCK,))
        try:
            for statement in _DDL.replace("__SCHEMA__", schema()).split(";"):
                if statement.strip():
                    conn.execute(statement)
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (_LOCK,))
        yield conn
    finally:
        conn.close()


def add(
    *, remote: str, description: str, backend: str, auto_answer: bool, wave_delay: float
) -> Submission:
    """Record a new submission (status ``queued``, ticket 0)."""
    if not remote.strip():
        raise UsageError("the project remote must not be empty")
    if not description.strip():
        raise UsageError("--description is required")
    if wave_delay < 0:
        raise UsageError("--wave-delay cannot be negative")
    ident = uuid.uuid4().hex[:10]
    sub_id = f"sub-{ident}"
    with connect() as conn:
        row = conn.execute(
            f"INSERT INTO {schema()}.submissions (id, remote, branch, store_schema, description, "
            "backend, auto_answer, wave_delay, status) "
            f"VALUES (%s, %s, %s, %s, %s, %s, %s, %s, 'queued') RETURNING {_COLUMNS}",
            (
                sub_id,
                remote,
                f"ondas/{sub_id}",
                f"fleet_{ident}",
                description,
                backend,
                auto_answer,
                wave_delay,
            ),
        ).fetchone()
    return _row(row)


def get(sub_id: str) -> Submission:
    """One submission."""
    if not re.fullmatch(r"sub-[0-9a-f]{10}", sub_id):
        raise UsageError(f"{sub_id!r} is not a submission id")
    with connect() as conn:
        row = conn.execute(
            f"SELECT {_COLUMNS} FROM {schema()}.submissions WHERE id = %s", (sub_id,)
        ).fetchone()
    if row is None:
        raise StateMissing(f"no submission {sub_id}")
    return _row(row)


def for_store(url: str, store_schema: str) -> Submission | None:
    """The submission whose execution lives in ``store_schema`` on ``url``, if any.

    Read-only: a server without the registry's tables has no submission (nothing is created).
    """
    from ondas.state.postgres import _psycopg, redact

    psycopg = _psycopg()
    try:
        conn = psycopg.connect(url, autocommit=True)
    except psycopg.Error as exc:
        raise StateMissing(f"cannot reach the store server {redact(url)}") from exc
    with conn:
        table = conn.execute("SELECT to_regclass(%s)", (f"{schema()}.submissions",)).fetchone()
        if table is None or table[0] is None:
            return None
        row = conn.execute(
            f"SELECT {_COLUMNS} FROM {schema()}.submissions WHERE store_schema = %s",
            (store_schema,),
        ).fetchone()
    return _row(row) if row is not None else None


def all_submissions() -> list[Submission]:
    """Every submission, oldest first."""
    with connect() as conn:
        rows = conn.execute(
            f"SELECT {_COLUMNS} FROM {schema()}.submissions ORDER BY created_at, id"
        ).fetchall()
    return [_row(r) for r in rows]


def next_ticket(sub_id: str) -> int:
    """Invalidate every queued task of ``sub_id`` and return the ticket of the next one."""
    with connect() as conn:
        row = conn.execute(
            f"UPDATE {schema()}.submissions SET ticket = ticket + 1, status = CASE WHEN status "
            "IN ('completed', 'aborted', 'failed') THEN status ELSE 'queued' END, "
            "updated_at = now() WHERE id = %s RETURNING ticket",
            (sub_id,),
        ).fetchone()
    if row is None:
        raise StateMissing(f"no submission {sub_id}")
    return int(row[0])


def claim(sub_id: str, ticket: int, worker: str) -> Submission | None:
    """Mark ``sub_id`` running on ``worker`` when ``ticket`` is current; None when stale."""
    with connect() as conn:
        row = conn.execute(
            f"UPDATE {schema()}.submissions SET status = 'running', worker = %s, "
            "updated_at = now() WHERE id = %s AND ticket = %s "
            f"AND status NOT IN ('completed', 'aborted', 'failed') RETURNING {_COLUMNS}",
            (worker, sub_id, ticket),
        ).fetchone()
    return _row(row) if row is not None else None


def finish(
    sub_id: str, ticket: int, status: str, *, waves: int = 0, error: str | None = None
) -> None:
    """Record where a task left ``sub_id`` (only while its ticket is still current)."""
    if status not in STATUSES:
        raise UsageError(f"unknown submission status {status!r}")
    with connect() as conn:
        conn.execute(
            f"UPDATE {schema()}.submissions SET status = %s, waves = waves + %s, last_error = %s, "
            "updated_at = now() WHERE id = %s AND ticket = %s",
            (status, waves, error, sub_id, ticket),
        )


def heartbeat(name: str, concurrency: int) -> None:
    """Record that worker ``name`` is alive."""
    with connect() as conn:
        conn.execute(
            f"INSERT INTO {schema()}.workers (name, host, pid, concurrency) "
            "VALUES (%s, %s, %s, %s) "
            "ON CONFLICT (name) DO UPDATE SET beat_at = now(), pid = excluded.pid",
            (name, socket.gethostname(), os.getpid(), concurrency),
        )


def workers() -> list[dict[str, Any]]:
    """Every worker seen, with the seconds since its last heartbeat."""
    with connect() as conn:
        rows = conn.execute(
            f"SELECT name, host, pid, concurrency, EXTRACT(EPOCH FROM now() - beat_at) "
            f"FROM {schema()}.workers ORDER BY name"
        ).fetchall()
    return [
        {"name": r[0], "host": r[1], "pid": r[2], "concurrency": r[3], "silent_for": float(r[4])}
        for r in rows
    ]


def orphans(silent_for: float) -> list[Submission]:
    """Running submissions whose worker has not beaten for ``silent_for`` seconds."""
    with connect() as conn:
        rows = conn.execute(
            f"SELECT {', '.join('s.' + c.strip() for c in _COLUMNS.split(','))} "
            f"FROM {schema()}.submissions s LEFT JOIN {schema()}.workers w ON w.name = s.worker "
            "WHERE s.status = 'running' AND (w.name IS NULL OR "
            "w.beat_at < now() - make_interval(secs => %s))",
            (silent_for,),
        ).fetchall()
    return [_row(r) for r in rows]
