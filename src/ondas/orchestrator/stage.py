"""One stage of one wave: call the agent, take in its answer, check the artifact.

Everything here is runtime rule, not prompt: usage and cost are recorded from what the
backend reports, decisions go through the audit layer's rules, a structural choice becomes
a human block, an invalid artifact gets exactly one retry that shows the findings and then
a human block, and execute-task runs the project's tests itself before it ticks a task: a task
passes only on evidence (tests ran, all passed), else it is ``fail`` or ``unverified``.
converge advances only over a green suite; a review stage's verdict is parsed and recorded.
A failure of the model API ends the stage at once (no artifact retry).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ondas import stopping
from ondas.agents.base import AgentRequest, AgentResult, Backend, spawn_depth
from ondas.audit import blocks as blocks_mod
from ondas.audit import decisions as decisions_mod
from ondas.audit import events as events_mod
from ondas.audit import tasks as tasks_mod
from ondas.audit import waves as waves_mod
from ondas.config import load_config
from ondas.errors import OndasError
from ondas.limits import budget, circular, spawn
from ondas.mcp import roles
from ondas.orchestrator import delivery, parallel_tasks
from ondas.orchestrator.context import layout_for, stage_context
from ondas.orchestrator.tasklist import tick_line
from ondas.pipeline.findings import Finding, is_ok
from ondas.pipeline.review import ReviewVerdict
from ondas.pipeline.stages import STAGES
from ondas.pipeline.tasks import Task, parse_tasks
from ondas.pipeline.validators import detect_completion
from ondas.runtime import gitops
from ondas.runtime.agentcall import record_usage, structured_answer
from ondas.runtime.progress import Progress
from ondas.runtime.roles import run_agent
from ondas.runtime.testrun import TestRun, run_lint, run_tests, task_outcome, test_command
from ondas.skills import render
from ondas.state.execution import Execution, get_execution
from ondas.state.store import Store

HUMAN_TOKEN = "pause-human"
TASK_PREFIX = re.compile(r"^[*_`]*\d+(\.\d+)*[*_`]*[:.)]?\s*(\[[A-Za-z0-9]+\]\s*)*")
WRITE_TOOLS = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"})


@dataclass
class StageRun:
    """What the stage did in this wave."""

    completed: bool = False
    blocked: bool = False
    budget_reached: str | None = None
    findings: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    verdict: ReviewVerdict | None = None
    transport_error: str | None = None


@dataclass
class StageEnv:
    """What a stage needs besides the store: project, backend, switches, progress sink."""

    project: Path
    backend: Backend
    progress: Progress
    auto_answer: bool = False
    test_command: str | None = None
    model: str | None = None
    wave_model: str | None = None
    max_turns: int | None = None
    agent_env: dict[str, str] = field(default_factory=dict)
    transport_backoff: float = 5.0
    pending_backoff: float = 0.0
    agent_settings: str | None = None
    mcp_servers: dict[str, Any] = field(default_factory=dict)
    after_task: Callable[[str, str, list[str]], None] | None = None
    """Called with (task id, title, paths) once a task is ticked (atomic commits)."""
    sandbox: bool = True
    """Run the project's tests and lint inside the OS sandbox (False: ``--no-sandbox``)."""
    wave_opened: Callable[[str], dict[str, str]] | None = None
    """Called with each new wave's id; returns the agent's environment for it (its token)."""


def answers(store: Store) -> list[dict[str, str]]:
    """The human answers given so far, for the next prompts (axis named for structural ones)."""
    out = []
    for b in blocks_mod.list_blocks(store, status="answered"):
        subject = b.subject_key or ""
        axis = subject.split(":", 1)[1] if subject.startswith("axis:") else ""
        out.append(
            {
                "question": b.question,
                "answer": b.answer or "",
                "subject": subject,
                "axis": axis,
                "block": b.id,
            }
        )
    return out


RETRY_EVENT = "wave_retry"


def record_retry(store: Store, env: StageEnv, kind: str, what: str, findings: list[str]) -> None:
    """Record one retry in the store (``wave_retry``, with its ``kind``: ``stage``, ``task``
    or ``role``) and show it: the report counts retries from these events only."""
    events_mod.add_event(
        store,
        RETRY_EVENT,
        f"{what}: {len(findings)} finding(s)"[:200],
        data={"kind": kind, "subject": what, "findings": findings},
    )
    env.progress.emit("retry", message=f"{what}: " + "; ".join(f[:160] for f in findings[:3]))


