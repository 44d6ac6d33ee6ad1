"""Where the fleet's parts are: the broker, the shared store server, the workers' clones."""

from __future__ import annotations

import os
from pathlib import Path

from ondas.errors import UsageError

DEFAULT_VISIBILITY_TIMEOUT = 3600.0
DEFAULT_ORPHAN_AFTER = 30.0


def require_celery() -> None:
    """Refuse with an install hint when Celery (the ``fleet`` extra) is missing."""
    try:
        import celery  # noqa: F401
    except ImportError as exc:
        raise UsageError("the fleet needs Celery: pip install 'ondas[fleet]'") from exc


def broker_url() -> str:
    """``ONDAS_BROKER_URL`` (a ``redis://`` URL)."""
    url = os.environ.get("ONDAS_BROKER_URL", "").strip()
    if not url.startswith(("redis://", "rediss://")):
        raise UsageError("the fleet needs ONDAS_BROKER_URL=redis://HOST:PORT/DB")
    return url


def store_url() -> str:
    """``ONDAS_STORE_URL``: the fleet shares one Postgres server."""
    url = os.environ.get("ONDAS_STORE_URL", "").strip()
    if not url.startswith(("postgresql://", "postgres://")):
        raise UsageError("the fleet needs a shared store: ONDAS_STORE_URL=postgresql://...")
    return url


def queue_name() -> str:
    """The broker queue of this fleet: one per registry schema, so fleets sharing a Redis
    server (or a test run and a benchmark) never take each other's tasks."""
    from ondas.fleet.registry import schema

    name = schema()
    return "ondas" if name == "ondas_fleet" else f"ondas.{name}"


def workspace_root() -> Path:
    """Where a worker clones the projects it works on (``ONDAS_FLEET_WORKSPACE``)."""
    value = os.environ.get("ONDAS_FLEET_WORKSPACE", "").strip()
    if value:
        return Path(value).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("ondas")) / "fleet"


def _seconds(name: str, default: float) -> float:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError as exc:
        raise UsageError(f"{name} must be a number of seconds") from exc
    if value <= 0:
        raise UsageError(f"{name} must be positive")
    return value


def visibility_timeout() -> float:
    """Seconds before Redis hands an unacknowledged task to another worker."""
    return _seconds("ONDAS_FLEET_VISIBILITY_TIMEOUT", DEFAULT_VISIBILITY_TIMEOUT)


def orphan_after() -> float:
    """Seconds without a heartbeat after which a worker's running submissions are requeued."""
    return _seconds("ONDAS_FLEET_ORPHAN_AFTER", DEFAULT_ORPHAN_AFTER)
