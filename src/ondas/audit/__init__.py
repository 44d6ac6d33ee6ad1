"""Rules over the store: decisions, human blocks, waves, tasks, events and observed outputs.

The layer's tables, invariants and legacy row adapters form its schema part,
:data:`ondas.audit.schema.PART`, which :func:`ondas.runtime.schema.default_schema` lists explicitly.
"""
