"""The library behind ``ondas sovai`` and ``ondas demo --sovai``, and resume of a sovai run.

A sovai run is an execution of the project's store (``invocation_type`` ``sovai``): the same
lock, integrity check, hooks, sandbox, decisions, blocks, tasks and refusals as ``ondas run``.
Nothing is created before the plan, the settings and the backend are known to be usable.
"""

from __future__ import annotations

import json
import tempfile
from concurrent.futures import Future
from pathlib import Path

from ondas.agents import get_backend
from ondas.agents.base import Backend
from ondas.errors import RuleViolation, UsageError
from ondas.runtime.progress import Progress, Silent
from ondas.sovai import report as report_mod
from ondas.sovai import settings as settings_mod
from ondas.sovai import state as state_mod
from ondas.sovai.engine import Engine, Outcome, plan_title
from ondas.sovai.gitwork import StartFacts
from ondas.sovai.roles import Agents
from ondas.sovai.settings import SovaiSettings
from ondas.state.execution import create_execution, get_execution, terminate
from ondas.state.store import Store

PLAN_COPY = "sovai-plan.md"
MAX_PLAN_BYTES = 1_000_000


def read_plan(plan: Path) -> str:
    """The plan's text; a missing, empty, huge or non-UTF-8 plan is a usage error."""
    from ondas.pathpolicy import read_text

    if not plan.is_file():
        raise UsageError(f"plan {plan} is not a file")
    if plan.stat().st_size > MAX_PLAN_BYTES:
        raise UsageError(f"plan {plan} is larger than {MAX_PLAN_BYTES} bytes")
    text = read_text(plan, limit=MAX_PLAN_BYTES, what="plan")
    if not text.strip():
        raise UsageError(f"plan {plan} is empty")
    return text


def run(
    plan: Path,
    project: Path,
    *,
    backend: str | Backend = "claude-code",
    max_rounds: int | None = None,
    severity_floor: str | None = None,
    churn_threshold: int | None = None,
    parallel: int | None = None,
    test_command: str | None = None,
    new: bool = False,
    sandbox: bool = True,
    progress: Progress | None = None,
) -> Outcome:
    """Start a sovai run of ``plan`` on ``project`` and drive it to its end."""
    from ondas.app import run as orch
    from ondas.orchestrator.loop import prepare_project, state_dir

    text = read_plan(plan)
    be = get_backend(backend) if isinstance(backend, str) else backend
    orch.check_backend(be)
    target = orch._validate_target(project)
    settings = settings_mod.resolve(
        str(plan.resolve()),
        state_dir(target),
        backend=be.name,
        max_rounds=max_rounds,
        severity_floor=severity_floor,
        churn_threshold=churn_threshold,
        parallel=parallel,
        test_command=test_command,
        sandbox=sandbox,
    )
    orch.refuse_existing(target, new=new)
    if sandbox:
        from ondas.runtime import sandboxed

        sandboxed.require_available()
    else:
        from ondas.audit.operator import refuse_inside_agent

        refuse_inside_agent("--no-sandbox")
    if orch.runs_commands(be) and sandbox:
        from ondas.hooks.sandbox import require_available

        require_available()
    prepare_project(target)
    orch._install_hooks(target)
    from ondas.sovai import gitwork

    # Read-only git, and what follows until the engine starts writes only under .ondas/ (which
    # prepare_project excluded): the facts read now are the ones the start would read.
    facts = gitwork.prefetch_start_facts(target)
    from ondas.state.export import atomic_write

    atomic_write(state_dir(target) / PLAN_COPY, text.encode("utf-8"))
    store = orch.open_project_store(target, create=True)
    try:
        title = plan_title(text, plan.stem)
        create_execution(
            store,
            project_path=target,
            description=f"sovai: {title}"[:500],
            invocation_type=state_mod.INVOCATION,
            current_stage="sovai-decompose",
            extras={
                settings_mod.SETTINGS_KEY: json.dumps(settings.to_dict(), sort_keys=True),
                orch.SETTINGS_KEY: json.dumps(
                    orch.RunSettings(be.name, sandbox=sandbox).to_dict(), sort_keys=True
                ),
            },
        )
        if not sandbox:
            orch.record_no_sandbox(store, get_execution(store).id)
        with orch.holding_lock(store):
            return drive(store, target, settings, be, progress or Silent(), start_facts=facts)
    finally:
        store.close()


def load_settings(store: Store, execution_id: str) -> SovaiSettings:
    """The settings stored with a sovai execution."""
    row = store.one(
        "SELECT value FROM extras WHERE execution_id = ? AND key = ?",
        (execution_id, settings_mod.SETTINGS_KEY),
    )
    if row is None:
        raise RuleViolation("not-sovai", f"execution {execution_id} is not a sovai run")
    return SovaiSettings.from_dict(json.loads(str(row["value"])))


def resume_open(store: Store, project: Path, *, progress: Progress | None = None) -> Outcome:
    """Continue the sovai run of the (open, verified) ``store`` at its exact step."""
    from ondas.app import run as orch
    from ondas.orchestrator.loop import check_integrity

    ex = get_execution(store)
    if ex.is_terminal:
        raise RuleViolation(
            "execution-terminal", f"execution {ex.id} is {ex.status}; nothing to resume"
        )
    if ex.status == "awaiting_human":
        raise orch.awaiting_error(store)
    settings = load_settings(store, ex.id)
    be = get_backend(settings.backend)
    orch.check_backend(be)
    with orch.holding_lock(store):
        check_integrity(store, backend_label=be.label)
        return drive(store, project, settings, be, progress or Silent(), reopen=True)


