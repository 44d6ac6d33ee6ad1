"""What a tool's output becomes before it is stored as observed: scrubbed, capped and hashed.

Shared by :func:`ondas.audit.events.observe` and the PostToolUse hook's lean write path
(:mod:`ondas.audit.observe_lean`), so both store the very same text; imports neither the
store nor :mod:`pathlib` (the hook is a new process per tool call).
"""

from __future__ import annotations

import os

MAX_OUTPUT_CHARS = 64_000
"""Observed outputs are cut to this many characters (head and tail kept)."""

TRUNCATION_MARK = "\n[... truncated by ondas ...]\n"


def env_values(project_path: str) -> list[str]:
    """The values of the project's ``.env`` worth redacting (none when it has no readable one)."""
    from ondas.errors import UsageError
    from ondas.guards.secrets import load_env_values

    env_file = os.path.join(project_path, ".env")
    try:
        return list(load_env_values(env_file)) if os.path.isfile(env_file) else []
    except (OSError, UnicodeDecodeError, UsageError):
        return []


def scrub(text: str, env_values: list[str]) -> str:
    """Secrets replaced by ``[REDACTED:<kind>]`` (ondas.guards.secrets), .env values too."""
    from ondas.guards.secrets import scrub as scrub_secrets

    return str(scrub_secrets(text, env_values=env_values))


def scrub_capped(text: str, env_values: list[str]) -> tuple[str, bool]:
    """Scrubbed text, cut to head and tail when longer than ``MAX_OUTPUT_CHARS``.

    Only the parts kept are scrubbed (each with a margin beyond the cut, so a secret that
    crosses the cut is still recognised), which bounds the scrubbing cost of huge outputs.
    """
    if len(text) <= MAX_OUTPUT_CHARS:
        return scrub(text, env_values), False
    half = MAX_OUTPUT_CHARS // 2
    margin = 2_000
    head = scrub(text[: half + margin], env_values)[:half]
    tail = scrub(text[-(half + margin) :], env_values)[-half:]
    return head + TRUNCATION_MARK + tail, True


def prepare(output: str, env_values: list[str]) -> tuple[str, bool, int, str]:
    """``(text, truncated, original_size, sha256)`` of ``output`` as it is stored."""
    from ondas.state.chain import sha256_hex

    original_size = len(output.encode("utf-8", errors="replace"))
    text, truncated = scrub_capped(output, env_values)
    return text, truncated, original_size, sha256_hex(text.encode("utf-8", errors="replace"))


def observed_row(
    execution_id: str,
    obs_id: str,
    wave_id: str | None,
    tool: str,
    prepared: tuple[str, bool, int, str],
) -> dict[str, object]:
    """The ``observed_outputs`` row of one call, from what :func:`prepare` returned."""
    from ondas.state.clock import utcnow

    text, truncated, original_size, digest = prepared
    return {
        "execution_id": execution_id,
        "id": obs_id,
        "wave_id": wave_id,
        "tool": tool,
        "observed_at": utcnow(),
        "sha256": digest,
        "original_size": original_size,
        "truncated": int(truncated),
        "output": text,
    }
