"""Features: several executions of one project, each in its own git worktree and branch.

A feature ``<short>`` lives in ``<project>/.ondas/features/<short>``, a git worktree of the
project on the branch ``ondas/<short>`` (never the default branch). The worktree is a project
of its own to the rest of ondas: its ``.ondas/`` holds the feature's store, lock, report and
logs, and its spec directory is ``docs/specs/<short>``. Every wave of the feature is one local
commit on its branch; when the feature completes, the branch is published (see
:mod:`ondas.orchestrator.publish`).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ondas import git as rgit
from ondas.errors import GitFailure, StateMissing, UsageError
from ondas.runtime import gitops

FEATURES_DIR = Path(".ondas") / "features"
BRANCH_PREFIX = "ondas/"
SHORT_RE = re.compile(r"^[a-z0-9][a-z0-9._-]{0,62}$")
EXCLUDES = (
    "/.ondas/features/",
    "/.ondas/features.md",
    "/.ondas/logs/",
    "/.ondas/run.json",
    "/.ondas/run.log",
    "/.ondas/publish.json",
    "/.ondas/pr.md",
)
SHARED_STAGES = ("briefing", "constitution")


def check_short(name: str) -> str:
    """``name`` when it is a valid short name (lower-case directory name), else a usage error."""
    if not SHORT_RE.match(name or "") or ".." in name:
        raise UsageError(
            f"feature name {name!r} must be lower-case letters, digits, '.', '_' or '-' "
            "(at most 63 characters, starting with a letter or digit)"
        )
    return name


def branch(short: str) -> str:
    """The feature's branch: ``ondas/<short>``."""
    return f"{BRANCH_PREFIX}{short}"


def feature_name(worktree: Path) -> str | None:
    """The short name of the feature whose worktree is ``worktree``; ``None`` for a plain run."""
    parent = worktree.parent
    if parent.name == FEATURES_DIR.name and parent.parent.name == FEATURES_DIR.parent.name:
        return worktree.name
    return None


def feature_path(project: Path, short: str) -> Path:
    """Where the worktree of feature ``short`` lives."""
    return project / FEATURES_DIR / check_short(short)


def ensure_excludes(project: Path) -> None:
    """Keep feature worktrees, logs and the detached-run files out of every worktree's status."""
    gitops.add_excludes(project, EXCLUDES)


def ensure_base_commit(project: Path) -> str:
    """The project's HEAD commit; a repository without any commit gets an initial one."""
    current = gitops.head(project)
    if current is not None:
        return current
    rgit.run(
        project,
        "commit",
        "-q",
        "--allow-empty",
        "--no-verify",
        "-m",
        "ondas: initial commit (features branch from here)",
        author=True,
    )
    head = gitops.head(project)
    assert head is not None
    return head


def branch_exists(project: Path, name: str) -> bool:
    """True when the local branch ``name`` exists."""
    out = rgit.run(project, "rev-parse", "--verify", "--quiet", f"refs/heads/{name}", check=False)
    return out.returncode == 0


def create_worktree(project: Path, short: str, base: str | None = None) -> Path:
    """The worktree of feature ``short`` on ``ondas/<short>``, created from ``base`` (HEAD)."""
    from ondas.orchestrator.loop import prepare_project

    prepare_project(project)
    if not gitops.is_repo(project):
        raise GitFailure(f"{project} is not the top of a git work tree")
    ensure_excludes(project)
    path = feature_path(project, short)
    if (path / ".git").exists():
        return path
    start = base or ensure_base_commit(project)
    path.parent.mkdir(parents=True, exist_ok=True)
    if branch_exists(project, branch(short)):
        rgit.run(project, "worktree", "add", "-q", str(path), branch(short))
    else:
        rgit.run(project, "worktree", "add", "-q", "-b", branch(short), str(path), start)
    return path


def start_stage(worktree: Path) -> str:
    """``specify`` when the project's briefing and constitution are valid, else ``briefing``."""
    from ondas.pipeline.findings import is_ok
    from ondas.pipeline.validators import detect_completion

    for stage in SHARED_STAGES:
        if not is_ok(detect_completion(stage, worktree, "")):
            return "briefing"
    return "specify"


