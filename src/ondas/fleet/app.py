"""The Celery application: one task, ``ondas.run_wave``, acknowledged only once it is done.

The task itself lives in :mod:`ondas.fleet.runner` (it runs a wave through the app layer);
this module only queues it by name, so the answer-waker that imports it stays below ``ondas.app``.
"""

from __future__ import annotations

import threading
from typing import Any

from celery import Celery
from celery.signals import worker_ready, worker_shutdown

from ondas.fleet import config

HEARTBEAT_SECONDS = 2.0
TASK = "ondas.run_wave"


def make_app() -> Celery:
    """The fleet's Celery app, configured from the environment."""
    app = Celery("ondas", broker=config.broker_url(), include=["ondas.fleet.runner"])
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_default_queue=config.queue_name(),
        task_serializer="json",
        accept_content=["json"],
        task_ignore_result=True,
        broker_connection_retry_on_startup=True,
        broker_transport_options={"visibility_timeout": config.visibility_timeout()},
        worker_hijack_root_logger=False,
    )
    return app


app = make_app()


def enqueue(submission_id: str, countdown: float = 0.0) -> int:
    """Queue the next wave of ``submission_id`` (older queued tasks become stale)."""
    from ondas.fleet import registry

    ticket = registry.next_ticket(submission_id)
    app.send_task(
        TASK, (submission_id, ticket), countdown=max(0.0, countdown), queue=config.queue_name()
    )
    return ticket


_stop = threading.Event()


def _beat(name: str, concurrency: int) -> None:
    from ondas.fleet import registry

    while not _stop.is_set():
        try:
            registry.heartbeat(name, concurrency)
            for orphan in registry.orphans(config.orphan_after()):
                enqueue(orphan.id)
        except Exception as exc:  # a lost server must not kill the worker; retry next beat
            print(f"ondas worker: heartbeat failed: {exc}", flush=True)
        _stop.wait(HEARTBEAT_SECONDS)


@worker_ready.connect
def _start_heartbeat(sender: Any = None, **_: Any) -> None:
    import os

    name = str(getattr(sender, "hostname", "worker"))
    concurrency = int(os.environ.get("ONDAS_FLEET_CONCURRENCY", "1") or 1)
    threading.Thread(target=_beat, args=(name, concurrency), daemon=True).start()


@worker_shutdown.connect
def _stop_heartbeat(**_: Any) -> None:
    _stop.set()
