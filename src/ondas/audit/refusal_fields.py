"""What a ``refusal`` event holds, shared by :mod:`ondas.audit.refusals` and the hooks' lean
write path (:mod:`ondas.audit.observe_lean`), so both record the very same event.

Imports neither the store nor :mod:`typing` or :mod:`dataclasses`: a refused PreToolUse call
is a new process that records its refusal and exits.
"""

from __future__ import annotations

from ondas.errors import UsageError

REFUSAL_EVENT = "refusal"
SOURCES = ("guard", "path", "sandbox", "rules", "mcp", "secrets", "runserver")
MAX_SUBJECT_CHARS = 2_000


def description(source: str, rule: str) -> str:
    """The event's description: ``source:rule``, cut to 100 characters."""
    return f"{source}:{rule}"[:100]


def refusal_fields(
    source: str, rule: str, tool: str, subject: str, wave_id: str | None
) -> dict[str, str | None]:
    """The event's data: ``subject`` scrubbed of secrets and capped; a usage error for an
    unknown ``source``."""
    require_source(source)
    from ondas.guards.secrets import scrub

    text = scrub(subject)
    if len(text) > MAX_SUBJECT_CHARS:
        text = text[: MAX_SUBJECT_CHARS - 3] + "..."
    return {
        "source": source,
        "rule": rule or "unknown",
        "tool": tool or "unknown",
        "subject": text,
        "wave_id": wave_id,
    }


def require_source(source: str) -> None:
    """A usage error unless ``source`` is one of :data:`SOURCES`."""
    if source not in SOURCES:
        raise UsageError(f"refusal source must be one of {', '.join(SOURCES)}, got {source!r}")
