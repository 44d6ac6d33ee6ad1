"""The one way ondas starts git: hardened against code the repository (or an agent) names.

Git runs programs named by configuration and attributes: ``core.fsmonitor``, hooks, filter
drivers (``filter.<d>.clean/smudge/process``, chosen per path by ``.gitattributes`` or
``.git/info/attributes``), ``diff.<d>.textconv``/``command``, ``diff.external``, merge drivers,
pagers, GPG, credential helpers, transports — also inside a nested repository or a submodule
of the work tree. An agent can write most of those files, so every git process of ondas goes
through :func:`run` (or :func:`run_bytes`), which:

- reads no system configuration (``GIT_CONFIG_NOSYSTEM``) and, for local operations, no global
  one either (``GIT_CONFIG_GLOBAL=/dev/null``); ``GIT_CONFIG_PARAMETERS`` and the
  ``GIT_CONFIG_COUNT`` family, ``GIT_EXTERNAL_DIFF`` are dropped from the environment;
- overrides, with ``-c``, every key that names a program: ``core.fsmonitor=false``,
  ``core.hooksPath=/dev/null``, pager, external diff, credential helper, GPG signing,
  ``log.showSignature``, ``core.alternateRefsCommand``, ``core.sshCommand`` (local only);
- empties the commands of every filter, diff and merge driver the repository's configuration
  files define (read here, includes followed, cached by file identity: no extra process), so
  an attribute naming a driver runs nothing (a merge through a neutralised driver fails
  closed instead of running it);
- passes ``--no-ext-diff --no-textconv`` to ``diff``, ``log`` and ``show``;
- never recurses into submodules or nested repositories (``submodule.recurse=false``,
  ``diff.ignoreSubmodules=all``, no status summary, fetch/push recursion off);
- denies every transport for local operations (``protocol.allow=never``) and ``ext::`` always;
- turns off automatic gc/maintenance (no background git left running after a wave);
- starts git in a session of its own (:data:`ondas.stopping.OWN_SESSION`): a terminal's Ctrl-C
  reaches ondas, which finishes the step, never a git half-way through a commit.

A gitlink (a nested repository staged as a submodule) is never created by ondas: the wave
commit leaves a nested repository the agent made out of the commit and reports it (see
:mod:`ondas.runtime.gitops`).

One error type (:class:`GitError`, exit 6) and one timeout policy: :data:`TIMEOUT` seconds for
local operations, :data:`REMOTE_TIMEOUT` for those that talk to a remote.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from ondas.errors import GitFailure
from ondas.stopping import OWN_SESSION

TIMEOUT = 120.0
"""Seconds a local git operation may take."""
REMOTE_TIMEOUT = 300.0
"""Seconds a clone, fetch or push may take."""
AUTHOR = ("ondas", "ondas@localhost")
"""The identity of every commit ondas makes."""

SAFE_CONFIG: tuple[str, ...] = (
    "core.fsmonitor=false",
    "core.hooksPath=/dev/null",
    "core.pager=cat",
    "core.askPass=",
    "core.alternateRefsCommand=",
    "credential.helper=",
    "diff.external=",
    "commit.gpgSign=false",
    "tag.gpgSign=false",
    "log.showSignature=false",
    "merge.verifySignatures=false",
    "merge.stat=false",
    "submodule.recurse=false",
    "diff.ignoreSubmodules=all",
    "status.submoduleSummary=false",
    "fetch.recurseSubmodules=false",
    "push.recurseSubmodules=no",
    "gc.auto=0",
    "maintenance.auto=false",
    "protocol.ext.allow=never",
)
"""``-c`` overrides of every configuration key that names a program (or recurses)."""
LOCAL_ONLY_CONFIG: tuple[str, ...] = ("protocol.allow=never", "core.sshCommand=")
"""Added for operations that never talk to a remote: no transport at all."""
REMOTE_SUBCOMMANDS = frozenset({"clone", "fetch", "push", "pull", "ls-remote"})
DIFF_SUBCOMMANDS = frozenset({"diff", "log", "show"})
DRIVER_KEYS: dict[str, tuple[tuple[str, str], ...]] = {
    "filter": (("clean", ""), ("smudge", ""), ("process", ""), ("required", "false")),
    "diff": (("textconv", ""), ("command", ""), ("cachetextconv", "false")),
    "merge": (("driver", ""),),
}
"""Per driver kind, the keys emptied (a filter is then a no-op, a textconv unused, a merge
driver fails closed)."""
DROPPED_ENV = ("GIT_EXTERNAL_DIFF", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG")
DROPPED_ENV_PREFIXES = ("GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_")


class GitError(GitFailure):
    """A git process failed or did not finish in time; the message carries git's own error."""


