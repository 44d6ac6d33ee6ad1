"""Path guard: which directories may be a target project, and where an agent may write.

:func:`validate_target` refuses a project that is (or resolves through symlinks to) a system
directory, the home directory itself, a credentials directory or Claude Code's config
directory. :func:`check_write` refuses a write that lands outside the project after ``..`` and
symlinks are resolved, and a write into the files that hold the guard-rails themselves.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from ondas.guards.verdict import ALLOW, Verdict

SYSTEM_DIRS = (
    "/etc",
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/boot",
    "/dev",
    "/proc",
    "/sys",
    "/var",
    "/root",
    "/System",
    "/Library",
    "/private/etc",
    "/private/var",
)
"""Directories no project may live in (``/var/tmp`` is the one exception under ``/var``)."""

TEMP_ROOTS = ("/tmp", "/var/tmp", "/private/tmp", "/private/var/tmp", "/dev/shm")
"""System temp areas: writable scratch space outside any project."""

HOME_SENSITIVE = (".ssh", ".gnupg", ".aws", ".config", ".kube", ".docker", ".azure", ".netrc")
"""Directories under the home directory that hold credentials or configuration."""


def protected_reason(relative: Sequence[str]) -> str | None:
    """Why a path inside the project (given as its parts) is off limits to writes, or None."""
    if not relative:
        return None
    head = relative[0]
    if head == ".git":
        return "the git directory is managed by git, not written by hand"
    if head == ".ondas" and (len(relative) == 1 or relative[1] != "tmp"):
        return "the ondas state directory is written only by the runtime"
    if head == ".claude":
        return "the project's Claude Code directory holds the guard hooks and settings"
    return None


def validate_target(
    project: Path, *, home: Path | None = None, claude_config_dir: Path | None = None
) -> Verdict:
    """Allow ``project`` as a target unless it is or resolves into a forbidden directory."""
    home_dir = _resolve(home or Path.home())
    config_dir = claude_config_dir
    if config_dir is None:
        env_dir = os.environ.get("CLAUDE_CONFIG_DIR")
        config_dir = Path(env_dir) if env_dir else home_dir / ".claude"
    raw = Path(os.path.abspath(os.path.expanduser(str(project))))
    resolved = _resolve(project)
    segment = str(project) if raw == resolved else f"{project} -> {resolved}"
    for candidate in {raw, resolved}:
        if candidate == Path("/"):
            return Verdict.block("target-root", segment, "the filesystem root cannot be a project")
        if candidate == home_dir:
            return Verdict.block(
                "target-home", segment, "the home directory itself cannot be a project"
            )
        if _inside(home_dir, candidate):
            return Verdict.block(
                "target-contains-home", segment, "a project cannot contain the home directory"
            )
        for name in HOME_SENSITIVE:
            if _inside(candidate, home_dir / name):
                return Verdict.block(
                    "target-sensitive-dir", segment, f"~/{name} holds credentials or settings"
                )
        config = _resolve(config_dir)
        if _inside(candidate, config) or _inside(candidate, Path(os.path.abspath(config_dir))):
            return Verdict.block(
                "target-claude-config", segment, "the Claude Code config directory is off limits"
            )
        if any(_inside(candidate, Path(t)) and candidate != Path(t) for t in TEMP_ROOTS):
            continue
        for system in SYSTEM_DIRS:
            if _inside(candidate, Path(system)) or _inside(candidate, _resolve(Path(system))):
                return Verdict.block(
                    "target-system-dir", segment, f"{system} is a system directory"
                )
    return ALLOW


def check_write(project: Path, target: str | Path) -> Verdict:
    """Allow a write to ``target`` (relative to ``project``) only inside the project."""
    root = _resolve(project)
    raw = Path(os.path.expanduser(str(target)))
    joined = raw if raw.is_absolute() else Path(project) / raw
    resolved = _resolve(joined)
    segment = str(target)
    knowledge = _knowledge_home()
    if knowledge is not None and (
        (_inside(resolved, knowledge) and not _inside(root, knowledge))
        or (resolved.parent == knowledge and resolved.name.startswith("knowledge.db"))
    ):
        return Verdict.block(
            "write-knowledge-db", segment, "the ondas knowledge DB is written only by the runtime"
        )
    if not _inside(resolved, root):
        shown = segment if str(resolved) == segment else f"{segment} -> {resolved}"
        return Verdict.block(
            "write-outside-project", shown, f"writes must stay inside the project {root}"
        )
    reason = protected_reason(resolved.relative_to(root).parts)
    if reason:
        return Verdict.block("write-protected-path", segment, reason)
    return ALLOW


def _knowledge_home() -> Path | None:
    """The knowledge DB's directory, as ``ondas.recall.db.home`` finds it, resolved."""
    env = os.environ.get("ONDAS_HOME")
    if env:
        return _resolve(Path(env))
    try:
        from platformdirs import user_data_dir
    except ImportError:
        return None
    return _resolve(Path(user_data_dir("ondas", appauthor=False)))


def lexical_inside(path: str, root: str) -> bool:
    """True when the normalised POSIX ``path`` equals or lies under ``root`` (no I/O)."""
    p = PurePosixPath(os.path.normpath(path))
    r = PurePosixPath(os.path.normpath(root))
    return p == r or r in p.parents


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _resolve(path: Path) -> Path:
    return Path(os.path.realpath(os.path.expanduser(str(path))))
