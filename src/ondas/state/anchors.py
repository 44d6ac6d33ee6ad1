"""Chain anchors: the audit log's head (``seq:hash``) recorded outside the database.

The hash chain proves the log was not edited in the middle, but whoever can write the
database can cut its tail, point ``meta.chain_head`` at the new last event and revert the rows:
the chain is then self-consistent. At each wave's end the runtime appends the head
to ``$ONDAS_HOME/anchors/<project-id>`` (the platform user-data dir by default, outside the
project and, under the sandbox, outside what the agent can write). :func:`check` finds every
anchored head still in the log or reports where the log was rewritten.

A head an integrity check verified is recorded as such (:func:`record_verified`): a resumed
run verifies the log from the newest one (:mod:`ondas.state.incremental`) instead of from the
first event; ``ondas state verify`` always checks everything.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from ondas.record import Record
from ondas.state.dialect import Connection, store_exists

ANCHORS_DIR = "anchors"
_LINE = re.compile(r"^(\d+):([0-9a-f]{64})(?:\s+(.*))?$")
VERIFIED = "verified"
"""The note of a head a clean integrity check reached: where ``resume`` verifies from."""


class Anchor(Record, frozen=True):
    """One recorded head: the event ``seq`` and its ``hash``."""

    seq: int
    hash: str


def ondas_home() -> Path:
    """``$ONDAS_HOME``, else the platform user-data directory for ondas."""
    env = os.environ.get("ONDAS_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("ondas"))


def project_id(state_dir: Path) -> str:
    """A stable name for the store: its project's directory name and a hash of its real path."""
    real = os.path.realpath(state_dir)
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", Path(real).parent.name)[:40] or "project"
    return f"{name}-{hashlib.sha256(real.encode()).hexdigest()[:16]}"


def anchor_file(state_dir: Path) -> Path:
    """Where the anchors of the store in ``state_dir`` are kept."""
    return ondas_home() / ANCHORS_DIR / project_id(state_dir)


def head(conn: Connection) -> Anchor | None:
    """The store's recorded chain head, or None for an empty log."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'chain_head'").fetchone()
    match = _LINE.match(row[0]) if row and row[0] else None
    return Anchor(int(match.group(1)), match.group(2)) if match else None


def record(state_dir: Path, conn: Connection, note: str = "") -> Anchor | None:
    """Append the current chain head to the anchor file (fsynced); returns it."""
    current = head(conn)
    if current is None:
        return None
    _append(state_dir, f"{current.seq}:{current.hash} {note}".rstrip() + "\n")
    return current


def _append(state_dir: Path, line: str) -> None:
    path = anchor_file(state_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, line.encode("ascii", "replace"))
        os.fsync(fd)
    finally:
        os.close(fd)


def record_verified(state_dir: Path, anchor: Anchor, migrations: int) -> None:
    """Append ``anchor`` as verified: the log up to it passed an integrity check (the full
    verify, or an incremental one from an earlier verified head) under ``migrations`` applied
    schema steps."""
    _append(state_dir, f"{anchor.seq}:{anchor.hash} {VERIFIED} migrations={migrations}\n")


def last_verified(state_dir: Path, migrations: int) -> Anchor | None:
    """The newest verified head recorded under ``migrations`` schema steps, or ``None``."""
    found = None
    for anchor, note in _lines(state_dir):
        if note == f"{VERIFIED} migrations={migrations}":
            found = anchor
    return found


def load(state_dir: Path) -> list[Anchor]:
    """Every anchor recorded for the store (none when the file does not exist)."""
    return [anchor for anchor, _ in _lines(state_dir)]


_PARSED: dict[str, tuple[tuple[int, int, int], list[tuple[Anchor, str]]]] = {}
"""The parsed anchor file by path, with the (inode, size, mtime) it was read at: the
integrity check reads it at every wave, and it only ever grows."""


def _lines(state_dir: Path) -> list[tuple[Anchor, str]]:
    """Every anchor recorded for the store with its note, oldest first."""
    path = anchor_file(state_dir)
    try:
        with open(path, "rb") as fh:
            info = os.fstat(fh.fileno())
            identity = (info.st_ino, info.st_size, info.st_mtime_ns)
            cached = _PARSED.get(str(path))
            if cached is not None and cached[0] == identity:
                return cached[1]
            text = fh.read().decode("ascii", errors="replace")
    except FileNotFoundError:
        return []
    out = []
    for line in text.splitlines():
        match = _LINE.match(line.strip())
        if match:
            out.append((Anchor(int(match.group(1)), match.group(2)), match.group(3) or ""))
    _PARSED[str(path)] = (identity, out)
    return out


def missing(state_dir: Path, hashes_by_seq: dict[int, str]) -> list[Anchor]:
    """The anchored heads the log no longer holds (cut or rewritten), oldest first."""
    return [a for a in load(state_dir) if hashes_by_seq.get(a.seq) != a.hash]


def retire_if_new(state_dir: Path) -> Path | None:
    """Before a new store is created where none exists, set the old anchors aside.

    A store deleted and created again by the operator starts a new chain; the anchors of the
    old one would otherwise fail every ``verify``. They are renamed, not removed. The agent
    cannot get here: it may not run ``ondas`` state commands and cannot write ``.ondas/``.
    """
    if store_exists(Path(state_dir)):
        return None
    path = anchor_file(Path(state_dir))
    if not path.exists():
        return None
    from datetime import UTC, datetime

    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    retired = path.with_name(f"{path.name}.retired-{stamp}")
    os.replace(path, retired)
    return retired
