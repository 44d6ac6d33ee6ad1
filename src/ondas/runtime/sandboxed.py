"""The one way ondas runs a command on agent-written content: inside an OS sandbox.

A project's test suite, linter, type checker and sovai's QA gate run code the agent wrote
(a test module's import, a conftest, a lint plugin). They run here, under bubblewrap with the
policy Claude Code's sandbox gives the agent's own commands:

- the file system is read-only except the project and a fresh temp dir (``/tmp``, discarded);
- ``$HOME`` is an empty tmpfs (nothing of the user's is readable or kept), but for the
  toolchains the command runs from (:func:`toolchains`: this interpreter's prefixes and the
  PATH entries under HOME, e.g. pyenv, ``~/.cargo``, ``~/.local``), mounted read-only;
- inside the project, ``.git/``, ``.claude/``, ``.mcp.json`` and ``.gitattributes`` are
  read-only, and ``.ondas/`` (the store, the MCP token's home) is an empty read-only tmpfs;
- no network (its own network namespace: loopback only); a project whose tests need the
  network runs them with ``--no-sandbox`` (recorded) — a domain whitelist needs a proxy,
  which is what the agent's sandbox has and this runner does not;
- its own PID namespace, killed with its parent; the MCP token, API keys and every variable
  whose name says key, token, secret or password are absent from its environment.

Bubblewrap directly rather than Anthropic's ``srt`` (``@anthropic-ai/sandbox-runtime``): it
is the binary Claude Code's sandbox already requires (one dependency, checked the same way),
starts in milliseconds with no Node process and no proxy, and works offline. Where it cannot
start, the command is refused (:class:`~ondas.errors.SandboxUnavailable`) unless the operator
chose ``--no-sandbox``, which callers pass as ``sandbox=False`` and the run records.

Exit codes, timeouts (``subprocess.TimeoutExpired`` with the partial output) and output
capture are those of :func:`subprocess.run`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from ondas.errors import SandboxUnavailable

READ_ONLY_IN_PROJECT = (".git", ".claude", ".mcp.json", ".gitattributes")
"""Project paths a sandboxed command may read but never change."""
HIDDEN_IN_PROJECT = (".ondas",)
"""Project paths a sandboxed command sees as an empty, read-only directory."""
SECRET_ENV = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH)", re.IGNORECASE)
"""Variable names kept out of a sandboxed command's environment."""
ALWAYS_DROPPED = ("ONDAS_MCP_TOKEN", "ONDAS_MCP_COMMAND", "SSH_AUTH_SOCK")
TEMP_DIR = "/tmp"
BASE_ARGS = (
    "--die-with-parent",
    "--unshare-net",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-pid",
    "--unshare-cgroup-try",
    "--ro-bind", "/", "/",
    "--dev", "/dev",
    "--proc", "/proc",
)  # fmt: skip
"""Every namespace but the user one (bubblewrap makes one itself when it needs it; asked for
explicitly, a fresh ``/proc`` cannot be mounted inside another sandbox, e.g. a CI jail)."""


def bwrap() -> str | None:
    """The bubblewrap executable, or ``None``."""
    return shutil.which("bwrap")


_USABLE: dict[str | None, str | None] = {}


def unavailable_reason() -> str | None:
    """Why no sandbox can start here (``None`` when one can); asked once per bwrap found."""
    exe = bwrap()
    if exe not in _USABLE:
        _USABLE[exe] = _probe()
    return _USABLE[exe]