def backend_label(store: Any) -> str:
    """The label of the backend ``store``'s last execution ran with."""
    from ondas.agents import get_backend
    from ondas.orchestrator.settings import load_settings
    from ondas.state.execution import get_execution

    try:
        return str(get_backend(load_settings(store, get_execution(store).id).backend).label)
    except Exception:  # an unknown plugin backend still gets a report
        return "ondas"


def require_feature(project: Path, short: str) -> Path:
    """The worktree of an existing feature, or :class:`StateMissing` naming the known ones."""
    path = feature_path(project, short)
    if not (path / ".ondas").is_dir():
        known = ", ".join(f.short for f in list_features(project)) or "none"
        raise StateMissing(
            f"no feature {short!r} in {project} (features: {known}); start it with "
            f"'ondas run --feature {short} --description TEXT'"
        )
    return path


@dataclass
class FeatureInfo:
    """One feature as ``status`` and the report show it."""

    short: str
    path: str
    branch: str
    execution: str | None
    status: str
    stage: str | None
    waves: int
    pending: list[str]
    process: dict[str, Any]
    publish: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def describe(project: Path, short: str) -> FeatureInfo:
    """Read one feature's state read-only (no lock is taken, nothing is written)."""
    from ondas.orchestrator import publish
    from ondas.runtime import runfile
    from ondas.runtime.schema import default_schema
    from ondas.state.dialect import store_exists
    from ondas.state.store import Store

    path = feature_path(project, short)
    sdir = path / ".ondas"
    info = FeatureInfo(
        short=short,
        path=str(path),
        branch=branch(short),
        execution=None,
        status="not started",
        stage=None,
        waves=0,
        pending=[],
        process=runfile.process_info(sdir),
        publish=publish.load(sdir),
    )
    if not store_exists(sdir):
        return info
    from ondas.audit import blocks as blocks_mod
    from ondas.state.execution import get_execution

    try:
        with Store.open(sdir, readonly=True, schema=default_schema()) as store:
            ex = get_execution(store)
            info.execution, info.status, info.stage = ex.id, ex.status, ex.current_stage
            row = store.one("SELECT COUNT(*) AS n FROM waves WHERE execution_id = ?", (ex.id,))
            info.waves = int(row["n"]) if row else 0
            info.pending = [
                f"{b.id}: {b.question}" for b in blocks_mod.list_blocks(store, status="awaiting")
            ]
    except Exception as err:  # a broken feature store must not hide the others
        info.status = f"unreadable ({err})"
    return info


def list_features(project: Path) -> list[FeatureInfo]:
    """Every feature of ``project``, by short name."""
    root = project / FEATURES_DIR
    if not root.is_dir():
        return []
    return [
        describe(project, p.name)
        for p in sorted(root.iterdir())
        if p.is_dir() and SHORT_RE.match(p.name) and (p / ".git").exists()
    ]


def _roadmap_entries(project: Path) -> dict[str, str]:
    """slug -> "F1 merged" from the project's roadmap (empty without a readable one)."""
    from ondas.pipeline.roadmap import parse_roadmap

    try:
        text = (project / "docs" / "roadmap.md").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    return {
        e.fields["slug"]: f"{e.id} {e.status}" for e in parse_roadmap(text) if "slug" in e.fields
    }


def features_markdown(project: Path) -> str:
    """The report's "Features" section: one table row per feature."""
    rows = list_features(project)
    if not rows:
        return ""
    entries = _roadmap_entries(project)
    lines = [
        "| Feature | Branch | Status | Stage | Waves | Published | Process | Roadmap |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for f in rows:
        pushed = f.publish.get("status", "-") if f.publish else "-"
        proc = f.process.get("state", "-") if f.process else "-"
        lines.append(
            f"| {f.short} | `{f.branch}` | {f.status} | {f.stage or '-'} | {f.waves} | "
            f"{pushed} | {proc} | {entries.get(f.short, '-')} |"
        )
    for f in rows:
        for line in f.pending:
            lines.append(
                f"\n- {f.short} awaits: {line} (answer: `ondas resume {f.short} --answer TEXT`)"
            )
    return "\n".join(lines)
