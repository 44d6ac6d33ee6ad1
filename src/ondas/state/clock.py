"""The store's timestamps: UTC ISO-8601 with microseconds, without importing datetime.

Same text as ``datetime.now(UTC).isoformat(timespec="microseconds")``
(``2026-01-31T12:00:00.123456+00:00``); commands that only read the store never load datetime.
"""

from __future__ import annotations

import time


def utcnow() -> str:
    """Current UTC time as an ISO-8601 string with microseconds."""
    seconds, nanos = divmod(time.time_ns(), 1_000_000_000)
    return f"{time.strftime('%Y-%m-%dT%H:%M:%S', time.gmtime(seconds))}.{nanos // 1000:06d}+00:00"
