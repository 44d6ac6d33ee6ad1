"""The deterministic round loop of sovai: decompose -> execute -> review, then confirm, QA, persist.

Agents only fill structured answers; every rule is here. Each round is one wave of the
store. A round decomposes (the whole plan first, then only the review's delta), executes the
pending tasks through the executor pool, runs the project's tests, records each done task's
evidence and asks for the build review. Gaps at or above the severity floor open the next
round; below it they are notes. A task flagged ``churn_threshold`` rounds in a row gets a
root-cause diagnosis fed into the next round. Built (complete, cohesive, no gap at or above
the floor, tests not red) runs an independent confirm pass; ``max_rounds`` turns what is
still missing into blockers. Blockers are noted and skipped, never faked.
"""

from __future__ import annotations

import re
from concurrent.futures import Future, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ondas.audit import blocks as blocks_mod
from ondas.audit import decisions as decisions_mod
from ondas.audit import events as events_mod
from ondas.audit import tasks as tasks_mod
from ondas.audit import waves as waves_mod
from ondas.errors import UsageError
from ondas.runtime import gitops, pool, protected
from ondas.runtime.integrity import IntegrityCheck
from ondas.runtime.progress import Progress
from ondas.runtime.testrun import TestRun, run_tests, task_outcome, test_command
from ondas.sovai import drift, gitwork, project_docs, qa, routes
from ondas.sovai import state as state_mod
from ondas.sovai.roles import STEPS, Agents, Answer
from ondas.sovai.schemas import (
    BuildReview,
    Gap,
    parse_decomp,
    parse_diagnosis,
    parse_docs,
    parse_review,
    parse_task_result,
)
from ondas.sovai.settings import SovaiSettings, role_for_task
from ondas.sovai.state import TaskState
from ondas.state.execution import apply_execution_changes, get_execution
from ondas.state.store import Store

AGENT = "sovai"
IGNORED = (".ondas/", ".claude/")


@dataclass
class Outcome:
    """How a sovai run ended (or stopped, to be resumed)."""

    execution_id: str
    status: str
    stopped_by: str
    rounds: int
    built: bool
    blockers: list[str] = field(default_factory=list)
    branch: str | None = None
    commit: str | None = None
    push: str | None = None
    report: str = ""
    html: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def plan_title(text: str, fallback: str) -> str:
    """The plan's first heading (``# Plan: X`` gives ``X``), else ``fallback``."""
    for line in text.splitlines():
        if line.startswith("# "):
            title = line[2:].strip()
            return re.sub(r"^plan\s*:\s*", "", title, flags=re.I) or fallback
    return fallback


TreeState = tuple[str | None, tuple[tuple[str, int, int], ...]]
"""HEAD, and the changed paths with sizes and modification times (:meth:`Engine.tree_state`)."""


