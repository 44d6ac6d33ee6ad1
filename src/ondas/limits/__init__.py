"""Abort triggers, budget proxies, delivery tier and model routing.

Each trigger returns a :class:`~ondas.limits.result.TriggerResult` (ok / warn / abort with a
reason); :func:`ondas.limits.check.check_all` runs them in order. State lives in the
``limit_*`` tables of the limits schema part (:data:`ondas.limits.schema.PART`) and changes
only through audited transactions.
"""