def record_invalid(
    store: Store, env: StageEnv, kind: str, what: str, attempt: int, problems: list[str]
) -> None:
    """Record a refused attempt of a stage or a role (``kind``): a ``validation_failed`` event
    naming it, and after the first attempt the retry (:func:`record_retry`)."""
    noun = "problem(s)" if kind == "role" else "finding(s)"
    events_mod.add_event(
        store,
        "validation_failed",
        f"{what} attempt {attempt}: {len(problems)} {noun}",
        data={kind: what, "attempt": attempt, "findings": problems[:20]},
    )
    if attempt == 1:
        record_retry(store, env, kind, what, problems)


def pending_blocks(store: Store) -> list[blocks_mod.Block]:
    """Blocks that still wait for a person (normal severity)."""
    return [b for b in blocks_mod.list_blocks(store, status="awaiting") if b.severity == "normal"]


_RECALLED_ID = re.compile(r"\[R(\d+) ")


def record_recall(store: Store, stage: str, block: str) -> str:
    """Record that knowledge recalled from earlier runs goes into ``stage``'s prompt: a
    ``recall_consulted`` event and a runtime decision naming the entries (ids, never text)."""
    refs = [f"R{n}" for n in _RECALLED_ID.findall(block)]
    events_mod.add_event(
        store,
        "recall_consulted",
        f"{stage}: {len(refs)} recalled entr{'y' if len(refs) == 1 else 'ies'} in the prompt",
        data={"stage": stage, "entries": refs},
    )
    return decisions_mod.register_decision(
        store,
        agent="runtime",
        stage=stage,
        context=f"Knowledge recalled from earlier runs ({', '.join(refs) or 'none'}) goes into "
        f"the {stage} prompt as untrusted data",
        options=["inject-recalled", "omit-recalled"],
        choice="inject-recalled",
        justification="Recall is on for this stage; the entries are quoted as untrusted data "
        "and the agent is told never to copy them back",
        score=2,
        references=refs,
    )


def _errors(findings: list[Finding]) -> list[str]:
    return [f"[{f.rule}] {f.detail}" for f in findings if f.severity in ("critical", "error")]


def account(store: Store, env: StageEnv, ex: Execution, result: AgentResult) -> None:
    """Record usage and cost as reported; count tool calls unless hooks already do; record
    as refusals the calls of ondas tools the agent's session was not served."""
    record_usage(store, ex.id, result, ex.current_stage)
    roles.record_unserved_calls(store, [(c.name, c.input) for c in result.tool_calls])
    spawn.observe(store, spawn_depth(result.tool_calls), ex.current_stage)
    if result.is_error:
        events_mod.add_event(
            store,
            "agent_error",
            f"{result.backend} reported an error in {ex.current_stage}",
            data={"text": result.text[-2000:], "session_id": result.session_id},
        )
        env.progress.emit("note", message=f"the agent reported an error: {result.text[-200:]}")
    if result.tool_calls and not getattr(env.backend, "hooked", False):
        waves_mod.tick(store, len(result.tool_calls))
    env.progress.emit(
        "agent_done",
        tool_calls=len(result.tool_calls),
        cost_usd=result.cost_usd,
        tokens_in=result.tokens_in,
        tokens_out=result.tokens_out,
    )


def _options(raw: Any) -> list[str]:
    if isinstance(raw, list):
        return [str(o) for o in raw if str(o).strip()]
    return [str(raw)] if raw else []


def _register_decisions(store: Store, env: StageEnv, stage: str, answer: dict[str, Any]) -> None:
    """Record each decision the agent reported; a structural one opens a human block."""
    for raw in answer.get("decisions") or []:
        if not isinstance(raw, dict):
            continue
        klass = str(raw.get("class") or "operational")
        options = _options(raw.get("options"))
        choice = str(raw.get("choice") or "")
        raw_score = raw.get("score")
        score = raw_score if isinstance(raw_score, int) and not isinstance(raw_score, bool) else 1
        needs_human = klass == "structural" or raw.get("consent") == HUMAN_TOKEN
        try:
            if needs_human:
                structural(store, env, stage, raw, options, choice, score)
            else:
                decisions_mod.register_decision(
                    store,
                    agent=env.backend.name,
                    stage=stage,
                    context=str(raw.get("context") or ""),
                    options=options,
                    choice=choice,
                    justification=str(raw.get("justification") or ""),
                    score=score,
                    evidence=raw.get("evidence"),
                    references=raw.get("references"),
                    class_="operational",
                )
            env.progress.emit("decision", decisions=1, message=choice)
        except OndasError as err:
            events_mod.add_event(
                store,
                "decision_refused",
                str(err)[:200],
                data={"stage": stage, "decision": raw},
            )
            env.progress.emit("note", message=f"decision refused: {err}")


