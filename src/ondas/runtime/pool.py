"""The executor pool: independent tasks in parallel, dependent ones in order.

:func:`batches` orders jobs into levels (a job runs after every job it depends on; a job
that is not parallelizable runs alone); :func:`shared` names the jobs of a batch that touch
a file another job of the same batch touches (they need separate worktrees); :func:`run`
runs one batch on a thread pool and hands each result to ``on_done`` in the calling thread,
as it arrives, so the caller's store is only ever written from one thread; ``on_settled`` lets
the caller start what needs every job's work ended while the last results are still handed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import TypeVar

R = TypeVar("R")


@dataclass(frozen=True)
class Job:
    """One unit of work for the pool."""

    id: str
    files: tuple[str, ...] = ()
    depends_on: tuple[str, ...] = ()
    parallel: bool = True


def batches(jobs: list[Job], finished: Iterable[str] = ()) -> tuple[list[list[Job]], list[Job]]:
    """``(batches, stuck)``: jobs in dependency levels, and jobs whose dependencies never end.

    A dependency is met by a job of an earlier batch or by an id in ``finished``; a job whose
    dependency is neither (an unfinished task outside ``jobs``, or a cycle) is stuck.
    """
    done = set(finished)
    remaining = list(jobs)
    out: list[list[Job]] = []
    while remaining:
        ready = [j for j in remaining if all(d in done for d in j.depends_on)]
        if not ready:
            break
        together = [j for j in ready if j.parallel]
        alone = [j for j in ready if not j.parallel]
        if together:
            out.append(together)
        out.extend([j] for j in alone)
        done.update(j.id for j in ready)
        remaining = [j for j in remaining if j not in ready]
    return out, remaining


def shared(batch: list[Job]) -> set[str]:
    """Ids of the jobs of ``batch`` that touch a file another job of the batch touches."""
    owners: dict[str, set[str]] = {}
    for job in batch:
        for path in set(job.files):
            owners.setdefault(path, set()).add(job.id)
    return {job_id for ids in owners.values() if len(ids) > 1 for job_id in ids}


def run(
    batch: list[Job],
    work: Callable[[Job], R],
    workers: int,
    on_done: Callable[[Job, R], None],
    on_settled: Callable[[], None] | None = None,
) -> None:
    """Run ``work`` for every job of ``batch`` with at most ``workers`` at once.

    ``on_done`` is called in this thread for each finished job, in completion order. An
    exception from ``work`` is raised here after the jobs already running have ended.
    ``on_settled`` is called once in this thread as soon as every job's ``work`` has returned
    (before the results not yet handed to ``on_done``); not at all when one raised.
    """
    if workers <= 1 or len(batch) <= 1:
        for number, job in enumerate(batch, 1):
            result = work(job)
            if number == len(batch) and on_settled is not None:
                on_settled()
            on_done(job, result)
        return
    with ThreadPoolExecutor(max_workers=min(workers, len(batch))) as pool:
        running: dict[Future[R], Job] = {pool.submit(work, job): job for job in batch}
        settled = on_settled is None
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                if not settled and all(f.done() for f in running):
                    settled = True
                    if on_settled is not None and all(f.exception() is None for f in running):
                        on_settled()
                job = running.pop(future)
                on_done(job, future.result())


def background(work: Callable[[], R], name: str) -> Future[R]:
    """Start ``work`` on a daemon thread now; its result (or exception) in the future.

    For one read-only or sandboxed step that overlaps the caller's own work (the caller
    still writes the store alone, in its thread)."""
    future: Future[R] = Future()

    def run_it() -> None:
        try:
            future.set_result(work())
        except BaseException as exc:  # raised again where the result is taken
            future.set_exception(exc)

    threading.Thread(target=run_it, name=name, daemon=True).start()
    return future