def resume(project: Path, *, progress: Progress | None = None) -> Outcome:
    """``ondas resume`` of a sovai run: verify, lock, continue."""
    from ondas.app import run as orch

    target = project.resolve()
    orch.verify_before_write(target)
    store = orch.open_project_store(target)
    try:
        return resume_open(store, target, progress=progress)
    finally:
        store.close()


def _agents(project: Path, settings: SovaiSettings, be: Backend, progress: Progress) -> Agents:
    from ondas.app import run as orch

    env = orch._env(project, be, orch.RunSettings(be.name, sandbox=settings.sandbox), progress)
    return Agents(
        backend=be,
        project=project,
        settings=settings,
        project_name=project.name,
        env=dict(env.agent_env),
        agent_settings=env.agent_settings,
    )


COMPLETION_SUBJECT = "sovai:completion"


def finish(store: Store, st: state_mod.RunState) -> None:
    """End a finished run truthfully: ``completed`` only when built, verified and nothing
    awaits a person; otherwise one block names what is missing and the run waits for an
    answer (``ondas resume --answer``), so ``status`` and ``resume`` agree."""
    from ondas.audit import blocks as blocks_mod
    from ondas.state.execution import update_execution

    gaps = st.verified()
    awaiting = blocks_mod.list_blocks(store, status="awaiting")
    if not gaps and not awaiting:
        terminate(store, status="completed", reason="built and verified")
        return
    if not any(b.subject_key == COMPLETION_SUBJECT for b in awaiting):
        titles = [f"{b.id}: {b.question}" for b in awaiting]
        blocks_mod.register_block(
            store,
            question=(
                "The sovai run finished but is not completed: "
                + ("; ".join(gaps) if gaps else "blockers need you")
                + ". Answer to build on (your answer goes to the next decomposition), or end "
                "the run with 'ondas abort'."
            ),
            context_for_answer=("Blockers: " + " | ".join(titles))[:2000] if titles else None,
            subject_key=COMPLETION_SUBJECT,
        )
    pending = [b.id for b in blocks_mod.list_blocks(store, status="awaiting")]
    update_execution(
        store,
        {
            "status": "awaiting_human",
            "next_instruction": f"answer {', '.join(pending)} (ondas resume --answer TEXT "
            "--block ID); read .ondas/sovai-report.html",
        },
        description="sovai run not completed: " + "; ".join(gaps or ["blockers need you"]),
    )


def drive(
    store: Store,
    project: Path,
    settings: SovaiSettings,
    be: Backend,
    progress: Progress,
    *,
    reopen: bool = False,
    start_facts: Future[StartFacts] | None = None,
) -> Outcome:
    """Run the engine from where the state says, then finish, export and report.

    ``start_facts``: the repository as read before the store opened, for a new run's start.
    """
    from ondas import stopping
    from ondas.audit import events as events_mod
    from ondas.orchestrator.loop import IntegrityCheck, state_dir
    from ondas.runtime import gitops
    from ondas.state.export import export

    removed = gitops.remove_stale_index_lock(project)
    if removed is not None:  # a run killed inside a git command left it behind
        events_mod.add_event(store, "git_lock_removed", str(removed["path"]), data=removed)
    copy = state_dir(project) / PLAN_COPY
    plan_file = str(copy) if copy.is_file() else settings.plan
    engine = Engine(
        store,
        project,
        SovaiSettings.from_dict({**settings.to_dict(), "plan": plan_file}),
        _agents(project, settings, be, progress),
        progress,
        IntegrityCheck(),
    )
    engine.plan_path = settings.plan
    engine.start_facts = start_facts
    if reopen:
        engine.reopen(answers_since(store, engine.state))
    stopped = "interrupted"
    try:
        with stopping.handled(), stopping.interruptible():
            stopped = engine.run()
    except KeyboardInterrupt:
        stopped = "interrupted"
    st = engine.state
    ex = get_execution(store)
    if stopped == "done" and not ex.is_terminal:
        finish(store, st)
    export(store, state_dir(project) / "state.json")
    md, html = report_mod.write(
        store, st, state_dir(project), plan=settings.plan, backend_label=be.label
    )
    store.checkpoint()
    ex = get_execution(store)
    return Outcome(
        execution_id=ex.id,
        status=ex.status,
        stopped_by=stopped,
        rounds=st.round,
        built=st.built,
        blockers=st.blocker_titles(),
        branch=st.branch,
        commit=st.persistence.get("commit"),
        push=(st.persistence.get("push") or {}).get("status"),
        report=str(md),
        html=str(html),
    )


def answers_since(store: Store, st: state_mod.RunState) -> list[str]:
    """What a person answered to this run's blocks (the questions with their answers)."""
    from ondas.audit import blocks as blocks_mod

    return [
        f"{b.question[:200]} -> {b.answer}"
        for b in blocks_mod.list_blocks(store, status="answered")
        if b.answer
    ]


def demo(directory: Path | None = None, *, progress: Progress | None = None) -> Outcome:
    """Build the sample calc plan offline with the scripted backend (a local bare remote);
    its tests run sandboxed where a sandbox can start (as :func:`ondas demo` does)."""
    from ondas.runtime import sandboxed
    from ondas.sovai import sample

    root = (directory or Path(tempfile.mkdtemp(prefix="ondas-sovai-demo-"))).resolve()
    root.mkdir(parents=True, exist_ok=True)
    project = root / "calc"
    if project.exists():
        raise UsageError(f"{project} already exists; pick another --dir")
    sample.make_project(project, remote=root / "remote.git")
    plan = root / "PLAN.md"
    plan.write_text(sample.PLAN, encoding="utf-8")
    sandbox = sandboxed.unavailable_reason() is None
    return run(plan, project, backend="scripted", parallel=4, progress=progress, sandbox=sandbox)
