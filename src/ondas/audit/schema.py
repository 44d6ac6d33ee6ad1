"""The audit layer's schema part: its tables (``audit_tables``), invariants and legacy row
adapters."""

from __future__ import annotations

from ondas.state.migrations import Migration, run_script
from ondas.state.schema import SchemaPart

# Not ``typing.TYPE_CHECKING``: the hooks skip importing typing (and need no dialect here).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.dialect import Connection


def _audit_tables(conn: Connection) -> None:
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


def _audit_task_evidence(conn: Connection) -> None:
    # A task may now be ``unverified`` (no test ran for it). SQLite cannot change a CHECK in
    # place, so the table is rebuilt with the same rows (rowids kept) and the evidence columns;
    # Postgres alters it in place, which ends in the same columns in the same order.
    from ondas.state.dialect import is_postgres

    if is_postgres(conn):
        run_script(
            conn,
            """
            ALTER TABLE tasks DROP CONSTRAINT IF EXISTS tasks_outcome_check;
            ALTER TABLE tasks ADD CONSTRAINT tasks_outcome_check
                CHECK (outcome IN ('pass', 'fail', 'unverified'));
            ALTER TABLE tasks ADD COLUMN test_command TEXT;
            ALTER TABLE tasks ADD COLUMN test_exit_code INTEGER;
            """,
        )
        return
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


def _audit_task_evidence_owner(conn: Connection) -> None:
    # Who recorded a task's outcome and evidence: ``runtime`` (ondas ran the test command
    # itself), ``cli`` or ``mcp``. Runtime evidence is never overwritten by anyone else. Until
    # now only the runtime set ``test_command``, so rows carrying one are the runtime's.
    run_script(
        conn,
        """
        ALTER TABLE tasks ADD COLUMN recorded_by TEXT;
        UPDATE tasks SET recorded_by = 'runtime' WHERE test_command IS NOT NULL;
        """,
    )


PART = SchemaPart(
    name="audit",
    migrations=(
        Migration("audit_tables", _audit_tables, former_names=("m002_audit",)),
        Migration(
            "audit_task_evidence", _audit_task_evidence, former_names=("m004_i10_task_evidence",)
        ),
        Migration(
            "audit_task_evidence_owner",
            _audit_task_evidence_owner,
            former_names=("m010_task_evidence_owner",),
        ),
    ),
    invariants="ondas.audit.invariants:AUDIT_INVARIANTS",
    # The legacy importer's adapters load only when a legacy state file is imported.
    row_adapters="ondas.audit.legacy:ROW_ADAPTERS",
)
