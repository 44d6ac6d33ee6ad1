"""The state core's schema part: executions, counters, locks, the log's bookkeeping."""

from __future__ import annotations

from ondas.state.migrations import MIGRATIONS
from ondas.state.schema import SchemaPart
from ondas.state.verify import INVARIANTS

PART = SchemaPart(name="state", migrations=tuple(MIGRATIONS), invariants=tuple(INVARIANTS))