def answered_axis(store: Store, axis: str) -> blocks_mod.Block | None:
    """The answered block of structural ``axis``, when a person already decided it."""
    for block in blocks_mod.list_blocks(store, status="answered"):
        if block.subject_key == f"axis:{axis}":
            return block
    return None


def _awaiting_axis(store: Store, axis: str) -> blocks_mod.Block | None:
    for block in blocks_mod.list_blocks(store, status="awaiting"):
        if block.subject_key == f"axis:{axis}":
            return block
    return None


def structural(
    store: Store,
    env: StageEnv,
    stage: str,
    raw: dict[str, Any],
    options: list[str],
    choice: str,
    score: int,
) -> None:
    """A structural choice: a person decides (a block per axis, never asked twice)."""
    axis = str(raw.get("axis") or "").strip() or None
    context = str(raw.get("context") or "")
    real = [o for o in options if o != HUMAN_TOKEN]
    if axis is not None:
        decided = answered_axis(store, axis)
        if decided is not None:
            events_mod.add_event(
                store,
                "structural_already_decided",
                f"axis {axis} was answered in {decided.id}: {decided.answer}"[:200],
                data={"stage": stage, "axis": axis, "block": decided.id, "proposed": choice},
            )
            env.progress.emit(
                "note", message=f"axis {axis} already decided ({decided.id}): {decided.answer}"
            )
            return
        if _awaiting_axis(store, axis) is not None:
            return
    if axis not in decisions_mod.AXES:
        _unknown_axis(store, env, stage, axis, context, real, choice, raw)
        return
    decision_id = decisions_mod.register_decision(
        store,
        agent=env.backend.name,
        stage=stage,
        context=context,
        options=[*real, HUMAN_TOKEN],
        choice=HUMAN_TOKEN,
        justification=f"Structural choice: a person decides. Recommended: {choice}. "
        + str(raw.get("justification") or ""),
        score=min(score, 2),
        class_="structural",
        axis=axis,
    )
    block_id = blocks_mod.register_block(
        store,
        question=context,
        decision_id=decision_id,
        context_for_answer=f"Recommended: {choice}. {raw.get('justification') or ''}".strip(),
        options=real or None,
        subject_key=f"axis:{axis}",
        auto_answer=choice if env.auto_answer else None,
    )
    env.progress.emit("block", message=f"{block_id}: {context}")
    stopping.point("block-registered")
    if env.auto_answer:
        answer_block(store, env.backend.name, choice, block_id, auto=True)
        env.progress.emit("note", message=f"{block_id} auto-answered: {choice}")


def _unknown_axis(
    store: Store,
    env: StageEnv,
    stage: str,
    axis: str | None,
    context: str,
    real: list[str],
    choice: str,
    raw: dict[str, Any],
) -> None:
    """A structural choice on an axis the rules do not know: a person decides (never dropped).

    The block is not auto-answered: an unknown axis means the agent and the rules disagree
    about what is structural, which only a person can settle.
    """
    known = ", ".join(decisions_mod.AXES)
    question = (
        f"A structural choice on an axis ondas does not know ({axis or 'none given'}; "
        f"known axes: {known}): {context}"
    )
    if any(b.question == question for b in blocks_mod.list_blocks(store)):
        return  # already asked (and answered or still waiting): never asked twice
    block_id = blocks_mod.register_block(
        store,
        question=question,
        context_for_answer=f"Recommended: {choice}. {raw.get('justification') or ''}".strip(),
        options=real or None,
        subject_key=f"axis:{axis}" if axis else None,
    )
    events_mod.add_event(
        store,
        "unknown_axis",
        f"{stage}: axis {axis!r} is not one of the known axes; {block_id} opened",
        data={"stage": stage, "axis": axis, "block": block_id, "decision": raw},
    )
    env.progress.emit("block", message=f"{block_id}: unknown axis {axis!r}: {context}")


