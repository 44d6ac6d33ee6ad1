"""The knowledge DB: one SQLite file with an FTS5 index, under ``$ONDAS_HOME``.

It outlives projects: decisions, block answers, review findings and lessons of every run
are kept here so that a later run can be reminded of them. Only the runtime writes it
(the path guard refuses agent writes). Texts that were shown to an agent are remembered
by hash so that a recalled text is never recorded back as new knowledge (anti-echo).
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ondas.errors import StateMissing, StateUnwritable, UsageError

DB_NAME = "knowledge.db"
KINDS = ("decision", "answer", "finding", "lesson")
SCHEMA = """
CREATE TABLE IF NOT EXISTS entries (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    project TEXT NOT NULL,
    execution_id TEXT NOT NULL,
    ref TEXT NOT NULL,
    created_at TEXT NOT NULL,
    hash TEXT NOT NULL UNIQUE
);
CREATE VIRTUAL TABLE IF NOT EXISTS entries_fts USING fts5(
    text, kind UNINDEXED, content='entries', content_rowid='id'
);
CREATE TRIGGER IF NOT EXISTS entries_ai AFTER INSERT ON entries BEGIN
    INSERT INTO entries_fts(rowid, text, kind) VALUES (new.id, new.text, new.kind);
END;
CREATE TRIGGER IF NOT EXISTS entries_ad AFTER DELETE ON entries BEGIN
    INSERT INTO entries_fts(entries_fts, rowid, text, kind)
    VALUES ('delete', old.id, old.text, old.kind);
