"""The kernel both engines use: the one hardened git runner and the one sandboxed command runner.

Whatever ondas runs on files an agent wrote runs the agent's code unless it is hardened
(:mod:`ondas.runtime.git`) or sandboxed (:mod:`ondas.runtime.sandboxed`); each has exactly one
way in, so there is no second path around it.
"""
