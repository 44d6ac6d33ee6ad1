"""Pure guard-rails: bash command guard, path guard, URL whitelist, secrets filter, sanitizers.

Every guard is a veto function returning a :class:`~ondas.guards.verdict.Verdict`; none does
I/O beyond what it is given. Submodules are imported on demand so the hook path stays fast.
"""