def answer_block(
    store: Store,
    agent: str,
    answer: str,
    block_id: str | None = None,
    *,
    auto: bool = False,
    actor: str | None = None,
) -> blocks_mod.Block:
    """Answer a block and record the decision that results from the answer."""
    block = blocks_mod.respond_block(
        store, answer, block_id, actor=blocks_mod.AUTO_ACTOR if auto else actor
    )
    options = list(block.options or [])
    if answer not in options:
        options.append(answer)
    subject = block.subject_key or ""
    axis = subject.split(":", 1)[1] if subject.startswith("axis:") else None
    if axis not in decisions_mod.AXES:
        axis = None
    who = blocks_mod.ANSWERER_WORDS[
        blocks_mod.answered_by(blocks_mod.AUTO_ACTOR if auto else actor)
    ]
    if block.decision_id is not None and axis is not None:
        decisions_mod.register_decision(
            store,
            agent="human" if not auto else f"{agent}:auto-answer",
            stage=get_execution(store).current_stage,
            context=block.question,
            options=[*options, HUMAN_TOKEN],
            choice=answer,
            justification=f"Answer to {block.id} given by {who}.",
            score=2,
            class_="structural",
            axis=axis,
            consent=block.id,
        )
    else:
        decisions_mod.register_decision(
            store,
            agent="human" if not auto else f"{agent}:auto-answer",
            stage=get_execution(store).current_stage,
            context=block.question,
            options=options,
            choice=answer,
            justification=f"Answer to {block.id} given by {who}.",
            score=2,
        )
    return block


def _request(env: StageEnv, ex: Execution, stage: str, ctx: dict[str, Any]) -> AgentRequest:
    skill = render(stage, ctx, env.project)
    return AgentRequest(
        prompt=skill.text,
        cwd=env.project,
        stage=stage,
        model=env.model or env.wave_model,
        env=dict(env.agent_env),
        settings=env.agent_settings,
        mcp_servers=dict(env.mcp_servers),
        max_turns=env.max_turns,
        context=ctx,
        system_append=system_text(ex, stage),
    )


def system_text(ex: Execution, stage: str) -> str:
    """What ondas appends to the backend's own system prompt for ``stage``."""
    return (
        f"You are running unattended as stage '{stage}' of the ondas pipeline on the project "
        f"'{ex.project_name}'. The user message holds the stage's instructions. The runtime "
        "checks your artifacts, runs the project's tests itself and records your decisions; "
        "work only inside the project directory and never push or publish."
    )


def _record_override(store: Store, env: StageEnv, stage: str) -> None:
    from ondas.skills import override_path

    path = override_path(env.project, stage)
    if not path.is_file():
        return
    already = [
        d
        for d in decisions_mod.list_decisions(store, stage=stage)
        if d.choice == "project override" and d.agent == "runtime"
    ]
    if already:
        return
    decisions_mod.register_decision(
        store,
        agent="runtime",
        stage=stage,
        context=f"Which prompt template drives stage {stage}?",
        options=["built-in template", "project override"],
        choice="project override",
        justification=f"The project provides {path.relative_to(env.project)}; it wins.",
        score=2,
        evidence=str(path),
    )


def _block_invalid(store: Store, env: StageEnv, stage: str, errors: list[str]) -> None:
    detail = "; ".join(errors[:8])
    block_id = blocks_mod.register_block(
        store,
        question=(
            f"The {stage} stage is still not done after one retry (its artifact or its checks "
            "fail). Fix it (or tell the agent what to do) and answer to continue."
        ),
        context_for_answer=detail,
        subject_key=f"stage:{stage}",
    )
    env.progress.emit("block", message=f"{block_id}: {stage} artifact invalid: {detail}")


def _transport(store: Store, env: StageEnv, stage: str, result: AgentResult) -> str | None:
    if not result.transport_error:
        return None
    events_mod.add_event(
        store,
        "transport_error",
        f"{stage}: {result.transport_error}"[:200],
        data={"stage": stage, "error": result.transport_error, "backend": result.backend},
    )
    env.progress.emit("note", message=f"the model API failed: {result.transport_error}")
    return result.transport_error


