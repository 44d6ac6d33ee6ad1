"""The library behind ``ondas run / resume / abort / status / demo``."""

from __future__ import annotations

import json
import math
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ondas import stopping
from ondas.agents import get_backend
from ondas.agents.base import Backend
from ondas.audit import blocks as blocks_mod
from ondas.audit import tasks as tasks_mod
from ondas.audit import waves as waves_mod
from ondas.config import load_config
from ondas.errors import (
    AwaitingHuman,
    IntegrityError,
    OndasError,
    RuleViolation,
    StateMissing,
    UsageError,
)
from ondas.limits import tier as tier_mod
from ondas.orchestrator import aspects as aspects_mod
from ondas.orchestrator import constitution_check, optins, taskcommit, wavecommit
from ondas.orchestrator import report as report_mod
from ondas.orchestrator.context import layout_for
from ondas.orchestrator.loop import (
    MODE,
    LoopResult,
    check_integrity,
    finish_wave,
    prepare_project,
    run_waves,
    state_dir,
)
from ondas.orchestrator.settings import SETTINGS_KEY as SETTINGS_KEY
from ondas.orchestrator.settings import RunSettings as RunSettings
from ondas.orchestrator.settings import load_settings as load_settings
from ondas.orchestrator.settings import open_project_store as open_project_store
from ondas.orchestrator.settings import save_settings as save_settings
from ondas.orchestrator.settings import status as status
from ondas.orchestrator.settings import verification as verification
from ondas.orchestrator.stage import StageEnv, answer_block
from ondas.pipeline.findings import is_ok
from ondas.pipeline.stages import STAGES, terminal_stage
from ondas.pipeline.validators import detect_completion
from ondas.runtime import gitops, sandboxed
from ondas.runtime.progress import Progress, Silent
from ondas.runtime.schema import default_schema
from ondas.state import lock as lock_mod
from ondas.state import registry
from ondas.state import verify as verify_mod
from ondas.state.dialect import store_exists
from ondas.state.execution import (
    TIERS,
    Execution,
    create_execution,
    get_execution,
    list_executions,
    terminate,
)
from ondas.state.incremental import Checkpoint
from ondas.state.store import Store

if TYPE_CHECKING:
    from ondas.mcp.wiring import McpWiring

MAX_DESCRIPTION = 500
GATED_STAGES = frozenset(s.name for s in STAGES.values() if s.completion != "artifact")


BACKOFF_ENV = "ONDAS_TRANSPORT_BACKOFF"
DEFAULT_BACKOFF = 5.0


def transport_backoff() -> float:
    """Seconds before the first retry after a model API failure (doubles each time).

    ``ONDAS_TRANSPORT_BACKOFF`` overrides the default of 5 seconds (tests use 0).
    """
    raw = os.environ.get(BACKOFF_ENV, "")
    try:
        value = float(raw) if raw.strip() else DEFAULT_BACKOFF
    except ValueError:
        raise UsageError(f"{BACKOFF_ENV} must be a number of seconds, got {raw!r}") from None
    if value < 0:
        raise UsageError(f"{BACKOFF_ENV} cannot be negative")
    return value


def _env(
    project: Path,
    backend: Backend,
    settings: RunSettings,
    progress: Progress,
    wiring: McpWiring | None = None,
) -> StageEnv:
    agent_env: dict[str, str] = {}
    agent_settings: str | None = None
    if runs_commands(backend):
        # Hooks (and the sandbox) reach Claude Code only from this file outside the project.
        hooks = wiring.hooks if wiring is not None else None
        agent_settings = str(_sandbox_settings(project, enabled=settings.sandbox, hooks=hooks))
        agent_env.update(guard_env(sandbox=settings.sandbox))
    if wiring is not None:
        agent_env.update(wiring.env)
    return StageEnv(
        project=project,
        backend=backend,
        progress=progress,
        auto_answer=settings.auto_answer,
        test_command=settings.test_command,
        model=settings.model,
        transport_backoff=transport_backoff(),
        agent_env=agent_env,
        agent_settings=agent_settings,
        mcp_servers=dict(wiring.servers) if wiring else {},
        sandbox=settings.sandbox,
        wave_opened=wiring.open_wave if wiring is not None else None,
    )


