"""Secrets scrubbed at write time: nothing the store writes carries a raw secret.

Agents and models write text into many tables (decisions, blocks, tasks, events' data...).
Scrubbing only exports and reports left raw secrets in the store and in CLI views, so every
row a transaction writes and every event's description and data pass through
:func:`clean_row` / :func:`clean_value` before they are written and hashed: the hash chain
covers the scrubbed text and verifies as before. Each value is searched once as part of one
joined text, so a write without a secret (nearly all of them) costs one search.
"""

from __future__ import annotations

# Not ``typing.TYPE_CHECKING``: reading the store imports neither typing nor the filter.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping
    from typing import Any


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def _has_secret(value: Any) -> bool:
    joined = "\n".join(_strings(value))
    if not joined:
        return False
    from ondas.guards.secrets import find_secrets

    return bool(find_secrets(joined))


def _scrubbed(value: Any) -> Any:
    from ondas.guards.secrets import scrub

    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, dict):
        return {key: _scrubbed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_scrubbed(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_scrubbed(item) for item in value)
    return value


def clean_value(value: Any) -> Any:
    """``value`` (text, or dicts and lists of it) with every secret redacted."""
    return _scrubbed(value) if _has_secret(value) else value


def clean_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """A row's values with every secret in a text value redacted (names kept)."""
    values = dict(row)
    if not _has_secret(list(values.values())):
        return values
    return {name: _scrubbed(value) for name, value in values.items()}
