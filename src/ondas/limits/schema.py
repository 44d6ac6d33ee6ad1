"""The limits layer's schema part: its ``limit_*`` and wave cost/model tables and invariants."""

from __future__ import annotations

from ondas.state.migrations import Migration, run_script
from ondas.state.schema import SchemaPart

# Not ``typing.TYPE_CHECKING``: the hooks skip importing typing (and need no dialect here).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.dialect import Connection


def _limits_tables(conn: Connection) -> None:
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


def _limits_open_wave_index(conn: Connection) -> None:
    # With only waves_by_number the planner answers "the open wave" by walking every wave
    # backwards; this index makes that lookup (audit and limits alike) independent of history.
    run_script(
        conn,
        "CREATE INDEX IF NOT EXISTS waves_open_by_number ON waves(execution_id, ended_at, number);",
    )


PART = SchemaPart(
    name="limits",
    migrations=(
        Migration("limits_tables", _limits_tables, former_names=("m003_limits",)),
        Migration(
            "limits_open_wave_index",
            _limits_open_wave_index,
            former_names=(
                "m007_limits_open_wave_index",
                "m003_limits_open_wave_index",
                "m004_limits_open_wave_index",
            ),
        ),
    ),
    invariants="ondas.limits.invariants:LIMITS_INVARIANTS",
)