def available() -> bool:
    """True when a ``git`` executable is on PATH."""
    return shutil.which("git") is not None


def _subcommand(args: tuple[str, ...]) -> tuple[int, str]:
    """Index and name of the git subcommand in ``args`` (global options skipped)."""
    i = 0
    while i < len(args) and args[i].startswith("-"):
        i += 2 if args[i] in ("-c", "-C") else 1
    return (i, args[i]) if i < len(args) else (len(args), "")


def environment(*, remote: bool = False) -> dict[str, str]:
    """The environment of a git process: no system config, no global one for local work,
    no config or external diff smuggled in through variables, no prompt, no pager."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in DROPPED_ENV and not k.startswith(DROPPED_ENV_PREFIXES)
    }
    env.pop("GIT_CONFIG_SYSTEM", None)
    env.update(
        GIT_CONFIG_NOSYSTEM="1",
        GIT_ATTR_NOSYSTEM="1",
        GIT_TERMINAL_PROMPT="0",
        GIT_PAGER="cat",
        PAGER="cat",
    )
    if not remote:
        env["GIT_CONFIG_GLOBAL"] = os.devnull
    return env


def argv(cwd: Path, *args: str, author: bool = False, remote: bool | None = None) -> list[str]:
    """The full command line :func:`run` starts for ``git args`` in ``cwd``."""
    index, sub = _subcommand(args)
    is_remote = sub in REMOTE_SUBCOMMANDS if remote is None else remote
    config = [*SAFE_CONFIG, *(() if is_remote else LOCAL_ONLY_CONFIG)]
    config += driver_overrides(cwd, remote=is_remote)
    if author:
        name, email = AUTHOR
        config += [f"user.name={name}", f"user.email={email}"]
    head = [part for item in config for part in ("-c", item)]
    rest = list(args)
    if sub in DIFF_SUBCOMMANDS:
        rest[index + 1 : index + 1] = ["--no-ext-diff", "--no-textconv"]
    return ["git", *head, *rest]


def run(
    cwd: Path,
    *args: str,
    check: bool = True,
    author: bool = False,
    remote: bool | None = None,
    timeout: float | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``git args`` in ``cwd`` hardened; text output.

    ``check``: a non-zero exit raises :class:`GitError`. ``author``: commits are made as
    :data:`AUTHOR`. ``remote`` (default: from the subcommand) keeps the user's global
    configuration (credentials, SSH) and allows transports. A timeout always raises.
    """
    out = _start(cwd, args, author=author, remote=remote, timeout=timeout, text=True)
    if check:
        _check(cwd, args, out)
    return out  # type: ignore[return-value]