def guard_env(*, sandbox: bool, environ: dict[str, str] | None = None) -> dict[str, str]:
    """What the run tells the bash guard of its hooks through Claude Code's environment: inside
    the OS sandbox it leaves writes outside the project to it, unless the user's or managed
    settings take commands out of the sandbox (then nothing is said: every rule holds);
    without, it is the only line and refuses programs it does not know."""
    from ondas.hooks.pre_tool_use import SANDBOX_ENV, UNKNOWN_ENV
    from ondas.hooks.sandbox import excluded_commands

    if not sandbox:
        return {UNKNOWN_ENV: "refuse"}
    return {} if excluded_commands(environ) else {SANDBOX_ENV: "on"}


def runs_commands(backend: Backend) -> bool:
    """True for a backend whose agent runs real commands (Claude Code), which the sandbox wraps."""
    return bool(getattr(backend, "hooked", False)) and not getattr(backend, "offline", False)


def _sandbox_settings(
    project: Path, *, enabled: bool = True, hooks: dict[str, Any] | None = None
) -> Path:
    """Write the hooks (+ sandbox) settings under ``$ONDAS_HOME`` (outside the project);
    ``hooks``: the run server's, else the process hooks."""
    from ondas.hooks import sandbox

    whitelist_file = state_dir(project) / "whitelist"
    patterns: list[str] = []
    if whitelist_file.is_file():
        from ondas.guards.whitelist import load

        patterns = list(load(whitelist_file))
    return sandbox.write_settings(project, patterns, sandbox=enabled, hooks=hooks)


def record_no_sandbox(store: Store, execution_id: str) -> None:
    """``--no-sandbox`` is the operator's explicit choice, recorded as a decision."""
    from ondas.audit.decisions import register_in_tx
    from ondas.audit.operator import OPERATOR, refuse_inside_agent

    refuse_inside_agent("--no-sandbox")
    with store.transaction("sandbox_disabled", execution_id=execution_id) as tx:
        register_in_tx(
            tx,
            execution_id,
            agent=OPERATOR,
            stage="briefing",
            context="Run the agent and the project's tests without the OS sandbox",
            options=["sandbox", "no-sandbox"],
            choice="no-sandbox",
            justification="the operator passed --no-sandbox: the project's tests, lint and QA "
            "run as the user; the bash guard refuses programs it does not know",
            score=2,
            by_operator=True,
        )


@contextmanager
def mcp_wired(store: Store, project: Path, backend: Backend) -> Iterator[McpWiring]:
    """The run server (hooks and MCP tools, a token per wave) for the waves of this process."""
    from ondas.mcp import wiring as wiring_mod

    wiring = wiring_mod.serve(store, project, backend)
    try:
        yield wiring
    finally:
        wiring_mod.detach(store, wiring)


def _install_hooks(project: Path) -> None:
    """ondas' hooks in the project's ``.claude/settings.json`` (idempotent)."""
    from ondas.hooks.install import install

    install(project)


def _validate_target(project: Path) -> Path:
    """The resolved project directory, refused when the path guard forbids it."""
    if not project.is_dir():
        raise UsageError(f"project {project} is not a directory")
    from ondas.guards.paths import validate_target

    verdict = validate_target(project)
    if verdict.blocked:
        raise RuleViolation(verdict.rule or "target-refused", verdict.message().split("] ", 1)[-1])
    return project.resolve()


@contextmanager
def holding_lock(store: Store) -> Iterator[None]:
    """Hold the execution lock (a dead holder's lock is taken over).

    A busy lock is a refusal, and refusals write nothing: no event records the contention.

    On a shared store the lock's lease is renewed while it is held, so a holder that dies on
    another host is taken over once its lease runs out.
    """
    lock_mod.acquire(store, pid=os.getpid(), break_stale=True)
    stopping.point("lock-acquired")
    try:
        with lock_mod.keep_alive(store, pid=os.getpid()):
            yield
    finally:
        with suppress(OndasError):
            lock_mod.release(store, pid=os.getpid())


MAX_WAVE_DELAY = 30 * 24 * 3600.0
"""The longest pause between waves (30 days): a larger one is a typo, and overflows dates."""


