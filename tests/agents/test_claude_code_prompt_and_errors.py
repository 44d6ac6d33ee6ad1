"""The claude-code backend: Claude Code's preset system prompt, and API failures told apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.agents import AgentRequest
from ondas.agents.claude_code import ClaudeCodeBackend, transport_error_of

pytest.importorskip("claude_agent_sdk", reason="needs the 'claude' extra")


def test_options_ask_for_the_claude_code_preset_with_the_stage_text_appended(
    tmp_path: Path,
) -> None:
    request = AgentRequest(
        prompt="p", cwd=tmp_path, stage="plan", system_append="ondas stage plan rules"
    )
    options = ClaudeCodeBackend(cli_path="/bin/true").options(request)
    assert options.system_prompt == {
        "type": "preset",
        "preset": "claude_code",
        "append": "ondas stage plan rules",
    }


@pytest.mark.parametrize(
    ("kind", "text", "status", "expected"),
    [
        (
            "server_error",
            "API Error: Unable to connect to API (ConnectionRefused)",
            None,
            "API Error: Unable to connect to API (ConnectionRefused)",
        ),
        (None, "API Error: 529 overloaded", 529, "API Error: 529 overloaded"),
        ("rate_limit", "", None, "API Error: rate_limit"),
        (None, "boom", 401, "API Error: HTTP 401"),
        ("authentication_failed", "API Error: 401 invalid x-api-key", None, None),
        ("invalid_request", "API Error: 400 prompt is too long", None, None),
        (None, "API Error: 400 prompt is too long", None, None),
        (None, "API Error: 503 upstream unavailable", None, "API Error: 503 upstream unavailable"),
        (None, "the agent gave up after max turns", None, None),
    ],
)
def test_transport_failures_are_told_apart_from_the_agents_own_errors(
    kind: str | None, text: str, status: int | None, expected: str | None
) -> None:
    if kind == "authentication_failed":
        expected = text
    assert transport_error_of(error_kind=kind, text=text, status=status) == expected