def run_bytes(
    cwd: Path,
    *args: str,
    check: bool = False,
    author: bool = False,
    remote: bool | None = None,
    timeout: float | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """As :func:`run`, with raw output (paths listed with ``-z`` in any encoding)."""
    out = _start(cwd, args, author=author, remote=remote, timeout=timeout, text=False)
    if check:
        _check(cwd, args, out)
    return out  # type: ignore[return-value]


def _start(
    cwd: Path,
    args: tuple[str, ...],
    *,
    author: bool,
    remote: bool | None,
    timeout: float | None,
    text: bool,
) -> subprocess.CompletedProcess[str] | subprocess.CompletedProcess[bytes]:
    _, sub = _subcommand(args)
    is_remote = sub in REMOTE_SUBCOMMANDS if remote is None else remote
    limit = timeout if timeout is not None else (REMOTE_TIMEOUT if is_remote else TIMEOUT)
    command = argv(cwd, *args, author=author, remote=is_remote)
    try:
        out: subprocess.CompletedProcess[str] | subprocess.CompletedProcess[bytes] = subprocess.run(
            command,
            cwd=cwd,
            capture_output=True,
            text=text,
            timeout=limit,
            env=environment(remote=is_remote),
            stdin=subprocess.DEVNULL,
            check=False,
            start_new_session=OWN_SESSION,
        )
    except subprocess.TimeoutExpired as exc:
        raise GitError(f"git {sub} did not finish within {limit:g}s in {cwd}") from exc
    return out


def _check(
    cwd: Path,
    args: tuple[str, ...],
    out: subprocess.CompletedProcess[str] | subprocess.CompletedProcess[bytes],
) -> None:
    if out.returncode == 0:
        return
    raw = out.stderr or out.stdout or ""
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    lines = [line for line in text.strip().splitlines() if line.strip()]
    detail = " ".join(lines[-3:])[:300] or f"exit status {out.returncode}"
    _, sub = _subcommand(args)
    raise GitError(f"git {sub} failed in {cwd}: {detail}")


_SECTION = re.compile(r'^\s*\[\s*([A-Za-z0-9.-]+)\s*(?:"((?:[^"\\\n]|\\.)*)")?\s*\]')
_INCLUDE_PATH = re.compile(r"^\s*path\s*=\s*(.*?)\s*$", re.IGNORECASE)
_DRIVERS: dict[
    tuple[str, ...], tuple[list[Path], list[tuple[object, ...]], frozenset[tuple[str, str]]]
] = {}
"""Driver names by the config files asked for: the files read (includes too), their
identities (stat) when read, and the names found."""


def _git_dirs(cwd: Path) -> list[Path]:
    """The repository's git dir and common dir for ``cwd`` (nothing outside a repository)."""
    explicit = os.environ.get("GIT_DIR")
    found: Path | None = None
    if explicit:
        found = Path(explicit) if os.path.isabs(explicit) else cwd / explicit
    else:
        for base in (cwd, *cwd.parents):
            dot = base / ".git"
            if dot.is_dir():
                found = dot
                break
            if dot.is_file():
                text = dot.read_text(encoding="utf-8", errors="replace").strip()
                if text.startswith("gitdir:"):
                    target = Path(text[len("gitdir:") :].strip())
                    found = target if target.is_absolute() else base / target
                break
        if found is None:
            return []
    dirs = [found]
    common = found / "commondir"
    if common.is_file():
        rel = common.read_text(encoding="utf-8", errors="replace").strip()
        dirs.append(Path(rel) if os.path.isabs(rel) else found / rel)
    return dirs


def _config_files(cwd: Path, *, remote: bool) -> list[Path]:
    files: list[Path] = []
    for gdir in _git_dirs(cwd):
        files += [gdir / "config", gdir / "config.worktree"]
    if remote:
        home = Path.home()
        xdg = os.environ.get("XDG_CONFIG_HOME") or str(home / ".config")
        files += [Path(xdg) / "git" / "config", home / ".gitconfig"]
        explicit = os.environ.get("GIT_CONFIG_GLOBAL")
        if explicit:
            files.append(Path(explicit))
    return files


def _identity(path: Path) -> tuple[object, ...]:
    try:
        st = path.stat()
    except OSError:
        return (str(path), None)
    return (str(path), st.st_ino, st.st_size, st.st_mtime_ns)


def _read_drivers(
    path: Path, found: set[tuple[str, str]], seen: set[str], depth: int = 0
) -> list[tuple[Path, tuple[object, ...]]]:
    """Add the (kind, name) of every driver section of config ``path`` to ``found``; returns
    every file read (includes followed, at most 10 deep)."""
    key = str(path.resolve()) if path.exists() else str(path)
    if depth > 10 or key in seen:
        return []
    seen.add(key)
    read = [(path, _identity(path))]  # before reading: a change while read is seen next time
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return read
    section = ""
    for line in text.splitlines():
        header = _SECTION.match(line)
        if header:
            name, sub = header.group(1).lower(), header.group(2)
            if sub is None and "." in name:  # the old [filter.name] spelling
                name, _, sub = name.partition(".")
            section = name
            if name in DRIVER_KEYS and sub is not None:
                found.add((name, re.sub(r"\\(.)", r"\1", sub)))
            continue
        if section in ("include", "includeif"):
            inc = _INCLUDE_PATH.match(line)
            if inc:
                value = inc.group(1).strip('"')
                target = Path(os.path.expanduser(value))
                if not target.is_absolute():
                    target = path.parent / target
                read += _read_drivers(target, found, seen, depth + 1)
    return read


def driver_names(cwd: Path, *, remote: bool = False) -> frozenset[tuple[str, str]]:
    """Every (kind, name) of a filter, diff or merge driver the configuration git reads for
    ``cwd`` defines; cached while none of the files read changes."""
    files = _config_files(cwd, remote=remote)
    key = tuple(str(f) for f in files)
    cached = _DRIVERS.get(key)
    if cached is not None and cached[1] == [_identity(p) for p in cached[0]]:
        return cached[2]
    found: set[tuple[str, str]] = set()
    seen: set[str] = set()
    read: list[tuple[Path, tuple[object, ...]]] = []
    for path in files:
        read += _read_drivers(path, found, seen)
    result = frozenset(found)
    _DRIVERS[key] = ([p for p, _ in read], [i for _, i in read], result)
    return result


def driver_overrides(cwd: Path, *, remote: bool = False) -> list[str]:
    """The ``-c`` values that empty every configured driver's command for ``cwd``."""
    overrides: list[str] = []
    for kind, name in sorted(driver_names(cwd, remote=remote)):
        for key, value in DRIVER_KEYS[kind]:
            overrides.append(f"{kind}.{name}.{key}={value}")
    return overrides


_HEADS: dict[str, tuple[tuple[object, ...], str | None, bool]] = {}
"""The HEAD commit and whether its branch tracks a live upstream, as the last whole-tree
``git status`` of each work tree said, with the :func:`ref_stamp` they hold under."""


def ref_stamp(cwd: Path, upstream: str | None = None) -> tuple[object, ...] | None:
    """The identity (inode, size, mtime) of every file that says what HEAD and the index are
    (and, given its short name, the upstream's ref): the same stamp means no commit,
    checkout, reset, add or fetch of that upstream since.

    ``None`` when the repository keeps its refs where this does not look (reftable) or
    ``cwd`` is in no repository: then nothing is remembered.
    """
    dirs = _git_dirs(cwd)
    if not dirs:
        return None
    gdir, common = dirs[0], dirs[-1]
    if (common / "reftable").exists():
        return None
    try:
        head = (gdir / "HEAD").read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return None
    files = [gdir / "HEAD", gdir / "index", common / "config", common / "packed-refs"]
    if head.startswith("ref: refs/"):
        files.append(common / head[len("ref: ") :])
    if upstream:
        files += [common / "refs" / "remotes" / upstream, common / "refs" / "heads" / upstream]
    return (head, upstream, *(_identity(f) for f in files))


def remember_head(
    cwd: Path,
    before: tuple[object, ...] | None,
    head: str | None,
    upstream: str | None,
    live: bool,
) -> bool:
    """Remember what a whole-tree ``git status`` said of HEAD and its upstream (``upstream``,
    ``live``: its ref exists); ``before`` is the :func:`ref_stamp` taken before it ran, and
    nothing is remembered when the refs moved meanwhile. True when it was remembered."""
    key = str(cwd.resolve())
    _HEADS.pop(key, None)
    if before is None or before != ref_stamp(cwd):
        return False
    after = ref_stamp(cwd, upstream)
    if after is None:
        return False
    _HEADS[key] = (after, head, live)
    return True


def known_head(cwd: Path) -> tuple[str | None, bool] | None:
    """HEAD and "tracks a live upstream" as last seen, while the files that say them are the
    same (:func:`ref_stamp`); ``None`` when not known (ask git)."""
    seen = _HEADS.get(str(cwd.resolve()))
    if seen is None or seen[0] != ref_stamp(cwd, _upstream_of(seen[0])):
        return None
    return seen[1], seen[2]


def _upstream_of(stamp: tuple[object, ...]) -> str | None:
    value = stamp[1]
    return value if isinstance(value, str) else None
