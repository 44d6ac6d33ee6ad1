"""Roadmap mode: plan the features, then run them as a DAG and merge them back in order.

``ondas run --roadmap`` first runs the roadmap chain (briefing, constitution, roadmap) on the
project itself; the roadmap stage writes ``docs/roadmap.md``. The roadmap is then checked (every
field, known dependencies, no cycle: a cycle is refused before anything starts) and its
features run: a feature starts once every feature it depends on is merged, each in its own
process, worktree and branch (``ondas run --feature <slug>``), at most ``parallel`` at a time.
Completed features are merged into the project's branch in roadmap order (``--no-ff``; the
feature's own ``.ondas`` bookkeeping stays on its branch), and the entry is marked
``Status: merged`` in the roadmap. Entries marked ``obsolete`` are skipped (a dependency on
one is satisfied); entries already ``merged`` are not run again, so ``ondas resume
--roadmap`` goes on where the last run stopped.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ondas import git as rgit
from ondas import stopping
from ondas.app.feature_run import write_index
from ondas.errors import GitFailure, RuleViolation, StateMissing
from ondas.orchestrator import features
from ondas.orchestrator.loop import STATE_FILES
from ondas.pipeline.roadmap import Entry, check_roadmap, parse_roadmap, set_status
from ondas.runtime import gitops

ROADMAP_PATH = "docs/roadmap.md"
OURS_PREFIXES = (".ondas/", ".claude/")
THEIRS_PATHS = ("docs/features-review.md",)
POLL_SECONDS = 0.2


@dataclass
class FeatureOutcome:
    """What happened to one roadmap entry in this run."""

    id: str
    slug: str
    status: str
    depends_on: list[str]
    merged_commit: str | None = None
    detail: str = ""


@dataclass
class RoadmapResult:
    """The roadmap run: its overall status and each entry's outcome, in roadmap order."""

    status: str
    features: list[FeatureOutcome] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    parallel_peak: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def load_entries(project: Path) -> list[Entry]:
    """The roadmap's entries, refused when the roadmap breaks a rule (a cycle included)."""
    path = project / ROADMAP_PATH
    if not path.is_file():
        raise StateMissing(f"no {ROADMAP_PATH} in {project} (run 'ondas run --roadmap' first)")
    text = path.read_text(encoding="utf-8")
    errors = [f for f in check_roadmap(text) if f.severity in ("critical", "error")]
    if errors:
        cycle = [f for f in errors if f.rule == "roadmap.cycle"]
        first = cycle[0] if cycle else errors[0]
        raise RuleViolation(
            first.rule.replace(".", "-"),
            f"{ROADMAP_PATH} is not a valid roadmap: {first.detail}"
            + (f" (and {len(errors) - 1} more finding(s))" if len(errors) > 1 else ""),
        )
    return parse_roadmap(text)


def _mark(project: Path, entry_id: str, status: str, message: str) -> None:
    path = project / ROADMAP_PATH
    path.write_text(set_status(path.read_text(encoding="utf-8"), entry_id, status), "utf-8")
    gitops.commit_paths(project, [ROADMAP_PATH], message)


def merge_feature(project: Path, entry: Entry) -> str:
    """Merge the feature's branch into the project's branch; return the merge commit.

    The project's own ``.ondas`` and ``.claude`` files are kept (the feature's stay on its
    branch), the cross-feature review takes the feature's version, and any other conflict
    aborts the merge and is raised with the conflicting paths.
    """
    slug = entry.fields["slug"]
    gitops.commit_paths(project, list(STATE_FILES), "ondas roadmap: project state")
    merged = rgit.run(
        project, "merge-base", "--is-ancestor", features.branch(slug), "HEAD", check=False
    )
    if merged.returncode == 0:  # merged before (a re-planned roadmap lost its Status)
        head = gitops.head(project)
        assert head is not None
        return head
    out = rgit.run(
        project, "merge", "--no-ff", "--no-commit", features.branch(slug), check=False, author=True
    )
    if out.returncode != 0 and "CONFLICT" not in out.stdout + out.stderr:
        raise GitFailure(f"git merge {features.branch(slug)} failed: {out.stderr.strip()}")
    conflicts = rgit.run(
        project, "diff", "--name-only", "--diff-filter=U", check=False
    ).stdout.split()
    changed = rgit.run(
        project, "diff", "--cached", "--name-only", "HEAD", check=False
    ).stdout.split()
    for path in dict.fromkeys([*changed, *conflicts]):
        if path.startswith(OURS_PREFIXES):
            if rgit.run(project, "cat-file", "-e", f"HEAD:{path}", check=False).returncode == 0:
                rgit.run(project, "checkout", "HEAD", "--", path, check=False)
            else:
                rgit.run(project, "rm", "-q", "-f", "--cached", "--", path, check=False)
                (project / path).unlink(missing_ok=True)
        elif path in conflicts and path in THEIRS_PATHS:
            rgit.run(project, "checkout", "--theirs", "--", path, check=False)
            rgit.run(project, "add", "--", path, check=False)
    left = rgit.run(project, "diff", "--name-only", "--diff-filter=U", check=False).stdout.split()
    if left:
        rgit.run(project, "merge", "--abort", check=False)
        raise GitFailure(
            f"merging {features.branch(slug)} conflicts on {', '.join(left[:10])}; the merge "
            "was aborted: resolve it by hand, then 'ondas resume --roadmap'"
        )
    message = f"ondas roadmap: merge {entry.id} {slug}\n\n{entry.fields.get('goal', '')}"
    done = rgit.run(project, "commit", "-q", "--no-verify", "-m", message, check=False, author=True)
    if done.returncode != 0:
        rgit.run(project, "merge", "--abort", check=False)
        raise GitFailure(f"committing the merge of {slug} failed: {done.stderr.strip()}")
    head = gitops.head(project)
    assert head is not None
    return head


