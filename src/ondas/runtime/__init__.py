"""The kernel both engines use: git operations, the sandboxed command runner, tests, agent calls.

Whatever ondas runs on files an agent wrote runs the agent's code unless it is hardened
(:mod:`ondas.git`, the one git runner) or sandboxed (:mod:`ondas.runtime.sandboxed`); each has
exactly one way in, so there is no second path around it. The git runner itself sits below the
store (``state/recover`` and ``limits/drift`` read git too); everything here builds on it.
"""