def _gate(store: Store, env: StageEnv, stage: str) -> tuple[list[str], ReviewVerdict | None]:
    """Checks past the artifact: converge needs a green suite; reviews have a verdict."""
    if STAGES[stage].completion == "suite":
        command = test_command(env.project, env.test_command)
        run = delivery.run_suite(store, env.project, command, stage, sandbox=env.sandbox)
        problem = delivery.suite_problem(command, run)
        return ([problem] if problem else []), None
    if STAGES[stage].completion == "verdict":
        ex = get_execution(store)
        verdict = delivery.read_verdict(env.project, stage, layout_for(ex).paths())
        return [], verdict
    return [], None


def run_stage(
    store: Store, env: StageEnv, stage: str, extra: dict[str, Any] | None = None
) -> StageRun:
    """Run a prose stage: agent, decisions, completion check, one retry, then a block.

    ``extra`` adds variables to the prompt's context (clarify: the answerer's decisions).
    """
    _record_override(store, env, stage)
    ex = get_execution(store)
    out = StageRun()
    errors: list[str] = []
    for attempt in (1, 2):
        ctx = stage_context(
            ex,
            stage,
            findings=errors,
            answers=answers(store),
            test_command=test_command(env.project, env.test_command),
        )
        ctx.update(extra or {})
        if attempt == 1 and ctx.get("recall"):
            record_recall(store, stage, str(ctx["recall"]))
        result = run_agent(env.backend, _request(env, ex, stage, ctx))
        account(store, env, ex, result)
        out.transport_error = _transport(store, env, stage, result)
        if out.transport_error:
            return out
        out.files += [
            str(c.input.get("file_path")) for c in result.tool_calls if c.name in WRITE_TOOLS
        ]
        _register_decisions(store, env, stage, structured_answer(result))
        findings = detect_completion(stage, env.project, layout_for(ex).feature_dir)
        errors = _errors(findings)
        if is_ok(findings):
            gate_errors, verdict = _gate(store, env, stage)
            errors = gate_errors
            if not gate_errors:
                out.completed = True
                out.verdict = verdict
                return out
        record_invalid(store, env, "stage", stage, attempt, errors)
        if attempt == 1:
            _push_circular(store, stage, errors, result)
    out.findings = errors
    _block_invalid(store, env, stage, errors)
    out.blocked = True
    return out


def _push_circular(store: Store, stage: str, problems: list[str], result: AgentResult) -> None:
    """Feed the circular-movement trigger: the same findings coming back is a loop."""
    problem = f"{stage}: " + "; ".join(problems[:8])
    solution = structured_answer(result).get("summary") or result.text[-500:] or "no answer"
    circular.push(store, problem, str(solution))


def budget_reached(store: Store, project: Path) -> str | None:
    """The first budget proxy at or above its threshold, as a line, or ``None``."""
    hit = budget.first_reached(budget.check(store, load_config(project / ".ondas").budget))
    return hit.line() if hit is not None else None


