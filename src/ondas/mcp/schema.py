"""The MCP server's schema part: its capability tokens (only their sha256 is stored)."""

from __future__ import annotations

from ondas.state.migrations import Migration, run_script
from ondas.state.schema import SchemaPart

# Not ``typing.TYPE_CHECKING``: the hooks skip importing typing (and need no dialect here).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.dialect import Connection


def _mcp_tokens(conn: Connection) -> None:
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


PART = SchemaPart(
    name="mcp",
    migrations=(
        Migration(
            "mcp_tokens",
            _mcp_tokens,
            former_names=("m006_i16_mcp_tokens", "m004_i16_mcp_tokens"),
        ),
    ),
)