def _probe() -> str | None:
    exe = bwrap()
    if exe is None:
        return "bubblewrap (bwrap) is not installed; apt-get install bubblewrap"
    try:
        out = subprocess.run([exe, *BASE_ARGS, "true"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bubblewrap cannot start: {exc}"
    if out.returncode != 0:
        detail = out.stderr.strip().splitlines()[-1:] or ["no message"]
        return f"bubblewrap cannot create a sandbox here ({detail[0]})"
    return None


def require_available() -> None:
    """Raise :class:`~ondas.errors.SandboxUnavailable` (with the way out) when no sandbox
    can start here: a run that will run the project's tests is refused before it starts."""
    reason = unavailable_reason()
    if reason is not None:
        raise SandboxUnavailable(
            f"the project's tests cannot run sandboxed: {reason}; "
            "pass --no-sandbox to run them as yourself (recorded as a decision)"
        )


def environment(base: dict[str, str] | None = None) -> dict[str, str]:
    """``base`` (default: this process's) without secrets, ``HOME`` and temp dir pointed inside."""
    source = dict(os.environ if base is None else base)
    env = {k: v for k, v in source.items() if k not in ALWAYS_DROPPED and not SECRET_ENV.search(k)}
    env["TMPDIR"] = TEMP_DIR
    return env


def toolchains(home: Path) -> list[Path]:
    """Directories under ``home`` that the project's commands run from, mounted read-only
    over the empty HOME: this interpreter's prefixes (a pyenv or venv Python) and each PATH
    entry under HOME, taken from its parent when it is a ``bin`` or ``shims`` directory (the
    tool's own root: pyenv's shims need ``libexec``, cargo's ``bin`` its toolchains)."""
    candidates = [Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).parent]
    for entry in os.environ.get("PATH", "").split(os.pathsep):
        if entry:
            path = Path(entry)
            candidates.append(path.parent if path.name in ("bin", "shims") else path)
    found: list[Path] = []
    for candidate in candidates:
        try:
            path = candidate.resolve()
        except (OSError, RuntimeError):
            continue
        if path != home and path.is_relative_to(home) and path.is_dir() and path not in found:
            found.append(path)
    return found


def argv(project: Path, command: str) -> list[str]:
    """The bubblewrap command line that runs ``command`` (a shell command) in ``project``."""
    exe = bwrap()
    if exe is None:
        raise SandboxUnavailable("bubblewrap (bwrap) is not installed")
    top = project.resolve()
    home = Path(os.path.expanduser("~")).resolve()
    args = [exe, *BASE_ARGS]
    args += ["--tmpfs", TEMP_DIR]
    if home not in (Path("/"), top):
        args += ["--tmpfs", str(home)]  # before the project's bind: a project in HOME stays
        for tools in toolchains(home):
            args += ["--ro-bind", str(tools), str(tools)]
    args += ["--bind", str(top), str(top)]
    for name in READ_ONLY_IN_PROJECT:
        path = top / name
        if os.path.lexists(path) and not path.is_symlink():
            args += ["--ro-bind", str(path), str(path)]
    for name in HIDDEN_IN_PROJECT:
        path = top / name
        if path.is_dir() and not path.is_symlink():
            args += ["--tmpfs", str(path), "--remount-ro", str(path)]
    args += ["--chdir", str(top), "--", "/bin/sh", "-c", command]
    return args


def run(
    project: Path,
    command: str,
    *,
    timeout: float,
    sandbox: bool = True,
) -> subprocess.CompletedProcess[str]:
    """Run the shell ``command`` in ``project``, sandboxed unless ``sandbox`` is False.

    Raises :class:`~ondas.errors.SandboxUnavailable` when a sandbox is wanted and cannot
    start, and ``subprocess.TimeoutExpired`` (the sandbox and everything in it killed) when
    ``timeout`` passes.
    """
    if not sandbox:
        return subprocess.run(
            command, shell=True, cwd=project, capture_output=True, text=True, timeout=timeout
        )
    reason = unavailable_reason()
    if reason is not None:
        raise SandboxUnavailable(
            f"cannot run {command!r} on the agent's files outside a sandbox: {reason} "
            "(or pass --no-sandbox, recorded as a decision)"
        )
    return subprocess.run(
        argv(project, command),
        cwd=project,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=environment(),
        stdin=subprocess.DEVNULL,
    )
