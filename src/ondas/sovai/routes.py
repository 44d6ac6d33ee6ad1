"""Which model each sovai role runs with: the pipeline's role rule, applied to sovai's roles.

A role's model comes from ``[sovai.models]`` (or the defaults of :mod:`ondas.sovai.settings`),
then the tier rule of :func:`ondas.limits.routing.role_model` (capped at ``local``; the build
reviewer and the diagnosis floored at the cloud tiers), applied by the kernel's
:func:`ondas.runtime.roles.routed_model` as for the pipeline's roles. The choice is one
audited decision per role per round (a round is a wave), made in the engine's thread before the
role's agents run; an offline backend keeps the settings' model and records nothing, as the
pipeline does.
"""

from __future__ import annotations

from ondas.agents.base import Backend
from ondas.runtime import roles as kernel
from ondas.sovai.settings import SovaiSettings
from ondas.state.store import Store

PREFIX = "sovai-"
"""Decisions name a sovai role ``sovai-<role>`` (the stage column), apart from pipeline roles."""


def route(
    store: Store, backend: Backend, settings: SovaiSettings, roles: set[str]
) -> dict[str, str]:
    """role -> routed model for ``roles`` in the open wave (roles that keep the settings' model
    are left out)."""
    mapped = {PREFIX + role: model for role, model in settings.models.items()}
    out: dict[str, str] = {}
    for role in sorted(roles):
        model = kernel.routed_model(store, backend, PREFIX + role, None, mapped)
        if model is not None:
            out[role] = model
    return out