def _feature_status(project: Path, slug: str) -> str:
    info = features.describe(project, slug)
    if info.publish.get("status") == "push_failed":
        return "awaiting_human"
    return info.status


def _command(project: Path, entry: Entry, options: dict[str, Any]) -> list[str]:
    slug = entry.fields["slug"]
    argv = [sys.executable, "-P", "-m", "ondas", "run", str(project), "--feature", slug]
    goal = entry.fields.get("goal") or entry.title
    argv += ["--description", f"{entry.title}: {goal}"[:500]]
    argv += ["--backend", str(options.get("backend", "claude-code"))]
    argv += ["--tier", str(options.get("tier", "cloud-public"))]
    if options.get("auto_answer"):
        argv.append("--auto-answer")
    if options.get("test_command"):
        argv += ["--test-command", str(options["test_command"])]
    if not options.get("sandbox", True):
        argv.append("--no-sandbox")
    return argv


def _resume_command(project: Path, slug: str) -> list[str]:
    return [sys.executable, "-P", "-m", "ondas", "resume", str(project), "--feature", slug]


def _log(project: Path, slug: str) -> Path:
    path = project / ".ondas" / "logs" / f"{slug}.log"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def schedule(
    project: Path,
    *,
    parallel: int = 2,
    options: dict[str, Any] | None = None,
    progress: Any = None,
) -> RoadmapResult:
    """Run the roadmap's features as a DAG and merge them back in roadmap order."""
    from ondas.errors import UsageError

    if parallel < 1:
        raise UsageError("--parallel must be at least 1")
    opts = dict(options or {})
    target = project.resolve()
    entries = load_entries(target)
    features.ensure_excludes(target)
    by_id = {e.id: e for e in entries}
    state: dict[str, str] = {}
    outcome: dict[str, FeatureOutcome] = {}
    for e in entries:
        slug = e.fields["slug"]
        outcome[e.id] = FeatureOutcome(e.id, slug, e.status, e.depends_on)
        if e.status in ("merged", "obsolete"):
            state[e.id] = e.status
            continue
        current = _feature_status(target, slug)
        state[e.id] = {"completed": "done"}.get(current, "waiting")
        if current == "awaiting_human":
            state[e.id] = "blocked"
        elif current == "aborted":
            state[e.id] = "failed"
        elif current in ("in_progress",):
            state[e.id] = "resumable"
    running: dict[str, tuple[subprocess.Popen[bytes], Any]] = {}
    result = RoadmapResult(status="")

    def satisfied(e: Entry) -> bool:
        return all(state.get(d) in ("merged", "obsolete") for d in e.depends_on)

    def emit(message: str) -> None:
        if progress is not None:
            progress.emit("note", message=message)

    def merge_ready() -> None:
        for e in entries:
            if state[e.id] in ("merged", "obsolete"):
                continue
            if state[e.id] != "done":
                return
            commit = merge_feature(target, e)
            outcome[e.id].merged_commit = commit
            _mark(target, e.id, "merged", f"ondas roadmap: {e.id} {e.fields['slug']} merged")
            write_index(target)  # .ondas/features.md says merged as soon as it is
            state[e.id] = "merged"
            result.order.append(e.id)
            emit(f"{e.id} {e.fields['slug']} merged ({commit[:10]})")

    try:
        while True:
            if stopping.requested():  # the features running are asked to stop (finally below)
                emit("interrupted: no further feature is started")
                break
            merge_ready()
            for e in entries:
                if len(running) >= parallel:
                    break
                if state[e.id] in ("waiting", "resumable") and satisfied(e):
                    slug = e.fields["slug"]
                    if state[e.id] == "resumable":
                        argv = _resume_command(target, slug)
                    else:
                        argv = _command(target, e, opts)
                    log = _log(target, slug).open("ab")
                    proc = subprocess.Popen(
                        argv, cwd=target, stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ)
                    )
                    running[e.id] = (proc, log)
                    state[e.id] = "running"
                    result.parallel_peak = max(result.parallel_peak, len(running))
                    emit(f"{e.id} {slug} started (pid {proc.pid}, {len(running)} running)")
            if not running:
                break
            finished = [fid for fid, (proc, _) in running.items() if proc.poll() is not None]
            if not finished:
                time.sleep(POLL_SECONDS)
                continue
            for fid in finished:
                proc, log = running.pop(fid)
                log.close()
                current = _feature_status(target, by_id[fid].fields["slug"])
                state[fid] = {
                    "completed": "done",
                    "awaiting_human": "blocked",
                    "in_progress": "stopped",
                }.get(current, "failed")
                outcome[fid].detail = f"exit {proc.returncode}, {current}"
                emit(f"{fid} {by_id[fid].fields['slug']} ended: {current}")
    finally:
        for proc, log in running.values():
            proc.terminate()
            proc.wait(timeout=60)
            log.close()
    for e in entries:
        outcome[e.id].status = state[e.id]
    result.features = [outcome[e.id] for e in entries]
    states = set(state.values())
    if states <= {"merged", "obsolete"}:
        result.status = "completed"
    elif "blocked" in states:
        result.status = "awaiting_human"
    elif "failed" in states and "stopped" not in states:
        result.status = "aborted"
    else:
        result.status = "in_progress"
    write_index(target)
    _write_report(target)
    return result


