"""The one explicit list of schema parts every ondas store opens with.

The store is handed its schema by whoever opens it (``state/`` imports none of the layers
above it); the CLI, the hooks and the library open it with :func:`default_schema`, and a test
checks they agree. Order matters: a part may only refer to tables of the parts before it.
"""

from __future__ import annotations

from ondas.state.schema import Schema


def default_schema() -> Schema:
    """State core, then the audit layer, the limits layer and the MCP server's tokens."""
    from ondas.audit.schema import PART as AUDIT
    from ondas.limits.schema import PART as LIMITS
    from ondas.mcp.schema import PART as MCP
    from ondas.state.core import PART as CORE

    return Schema((CORE, AUDIT, LIMITS, MCP))
