"""execute-task: ``[P]`` tasks whose files do not overlap start together on sovai's executor pool.

The leading run of unchecked tasks marked ``[P]`` that each name their files (``path/x.py``
or a backticked path) and share none is a group; the first agent call of each of its tasks
runs at once on :func:`ondas.runtime.pool.run`. Everything after (usage, decisions, the
project's tests, the evidence, retries, ticking the box) stays in the stage's one-task-at-a-time
loop, which takes each prefetched answer as the task's first attempt. Tasks whose files
overlap are not grouped: they run in order, as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ondas.agents.base import AgentRequest, AgentResult
from ondas.pipeline.tasks import Task

PARALLEL_TAG = re.compile(r"\[P\]")
PATH_RE = re.compile(r"`([^`\s]+\.[A-Za-z0-9]+)`|(?<![\w/])((?:[\w.-]+/)+[\w.-]+\.[A-Za-z0-9]+)\b")
WORKERS = 4


def files_of(text: str) -> set[str]:
    """The file paths a task's line names."""
    return {a or b for a, b in PATH_RE.findall(text)}


def parallel_group(tasks: list[Task]) -> list[Task]:
    """The leading ``[P]`` tasks with named, pairwise disjoint files (two or more), else none."""
    group: list[Task] = []
    taken: set[str] = set()
    for task in tasks:
        files = files_of(task.text)
        if not PARALLEL_TAG.search(task.text) or not files or files & taken:
            break
        group.append(task)
        taken |= files
    return group if len(group) > 1 else []


@dataclass
class Prefetched:
    """First answers of a group's tasks (by line), and the files each one claimed."""

    results: dict[int, AgentResult] = field(default_factory=dict)
    claims: dict[int, set[str]] = field(default_factory=dict)

    def take(self, task: Task) -> AgentResult | None:
        """The prefetched first answer of ``task`` (once), or ``None``."""
        return self.results.pop(task.line, None)

    def others(self, task: Task) -> set[str]:
        """Files claimed by the group's other tasks (not this task's changes)."""
        return {f for line, files in self.claims.items() if line != task.line for f in files}


def prefetch(
    tasks: list[Task],
    request_for: Callable[[Task], AgentRequest],
    call: Callable[[AgentRequest], AgentResult],
    workers: int = WORKERS,
) -> Prefetched:
    """Run the first agent call of the leading parallel group's tasks at once."""
    from ondas.runtime import pool

    group = parallel_group(tasks)
    out = Prefetched(claims={t.line: files_of(t.text) for t in group})
    if not group:
        return out
    requests = {str(t.line): request_for(t) for t in group}
    jobs = [pool.Job(str(t.line), tuple(sorted(files_of(t.text)))) for t in group]

    def keep(job: pool.Job, result: AgentResult) -> None:
        out.results[int(job.id)] = result

    pool.run(jobs, lambda job: call(requests[job.id]), workers, keep)
    return out
