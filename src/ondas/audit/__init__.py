"""Rules over the store: decisions, human blocks, waves, tasks, events and observed outputs.

Importing this package registers the audit invariants with ``ondas state validate`` and the
row adapters that let a legacy state file's decisions, blocks, waves and tasks land in the
audit tables on import.
"""

from ondas.audit import invariants as _invariants
from ondas.audit import legacy as _legacy

_invariants.install()
_legacy.install()
