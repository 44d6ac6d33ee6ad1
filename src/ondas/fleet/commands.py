"""What the fleet commands do: submit, answer a block, report the fleet's state."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from ondas.errors import RuleViolation
from ondas.fleet import config, registry


def submit(
    remote: str,
    *,
    description: str,
    backend: str = "claude-code",
    auto_answer: bool = False,
    wave_delay: float = 0.0,
) -> registry.Submission:
    """Record a submission of the project at ``remote`` and queue its first wave."""
    config.require_celery()
    config.broker_url()
    from ondas.agents import get_backend

    get_backend(backend)
    sub = registry.add(
        remote=remote,
        description=description,
        backend=backend,
        auto_answer=auto_answer,
        wave_delay=wave_delay,
    )
    from ondas.fleet.app import enqueue

    enqueue(sub.id)
    return registry.get(sub.id)


def answer(submission_id: str, text: str, block_id: str | None = None) -> dict[str, Any]:
    """Answer a block of a submission's execution in the shared store; its next wave is queued.

    The answer goes through :func:`ondas.app.answering.answer` (actor ``fleet``), whose
    fleet waker queues the wave, as it does for an answer given through any other surface.
    """
    from ondas.app.answering import answer as answer_block
    from ondas.runtime.schema import default_schema
    from ondas.state.store import Store

    config.require_celery()
    config.broker_url()
    sub = registry.get(submission_id)
    if sub.status in registry.FINAL:
        raise RuleViolation("submission-final", f"{sub.id} is {sub.status}; nothing to answer")
    previous = os.environ.get("ONDAS_STORE_SCHEMA")
    os.environ["ONDAS_STORE_SCHEMA"] = sub.store_schema
    try:
        with (
            tempfile.TemporaryDirectory() as tmp,
            Store.open(Path(tmp) / ".ondas", schema=default_schema()) as store,
        ):
            answered = answer_block(store, text, block_id, actor="fleet")
    finally:
        if previous is None:
            os.environ.pop("ONDAS_STORE_SCHEMA", None)
        else:
            os.environ["ONDAS_STORE_SCHEMA"] = previous
    return {
        "submission": sub.id,
        "block": answered.block.id,
        "execution_status": answered.execution_status,
        "woken": answered.woken,
        "wake_errors": answered.wake_errors,
    }


def status() -> dict[str, Any]:
    """Workers (alive when their heartbeat is recent) and submissions by status."""
    silent_limit = config.orphan_after()
    workers = [{**w, "alive": w["silent_for"] < silent_limit} for w in registry.workers()]
    subs = registry.all_submissions()
    counts = {s: 0 for s in registry.STATUSES}
    for sub in subs:
        counts[sub.status] = counts.get(sub.status, 0) + 1
    return {
        "workers": workers,
        "counts": counts,
        "submissions": [s.to_dict() for s in subs],
    }


def worker_argv(concurrency: int, name: str | None) -> list[str]:
    """The ``celery worker`` arguments of ``ondas worker``."""
    if concurrency < 1:
        from ondas.errors import UsageError

        raise UsageError("--concurrency must be at least 1")
    config.require_celery()
    config.broker_url()
    config.store_url()
    import socket
    import uuid

    node = name or f"ondas-{uuid.uuid4().hex[:6]}@{socket.gethostname()}"
    return [
        "worker",
        f"--concurrency={concurrency}",
        f"--hostname={node}",
        f"--queues={config.queue_name()}",
        "--pool=prefork",
        "--loglevel=WARNING",
        "--without-gossip",
        "--without-mingle",
    ]