END;
CREATE TABLE IF NOT EXISTS shown (
    hash TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    shown_at TEXT NOT NULL
);
"""
WORD_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_]{2,}")
STOP = frozenset(
    {
        "the",
        "and",
        "for",
        "with",
        "that",
        "this",
        "from",
        "are",
        "was",
        "were",
        "has",
        "have",
        "not",
        "but",
        "you",
        "your",
        "its",
        "into",
        "one",
        "two",
        "all",
        "any",
        "can",
        "will",
        "what",
        "which",
        "how",
        "who",
        "when",
        "where",
        "why",
    }
)


def home() -> Path:
    """``$ONDAS_HOME``, else the platform's user data directory for ondas."""
    env = os.environ.get("ONDAS_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("ondas", appauthor=False))


def db_path() -> Path:
    """Where the knowledge DB lives."""
    return home() / DB_NAME


def normalise(text: str) -> str:
    """Lower-case text with runs of whitespace collapsed (what the hashes are taken of)."""
    return " ".join(text.lower().split())


def digest(text: str) -> str:
    """The hash that identifies a text in the DB."""
    return hashlib.sha256(normalise(text).encode()).hexdigest()


@dataclass(frozen=True)
class Entry:
    """One piece of knowledge."""

    id: int
    kind: str
    text: str
    project: str
    execution_id: str
    ref: str
    created_at: str
    score: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


class Knowledge:
    """An open knowledge DB."""

    def __init__(self, path: Path | None = None, *, readonly: bool = False) -> None:
        """Open (creating it unless ``readonly``) the DB; a reader never writes to it."""
        self.path = path or db_path()
        if readonly:
            try:
                uri = f"file:{self.path.as_posix()}?mode=ro"
                self.conn = sqlite3.connect(uri, uri=True, timeout=30)
                self.conn.row_factory = sqlite3.Row
                self.conn.execute("PRAGMA query_only = ON")
            except sqlite3.Error as exc:
                raise StateMissing(f"cannot read the knowledge DB {self.path}: {exc}") from exc
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(self.path, timeout=30)
            self.conn.row_factory = sqlite3.Row
            self.conn.execute("PRAGMA journal_mode=WAL")
            with self.conn:
                self.conn.executescript(SCHEMA)
            os.chmod(self.path, 0o600)
        except (OSError, sqlite3.Error) as exc:
            raise StateUnwritable(f"cannot open the knowledge DB {self.path}: {exc}") from exc

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def __enter__(self) -> Knowledge:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def is_echo(self, text: str) -> bool:
        """True when ``text`` is, or contains verbatim, a text that was shown to an agent."""
        norm = normalise(text)
        if self.conn.execute("SELECT 1 FROM shown WHERE hash = ?", (digest(text),)).fetchone():
            return True
        return any(
            len(row["text"]) >= 20 and row["text"] in norm
            for row in self.conn.execute("SELECT text FROM shown")
        )

    def add(self, kind: str, text: str, *, project: str, execution_id: str, ref: str) -> str:
        """Record one entry; returns ``added``, ``duplicate`` or ``echo``."""
        if kind not in KINDS:
            raise UsageError(f"kind must be one of {', '.join(KINDS)}; got {kind!r}")
        if not text.strip():
            return "duplicate"
        if self.is_echo(text):
            return "echo"
        now = datetime.now(UTC).isoformat(timespec="seconds")
        with self.conn:
            cur = self.conn.execute(
                "INSERT OR IGNORE INTO entries (kind, text, project, execution_id, ref, "
                "created_at, hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (kind, text.strip(), project, execution_id, ref, now, digest(text)),
            )
        return "added" if cur.rowcount else "duplicate"

    def mark_shown(self, texts: list[str]) -> None:
        """Remember that ``texts`` were put in front of an agent."""
        now = datetime.now(UTC).isoformat(timespec="seconds")
        with self.conn:
            self.conn.executemany(
                "INSERT OR IGNORE INTO shown (hash, text, shown_at) VALUES (?, ?, ?)",
                [(digest(t), normalise(t), now) for t in texts],
            )

    def search(
        self, query: str, *, limit: int = 5, exclude_execution: tuple[str, str] | None = None
    ) -> list[Entry]:
        """Best matches for the words of ``query`` (any of them), best first."""
        words = [w for w in WORD_RE.findall(query.lower()) if w not in STOP]
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in dict.fromkeys(words))
        sql = (
            "SELECT e.*, bm25(entries_fts) AS score FROM entries_fts "
            "JOIN entries e ON e.id = entries_fts.rowid WHERE entries_fts MATCH ? "
        )
        params: list[Any] = [match]
        if exclude_execution is not None:
            sql += "AND NOT (e.project = ? AND e.execution_id = ?) "
            params += list(exclude_execution)
        sql += "ORDER BY score LIMIT ?"
        params.append(limit)
        return [
            Entry(
                r["id"],
                r["kind"],
                r["text"],
                r["project"],
                r["execution_id"],
                r["ref"],
                r["created_at"],
                float(r["score"]),
            )
            for r in self.conn.execute(sql, params)
        ]

    def stats(self) -> dict[str, Any]:
        """Entry counts by kind, projects, shown texts, and where the file is."""
        kinds = {
            r["kind"]: r["n"]
            for r in self.conn.execute("SELECT kind, COUNT(*) AS n FROM entries GROUP BY kind")
        }
        projects = self.conn.execute("SELECT COUNT(DISTINCT project) FROM entries").fetchone()[0]
        shown = self.conn.execute("SELECT COUNT(*) FROM shown").fetchone()[0]
        return {
            "path": str(self.path),
            "entries": sum(kinds.values()),
            "by_kind": kinds,
            "projects": projects,
            "shown": shown,
            "bytes": self.path.stat().st_size,
        }

    def forget(
        self, *, entry_id: int | None = None, project: str | None = None, everything: bool = False
    ) -> int:
        """Delete one entry, every entry of a project, or everything; returns the count."""
        chosen = [entry_id is not None, project is not None, everything]
        if sum(chosen) != 1:
            raise UsageError("forget needs exactly one of an id, --project or --all")
        with self.conn:
            if entry_id is not None:
                cur = self.conn.execute("DELETE FROM entries WHERE id = ?", (entry_id,))
            elif project is not None:
                cur = self.conn.execute("DELETE FROM entries WHERE project = ?", (project,))
            else:
                cur = self.conn.execute("DELETE FROM entries")
                self.conn.execute("DELETE FROM shown")
        return cur.rowcount
