"""Numbered, append-only schema migrations recorded in the database.

Each migration is a named step (``m001_initial``, ``m002_...``) applied once, in order, and
recorded in ``_migrations``; ``meta.schema_version`` is the count of applied steps. Never edit
a released step: add a new one. Migrations change *schema* only. Data changes must go through
the audit log, so that ``verify`` can replay them.

Numbers are reserved per layer so that parallel work does not collide:
m001 state core, m002 audit layer, m003 pipeline/limits, m004 guards/hooks, m005 orchestrator.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

# Tables that are bookkeeping of the store itself and are not reproduced by replaying the log.
NON_AUDITED_TABLES = frozenset({"events", "meta", "_migrations"})


@dataclass(frozen=True)
class Migration:
    """One named schema step."""

    name: str
    apply: Callable[[sqlite3.Connection], None]


def run_script(conn: sqlite3.Connection, script: str) -> None:
    """Run ``script`` statement by statement inside the caller's transaction.

    ``executescript`` would commit the open transaction first, so it is not used.
    """
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            conn.execute(buffer)
            buffer = ""
    if buffer.strip():
        raise ValueError(f"incomplete SQL statement in migration: {buffer.strip()[:60]}")


def _m001_initial(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE TABLE events (
            seq INTEGER PRIMARY KEY,
            ts TEXT NOT NULL,
            execution_id TEXT,
            type TEXT NOT NULL,
            description TEXT,
            payload TEXT NOT NULL,
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL UNIQUE
        );
        CREATE INDEX events_by_execution ON events(execution_id, seq);
        CREATE INDEX events_by_type ON events(type, seq);
        CREATE TABLE executions (
            id TEXT PRIMARY KEY,
            status TEXT NOT NULL
                CHECK (status IN ('in_progress', 'awaiting_human', 'aborted', 'completed')),
            termination_reason TEXT,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            project_path TEXT NOT NULL,
            project_name TEXT NOT NULL,
            description TEXT NOT NULL DEFAULT '',
            suggested_stack TEXT,
            invocation_type TEXT NOT NULL DEFAULT 'cli',
            current_stage TEXT NOT NULL,
            next_instruction TEXT,
            delivery_tier TEXT NOT NULL DEFAULT 'cloud-public',
            roadmap_mode INTEGER NOT NULL DEFAULT 0 CHECK (roadmap_mode IN (0, 1)),
            atomic_commit INTEGER NOT NULL DEFAULT 0 CHECK (atomic_commit IN (0, 1)),
            CHECK (status IN ('in_progress', 'awaiting_human') OR finished_at IS NOT NULL)
        );
        CREATE TABLE key_aspects (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            kind TEXT NOT NULL CHECK (kind IN ('product', 'technical', 'operational')),
            position INTEGER NOT NULL,
            aspect TEXT NOT NULL,
            PRIMARY KEY (execution_id, kind, position)
        );
        CREATE TABLE metrics (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            name TEXT NOT NULL,
            value REAL NOT NULL,
            PRIMARY KEY (execution_id, name)
        );
        CREATE TABLE counters (
            scope TEXT NOT NULL,
            name TEXT NOT NULL,
            value INTEGER NOT NULL CHECK (value >= 0),
            PRIMARY KEY (scope, name)
        );
        CREATE TABLE locks (
            execution_id TEXT PRIMARY KEY REFERENCES executions(id),
            pid INTEGER NOT NULL,
            host TEXT NOT NULL,
            acquired_at TEXT NOT NULL
        );
        CREATE TABLE extras (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (execution_id, key)
        );
        """,
    )