def check_text(**values: str | None) -> None:
    """Each given text is valid UTF-8 (an argument decoded with surrogate escapes is not):
    refused before anything is created, never stored to break every later ``resume``."""
    for name, value in values.items():
        if value is None:
            continue
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            flag = "--" + name.replace("_", "-")
            raise UsageError(f"{flag} is not valid UTF-8 text; nothing was created") from None


def check_loop_args(max_waves: int | None, wave_delay: float | None) -> None:
    """``--max-waves`` at least 1; ``--wave-delay`` seconds from 0 to :data:`MAX_WAVE_DELAY`."""
    if max_waves is not None and max_waves < 1:
        raise UsageError("--max-waves must be at least 1")
    if wave_delay is not None and not (
        math.isfinite(wave_delay) and 0 <= wave_delay <= MAX_WAVE_DELAY
    ):
        raise UsageError(
            f"--wave-delay must be a finite number of seconds from 0 to {MAX_WAVE_DELAY:.0f}, "
            f"got {wave_delay:g}"
        )


def verify_before_write(project: Path) -> None:
    """Verify and validate the store read-only; on failure nothing is written.

    ``resume`` runs this before it takes the lock: taking the lock appends an event and moves
    the chain head, which would make a deleted last event or an edited head look consistent.
    The log is verified from the newest verified anchor (:mod:`ondas.state.incremental`), so
    resuming a long run does not rehash it all, and the schema invariants are validated with
    a full verify only (as between two waves: every write since the anchor was validated as
    it was made); ``ondas state verify`` and ``ondas state validate`` check everything.
    """
    with Store.open(state_dir(project), readonly=True, schema=default_schema()) as ro:
        checkpoint = Checkpoint()
        try:
            found = list(checkpoint.verify(ro).findings)
            if checkpoint.was_full and not found:
                found = list(verify_mod.validate(ro).findings)
        finally:
            checkpoint.close()
    if found:
        detail = "; ".join(str(f) for f in found[:3])
        raise IntegrityError(
            f"state integrity check failed ({detail}); nothing was written. See what changed "
            "with 'ondas state verify', then rebuild the store with 'ondas state recover' "
            "(from .ondas/state.json and its git history)"
        )


def _check_answerable(store: Store, block_id: str | None) -> None:
    """Refuse an answer that cannot be taken, before anything is written."""
    awaiting = blocks_mod.list_blocks(store, status="awaiting")
    if block_id is not None:
        if block_id not in {b.id for b in blocks_mod.list_blocks(store)}:
            raise RuleViolation("block-not-found", f"no block {block_id} in this execution")
        if block_id not in {b.id for b in awaiting}:
            raise RuleViolation("block-answered", f"{block_id} is already answered")
    elif not awaiting:
        raise RuleViolation("no-pending-block", "no block is awaiting an answer")


def _oldest_pending(store: Store) -> str | None:
    """The oldest block that stops the run (normal severity), else the oldest light one."""
    awaiting = blocks_mod.list_blocks(store, status="awaiting")
    normal = [b for b in awaiting if b.severity == "normal"]
    chosen = normal or awaiting
    return chosen[0].id if chosen else None


def describe_pending(store: Store) -> list[str]:
    """One line per block awaiting a person: id, question, options."""
    lines = []
    for b in blocks_mod.list_blocks(store, status="awaiting"):
        opts = f" [options: {', '.join(b.options)}]" if b.options else ""
        hint = f" ({b.context_for_answer})" if b.context_for_answer else ""
        lines.append(f"{b.id}: {b.question}{opts}{hint}")
    return lines


def awaiting_error(store: Store) -> AwaitingHuman:
    """The exit-5 error naming the pending blocks and how to answer them."""
    ex = get_execution(store)
    pending = " | ".join(describe_pending(store)) or "no block recorded"
    return AwaitingHuman(
        f"execution {ex.id} awaits a human answer: {pending} — answer with: "
        "ondas resume --answer TEXT [--block ID]"
    )


