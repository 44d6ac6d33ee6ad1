"""The fleet's waker: an answer to a block of a fleet execution queues its next wave.

Whatever surface answered (``fleet answer``, ``resume --answer``, the MCP server, the panel),
:func:`ondas.app.answering.answer` calls :func:`wake_fleet` afterwards. A store on
a Postgres server whose schema belongs to a fleet submission parked on a block gets its next
wave queued; any other store is not the fleet's business (``None``). A submission that is
queued or running needs nothing: the worker that parks it re-reads the store afterwards (see
:func:`ondas.fleet.runner.park`), so an answer given while it was parking is not lost.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ondas.state.store import Store

if TYPE_CHECKING:
    from ondas.fleet.registry import Submission


def fleet_submission_of(store: Store) -> Submission | None:
    """The fleet submission whose execution ``store`` holds (None for any other store)."""
    if store.dialect.name != "postgres":
        return None
    from ondas.state.postgres import PgConnection, PostgresDialect

    dialect, conn = store.dialect, store.conn
    if not isinstance(dialect, PostgresDialect) or not isinstance(conn, PgConnection):
        return None
    from ondas.fleet import registry

    return registry.for_store(dialect.url, conn.schema)


def wake_fleet(store: Store, project: Path | None) -> str | None:
    """Queue the next wave of the fleet submission of ``store`` when it waits for an answer."""
    from ondas.state.execution import get_execution

    sub = fleet_submission_of(store)
    if sub is None:
        return None
    if sub.status != "awaiting_human" or get_execution(store).status != "in_progress":
        return None
    from ondas.fleet import config

    config.require_celery()
    config.broker_url()
    from ondas.fleet.app import enqueue

    ticket = enqueue(sub.id)
    return f"fleet submission {sub.id} queued (ticket {ticket})"