def _write_report(project: Path) -> None:
    """Rewrite the project's report (its Features section) and commit it."""
    from ondas.orchestrator import report as report_mod
    from ondas.orchestrator.settings import open_project_store

    try:
        store = open_project_store(project)
    except (StateMissing, OSError):
        return
    try:
        report_mod.write(store, project / ".ondas", backend_label=features.backend_label(store))
    finally:
        store.close()
    gitops.commit_paths(project, list(STATE_FILES), "ondas roadmap: report")


@dataclass
class RoadmapRun:
    """The planning execution's result and, once it completed, the features' run."""

    planning: dict[str, Any]
    roadmap: RoadmapResult | None
    status: str
    report: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def _then_schedule(project: Path, planning: Any, parallel: int, progress: Any) -> RoadmapRun:
    from ondas.orchestrator.settings import load_settings, open_project_store
    from ondas.state.execution import get_execution

    if planning.status != "completed":
        return RoadmapRun(planning.to_dict(), None, planning.status, planning.report)
    store = open_project_store(project)
    try:
        ex = get_execution(store)
        settings = load_settings(store, ex.id)
        options = {
            "backend": settings.backend,
            "tier": ex.delivery_tier,
            "auto_answer": settings.auto_answer,
            "test_command": settings.test_command,
            "sandbox": settings.sandbox,
        }
    finally:
        store.close()
    outcome = schedule(project, parallel=parallel, options=options, progress=progress)
    report = str(project / ".ondas" / "report.md")
    return RoadmapRun(planning.to_dict(), outcome, outcome.status, report)


def run_roadmap(
    project: Path, *, parallel: int = 2, progress: Any = None, **run_args: Any
) -> RoadmapRun:
    """Plan the roadmap on ``project`` (roadmap chain), then run its features."""
    from ondas.app.run import run
    from ondas.errors import UsageError

    if parallel < 1:
        raise UsageError("--parallel must be at least 1")
    planning = run(project, roadmap=True, progress=progress, **run_args)
    return _then_schedule(project.resolve(), planning, parallel, progress)


def resume_roadmap(
    project: Path, *, parallel: int = 2, progress: Any = None, **resume_args: Any
) -> RoadmapRun:
    """Finish the planning execution if needed, then go on with the features."""
    from ondas.app.run import resume
    from ondas.orchestrator.loop import LoopResult
    from ondas.orchestrator.settings import open_project_store
    from ondas.state.execution import get_execution

    target = project.resolve()
    store = open_project_store(target)
    try:
        ex = get_execution(store)
    finally:
        store.close()
    if not ex.roadmap_mode:
        raise RuleViolation(
            "not-roadmap",
            f"execution {ex.id} of {target} is not a roadmap run ('ondas run --roadmap')",
        )
    if ex.is_terminal:
        report = str(target / ".ondas" / "report.md")
        planning = LoopResult(ex.status, ex.status, ex.current_stage, 0, report)
    else:
        planning = resume(target, progress=progress, roadmap_flow=True, **resume_args)
    return _then_schedule(target, planning, parallel, progress)


@dataclass
class RoadmapDemo:
    """Where the roadmap demo ran and how it ended."""

    project: str
    run: RoadmapRun


def demo_roadmap(
    directory: Path | None = None, *, parallel: int = 2, progress: Any = None
) -> RoadmapDemo:
    """Roadmap mode offline: the scripted backend plans three features and builds them."""
    import tempfile

    from ondas.agents.sample import SAMPLE_DESCRIPTION, SAMPLE_STACK

    if directory is None:
        directory = Path(tempfile.mkdtemp(prefix="ondas-demo-")) / "notes"
    directory.mkdir(parents=True, exist_ok=True)
    outcome = run_roadmap(
        directory,
        parallel=parallel,
        progress=progress,
        description=SAMPLE_DESCRIPTION,
        stack=SAMPLE_STACK,
        backend="scripted",
        tier="local",
        auto_answer=True,
    )
    return RoadmapDemo(str(directory.resolve()), outcome)
