"""The one exception tree of ondas, and the one place where exit codes are mapped.

Every error a caller can see derives from :class:`OndasError`. The CLI turns an error into
one line on stderr and the exit code carried by its class; the library never calls
``sys.exit`` itself.
"""

from __future__ import annotations

import errno
import sys

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3


class OndasError(Exception):
    """Base of every ondas error; ``exit_code`` is what the CLI exits with."""

    exit_code: int = 1


class UsageError(OndasError):
    """The caller passed bad input (unknown field, malformed JSON, bad enum value)."""

    exit_code = 2


class RuleViolation(OndasError):
    """A runtime rule refused the operation; the message names the rule in brackets."""

    exit_code = 1

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"[{rule}] {message}")


class LockBusy(OndasError):
    """The execution lock is held by another holder."""

    exit_code = 3


class LimitAbort(OndasError):
    """An abort trigger fired: the execution must end gracefully."""

    exit_code = 3


class IntegrityError(OndasError):
    """The audit chain or the materialised tables were tampered with."""

    exit_code = 4


class AwaitingHuman(OndasError):
    """The execution waits for a human answer before it can go on."""

    exit_code = 5


class StateMissing(OndasError):
    """No state store exists where one was expected, or it cannot be read."""

    exit_code = 6


class StoreUnreachable(StateMissing):
    """The server holding the store cannot be reached (not: the store does not exist)."""


class InvalidState(OndasError):
    """The store breaks a schema invariant (enum, link, counter, id sequence)."""

    exit_code = 6


class StateUnwritable(OndasError):
    """A file ondas had to write could not be written; what was there before is kept."""

    exit_code = 6


class StoreBusy(OndasError):
    """SQLite stayed busy past every retry."""

    exit_code = 3


class GitFailure(OndasError):
    """A git command on the project failed (the project's repository is unusable as it is)."""

    exit_code = 6


class SandboxUnavailable(OndasError):
    """The OS sandbox an unattended run needs cannot be enabled on this machine."""

    exit_code = 2


EXIT_OK = 0
"""Documented exit codes: 0 ok, 1 refused by a rule, 2 usage, 3 lock busy or limit abort,
4 integrity, 5 awaiting a human, 6 missing or invalid state."""


_OS_MESSAGES = {
    errno.ENOSPC: "no space left on the device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.EISDIR: "is a directory, a file was expected",
    errno.ENOTDIR: "a path component is not a directory",
    errno.ENOENT: "no such file or directory",
    errno.EIO: "input/output error",
    errno.EMFILE: "too many open files",
    errno.ELOOP: "a symlink loop",
    errno.ENXIO: "no such device (a FIFO without a writer, or a device)",
}


def _oneline(text: object) -> str:
    lines = str(text).strip().splitlines()
    return lines[0].strip() if lines else ""


def _os_error(exc: OSError) -> OndasError:
    what = _OS_MESSAGES.get(exc.errno or -1) or _oneline(exc.strerror or exc) or "system error"
    where = exc.filename if exc.filename is not None else None
    text = f"{what}: {where}" if where is not None else what
    if exc.errno in (errno.EISDIR, errno.ENOTDIR, errno.ENOENT, errno.ELOOP, errno.ENXIO):
        return UsageError(text)
    return StateUnwritable(
        f"{text} (nothing was half-written; free the space or fix the "
        "permissions and run the command again)"
    )


def _sqlite_error(exc: sqlite3.Error) -> OndasError:
    text = _oneline(exc).lower()
    if "locked" in text or "busy" in text:
        return StoreBusy(f"the state store stayed busy: {_oneline(exc)}; try again")
    if "disk is full" in text or "disk full" in text:
        return StateUnwritable("no space left on the device for the state store")
    if "readonly" in text or "read-only" in text:
        return StateUnwritable("the state store is read-only (check its file permissions)")
    if "not a database" in text or "malformed" in text or "disk i/o" in text:
        return StateMissing(
            f"the state store cannot be read ({_oneline(exc)}); see 'ondas state recover --help'"
        )
    return StateMissing(f"state store error: {_oneline(exc)}")


def translate(exc: BaseException) -> OndasError:
    """Map any exception to the :class:`OndasError` the CLI reports as one line.

    Library errors pass through unchanged. Environment faults (disk full, read-only file
    system, permissions, SQLite, git) become exit 6 or 3; input that Python cannot handle
    (too deeply nested, invalid Unicode) becomes a usage error (exit 2). Anything else is an
    internal error (exit 1) named by its type, so no traceback reaches a user unasked.
    """
    if isinstance(exc, OndasError):
        return exc
    # A module not imported yet cannot have raised: looked up, not imported (fast start-up).
    subprocess = sys.modules.get("subprocess")
    sqlite3 = sys.modules.get("sqlite3")
    if subprocess is not None and isinstance(exc, subprocess.CalledProcessError):
        cmd = exc.cmd if isinstance(exc.cmd, str) else " ".join(str(c) for c in exc.cmd[:3])
        detail = _oneline(exc.stderr or exc.output or "") or f"exit status {exc.returncode}"
        err: OndasError = GitFailure(f"'{cmd}' failed: {detail}")
        if not cmd.startswith("git"):
            err = StateUnwritable(f"'{cmd}' failed: {detail}")
        return err
    if subprocess is not None and isinstance(exc, subprocess.TimeoutExpired):
        return GitFailure(f"'{_oneline(exc.cmd)}' did not finish within {exc.timeout:g}s")
    if sqlite3 is not None and isinstance(exc, sqlite3.Error):
        return _sqlite_error(exc)
    psycopg = sys.modules.get("psycopg")
    if psycopg is not None and isinstance(exc, psycopg.Error):
        return StateMissing(f"store server error: {_oneline(exc)}")
    if isinstance(exc, OSError):
        return _os_error(exc)
    if isinstance(exc, RuntimeError) and str(exc).startswith("Symlink loop"):
        # pathlib's resolve() of a self-looping symlink (Python < 3.13)
        return UsageError(f"{_oneline(exc).replace('Symlink loop from', 'a symlink loop:')}")
    if isinstance(exc, RecursionError):
        return UsageError("the input is nested too deeply to be processed")
    if isinstance(exc, UnicodeError):
        return UsageError(f"the input is not valid Unicode text ({_oneline(exc)[:120]})")
    if isinstance(exc, MemoryError):
        return StateUnwritable("out of memory")
    return OndasError(
        f"internal error ({type(exc).__name__}: {_oneline(exc)[:200]}); "
        "run again with --debug for the traceback"
    )