def _m002_audit(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        CREATE TABLE decisions (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            id TEXT NOT NULL,
            wave_id TEXT,
            created_at TEXT NOT NULL DEFAULT '',
            agent TEXT NOT NULL DEFAULT '',
            stage TEXT NOT NULL DEFAULT '',
            context TEXT NOT NULL DEFAULT '',
            options TEXT NOT NULL DEFAULT '[]',
            choice TEXT NOT NULL DEFAULT '',
            justification TEXT NOT NULL DEFAULT '',
            score INTEGER CHECK (score IS NULL OR score BETWEEN 0 AND 3),
            evidence TEXT,
            "references" TEXT,
            class TEXT NOT NULL DEFAULT 'operational'
                CHECK (class IN ('operational', 'structural')),
            axis TEXT,
            consent TEXT,
            PRIMARY KEY (execution_id, id)
        );
        CREATE INDEX decisions_by_wave ON decisions(execution_id, wave_id);
        CREATE TABLE decision_invalidations (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            decision_id TEXT NOT NULL,
            reason TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (execution_id, decision_id)
        );
        CREATE TABLE blocks (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            id TEXT NOT NULL,
            created_at TEXT NOT NULL DEFAULT '',
            question TEXT NOT NULL DEFAULT '',
            decision_id TEXT,
            context_for_answer TEXT,
            options TEXT,
            subject_key TEXT,
            severity TEXT NOT NULL DEFAULT 'normal' CHECK (severity IN ('light', 'normal')),
            status TEXT NOT NULL DEFAULT 'awaiting' CHECK (status IN ('awaiting', 'answered')),
            answer TEXT,
            answered_at TEXT,
            wave_id TEXT,
            PRIMARY KEY (execution_id, id)
        );
        CREATE INDEX blocks_by_status ON blocks(execution_id, status);
        CREATE INDEX blocks_by_decision ON blocks(execution_id, decision_id);
        CREATE TABLE waves (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            id TEXT NOT NULL,
            number INTEGER NOT NULL DEFAULT 0,
            started_at TEXT NOT NULL DEFAULT '',
            ended_at TEXT,
            reason TEXT CHECK (reason IS NULL OR reason IN ('stage_completed_advancing',
                'threshold_proxy_reached', 'human_block', 'abort', 'completed')),
            start_stage TEXT,
            end_stage TEXT,
            stages TEXT NOT NULL DEFAULT '[]',
            tool_calls INTEGER NOT NULL DEFAULT 0 CHECK (tool_calls >= 0),
            wallclock_seconds REAL,
            decisions INTEGER,
            skills INTEGER,
            next_scheduled_for TEXT,
            reconciled INTEGER NOT NULL DEFAULT 0 CHECK (reconciled IN (0, 1)),
            PRIMARY KEY (execution_id, id)
        );
        CREATE INDEX waves_open ON waves(execution_id, ended_at);
        CREATE TABLE wave_skills (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            wave_id TEXT NOT NULL,
            position INTEGER NOT NULL,
            skill TEXT NOT NULL,
            kind TEXT NOT NULL DEFAULT 'skill' CHECK (kind IN ('skill', 'gate')),
            decision_id TEXT,
            recorded_at TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (execution_id, wave_id, position)
        );
        CREATE TABLE milestones (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            threshold INTEGER NOT NULL,
            wave_id TEXT NOT NULL,
            decision_id TEXT NOT NULL,
            block_id TEXT NOT NULL,
            fired_at TEXT NOT NULL,
            PRIMARY KEY (execution_id, threshold)
        );
        CREATE TABLE tasks (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            task_id TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            outcome TEXT NOT NULL DEFAULT 'pass' CHECK (outcome IN ('pass', 'fail')),
            tests_run INTEGER NOT NULL DEFAULT 0 CHECK (tests_run >= 0),
            tests_passed INTEGER NOT NULL DEFAULT 0
                CHECK (tests_passed >= 0 AND tests_passed <= tests_run),
            lint_ok INTEGER CHECK (lint_ok IS NULL OR lint_ok IN (0, 1)),
            files TEXT NOT NULL DEFAULT '[]',
            source TEXT NOT NULL DEFAULT 'recorded' CHECK (source IN ('recorded', 'backfilled')),
            wave_id TEXT,
            recorded_at TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (execution_id, task_id)
        );
        CREATE TABLE observed_outputs (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            id TEXT NOT NULL,
            wave_id TEXT,
            tool TEXT NOT NULL,
            observed_at TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            original_size INTEGER NOT NULL,
            truncated INTEGER NOT NULL CHECK (truncated IN (0, 1)),
            output TEXT NOT NULL,
            PRIMARY KEY (execution_id, id)
        );
        """,
    )


def _m003_limits(conn: sqlite3.Connection) -> None:
    run_script(
        conn,
        """
        CREATE TABLE limit_spawn (
            execution_id TEXT PRIMARY KEY REFERENCES executions(id),
            depth INTEGER NOT NULL CHECK (depth >= 0),
            updated_at TEXT NOT NULL
        );
        CREATE TABLE limit_cycles (
            execution_id TEXT PRIMARY KEY REFERENCES executions(id),
            stage TEXT NOT NULL,
            ticks_without_progress INTEGER NOT NULL CHECK (ticks_without_progress >= 0),
            ticks_total INTEGER NOT NULL CHECK (ticks_total >= 0),
            updated_at TEXT NOT NULL
        );
        CREATE TABLE limit_circular (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            position INTEGER NOT NULL,
            problem_hash TEXT NOT NULL,
            solution_hash TEXT NOT NULL,
            problem TEXT NOT NULL,
            solution TEXT NOT NULL,
            recorded_at TEXT NOT NULL,
            PRIMARY KEY (execution_id, position)
        );
        CREATE TABLE limit_drift (
            execution_id TEXT PRIMARY KEY REFERENCES executions(id),
            initialized_at TEXT NOT NULL,
            init_wave_number INTEGER NOT NULL CHECK (init_wave_number >= 0)
        );
        CREATE TABLE limit_drift_touches (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            wave_id TEXT NOT NULL,
            aspect TEXT NOT NULL,
            source TEXT NOT NULL CHECK (source IN ('touch', 'infer')),
            recorded_at TEXT NOT NULL,
            PRIMARY KEY (execution_id, wave_id, aspect)
        );
        CREATE TABLE limit_retro (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            feature TEXT NOT NULL,
            used INTEGER NOT NULL CHECK (used >= 0),
            updated_at TEXT NOT NULL,
            PRIMARY KEY (execution_id, feature)
        );
        CREATE TABLE wave_costs (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            wave_id TEXT NOT NULL,
            cost_usd REAL NOT NULL CHECK (cost_usd >= 0),
            PRIMARY KEY (execution_id, wave_id)
        );
        CREATE TABLE wave_models (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            wave_id TEXT NOT NULL,
            stage TEXT NOT NULL,
            model TEXT NOT NULL
                CHECK (model IN ('haiku', 'sonnet', 'opus', 'keep-current')),
            decision_id TEXT,
            selected_at TEXT NOT NULL,
            PRIMARY KEY (execution_id, wave_id)
        );
        CREATE INDEX waves_by_number ON waves(execution_id, number);
        """,
    )


def _m003_limits_open_wave_index(conn: sqlite3.Connection) -> None:
    # With only waves_by_number the planner answers "the open wave" by walking every wave
    # backwards; this index makes that lookup (audit and limits alike) independent of history.
    run_script(
        conn,
        "CREATE INDEX IF NOT EXISTS waves_open_by_number ON waves(execution_id, ended_at, number);",
    )


def _m004_i10_task_evidence(conn: sqlite3.Connection) -> None:
    # A task may now be ``unverified`` (no test ran for it); SQLite cannot change a CHECK in
    # place, so the table is rebuilt with the same rows (rowids kept) and the evidence columns.
    run_script(
        conn,
        """
        CREATE TABLE tasks_i10 (
            execution_id TEXT NOT NULL REFERENCES executions(id),
            task_id TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            outcome TEXT NOT NULL DEFAULT 'pass'
                CHECK (outcome IN ('pass', 'fail', 'unverified')),
            tests_run INTEGER NOT NULL DEFAULT 0 CHECK (tests_run >= 0),
            tests_passed INTEGER NOT NULL DEFAULT 0
                CHECK (tests_passed >= 0 AND tests_passed <= tests_run),
            lint_ok INTEGER CHECK (lint_ok IS NULL OR lint_ok IN (0, 1)),
            files TEXT NOT NULL DEFAULT '[]',
            source TEXT NOT NULL DEFAULT 'recorded' CHECK (source IN ('recorded', 'backfilled')),
            wave_id TEXT,
            recorded_at TEXT NOT NULL DEFAULT '',
            test_command TEXT,
            test_exit_code INTEGER,
            PRIMARY KEY (execution_id, task_id)
        );
        INSERT INTO tasks_i10 (rowid, execution_id, task_id, title, outcome, tests_run,
            tests_passed, lint_ok, files, source, wave_id, recorded_at)
            SELECT rowid, execution_id, task_id, title, outcome, tests_run, tests_passed,
                lint_ok, files, source, wave_id, recorded_at FROM tasks ORDER BY rowid;
        DROP TABLE tasks;
        ALTER TABLE tasks_i10 RENAME TO tasks;
        """,
    )


def _m004_i12_lock_identity(conn: sqlite3.Connection) -> None:
    # A pid alone does not name a process (pids are reused; a restarted container has the same
    # hostname): the lock also records the holder's boot id and start time (clock ticks).
    run_script(
        conn,
        """
        ALTER TABLE locks ADD COLUMN boot_id TEXT;
        ALTER TABLE locks ADD COLUMN process_start INTEGER;
        """,
    )


def _m004_i16_mcp_tokens(conn: sqlite3.Connection) -> None:
    # Capability tokens of the MCP server: only the sha256 of each token is kept, never the
    # token itself; a revoked token stays listed so the audit log can replay its life.
    run_script(
        conn,
        """
        CREATE TABLE mcp_tokens (
            token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 64),
            execution_id TEXT NOT NULL REFERENCES executions(id),
            issued_for TEXT NOT NULL,
            issued_at TEXT NOT NULL,
            revoked_at TEXT
        );
        CREATE INDEX mcp_tokens_by_execution ON mcp_tokens(execution_id);
        """,
    )


MIGRATIONS: list[Migration] = [
    Migration("m001_initial", _m001_initial),
    Migration("m002_audit", _m002_audit),
    Migration("m003_limits", _m003_limits),
    Migration("m003_limits_open_wave_index", _m003_limits_open_wave_index),
    Migration("m004_i10_task_evidence", _m004_i10_task_evidence),
    Migration("m004_i12_lock_identity", _m004_i12_lock_identity),
    Migration("m004_i16_mcp_tokens", _m004_i16_mcp_tokens),
]


def applied(conn: sqlite3.Connection) -> list[str]:
    """Names of the migrations already applied to ``conn``."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
    )
    return [r[0] for r in conn.execute("SELECT name FROM _migrations ORDER BY rowid")]


