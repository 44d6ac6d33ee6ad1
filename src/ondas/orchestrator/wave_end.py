"""How a wave ends when the work is not simply done: the model API failed, a review asked
for changes, or the pipeline reached its end without verified work (see docs/completed.md).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from ondas.audit import blocks as blocks_mod
from ondas.audit import waves as waves_mod
from ondas.orchestrator import delivery
from ondas.orchestrator.stage import StageEnv, StageRun
from ondas.runtime.testrun import test_command
from ondas.state.execution import get_execution
from ondas.state.store import Store

TRANSPORT_TRIES = 3
TRANSPORT_KEY = "transport_failures"


def transport_failures(store: Store, value: int | None = None) -> int:
    """Consecutive waves lost to a model API failure (``value`` sets it; audited)."""
    ex = get_execution(store)
    row = store.one(
        "SELECT value FROM extras WHERE execution_id = ? AND key = ?", (ex.id, TRANSPORT_KEY)
    )
    current = int(row["value"]) if row else 0
    if value is None or value == current:
        return current
    with store.transaction("transport_failures", execution_id=ex.id) as tx:
        tx.upsert("extras", {"execution_id": ex.id, "key": TRANSPORT_KEY}, {"value": str(value)})
    return value


def close_transport(store: Store, env: StageEnv, stage: str, error: str) -> waves_mod.WaveEnd:
    """A wave lost to the model API: back off and retry; after 3 tries a person decides."""
    tries = transport_failures(store) + 1
    if tries >= TRANSPORT_TRIES:
        transport_failures(store, 0)
        block_id = blocks_mod.register_block(
            store,
            question=(
                f"The model API failed {tries} times in a row during {stage}: {error}. "
                "Check the backend (network, ANTHROPIC_BASE_URL, API key, quota) and answer "
                "to retry."
            ),
            context_for_answer=error[:2000],
            subject_key="transport",
        )
        env.progress.emit("block", message=f"{block_id}: model API failure: {error}")
        return waves_mod.end_wave(
            store,
            "human_block",
            next_instruction=f"the model API keeps failing ({error}); fix it, then "
            "ondas resume --answer TEXT",
        )
    transport_failures(store, tries)
    env.pending_backoff = env.transport_backoff * (2 ** (tries - 1))
    when = (datetime.now(UTC) + timedelta(seconds=env.pending_backoff)).isoformat()
    return waves_mod.end_wave(
        store,
        "threshold_proxy_reached",
        next_instruction=f"the model API failed ({error}); try {tries} of {TRANSPORT_TRIES} "
        f"after a {env.pending_backoff:g}s backoff",
        next_scheduled_for=when,
    )


def close_review(
    store: Store, env: StageEnv, stage: str, run: StageRun, wave_id: str
) -> waves_mod.WaveEnd | None:
    """Record a review's verdict; CHANGES REQUESTED goes back to execute-task (or blocks)."""
    verdict = run.verdict
    if verdict is None or verdict.verdict is None:  # unreadable: the completion gate says so
        return None
    delivery.record_verdict(store, stage, verdict, wave_id)
    if verdict.verdict != delivery.CHANGES_REQUESTED:
        return None
    sent = delivery.send_back(store, env.project, stage, verdict)
    if sent.block_id is not None:
        env.progress.emit("block", message=f"{sent.block_id}: {stage} still requests changes")
        return waves_mod.end_wave(
            store,
            "human_block",
            next_instruction="answer the pending block: ondas resume --answer TEXT",
        )
    env.progress.emit(
        "note",
        message=f"{stage}: CHANGES REQUESTED; back to execute-task with task(s) "
        + ", ".join(sent.task_ids),
    )
    return waves_mod.end_wave(
        store,
        "stage_completed_advancing",
        advance=True,
        next_stage="execute-task",
        next_instruction=f"fix the {stage} findings: task(s) {', '.join(sent.task_ids)}",
    )


def close_unverified(store: Store, env: StageEnv, mode: str) -> waves_mod.WaveEnd | None:
    """At the last stage: a human block instead of ``completed`` when anything is unverified."""
    gaps = delivery.completion_gaps(
        store, env.project, test_command(env.project, env.test_command), mode, sandbox=env.sandbox
    )
    if not gaps:
        return None
    block_id = delivery.block_completion(store, gaps)
    env.progress.emit("block", message=f"{block_id}: not verified: {'; '.join(gaps)}")
    return waves_mod.end_wave(
        store,
        "human_block",
        next_instruction="the work is not verified: " + "; ".join(gaps)[:300],
    )