def run(
    project: Path,
    *,
    description: str,
    stack: str | None = None,
    backend: str | Backend = "claude-code",
    tier: str | None = "cloud-public",
    max_waves: int | None = None,
    wave_delay: float = 0.0,
    auto_answer: bool = False,
    test_command: str | None = None,
    progress: Progress | None = None,
    new: bool = False,
    sandbox: bool = True,
    roadmap: bool | None = False,
    start_stage: str = "briefing",
    atomic_commit: bool | None = False,
    pacing: Callable[[Store], float] | None = None,
    aspects: str | None = None,
) -> LoopResult:
    """Start an execution on ``project`` and run its waves.

    ``roadmap`` runs the roadmap chain (briefing, constitution, roadmap); ``start_stage`` lets a
    feature start after the stages its project already has; ``atomic_commit`` is recorded for
    feature runs (one commit per wave on the feature branch). ``tier``, ``atomic_commit`` and
    ``roadmap`` set to ``None`` were not given: they are asked before the first wave
    (:mod:`ondas.orchestrator.optins`).

    Nothing is created (no state, no settings file, no wave) until the backend is known to be
    usable (for Claude Code: the model API accepts the key, see :mod:`ondas.agents.api_probe`)
    and the project may take a new execution: a completed one is refused unless
    ``new`` (its report would be overwritten), an active one is resumed, not restarted.
    An agent that runs commands runs inside Claude Code's OS sandbox; the run is refused
    (:class:`~ondas.errors.SandboxUnavailable`) where it cannot be enabled, unless ``sandbox``
    is False, which is recorded as the operator's decision.
    """
    check_text(description=description, stack=stack, test_command=test_command, aspects=aspects)
    if not description.strip():
        raise UsageError("--description is required")
    if len(description) > MAX_DESCRIPTION:
        raise UsageError(
            f"the description has {len(description)} characters; the limit is {MAX_DESCRIPTION}"
        )
    if tier is not None and tier not in TIERS:
        raise UsageError(f"--tier must be one of {', '.join(TIERS)}; got {tier!r}")
    check_loop_args(max_waves, wave_delay)
    given_optins = optins.Given(tier, atomic_commit, roadmap)
    given_aspects = aspects_mod.parse_option(aspects) if aspects is not None else None
    be = get_backend(backend) if isinstance(backend, str) else backend
    check_backend(be)
    target = _validate_target(project)
    refuse_existing(target, new=new)
    load_config(state_dir(target))
    if sandbox:
        sandboxed.require_available()
        if runs_commands(be):
            from ondas.hooks.sandbox import require_available

            require_available()
    else:
        from ondas.audit.operator import refuse_inside_agent

        refuse_inside_agent("--no-sandbox")
    if runs_commands(be):
        from ondas.agents.api_probe import require_usable

        require_usable()
    stopping.refuse_before_write("run")
    prepare_project(target)
    _install_hooks(target)
    stopping.point("project-prepared")
    store = open_project_store(target, create=True)
    stopping.point("store-created")
    registry.register(target)
    try:
        settings = RunSettings(be.name, auto_answer, wave_delay, test_command, sandbox=sandbox)
        ex = create_execution(
            store,
            project_path=target,
            description=description,
            suggested_stack=stack,
            delivery_tier=tier or tier_mod.STRICTEST,
            current_stage=start_stage,
            roadmap_mode=bool(roadmap),
            atomic_commit=bool(atomic_commit),
            extras={SETTINGS_KEY: json.dumps(settings.to_dict(), sort_keys=True)},
        )
        stopping.point("execution-created")
        if not sandbox:
            record_no_sandbox(store, ex.id)
        if given_aspects is not None:
            aspects_mod.record(
                store, given_aspects, agent="operator", source="given with ondas run --aspects"
            )
        optins.ask(store, given_optins.missing(), auto=auto_answer)
        with holding_lock(store):
            from ondas.report.feedback import apply_pending

            apply_pending(store)
            return _wired_waves(
                store, target, be, settings, progress, max_waves, wave_delay, pacing
            )
    finally:
        store.close()


def _wired_waves(
    store: Store,
    target: Path,
    be: Backend,
    settings: RunSettings,
    progress: Progress | None,
    max_waves: int | None,
    wave_delay: float,
    pacing: Callable[[Store], float] | None,
) -> LoopResult:
    """The waves of a run or a resume (under the store's lock): the run server wired, the
    stages' environment (atomic commits when the run chose them), then the wave loop."""
    with mcp_wired(store, target, be) as wiring:
        env = _env(target, be, settings, progress or Silent(), wiring)
        if get_execution(store).atomic_commit:
            env.after_task = taskcommit.committer(store, target)
        return run_waves(
            store, env, label=be.label, max_waves=max_waves, wave_delay=wave_delay, pacing=pacing
        )


