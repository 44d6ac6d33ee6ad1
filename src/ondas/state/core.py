"""The state core's schema part: executions, counters, locks, the log's bookkeeping."""

from __future__ import annotations

from ondas.state.migrations import MIGRATIONS
from ondas.state.schema import SchemaPart

# The invariants (and ondas.state.verify) load only when validate reads them.
PART = SchemaPart(
    name="state", migrations=tuple(MIGRATIONS), invariants="ondas.state.verify:INVARIANTS"
)