def run_execute_tasks(store: Store, env: StageEnv) -> StageRun:
    """Work through the unchecked tasks: agent, tests, record the evidence, tick the box.

    A task passes only when the test command ran at least one test and all passed. Without a
    test command (or with no test run) the agent is asked once more to add tests; still none
    and the task is recorded ``unverified`` (the run can then never be called completed).
    """
    stage = "execute-task"
    _record_override(store, env, stage)
    ex = get_execution(store)
    layout = layout_for(ex)
    tasks_md = env.project / layout.paths()["tasks"]
    out = StageRun()
    seen: set[str] = set()
    early = parallel_tasks.Prefetched()
    fixes = delivery.review_fix_ids(store)
    tasks_rel = layout.paths()["tasks"]
    while True:
        open_tasks = parse_tasks(tasks_md.read_text(encoding="utf-8")).unchecked()
        if not open_tasks:
            break
        reached = budget_reached(store, env.project) if seen else None
        if reached is not None:
            out.budget_reached = reached
            env.progress.emit("note", message=f"budget reached, wave ends: {reached}")
            return out
        task = open_tasks[0]
        task_id = task.id or f"L{task.line}"
        title = TASK_PREFIX.sub("", task.text).strip() or task.text
        if task_id in seen:
            break
        seen.add(task_id)
        if not early.results:
            early = parallel_tasks.prefetch(
                open_tasks,
                lambda t: _request(env, ex, stage, _task_ctx(store, env, ex, t, [])),
                lambda request: run_agent(env.backend, request),
            )
        head, listed = gitops.head_and_changes(env.project)
        changed_before = set(listed)
        findings: list[str] = []
        run: TestRun | None = None
        command: str | None = None
        files: list[str] = []
        for attempt in (1, 2):
            ctx = _task_ctx(store, env, ex, task, findings)
            result = (early.take(task) if attempt == 1 else None) or run_agent(
                env.backend, _request(env, ex, stage, ctx)
            )
            account(store, env, ex, result)
            out.transport_error = _transport(store, env, stage, result)
            if out.transport_error:
                return out
            _register_decisions(store, env, stage, structured_answer(result))
            files += [
                str(c.input.get("file_path")) for c in result.tool_calls if c.name in WRITE_TOOLS
            ]
            command = test_command(env.project, env.test_command)
            run = run_tests(env.project, command, sandbox=env.sandbox) if command else None
            problem = delivery.suite_problem(command, run)
            if (
                problem is None
                and task_id in fixes
                and not _changed_by_task(
                    env.project, head, changed_before | early.others(task) | {tasks_rel}
                )
            ):
                problem = delivery.NO_CHANGE
            if problem is None:
                break
            findings = [problem]
            if attempt == 1:
                record_retry(store, env, "task", f"task {task_id}", findings)
                _push_circular(store, f"task {task_id}", findings, result)
        changed = set(gitops.changed_paths(env.project, head)) - changed_before - early.others(task)
        files = sorted(
            {_relative(env.project, f) for f in files} | set(_code_paths(sorted(changed)))
        )
        outcome = task_outcome(run)
        if problem == delivery.NO_CHANGE:
            outcome = "fail"
        lint = load_config(env.project / ".ondas").lint_command
        tasks_mod.record_task(
            store,
            task_id,
            title,
            outcome,
            run.tests_run if run else 0,
            run.tests_passed if run else 0,
            run_lint(env.project, lint, sandbox=env.sandbox) if lint else None,
            files,
            test_command=command,
            test_exit_code=run.exit_code if run else None,
            recorded_by=tasks_mod.RUNTIME,
        )
        counts = (
            f"({run.tests_passed}/{run.tests_run} tests, exit {run.exit_code})"
            if run
            else "(no test command)"
        )
        env.progress.emit("task_recorded", message=f"{task_id} {outcome.upper()} {counts}")
        out.files += files
        if outcome == "fail":
            assert run is not None
            failed = (
                "changed no file (a review fix must change something)"
                if problem == delivery.NO_CHANGE
                else "still fails its tests"
            )
            blocks_mod.register_block(
                store,
                question=f"Task {task_id} {failed} after one retry. Fix the code "
                "or the task, then answer to continue.",
                context_for_answer=f"{command}: exit {run.exit_code}\n{run.output_tail[-1500:]}",
                subject_key=f"task:{task_id}",
            )
            out.blocked = True
            return out
        tick_line(tasks_md, task.line)
        if env.after_task is not None:
            env.after_task(task_id, title, [*files, layout.paths()["tasks"]])
    findings_now = detect_completion(stage, env.project, layout.feature_dir)
    out.completed = is_ok(findings_now)
    out.findings = _errors(findings_now)
    if not out.completed:
        _block_invalid(store, env, stage, out.findings)
        out.blocked = True
    return out


def _changed_by_task(project: Path, head: str | None, others: set[str]) -> bool:
    """True when the task changed a project file (ondas' own files and ``others`` aside)."""
    changed = set(gitops.changed_paths(project, head)) - others
    return any(not p.startswith((".ondas/", ".claude/")) for p in changed)


def _task_ctx(
    store: Store, env: StageEnv, ex: Execution, task: Task, findings: list[str]
) -> dict[str, Any]:
    """The context of an attempt at ``task`` (the first one, prefetched or not, has no
    findings)."""
    title = TASK_PREFIX.sub("", task.text).strip() or task.text
    return stage_context(
        ex,
        "execute-task",
        findings=findings,
        task={"id": task.id or f"L{task.line}", "title": title},
        test_command=test_command(env.project, env.test_command),
        answers=answers(store),
    )


def _relative(project: Path, path: str) -> str:
    p = Path(path)
    try:
        return str(p.resolve().relative_to(project.resolve())) if p.is_absolute() else path
    except ValueError:
        return path


def _code_paths(paths: list[str]) -> list[str]:
    return [p for p in paths if not p.startswith((".ondas/", ".claude/"))]