def check_backend(backend: Backend) -> None:
    """Raise the backend's own usage error when it cannot run here (before any write)."""
    check = getattr(backend, "check_available", None)
    if callable(check):
        check()


def refuse_existing(project: Path, *, new: bool) -> None:
    """Refuse to start over a completed execution (unless ``new``) or an active one."""
    if not store_exists(state_dir(project)):
        return
    store = Store.open(state_dir(project), schema=default_schema())
    try:
        executions = list_executions(store)
    finally:
        store.close()
    if not executions:
        return
    last = executions[-1]
    if not last.is_terminal:
        raise RuleViolation(
            "execution-active",
            f"execution {last.id} is still {last.status}; continue it with 'ondas resume' "
            "or end it with 'ondas abort'",
        )
    if last.status == "completed" and not new:
        raise RuleViolation(
            "execution-completed",
            f"execution {last.id} on this project is completed; pass --new to start another "
            "one (its report will be replaced)",
        )


def reconcile_last_wave(store: Store, project: Path, label: str) -> waves_mod.ReconcileResult:
    """Close a wave a dead process left open and commit every closed wave that lacks its commit.

    The open wave advances only over a valid artifact. Its files are the paths that were not
    dirty when it started (recorded in the store), so work of a killed agent is committed with
    its wave, never mistaken for the person's.
    """
    ex = get_execution(store)
    layout = layout_for(ex)
    tasks_md = project / layout.paths()["tasks"]
    wavecommit.clear_stale_git_lock(store, project)
    open_wave = waves_mod.current_wave(store)
    result = waves_mod.ReconcileResult(action="nothing")
    if open_wave is not None:
        # A stage whose completion needs more than its artifact (a green suite, a recorded
        # review verdict, the completion gate) is re-run by the next wave, never advanced here.
        gated = ex.current_stage in GATED_STAGES
        complete = not gated and is_ok(
            detect_completion(ex.current_stage, project, layout.feature_dir)
        )
        task_files = [
            f for t in tasks_mod.list_tasks(store) if t.wave_id == open_wave.id for f in t.files
        ]
        result = waves_mod.reconcile(
            store,
            terminal_stage(MODE),
            tasks_md if tasks_md.is_file() else None,
            advance=complete,
        )
        paths = [*wavecommit.wave_paths(store, project, ex.id, open_wave.id), *task_files]
        finish_wave(
            store,
            project,
            label,
            f"ondas {open_wave.id}: reconcile {ex.current_stage}",
            paths,
            open_wave.id,
        )
    for wave_id in wavecommit.uncommitted_waves(store, ex.id):
        finish_wave(
            store,
            project,
            label,
            f"ondas {wave_id}: commit recovered after an interruption",
            wavecommit.wave_paths(store, project, ex.id, wave_id),
            wave_id,
            recovering=True,
        )
    return result


def needs_repair(store: Store, project: Path) -> bool:
    """A wave left open, a closed wave without its commit, or a stale git index lock."""
    ex = get_execution(store)
    return (
        waves_mod.current_wave(store) is not None
        or bool(wavecommit.uncommitted_waves(store, ex.id))
        or gitops.stale_index_lock(project) is not None
    )


def answer_for_fleet(
    store: Store, project: Path, answer: str, block_id: str | None
) -> LoopResult | None:
    """Answer a block of a fleet execution and leave its next wave to the fleet's workers.

    ``None`` when ``store`` is not a fleet submission's: the caller resumes here as usual.
    The fleet's broker must be configured, or nothing is written.
    """
    from ondas.fleet.waker import fleet_submission_of

    sub = fleet_submission_of(store)
    if sub is None:
        return None
    from ondas.app.answering import answer as answer_block_for
    from ondas.fleet import config

    config.require_celery()
    config.broker_url()
    _check_answerable(store, block_id)
    answered = answer_block_for(
        store, answer, block_id or _oldest_pending(store), actor="cli", project=project
    )
    ex = get_execution(store)
    outcome = answered.woken or [f"not queued: {e}" for e in answered.wake_errors]
    return LoopResult(
        stopped_by=f"answered {answered.block.id} for fleet submission {sub.id}"
        + (f"; {'; '.join(outcome)}" if outcome else "; the fleet's workers run it"),
        status=ex.status,
        current_stage=ex.current_stage,
        waves_run=0,
        report=str(state_dir(project) / "report.md"),
    )