def migrate(conn: sqlite3.Connection) -> list[str]:
    """Apply every pending migration, each in its own transaction; return the names applied."""
    done = set(applied(conn))
    ran: list[str] = []
    for migration in MIGRATIONS:
        if migration.name in done:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have applied it between our read and our lock.
            if conn.execute(
                "SELECT 1 FROM _migrations WHERE name = ?", (migration.name,)
            ).fetchone():
                conn.execute("COMMIT")
                continue
            migration.apply(conn)
            conn.execute(
                "INSERT INTO _migrations (name, applied_at) VALUES (?, ?)",
                (migration.name, datetime.now(UTC).isoformat()),
            )
            count = conn.execute("SELECT COUNT(*) FROM _migrations").fetchone()[0]
            conn.execute(
                "INSERT INTO meta (key, value) VALUES ('schema_version', ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (str(count),),
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        ran.append(migration.name)
    return ran


def schema_version(conn: sqlite3.Connection) -> int:
    """The number of applied migrations, as recorded in ``meta``."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(row[0]) if row else 0


def audited_tables(conn: sqlite3.Connection) -> list[str]:
    """Every table whose content is reproduced by replaying the audit log."""
    rows = conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name"
    )
    return [r[0] for r in rows if r[0] not in NON_AUDITED_TABLES]
