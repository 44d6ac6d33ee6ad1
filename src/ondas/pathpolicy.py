"""The one policy for every file ondas reads or writes on a caller's behalf.

Settings, whitelists, ``.env`` files, configs, imports, exports and reports are *regular
files*: a device (``/dev/null``, ``/dev/zero``), a FIFO, a socket or a directory is refused
with a usage error (exit 2) before anything is read or written, so an atomic rename never
replaces a device node and a read never blocks on a FIFO or runs out of memory on
``/dev/zero``. Reads are capped in size; a symlink loop is refused by name. A path that does
not exist is fine to write (and reads as absent: ``FileNotFoundError`` reaches the caller).
"""

from __future__ import annotations

import errno
import os
import stat

from ondas.errors import UsageError

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, hooks) skip typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

MIB = 1 << 20
DEFAULT_LIMIT = 16 * MIB
"""Settings, configs, whitelists, ``.env`` files, answers: far below this."""
IMPORT_LIMIT = 1024 * MIB
"""A state export of a very long run stays below this."""

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def _size(limit: int) -> str:
    return f"{limit // MIB} MiB" if limit % MIB == 0 else f"{limit} bytes"


def _loop(path: Path | str, exc: OSError) -> UsageError:
    return UsageError(f"{path} is a symlink loop; give the path of a regular file")


def refusal(path: str) -> str | None:
    """Why ``path``, given as a command-line path, is refused (``None``: it is not).

    Every path argument of ondas names a file or a directory: a device, a FIFO or a socket
    never is one, and a symlink loop names nothing. Checked when the command line is read,
    before any command runs; whether a file or a directory is wanted is the command's call.
    """
    try:
        st = os.stat(path)
    except OSError as exc:
        return "is a symlink loop" if exc.errno == errno.ELOOP else None
    except ValueError:  # an embedded NUL byte
        return "is not a valid path"
    if stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode):
        return None
    return f"is {_kind(st.st_mode)}, not a regular file or a directory"


def check_writable(path: Path | str, what: str = "file") -> None:
    """Refuse (exit 2) a write to ``path`` unless it is a regular file or does not exist.

    A symlink is judged by what it points to; a dangling one is a file to be created.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _loop(path, exc) from exc
        raise
    if stat.S_ISDIR(st.st_mode):
        raise UsageError(f"{path} is a directory; give the path of the {what} to write")
    if not stat.S_ISREG(st.st_mode):
        raise UsageError(
            f"{path} is {_kind(st.st_mode)}, not a regular file; ondas writes its {what} "
            "only to a regular file (nothing was written)"
        )


def read_bytes(path: Path | str, *, limit: int = DEFAULT_LIMIT, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them, else exit 2.

    Opened without blocking (a FIFO is refused, not waited on); ``FileNotFoundError`` is left
    to the caller (absent often means empty).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise _loop(path, exc) from exc
        if exc.errno == errno.EISDIR:
            raise UsageError(f"{path} is a directory, not a {what}") from exc
        raise UsageError(f"cannot read {what} {path}: {exc.strerror}") from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise UsageError(
                f"{path} is {_kind(st.st_mode)}, not a regular file; a {what} must be a "
                "regular file (nothing was read)"
            )
        if st.st_size > limit:
            raise UsageError(f"{what} {path} is larger than {_size(limit)}; refused")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 * MIB, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise UsageError(f"{what} {path} is larger than {_size(limit)}; refused")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: Path | str, *, limit: int = DEFAULT_LIMIT, what: str = "file") -> str:
    """:func:`read_bytes` decoded as UTF-8; invalid UTF-8 is a usage error naming the file."""
    data = read_bytes(path, limit=limit, what=what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{what} {path} is not valid UTF-8 text ({exc.reason})") from exc