def resume(
    project: Path,
    *,
    answer: str | None = None,
    block_id: str | None = None,
    backend: str | Backend | None = None,
    max_waves: int | None = None,
    wave_delay: float | None = None,
    progress: Progress | None = None,
    pacing: Callable[[Store], float] | None = None,
    auto_answered: bool = False,
    roadmap_flow: bool = False,
) -> LoopResult:
    """Lock, verify, take a human answer, reconcile the last wave, and go on with the loop.

    ``auto_answered``: the answer is the recommended option given by the program (the demo),
    attributed as an auto-answer, not as a person's. ``roadmap_flow`` is set by the roadmap
    orchestrator: a roadmap execution resumed by the plain flow (roadmap mode chosen in the
    opt-ins answer) is refused with what to run.
    """
    if answer is not None and not answer.strip():
        raise UsageError("--answer must not be empty")
    if block_id is not None and answer is None:
        raise UsageError("--block needs --answer")
    check_loop_args(max_waves, wave_delay)
    target = project.resolve()
    if not store_exists(state_dir(target)):
        raise StateMissing(f"no ondas state in {target} (start one with 'ondas run')")
    verify_before_write(target)
    load_config(state_dir(target))
    stopping.refuse_before_write("resume")
    store = open_project_store(target)
    try:
        if answer is not None:
            handed = answer_for_fleet(store, target, answer, block_id)
            if handed is not None:
                return handed
        ex = get_execution(store)
        if ex.invocation_type == "sovai":
            return _resume_sovai(store, target, answer, block_id, progress)
        settings = load_settings(store, ex.id)
        if backend is None:
            be = get_backend(settings.backend)
        else:
            be = get_backend(backend) if isinstance(backend, str) else backend
        check_backend(be)
        # an auto-answered run killed between opening a block and answering it
        left = bool(answer is None and settings.auto_answer and blocks_mod.auto_answers_left(store))
        stopped = ex.is_terminal or (ex.status == "awaiting_human" and answer is None and not left)
        if stopped and needs_repair(store, target):
            with holding_lock(store):
                registry.register(target)
                reconcile_last_wave(store, target, be.label)
            if ex.is_terminal:
                path = report_mod.write(store, state_dir(target), backend_label=be.label)
                return LoopResult(ex.status, ex.status, ex.current_stage, 0, str(path))
        _check_resumable(store, ex, answer, auto_left=left)
        if answer is not None:
            _check_answerable(store, block_id)
            optins.check_answer(store, block_id, answer)
            constitution_check.check_answer(store, block_id, answer)
        if settings.sandbox:
            sandboxed.require_available()
        if runs_commands(be) and settings.sandbox:
            from ondas.hooks.sandbox import require_available

            require_available()
        with holding_lock(store):
            registry.register(target)  # after the lock: a refused resume writes nothing
            check_integrity(store, backend_label=be.label)
            _check_resumable(store, get_execution(store), answer, auto_left=left)
            if answer is not None:
                answer_block(
                    store, be.name, answer, block_id or _oldest_pending(store), auto=auto_answered
                )
            elif left:  # answered as that run would have answered them
                for left_id, auto in blocks_mod.auto_answers_left(store).items():
                    answer_block(store, be.name, auto, left_id, auto=True)
            from ondas.report.feedback import apply_pending

            apply_pending(store)
            optins.apply_answered(store)
            if get_execution(store).status == "awaiting_human":
                raise awaiting_error(store)
            if get_execution(store).roadmap_mode and not roadmap_flow:
                raise RuleViolation(
                    "roadmap-chosen",
                    "roadmap mode was chosen: go on with 'ondas resume --roadmap'",
                )
            reconcile_last_wave(store, target, be.label)
            delay = settings.wave_delay if wave_delay is None else wave_delay
            return _wired_waves(store, target, be, settings, progress, max_waves, delay, pacing)
    finally:
        store.close()


