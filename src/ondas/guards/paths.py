"""Path guard: which directories may be a target project, and where an agent may write.

:func:`validate_target` refuses a project that is (or resolves through symlinks to) a system
directory, the home directory itself, a credentials directory or Claude Code's config
directory. :func:`check_write` refuses a write that lands outside the project after ``..`` and
symlinks are resolved, and a write into the files that hold the guard-rails themselves.
"""

from __future__ import annotations

import os
import posixpath
import sys

from ondas.guards.verdict import ALLOW, Verdict

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from os import PathLike
    from pathlib import Path


def claude_dir(env: Mapping[str, str] | None = None, home: str | None = None) -> str:
    """Claude Code's configuration directory (settings, hooks, login, sessions):
    ``$CLAUDE_CONFIG_DIR`` when set and not blank, else ``.claude`` under ``home`` (default: the
    ``HOME`` of ``env``), ``~`` expanded. ``env`` defaults to the process environment."""
    env = os.environ if env is None else env
    value = env.get("CLAUDE_CONFIG_DIR", "").strip()
    if value:
        return os.path.expanduser(value)
    base = home if home is not None else env.get("HOME") or os.path.expanduser("~")
    return os.path.join(base, ".claude")


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


def temp_root(path: str) -> str | None:
    """The temp area a normalised absolute ``path`` is or lies in: one of :data:`TEMP_ROOTS`, or
    macOS's per-user temp directory ``/var/folders/XX/ID/T`` (what ``$TMPDIR`` names there, also
    spelt under ``/private``), which holds that user's scratch files as ``/tmp`` does; ``None``
    elsewhere, and for a pattern in place of its two middle names (``/var/folders/*/*/T``: every
    user's). Lexical, no I/O."""
    for root in TEMP_ROOTS:
        if _under(path, root):
            return root
    if not path.startswith(("/var/folders/", "/private/var/folders/")):
        return None
    spelt = "/private" if path.startswith("/private/") else ""
    parts = path[len(spelt) :].split("/")  # '', 'var', 'folders', XX, ID, 'T', ...
    if len(parts) < 6 or parts[5] != "T" or not all(parts[3:5]):
        return None
    if any(c in part for part in parts[3:5] for c in "*?[\\"):
        return None
    return spelt + "/".join(parts[:6])


FRESH_TEMP_NAME = "mktemp-d.ondas-fresh"
"""The guard's placeholder for a directory ``mktemp -d`` has just made in a temp area: new and
empty, so what a relative path names inside it was made by the line itself."""


def fresh_temp(path: str) -> bool:
    """A normalised absolute ``path`` is, or lies in, a directory ``mktemp -d`` made in a temp
    area (:data:`FRESH_TEMP_NAME` under a temp root). Lexical, no I/O."""
    parts = path.split("/")
    if FRESH_TEMP_NAME not in parts:
        return False
    parent = "/".join(parts[: parts.index(FRESH_TEMP_NAME)]) or "/"
    return temp_root(parent) is not None


STATE_STORE_FILES = (".ondas/state.db", ".ondas/state.db-wal", ".ondas/state.db-shm")
"""The project's ondas store (its audit log and the MCP tokens' hashes), relative to the project:
the sandbox denies reading it (``denyRead``) and the bash guard refuses commands given it."""

RUN_SECRETS = ("ONDAS_MCP_TOKEN", "ONDAS_RUN_TOKEN")
"""The environment variables holding a run's own tokens (the agent's MCP token; the run
server's, which Claude Code's hook forwarder sends): the sandbox unsets them for the agent's
commands (``credentials.envVars``) and the bash guard refuses a command that names one."""

AGENT_SECRETS = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN")
"""The environment variables holding the agent session's own model credentials: Claude Code
needs them, the agent's commands never read them (setting one, ``ANTHROPIC_API_KEY=dummy
pytest``, or unsetting it is not a read)."""

HOME_SENSITIVE = (".ssh", ".gnupg", ".aws", ".config", ".kube", ".docker", ".azure", ".netrc")
"""Directories under the home directory that hold credentials or configuration."""


HOOK_GATES = frozenset(
    {
        ".pre-commit-config.yaml",
        ".pre-commit-config.yml",
        "lefthook.yml",
        "lefthook.yaml",
        "lefthook.json",
        "lefthook.toml",
        ".lefthook.yml",
        ".lefthook.yaml",
        ".lefthook.json",
        ".lefthook.toml",
        ".lefthook",
        ".overcommit.yml",
        ".husky",
        ".githooks",
    }
)
"""The project's own commit gates at its top (round 21): the hook managers' configuration
(pre-commit, lefthook, overcommit) and hook directories (husky's, ``core.hooksPath``'s usual
``.githooks``), which run the project's checks on every commit the agent makes. Deleting one
turns the checks off for the rest of the run, as ``--no-verify`` and ``HUSKY=0`` do for one
commit; editing one is the project's work and stays the path guard's ordinary write."""


def hook_gate(relative: Sequence[str]) -> bool:
    """A path inside the project (given as its parts) is one of :data:`HOOK_GATES` or lies in
    one; husky's generated helpers (``.husky/_``, remade by ``husky``) are not."""
    if not relative or relative[0] not in HOOK_GATES:
        return False
    return not (relative[0] == ".husky" and relative[1:2] == ["_"])


_OTHER_REPOSITORIES = frozenset(
    {".hg", ".jj", ".pijul", "_darcs", ".bzr", ".svn", ".sl", ".fslckout", "_FOSSIL_", "CVS"}
)
"""The repositories of version control tools other than git, in the project's top directory
(round 22: Subversion's working copy, Sapling's, Fossil's checkout database, CVS's)."""