class Engine:
    """One sovai run over one project, resumable at any step."""

    def __init__(
        self,
        store: Store,
        project: Path,
        settings: SovaiSettings,
        agents: Agents,
        progress: Progress,
        integrity: IntegrityCheck,
    ) -> None:
        self.store = store
        self.project = project
        self.settings = settings
        self.agents = agents
        self.progress = progress
        self.ex_id = get_execution(store).id
        self.state = state_mod.load(store, self.ex_id)
        self.plan_path = settings.plan
        self.plan_text = Path(settings.plan).read_text(encoding="utf-8")
        self.transport: str | None = None
        self.integrity = integrity
        self.suite: tuple[TreeState, str, TestRun] | None = None
        """The last test run of this process: the tree it ran on, its command, its result."""
        self.start_facts: Future[gitwork.StartFacts] | None = None
        """What the repository looked like before the run, read while the store opened."""
        self.early: tuple[str, Future[TestRun]] | None = None
        """The round's test run, started as soon as the last batch left the tree final."""

    # -- bookkeeping -------------------------------------------------------------------------

    def save(self, event: str, description: str | None = None, **data: Any) -> None:
        """Persist the run state (and the phase as the execution's current stage)."""
        st = self.state
        with self.store.transaction(event, execution_id=self.ex_id, description=description) as tx:
            tx.upsert(
                "extras",
                {"execution_id": self.ex_id, "key": state_mod.STATE_KEY},
                {"value": st.to_json()},
            )
            stage = f"sovai-{st.phase}"
            row = tx.one("SELECT current_stage FROM executions WHERE id = ?", (self.ex_id,))
            if row is not None and row["current_stage"] != stage:
                apply_execution_changes(tx, self.ex_id, {"current_stage": stage})
            tx.data.update({"round": st.round, "phase": st.phase, **data})

    def note(self, message: str) -> None:
        """One progress line."""
        self.progress.emit("note", message=message)

    def decide(self, context: str, choice: str, reason: str, alternative: str) -> None:
        """Record a decision the engine took, with its one-line reason."""
        decisions_mod.register_decision(
            self.store,
            agent=AGENT,
            stage=f"sovai-{self.state.phase}",
            context=context,
            options=[choice, alternative],
            choice=choice,
            justification=reason,
            score=2,
        )

    def agent_decisions(self, step: str, noted: list[Any]) -> None:
        """Record the decisions an agent reported (one-line reason each)."""
        for item in noted:
            decisions_mod.register_decision(
                self.store,
                agent=self.agents.backend.name,
                stage=f"sovai-{step}",
                context=f"{step}: {item.decision}",
                options=[item.decision, "not done"],
                choice=item.decision,
                justification=item.reason,
                score=2,
            )

    def blocker(self, what: str, why: str, subject: str) -> None:
        """Note something that needs a person and keep going (recorded once)."""
        if any(b["what"] == what for b in self.state.blockers):
            return
        block_id = blocks_mod.register_block(
            self.store,
            question=what,
            context_for_answer=why,
            subject_key=f"sovai:{subject}",
            severity="light",
        )
        self.state.blockers.append(
            {"what": what, "why": why, "block": block_id, "round": str(self.state.round)}
        )
        self.decide(
            f"What to do about: {what}",
            "skip and note",
            f"needs a person ({why}); the rest is built",
            "stop the run",
        )
        self.progress.emit("block", message=f"{block_id}: {what}")

    def account(self, step: str, answer: Answer) -> None:
        """Usage of ``answer``'s agent runs; a transport failure stops the run (resumable)."""
        self.agents.account(self.store, self.ex_id, step, answer)
        if answer.transport_error and self.transport is None:
            self.transport = answer.transport_error
            events_mod.add_event(
                self.store,
                "transport_error",
                f"sovai-{step}: {answer.transport_error}"[:200],
                data={"step": step, "error": answer.transport_error},
            )

    def route(self, *roles: str) -> None:
        """Pick the model of each of ``roles`` for this round (one audited decision per role per
        wave, in this thread) before their agents run."""
        picked = routes.route(self.store, self.agents.backend, self.settings, set(roles))
        self.agents.routed.update(picked)

    def ask(self, step: str, ctx: dict[str, Any], parse: Any) -> Answer:
        """Ask ``step``'s role (routed first) in this thread."""
        self.route(STEPS[step][0])
        return self.agents.ask(step, ctx, parse)

    def ensure_wave(self) -> None:
        """The round's wave is open (one wave per round, one for QA and persistence).

        Each new wave starts with the store's integrity check and the check of the files that
        decide what runs outside the sandbox, as the pipeline's waves do (the full verify
        first, then the events appended since).
        """
        if waves_mod.current_wave(self.store) is None:
            self.integrity.run(self.store, backend_label=self.agents.backend.label)
            protected.require_unchanged(self.store, self.project)
            waves_mod.start_wave(self.store)

    def close_wave(self, instruction: str) -> None:
        """Close the open wave, if any."""
        if waves_mod.current_wave(self.store) is not None:
            waves_mod.end_wave(
                self.store, "stage_completed_advancing", next_instruction=instruction
            )

    # -- the loop ----------------------------------------------------------------------------

    def run(self) -> str:
        """Drive the run until done (returns ``done``) or a transport failure (``transport``)."""
        st = self.state
        if st.round == 0:
            self.start()
        steps = {
            "decompose": self.decompose,
            "execute": self.execute,
            "review": self.review,
            "confirm": self.confirm,
            "qa": self.qa_gate,
            "persist": self.persist,
        }
        try:
            while st.phase != "done":
                self.ensure_wave()
                steps[st.phase]()
                if self.transport is not None:
                    st.stopped_by = "transport"
                    self.save("sovai_stopped", f"model API failed: {self.transport}"[:200])
                    return "transport"
        finally:
            self.settle_suite()
            self.integrity.close()
        self.close_wave("sovai run finished")
        return "done"

    def start(self) -> None:
        """Round 1 begins on a feature branch (never the default branch)."""
        st = self.state
        prefetched, self.start_facts = self.start_facts, None
        facts = prefetched.result() if prefetched else gitwork.start_facts(self.project)
        st.dirty_before = sorted(set(facts.dirty))
        name = f"sovai/{gitwork.slug(plan_title(self.plan_text, Path(self.plan_path).stem))}"
        choice = gitwork.ensure_feature_branch(self.project, name, facts=facts)
        st.branch, st.default_branch = choice.branch, choice.default
        st.base_head = choice.head
        st.round, st.phase = 1, "decompose"
        self.ensure_wave()
        if choice.created:
            self.decide(
                "Which branch receives the build?",
                f"feature branch {choice.branch}",
                f"never commit or push to the default branch {choice.default}",
                f"the default branch {choice.default}",
            )
        self.save("sovai_started", f"round 1 on {choice.branch}", branch=choice.branch)

    def task_view(self) -> list[dict[str, Any]]:
        """The decomposition as the agents see it (with status)."""
        out = []
        for t in self.state.tasks.values():
            out.append(
                {
                    "id": t.id,
                    "desc": t.desc,
                    "files": t.files,
                    "dependsOn": t.depends_on,
                    "status": t.status,
                    "summary": t.summary,
                    "note": t.note,
                }
            )
        return out

    def decompose(self) -> None:
        """Round 1: the whole plan; later rounds: the delta of the review's feedback."""
        st = self.state
        ctx = {
            "round": st.round,
            "plan_text": self.plan_text,
            "plan_path": self.plan_path,
            "tasks": self.task_view(),
            "feedback": st.feedback,
            "missing": st.missing,
            "diagnoses": st.diagnoses,
        }
        known = set(st.tasks)
        answer = self.ask("decompose", ctx, lambda a: parse_decomp(a, known=known))
        self.account("decompose", answer)
        if self.transport:
            return
        if answer.value is not None and not (
            st.tasks or answer.value.tasks or answer.value.blockers
        ):
            # Nothing to build and nothing that needs a person: the plan was not decomposed.
            answer.problems = ["the decomposition names no task and no blocker"]
            answer.value = None
        if answer.value is None:
            self.blocker(
                f"The decomposition of round {st.round} is unusable",
                "; ".join(answer.problems)[:500],
                f"decompose-{st.round}",
            )
            st.phase = "review" if st.tasks else "qa"
            self.save("sovai_decomposed", "decomposition refused", problems=answer.problems)
            return
        decomp = answer.value
        for task in decomp.tasks:
            existing = st.tasks.get(task.id)
            if existing is None:
                st.tasks[task.id] = TaskState.from_plan(task, st.round)
            elif not task.done and existing.status != "pending":
                existing.status = "pending"
                existing.files = sorted(set(existing.files) | set(task.files))
        for item in decomp.blockers:
            self.blocker(item.what, item.why_needs_you, f"plan:{gitwork.slug(item.what)}")
        self.agent_decisions("decompose", decomp.decisions)
        st.feedback, st.missing = [], []
        st.phase = "execute"
        self.save(
            "sovai_decomposed",
            f"round {st.round}: {len(decomp.tasks)} task(s), {len(decomp.blockers)} blocker(s)",
            tasks=[t.id for t in decomp.tasks],
            blockers=[b.what for b in decomp.blockers],
        )

    # -- execute -----------------------------------------------------------------------------

    def task_ctx(self, task: TaskState) -> dict[str, Any]:
        """What an executor is told about its task."""
        return {
            "round": self.state.round,
            "attempt": task.attempts + 1,
            "task": {
                "id": task.id,
                "desc": task.desc,
                "files": task.files,
                "complexity": task.complexity,
            },
            "feedback": list(task.feedback),
            "diagnosis": self.state.diagnoses.get(task.id),
            "plan_text": self.plan_text,
            "test_command": self.test_command(),
        }

    def test_command(self) -> str | None:
        """The project's test command (``--test-command``, config, or detected)."""
        return test_command(self.project, self.settings.test_command)

    def execute(self) -> None:
        """Run the round's pending tasks: independent ones in parallel, dependent in order."""
        st = self.state
        gitwork.prune_worktrees(self.project, self.ex_id)
        done = {t.id for t in st.tasks.values() if t.status == "done"}
        jobs = [
            pool.Job(t.id, tuple(t.files), tuple(t.depends_on), t.parallelizable)
            for t in st.pending()
        ]
        batches, stuck = pool.batches(jobs, done)
        for number, batch in enumerate(batches, 1):
            self.run_batch(batch, last=number == len(batches))
            if self.transport:
                return
        for job in stuck:
            task = st.tasks[job.id]
            waiting = [d for d in task.depends_on if d not in done]
            task.status = "not_done"
            task.note = f"not started: depends on unfinished {', '.join(waiting)}"
            self.save("sovai_task_skipped", f"{task.id}: {task.note}"[:200], task=task.id)
        st.phase = "review"
        self.save("sovai_executed", f"round {st.round} executed")

    def run_batch(self, batch: list[pool.Job], *, last: bool = False) -> None:
        """One level of the pool; tasks sharing a file run in their own worktrees. After the
        ``last`` one the round's test run starts while the batch is committed."""
        st = self.state
        separate = pool.shared(batch) if self.settings.parallel > 1 else set()
        cwd: dict[str, Path] = {}
        if separate:
            self.checkpoint(f"chore(sovai): round {st.round} work before parallel tasks")
            ids = sorted(separate)
            self.decide(
                f"Tasks {', '.join(ids)} touch the same file and run in parallel",
                "separate git worktrees, merged back",
                "parallel tasks must not write the same file in one tree",
                "one after the other",
            )
            for task_id in ids:
                cwd[task_id] = gitwork.add_worktree(self.project, self.ex_id, task_id)
        base, changed_before = self.changes()
        before = set(changed_before)
        ctxs = {job.id: self.task_ctx(st.tasks[job.id]) for job in batch}
        workers = min(self.settings.parallel, len(batch))
        events_mod.add_event(
            self.store,
            "sovai_batch",
            f"round {st.round}: {' '.join(j.id for j in batch)} ({workers} at once)"[:200],
            data={
                "round": st.round,
                "tasks": [j.id for j in batch],
                "workers": workers,
                "worktrees": sorted(cwd),
            },
        )
        self.note(f"round {st.round}: running {', '.join(j.id for j in batch)}")
        self.route(*{role_for_task(st.tasks[j.id].complexity) for j in batch})

        def work(job: pool.Job) -> Answer:
            task = st.tasks[job.id]
            return self.agents.ask(
                "execute",
                ctxs[job.id],
                lambda a: parse_task_result(a, task_id=job.id),
                cwd=cwd.get(job.id),
                role=role_for_task(task.complexity),
            )

        merges: list[tuple[str, Answer]] = []

        def on_done(job: pool.Job, answer: Answer) -> None:
            self.account("execute", answer)
            if job.id in cwd:
                changed = gitwork.changed_between(cwd[job.id], "HEAD")
                self.revert_drift(cwd[job.id], changed, job.id)
                gitwork.commit_worktree(cwd[job.id], f"feat(sovai): task {job.id}")
                merges.append((job.id, answer))
                return
            self.take_result(job.id, answer, None)

        settled: list[list[str]] = []

        def on_settled() -> None:
            # Without worktrees to merge, the tree is final when the last task's work returns:
            # it is read (before a test can write in it) and the tests start, while the last
            # answers are recorded (they only write the store).
            settled.append(self.changes()[1])
            self.start_suite()

        pool.run(
            batch,
            work,
            self.settings.parallel,
            on_done,
            on_settled=on_settled if last and not cwd else None,
        )
        for task_id, answer in sorted(merges):
            conflict = gitwork.merge_worktree(self.project, self.ex_id, task_id)
            if base is not None:
                st.tasks[task_id].files_touched = gitwork.changed_files(cwd[task_id], base)
            gitwork.remove_worktree(self.project, cwd[task_id], f"sovai-wt/{self.ex_id}/{task_id}")
            st.tasks[task_id].worktree = True
            self.take_result(task_id, answer, conflict)
        in_tree = [j.id for j in batch if j.id not in cwd]
        now: list[str] | None = None
        reverted = False
        if in_tree:
            now = settled[0] if settled else self.changes()[1]
            changed = sorted(set(now) - before)
            # Paths put back stay listed: the commit takes only what still differs from HEAD.
            reverted = self.revert_drift(self.project, changed, " ".join(in_tree))
        if last and self.transport is None and (reverted or self.early is None):
            # What is committed is read before the tests start: nothing they write is taken.
            now = self.changes()[1] if now is None else now
            self.settle_suite()  # a run started before drift was put back saw another tree
            self.start_suite()
        self.checkpoint(
            f"feat(sovai): round {st.round} tasks {' '.join(j.id for j in batch)}"[:100],
            changed=now,
        )

    def revert_drift(self, cwd: Path, changed: list[str], who: str) -> bool:
        """Put back what ``who`` (a task, or the tasks of one tree) changed outside the
        decomposition's files, and record it (see :mod:`ondas.sovai.drift`). Nothing is judged
        when one of ``who``'s tasks lists no file. True when something was put back."""
        group = [self.state.tasks[i] for i in who.split() if i in self.state.tasks]
        if any(not t.files for t in group):
            return False
        files = [f for t in self.state.tasks.values() for f in t.files]
        off = drift.off_plan(changed, files)
        if not off:
            return False
        gitwork.restore(cwd, off, "HEAD")
        self.state.drift.append({"round": self.state.round, "tasks": who, "paths": off})
        self.decide(
            f"Tasks {who} changed files no task of the plan names: {', '.join(off)}"[:500],
            "revert them",
            "work that drifts from the plan is not kept; the decomposition is the contract",
            "keep them",
        )
        for task_id in who.split():
            task = self.state.tasks.get(task_id)
            if task is not None:
                task.files_touched = [f for f in task.files_touched if f not in off]
        self.save("sovai_drift_reverted", f"{who}: {', '.join(off)}"[:200], paths=off)
        self.note(f"reverted off-plan work of {who}: {', '.join(off)}")
        return True

    def take_result(self, task_id: str, answer: Answer, conflict: str | None) -> None:
        """Record one executor's answer on its task (done only when it says so and merged)."""
        task = self.state.tasks[task_id]
        task.attempts += 1
        task.round = self.state.round
        result = answer.value
        if result is not None:
            task.summary = result.summary
            task.note = result.note
            task.files_touched = sorted(set(task.files_touched) | set(result.files_touched))
            self.agent_decisions("execute", result.decisions)
        if conflict:
            task.status, task.note = "not_done", f"merge conflict: {conflict}"
        elif answer.transport_error:
            task.note = f"model API failed: {answer.transport_error}"
        elif result is None:
            task.status, task.note = "not_done", "; ".join(answer.problems)[:500]
        else:
            task.status = "done" if result.done else "not_done"
        if answer.transport_error and not conflict:
            task.attempts -= 1  # no work happened; the task runs again on resume
            return
        task.feedback = []
        self.save(
            "sovai_task_done",
            f"{task_id} {task.status}",
            task=task_id,
            status=task.status,
            worktree=task.worktree,
        )
        self.progress.emit("task_recorded", message=f"{task_id} {task.status.upper()}")

    def checkpoint(
        self, message: str, extra: list[str] | None = None, *, changed: list[str] | None = None
    ) -> str | None:
        """Commit what the run changed (never the person's own dirty files), with ``extra``
        paths of ondas' own directories the runtime wrote. ``changed``: what :meth:`changes`
        said, when the tree only had paths put back since (saves a ``git status``; a path
        back at HEAD's content is not committed)."""
        paths = [*(self.changes()[1] if changed is None else changed), *(extra or [])]
        sha = gitwork.commit(self.project, paths, message) if paths else None
        if sha is not None:
            self.state.commits.append(sha)
        return sha

    def changes(self) -> tuple[str | None, list[str]]:
        """HEAD, and the paths the run changed since it without ondas' own files and the
        person's own dirty ones (one ``git status``)."""
        head, paths = gitops.head_and_changes(self.project)
        mine = set(paths) - set(self.state.dirty_before)
        return head, sorted(p for p in mine if not p.startswith(IGNORED))

    # -- review ------------------------------------------------------------------------------

    def start_suite(self) -> None:
        """Start the round's test run in the background once the tree is final (every task of
        the last batch ended, worktrees merged). What follows until the review only writes
        ``.git`` (the batch's commit) and the store, so the tests see what they would see
        after it; drift put back after the start discards the run and starts another."""
        command = self.test_command()
        if not command or self.transport is not None:
            return
        sandbox = self.settings.sandbox
        future = pool.background(
            lambda: run_tests(self.project, command, sandbox=sandbox), "sovai-tests"
        )
        self.early = (command, future)

    def settle_suite(self) -> None:
        """Wait for a test run started early that no review took (a stopped run)."""
        early, self.early = self.early, None
        if early is not None:
            wait([early[1]])

    def run_suite(self) -> TestRun | None:
        """The project's tests after the round (the run started at the end of the round's
        execution when there is one), recorded, and each done task's evidence."""
        command = self.test_command()
        early, self.early = self.early, None
        if command and early is not None and early[0] == command:
            run: TestRun | None = early[1].result()
        else:
            if early is not None:
                wait([early[1]])
            sandbox = self.settings.sandbox
            run = run_tests(self.project, command, sandbox=sandbox) if command else None
        if command and run is not None:
            self.suite = (self.tree_state(), command, run)
        summary: dict[str, Any] = {"round": self.state.round, "command": command}
        if run is not None:
            summary.update(
                exit_code=run.exit_code,
                tests_run=run.tests_run,
                tests_passed=run.tests_passed,
                ok=run.ok,
                tail=run.output_tail[-800:],
            )
        self.state.tests.append(summary)
        for task in self.state.tasks.values():
            if task.status != "done":
                continue
            tasks_mod.record_task(
                self.store,
                task.id,
                task.desc[:200],
                task_outcome(run),
                run.tests_run if run else 0,
                run.tests_passed if run else 0,
                None,
                sorted(set(task.files_touched) | set(task.files)),
                test_command=command,
                test_exit_code=run.exit_code if run else None,
                recorded_by=tasks_mod.RUNTIME,
            )
        return run

    def code_gaps(self, run: TestRun | None) -> list[Gap]:
        """Gaps the code finds itself: tasks not done, and red tests."""
        st = self.state
        gaps = [
            Gap(t.id, "P0", f"not done: {t.note or 'the executor did not finish it'}")
            for t in st.tasks.values()
            if t.status != "done"
        ]
        if run is not None and not run.ok:
            output = run.output_tail
            named = [
                t.id
                for t in st.tasks.values()
                if any(Path(f).name in output for f in [*t.files, *t.files_touched])
            ]
            this_round = [t.id for t in st.tasks.values() if t.round == st.round]
            first = next((ln for ln in output.splitlines() if "FAIL" in ln), "")
            problem = f"the project's tests fail (exit {run.exit_code}) {first}".strip()
            gaps += [Gap(i, "P0", problem) for i in (named or this_round)]
        return gaps

    def ask_review(self, confirm: bool, run: TestRun | None) -> BuildReview | None:
        """The build review (or the independent confirm pass)."""
        ctx = {
            "round": self.state.round,
            "confirm": confirm,
            "tasks": self.task_view(),
            "tests": self.state.tests[-1] if self.state.tests else None,
            "plan_text": self.plan_text,
        }
        step = "confirm" if confirm else "review"
        answer = self.ask(step, ctx, parse_review)
        self.account(step, answer)
        if answer.value is None and not self.transport:
            self.note(f"{step} answer refused: {'; '.join(answer.problems)[:200]}")
        value: BuildReview | None = answer.value
        return value

    def review(self) -> None:
        """Test, review, count churn, diagnose, and decide: next round, confirm or stop."""
        run = self.run_suite()
        review = self.ask_review(False, run)
        if self.transport:
            return
        self.judge(review, run, confirm=False)

    def confirm(self) -> None:
        """The final independent confirm review before ``built``."""
        run = self.run_suite() if not self.state.tests else None
        review = self.ask_review(True, run)
        if self.transport:
            return
        self.judge(review, run, confirm=True)

    def judge(self, review: BuildReview | None, run: TestRun | None, *, confirm: bool) -> None:
        """Apply the stop rules to one review."""
        st = self.state
        floor = self.settings.severity_floor
        last = st.tests[-1] if st.tests else {}
        red = bool(last.get("command")) and not last.get("ok", False)
        gaps = [*(review.gaps if review else []), *self.code_gaps(run if run else None)]
        if red and run is None and not any("tests fail" in g.problem for g in gaps):
            gaps.append(Gap("", "P0", "the project's tests fail"))
        if review is None:
            gaps.append(Gap("", "P1", "the review's answer was unusable"))
        above = _unique([g for g in gaps if g.at_or_above(floor)])
        below = _unique([g for g in gaps if not g.at_or_above(floor)])
        missing = review.missing_tasks if review else []
        for gap in below:
            if not any(
                n["problem"] == gap.problem and n["task_id"] == gap.task_id for n in st.notes
            ):
                st.notes.append({"round": str(st.round), **asdict(gap)})
        st.reviews.append(
            {
                "round": st.round,
                "kind": "confirm" if confirm else "review",
                "complete": bool(review and review.complete),
                "cohesive": bool(review and review.cohesive),
                "gaps": [asdict(g) for g in above],
                "notes": [asdict(g) for g in below],
                "missing": missing,
            }
        )
        self.churn(above, missing)
        built = bool(review and review.complete and review.cohesive) and not above and not missing
        if built and not red:
            if confirm:
                st.built = True
                st.phase = "qa"
                self.close_wave("run the QA gate")
            else:
                st.phase = "confirm"
            self.save("sovai_reviewed", f"round {st.round}: built", built=True)
            return
        if st.round - st.rounds_before >= self.settings.max_rounds:
            for gap in above:
                who = f"task {gap.task_id}" if gap.task_id else "the build"
                self.blocker(
                    f"{who} still has a {gap.severity} gap after {st.round} round(s): "
                    f"{gap.problem}"[:300],
                    f"maxRounds ({self.settings.max_rounds}) reached; a person decides",
                    f"gap:{gap.task_id}:{gitwork.slug(gap.problem)}",
                )
            for item in missing:
                self.blocker(
                    f"missing task after {st.round} round(s): {item}"[:300],
                    f"maxRounds ({self.settings.max_rounds}) reached",
                    f"missing:{gitwork.slug(item)}",
                )
            st.stopped_by = "max_rounds"
            st.phase = "qa"
            self.close_wave("maxRounds reached: run the QA gate")
            self.save("sovai_reviewed", f"round {st.round}: maxRounds reached", built=False)
            return
        st.feedback = [asdict(g) for g in above]
        st.missing = list(missing)
        for gap in above:
            task = st.tasks.get(gap.task_id)
            if task is not None:
                task.status = "pending"
                if gap.problem not in task.feedback:
                    task.feedback.append(gap.problem)
        finished = st.round
        st.round += 1
        st.phase = "decompose"
        self.close_wave(f"round {st.round}: close {len(above)} gap(s)")
        self.save("sovai_reviewed", f"round {finished}: {len(above)} gap(s)", built=False)

    def churn(self, above: list[Gap], missing: list[str]) -> None:
        """Count consecutive rounds per flagged task; diagnose at the threshold; reset others."""
        st = self.state
        flagged = {g.task_id for g in above if g.task_id in st.tasks}
        flagged |= {f"missing:{m}" for m in missing}
        st.churn = {k: st.churn.get(k, 0) + 1 for k in sorted(flagged)}
        for key, count in st.churn.items():
            if count < self.settings.churn_threshold or key not in st.tasks:
                continue
            if st.diagnoses.get(key, {}).get("round") == str(st.round):
                continue
            self.diagnose(st.tasks[key], count, [g.problem for g in above if g.task_id == key])

    def diagnose(self, task: TaskState, count: int, problems: list[str]) -> None:
        """A root-cause diagnosis (stronger model and effort) for the next round."""
        ctx = {
            "round": self.state.round,
            "count": count,
            "problems": problems,
            "task": {"id": task.id, "desc": task.desc, "files": task.files},
            "plan_text": self.plan_text,
        }
        answer = self.ask("diagnose", ctx, lambda a: parse_diagnosis(a, task_id=task.id))
        self.account("diagnose", answer)
        if answer.value is None:
            return
        found = answer.value
        self.state.diagnoses[task.id] = {
            "round": str(self.state.round),
            "count": str(count),
            "rootCause": found.root_cause,
            "fix": found.fix,
        }
        self.decide(
            f"Task {task.id} came back {count} rounds in a row",
            "diagnose the root cause and feed it into the next round",
            f"churn threshold {self.settings.churn_threshold} reached: {found.root_cause}"[:300],
            "retry blindly",
        )
        self.save("sovai_diagnosed", f"{task.id}: {found.root_cause}"[:200], task=task.id)
        self.note(f"diagnosis for {task.id}: {found.root_cause}")

    # -- after building ----------------------------------------------------------------------

    def tree_state(self) -> TreeState:
        """What the project's tests see of the tree: HEAD, and each path changed since it with
        its size and modification time (one ``git status``)."""
        head, paths = gitops.head_and_changes(self.project)
        files: list[tuple[str, int, int]] = []
        for path in paths:
            if path.startswith(IGNORED):
                continue
            try:
                info = (self.project / path).lstat()
            except OSError:
                files.append((path, -1, -1))
                continue
            files.append((path, info.st_size, info.st_mtime_ns))
        return head, tuple(files)

    def run_qa(self) -> qa.QaResult:
        """One run of the QA gate.

        The tests the review ran are taken again when the tree has not changed since (the
        review and the confirm pass only read it): the suite does not run twice in a row."""
        command = self.test_command()
        tests = None
        suite = self.suite
        if suite is not None and suite[1] == command and suite[0] == self.tree_state():
            tests = suite[2]
            self.note("QA gate: the tree is the one the review tested; its test run is taken")
        return qa.run_gate(
            self.project,
            test_command=command,
            typecheck_command=self.settings.typecheck_command,
            sandbox=self.settings.sandbox,
            tests=tests,
        )

    def qa_gate(self) -> None:
        """The project's own lint, type check and tests; uncovered checks are listed.

        A red gate is fixed and run again up to ``qa_fix_attempts`` times; fixes that leave
        it red are all reverted (the fix-and-revert loop), fixes that turn it green are kept.
        """
        st = self.state
        result = self.run_qa()
        while any(not c.ok for c in result.checks):
            if len(st.qa_fixes) >= self.settings.qa_fix_attempts:
                break
            if not self.fix_qa(result):
                return
            result = self.run_qa()
        failed = [c for c in result.checks if not c.ok]
        tried = [f for f in st.qa_fixes if f["status"] == "tried"]
        if tried and failed:
            result = self.revert_qa_fixes(tried) or result
        elif tried:
            for fix in tried:
                fix["status"] = "kept"
            self.decide(
                f"QA fix attempt(s) {', '.join(str(f['attempt']) for f in tried)} turned the "
                "QA gate green",
                "keep the fixes",
                "the gate ran again and passed",
                "revert them",
            )
        self.state.qa = result.to_dict()
        failed = [c for c in result.checks if not c.ok]
        if failed:
            names = ", ".join(f"{c.name} (exit {c.exit_code})" for c in failed)
            self.blocker(
                f"QA gate not green: {names}",
                "; ".join(f"{c.command}: {c.detail[-300:]}" for c in failed)[:1500],
                "qa",
            )
        self.state.phase = "persist"
        self.save("sovai_qa", f"QA {'green' if result.green else 'not green'}", qa=result.to_dict())

    def fix_qa(self, result: qa.QaResult) -> bool:
        """One fix attempt on a red gate, committed on its own; False on a transport failure."""
        st = self.state
        attempt = len(st.qa_fixes) + 1
        if st.qa_fix_base is None:
            self.checkpoint("chore(sovai): the build before QA fixes")
            st.qa_fix_base = gitops.head(self.project)
        failed = [c for c in result.checks if not c.ok]
        task_id = f"QA{attempt}"
        ctx = {
            "attempt": attempt,
            "attempts": self.settings.qa_fix_attempts,
            "task_id": task_id,
            "checks": [
                {
                    "name": c.name,
                    "command": c.command,
                    "exit_code": c.exit_code,
                    "detail": c.detail[-1000:],
                }
                for c in failed
            ],
            "plan_text": self.plan_text,
        }
        answer = self.ask("fix", ctx, lambda a: parse_task_result(a, task_id=task_id))
        self.account("fix", answer)
        if self.transport:
            return False
        sha = self.checkpoint(f"fix(sovai): QA fix attempt {attempt}")
        summary = answer.value.summary if answer.value else "; ".join(answer.problems)[:300]
        st.qa_fixes.append(
            {
                "attempt": attempt,
                "commit": sha,
                "checks": [c.name for c in failed],
                "summary": summary,
                "status": "tried",
            }
        )
        self.save(
            "sovai_qa_fix", f"QA fix attempt {attempt}: {sha or 'no change'}", attempt=attempt
        )
        self.note(f"QA fix attempt {attempt} ({', '.join(c.name for c in failed)})")
        return True

    def revert_qa_fixes(self, tried: list[dict[str, Any]]) -> qa.QaResult | None:
        """Every change of the fix attempts put back; the gate as it stands after."""
        st = self.state
        base = st.qa_fix_base
        if base is None:
            return None
        changed = [
            p
            for p in gitwork.changed_between(self.project, base)
            if not p.startswith(IGNORED) and p not in st.dirty_before
        ]
        gitwork.restore(self.project, changed, base)
        sha = self.checkpoint(f"revert(sovai): {len(tried)} QA fix attempt(s) left the gate red")
        for fix in tried:
            fix["status"] = "reverted"
            fix["reverted_by"] = sha
        self.decide(
            f"The QA gate is still red after {len(tried)} fix attempt(s)",
            "revert the fix attempts",
            "fixes that do not make the gate green are not kept; a person decides",
            "keep the fixes",
        )
        self.save("sovai_qa_reverted", f"reverted {', '.join(changed)}"[:200], paths=changed)
        self.note(f"QA still red: reverted {len(tried)} fix attempt(s)")
        return self.run_qa()

    def persist(self) -> None:
        """Docs update (an agent step), one conventional commit, push to the feature branch."""
        st = self.state
        branch = st.branch or gitwork.current_branch(self.project) or ""
        # Where the push goes is read from the config meanwhile (no commit changes it).
        remote = pool.background(lambda: gitwork.remote_of(self.project, branch), "sovai-remote")
        built = [t for t in self.task_view() if t["status"] == "done"]
        if built:
            answer = self.ask("docs", {"tasks": built, "round": st.round}, parse_docs)
            self.account("docs", answer)
            if self.transport:
                return
            docs = answer.value
            st.persistence["docs"] = (
                {"files": docs.files_touched, "summary": docs.summary}
                if docs
                else {"files": [], "summary": "docs not updated: " + "; ".join(answer.problems)}
            )
        else:
            st.persistence["docs"] = {"files": [], "summary": "not run: no task was built"}
        title = plan_title(self.plan_text, Path(self.plan_path).stem)
        generated = self.project_docs(title)
        message = f"feat: {title}"[:72] if st.built else f"feat: {title} (partial)"[:72]
        sha = self.checkpoint(message, generated)
        st.persistence["commit"] = sha or gitops.head(self.project)
        st.persistence["message"] = message if sha else "(nothing left to commit)"
        gaps = st.verified()
        if gaps:
            # Work that is not built and verified never leaves the machine.
            pushed = gitwork.PushResult("not-pushed", None, branch, "; ".join(gaps))
        else:
            default = st.default_branch or ""
            pushed = gitwork.push(self.project, branch, default, remote_found=remote)
        st.persistence["push"] = asdict(pushed)
        if pushed.status == "failed":
            self.blocker(
                f"push of {branch} failed (the local commit is kept)",
                pushed.detail,
                "push",
            )
        elif pushed.status == "pushed":
            self.decide(
                "Where does the build go?",
                f"push {branch} to {pushed.remote}",
                f"a feature branch; the default branch {st.default_branch} is untouched",
                f"push to {st.default_branch}",
            )
        st.phase = "done"
        self.save("sovai_persisted", f"commit {st.persistence['commit']}; push {pushed.status}")

    def project_docs(self, title: str) -> list[str]:
        """Regenerate ``CLAUDE.md`` and this build's ``.claude/docs`` page (the runtime writes
        them from the run state); the paths written."""
        st = self.state
        tasks = [
            project_docs.BuiltTask(t.id, t.desc, t.files, t.status, t.summary)
            for t in st.tasks.values()
        ]
        try:
            written = project_docs.regenerate(
                self.project,
                slug=gitwork.slug(title),
                title=title,
                plan=Path(self.plan_path).name,
                tasks=tasks,
                test_command=self.test_command(),
                blockers=st.blocker_titles(),
            )
        except UsageError as refused:
            self.blocker("CLAUDE.md and .claude/docs not regenerated", str(refused), "docs")
            return []
        st.persistence["project_docs"] = written
        return written

    def reopen(self, answers: list[str]) -> bool:
        """After a person answered what a finished, unverified run asked: run more rounds.

        The answers go to the next decomposition as feedback; the round cap counts again from
        here. Returns False when the run has nothing left to build (it is verified).
        """
        st = self.state
        if st.phase != "done" or not st.verified():
            return False
        st.feedback = [
            {"task_id": "", "severity": "P1", "problem": f"a person answered: {a}"[:500]}
            for a in answers
        ]
        st.rounds_before = st.round
        st.round += 1
        st.phase = "decompose"
        st.stopped_by = None
        st.qa = None
        st.qa_fixes, st.qa_fix_base = [], None
        st.persistence = {}
        self.save("sovai_reopened", f"round {st.round} after a person's answers")
        return True


def _unique(gaps: list[Gap]) -> list[Gap]:
    seen: list[Gap] = []
    for gap in gaps:
        if gap not in seen:
            seen.append(gap)
    return seen