def _check_resumable(
    store: Store, ex: Execution, answer: str | None, *, auto_left: bool = False
) -> None:
    """Refuse to resume a finished execution, or one that waits for a person without an
    answer (checked before the lock, and again under it); ``auto_left``: blocks the run opened
    to auto-answer are left, which resume answers (a person is asked if others remain)."""
    if ex.is_terminal:
        raise RuleViolation(
            "execution-terminal", f"execution {ex.id} is {ex.status}; nothing to resume"
        )
    if ex.status == "awaiting_human" and answer is None and not auto_left:
        raise awaiting_error(store)


def _resume_sovai(
    store: Store,
    project: Path,
    answer: str | None,
    block_id: str | None,
    progress: Progress | None,
) -> LoopResult:
    """A sovai run continues at its exact step; a finished run that waits for a person takes
    the answer first (``--answer`` with ``--block``) and builds on."""
    from ondas.app.sovai_run import resume_open

    if answer is not None:
        _check_answerable(store, block_id)
        with holding_lock(store):
            answer_block(store, "human", answer, block_id or _oldest_pending(store))
    out = resume_open(store, project, progress=progress)
    stage = get_execution(store).current_stage
    return LoopResult(out.stopped_by, out.status, stage, out.rounds, out.html)


def abort(project: Path, *, reason: str) -> dict[str, Any]:
    """End the execution as aborted, closing an open wave; its files are committed."""
    if not reason.strip():
        raise UsageError("--reason is required")
    target = project.resolve()
    store = open_project_store(target)
    try:
        ex = get_execution(store)
        label = get_backend(load_settings(store, ex.id).backend).label
        if ex.is_terminal:
            raise RuleViolation("execution-terminal", f"execution {ex.id} is already {ex.status}")
        with holding_lock(store):
            open_wave = waves_mod.current_wave(store)
            if open_wave is not None:
                waves_mod.end_wave(store, "abort", next_instruction=None)
            terminate(store, status="aborted", reason=reason)
            if open_wave is not None:
                finish_wave(
                    store,
                    target,
                    label,
                    f"ondas {open_wave.id}: abort ({reason[:60]})",
                    wavecommit.wave_paths(store, target, ex.id, open_wave.id),
                    open_wave.id,
                )
            else:
                finish_wave(store, target, label, f"ondas: abort ({reason[:60]})")
        return get_execution(store).to_dict()
    finally:
        store.close()


@dataclass
class DemoResult:
    """Where the demo ran and how its two invocations ended."""

    project: str
    report: str
    runs: list[dict[str, Any]] = field(default_factory=list)
    status: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def demo(
    directory: Path | None = None,
    *,
    auto_answer: bool = True,
    progress: Progress | None = None,
) -> DemoResult:
    """Build the sample project offline with the scripted backend, through every stage.

    The run stops at clarify awaiting a human (a structural persistence question); with
    ``auto_answer`` the demo answers it with the recommended option and resumes. The sample's
    tests run sandboxed where a sandbox can start; elsewhere (macOS, no bubblewrap) they run
    as the user, recorded as ``--no-sandbox``: the demo's code is ondas' own script, not a
    model's.
    """
    from ondas.agents.sample import PERSISTENCE_DECISION, SAMPLE_DESCRIPTION, SAMPLE_STACK

    if directory is None:
        directory = Path(tempfile.mkdtemp(prefix="ondas-demo-")) / "notes"
    directory.mkdir(parents=True, exist_ok=True)
    sink = progress or Silent()
    first = run(
        directory,
        description=SAMPLE_DESCRIPTION,
        stack=SAMPLE_STACK,
        backend="scripted",
        tier="local",
        progress=sink,
        sandbox=sandboxed.unavailable_reason() is None,
    )
    result = DemoResult(str(directory.resolve()), first.report, [first.to_dict()], first.status)
    if first.status == "awaiting_human" and auto_answer:
        second = resume(
            directory,
            answer=str(PERSISTENCE_DECISION["choice"]),
            progress=sink,
            auto_answered=True,
        )
        result.runs.append(second.to_dict())
        result.report, result.status = second.report, second.status
    return result