def protected_reason(relative: Sequence[str]) -> str | None:
    """Why a path inside the project (given as its parts) is off limits to writes, or None."""
    if not relative:
        return None
    head = relative[0]
    if head[:1] == "." and head[1:2].isalpha() and not head.islower():
        # round 19s: macOS's file system ignores case (``.Claude/Settings.json`` is the
        # settings file, ``.GIT/hooks`` the hooks), so a control name is matched in any case
        return protected_reason([part.lower() for part in relative])
    if head == ".git":
        return "the git directory is managed by git, not written by hand"
    if head in _OTHER_REPOSITORIES:
        # round 21s: another version control tool's repository (hg's strip backups, jj's
        # operation log), written by that tool alone
        return "another version control tool's repository is managed by it, not written by hand"
    if relative[-1].lower().endswith(".fossil"):
        # round 24: a Fossil repository is one SQLite file of any name (``fossil new
        # NAME.fossil``, ``fossil clone URL NAME.fossil``); its history is in it alone
        return "a Fossil repository file is managed by fossil, not written by hand"
    if head == ".ondas" and (len(relative) == 1 or relative[1] != "tmp"):
        return "the ondas state directory is written only by the runtime"
    if head == ".claude":
        return "the project's Claude Code directory holds the guard hooks and settings"
    if relative[-1].lower() == ".gitattributes" or relative[0] == ".mcp.json":
        return "git attributes and the project's MCP servers name programs run outside the sandbox"
    return None


def validate_target(
    project: Path, *, home: Path | None = None, claude_config_dir: Path | None = None
) -> Verdict:
    """Allow ``project`` as a target unless it is or resolves into a forbidden directory."""
    from pathlib import Path

    home_dir = _resolve(home or Path.home())
    config_dir = claude_config_dir
    if config_dir is None:
        config_dir = Path(claude_dir(home=str(home_dir)))
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


def check_write(project: str | PathLike[str], target: str | PathLike[str]) -> Verdict:
    """Allow a write to ``target`` (relative to ``project``) only inside the project.

    Plain ``str`` paths through :mod:`os.path`: the PreToolUse hook (a new process per tool
    call) runs this for every Write/Edit and skips importing :mod:`pathlib`.
    """
    project_text = os.fspath(project)
    root = _real(project_text)
    segment = os.fspath(target)
    raw = os.path.expanduser(segment)
    joined = raw if os.path.isabs(raw) else os.path.join(project_text, raw)
    resolved = _real(joined)
    knowledge = _knowledge_home()
    if knowledge is not None and (
        (_under(resolved, knowledge) and not _under(root, knowledge))
        or (
            os.path.dirname(resolved) == knowledge
            and os.path.basename(resolved).startswith("knowledge.db")
        )
    ):
        return Verdict.block(
            "write-knowledge-db", segment, "the ondas knowledge DB is written only by the runtime"
        )
    if not _under(resolved, root):
        shown = segment if resolved == segment else f"{segment} -> {resolved}"
        return Verdict.block(
            "write-outside-project", shown, f"writes must stay inside the project {root}"
        )
    relative = os.path.relpath(resolved, root)
    reason = protected_reason([] if relative == os.curdir else relative.split(os.sep))
    if reason:
        return Verdict.block("write-protected-path", segment, reason)
    return ALLOW


def _knowledge_home() -> str | None:
    """The knowledge DB's directory, as ``ondas.recall.db.home`` finds it, resolved."""
    env = os.environ.get("ONDAS_HOME")
    if env:
        return _real(env)
    if sys.platform == "linux" and "ANDROID_DATA" not in os.environ:
        # platformdirs' ``user_data_dir("ondas", appauthor=False)`` on Linux, without importing
        # it (and pathlib) in the hook; tests/guards/test_paths.py checks both agree.
        base = os.environ.get("XDG_DATA_HOME", "")
        if not base.strip():
            base = os.path.expanduser("~/.local/share")
        return _real(os.path.join(base, "ondas"))
    try:
        from platformdirs import user_data_dir
    except ImportError:
        return None
    return _real(user_data_dir("ondas", appauthor=False))


def lexical_inside(path: str, root: str) -> bool:
    """True when the normalised POSIX ``path`` equals or lies under ``root`` (no I/O)."""
    return _under(posixpath.normpath(path), posixpath.normpath(root))


def relative_below(path: str, root: str) -> str:
    """``posixpath.relpath(path, root)`` for a ``path`` spelled below ``root`` (``root/a/b``),
    read off the spelling: a plain slice when what follows ``root/`` is clean (no empty, ``.``
    or ``..`` part), else ``relpath`` itself, which normalises both and asks for the working
    directory. The guard calls it for each sample path of every ``find`` that deletes (round
    19), where ``relpath`` cost more than the rest of the check."""
    prefix = root if root.endswith("/") else root + "/"
    if path.startswith(prefix) and path != prefix:
        rest = path[len(prefix) :]
        if all(part not in {"", ".", ".."} for part in rest.split("/")):
            return rest
    return posixpath.relpath(path, root)


def _under(path: str, root: str) -> bool:
    """True when normalised absolute ``path`` is ``root`` or lies below it."""
    if path == root:
        return True
    prefix = root if root.endswith("/") else root + "/"
    return path.startswith(prefix) and path != prefix


def _real(path: str) -> str:
    return os.path.realpath(os.path.expanduser(path))


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _resolve(path: Path) -> Path:
    from pathlib import Path

    return Path(_real(str(path)))
