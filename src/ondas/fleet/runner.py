"""One wave of one submission, as a worker runs it: the ``ondas.run_wave`` task.

A fleet surface: it runs waves through :mod:`ondas.app`. The worker imports it (the Celery
app names it in ``include``); :mod:`ondas.fleet.app` queues the task by name only.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from ondas.errors import AwaitingHuman, LockBusy, OndasError
from ondas.fleet import config, registry, workspace
from ondas.fleet.app import TASK, app

LOCK_RETRY_SECONDS = 2.0
RESULT_STATUS = {
    "in_progress": "queued",
    "awaiting_human": "awaiting_human",
    "completed": "completed",
    "aborted": "aborted",
}


@app.task(name=TASK, bind=True)
def run_wave(self: Any, submission_id: str, ticket: int) -> str:
    """Run one wave of ``submission_id`` when ``ticket`` is still its current one."""
    return run_one(submission_id, ticket, str(self.request.hostname))


def checkout_path(worker: str, submission_id: str) -> Path:
    """Where ``worker`` keeps its clone for ``submission_id``."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", worker)
    return config.workspace_root() / safe / submission_id


def park(submission_id: str, ticket: int, path: Path, *, waves: int = 0) -> str:
    """Record that ``submission_id`` waits for an answer, unless one came in meanwhile.

    The fleet waker only queues a submission recorded as awaiting; an answer given between
    the wave's end and this record found it running and queued nothing. Reading the store
    again after the record closes that gap (at worst the wave is queued twice: the older
    ticket then drops itself).
    """
    from ondas.fleet.app import enqueue
    from ondas.runtime.schema import default_schema
    from ondas.state.execution import get_execution
    from ondas.state.store import Store

    registry.finish(submission_id, ticket, "awaiting_human", waves=waves)
    with Store.open(path / ".ondas", schema=default_schema()) as store:
        answered = get_execution(store).status == "in_progress"
    if answered:
        enqueue(submission_id)
        return "queued"
    return "awaiting_human"


def run_one(submission_id: str, ticket: int, worker: str) -> str:
    """Run one wave (or start the execution) and queue the next; returns the new status."""
    from ondas.app import run as commands
    from ondas.fleet.app import enqueue
    from ondas.runtime.schema import default_schema
    from ondas.state.dialect import store_exists
    from ondas.state.execution import get_execution
    from ondas.state.store import Store

    sub = registry.claim(submission_id, ticket, worker)
    if sub is None:
        return "stale"
    # Each prefork child runs one task at a time: the schema names this submission's store.
    os.environ["ONDAS_STORE_SCHEMA"] = sub.store_schema
    path = checkout_path(worker, sub.id)
    status, error, waves, checked_out = "failed", None, 0, False
    try:
        workspace.checkout(sub.remote, sub.branch, path)
        checked_out = True
        if not store_exists(path / ".ondas"):
            result = commands.run(
                path,
                description=sub.description,
                backend=sub.backend,
                max_waves=1,
                auto_answer=sub.auto_answer,
            )
        else:
            with Store.open(path / ".ondas", schema=default_schema()) as store:
                current = get_execution(store).status
            if current == "awaiting_human":
                return park(sub.id, ticket, path)
            result = commands.resume(path, max_waves=1, wave_delay=0)
        status, waves = RESULT_STATUS.get(result.status, "failed"), result.waves_run
    except AwaitingHuman:
        status = "awaiting_human"
    except LockBusy:
        # Another worker still runs this execution's wave: try again shortly, same ticket.
        registry.finish(sub.id, ticket, "queued")
        run_wave.apply_async(
            (sub.id, ticket), countdown=LOCK_RETRY_SECONDS, queue=config.queue_name()
        )
        return "busy"
    except OndasError as err:
        status, error = "failed", str(err)[:500]
    finally:
        if checked_out:
            try:
                workspace.push(path, sub.branch)
            except OndasError as err:
                status, error = "failed", str(err)[:500]
    if status == "awaiting_human":
        return park(sub.id, ticket, path, waves=waves)
    registry.finish(sub.id, ticket, status, waves=waves, error=error)
    if status == "queued":
        enqueue(sub.id, countdown=sub.wave_delay)
    return status
