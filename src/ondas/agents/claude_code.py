"""The ``claude-code`` backend: Claude Code through the maintained ``claude-agent-sdk``.

The SDK runs the ``claude`` CLI in stream-json mode. We point it at the npm ``claude`` on
PATH when there is one (the version the tests pin), else the SDK's bundled binary. Hooks,
permissions and the sandbox come only from the settings file ondas passes from outside the
project (``--settings``); project and local settings (``.claude/settings*.json``, files the
agent can write) are never loaded (``--setting-sources=user``). Usage and ``total_cost_usd``
come from the CLI's final result message and are reported as they are.

The system prompt is Claude Code's own preset (its tool guidance) with the stage's text
appended; without it the SDK would send an empty system prompt. A failure of the model API
itself (connection refused, 5xx, 429, authentication) is reported as ``transport_error`` so
the orchestrator never mistakes it for a bad artifact.
"""

from __future__ import annotations

import json
import re
import shutil
from typing import Any

import anyio

from ondas.agents.base import AgentRequest, AgentResult, ToolCall
from ondas.errors import UsageError

INSTALL_HINT = "the claude-code backend needs claude-agent-sdk: pip install 'ondas[claude]'"
DEFAULT_TOOLS = ["Read", "Write", "Edit", "Glob", "Grep", "Bash"]
SETTING_SOURCES = ("user",)
"""The settings files a session loads besides ``--settings``: the user's own, never the
project's or the local ones (the agent can write those)."""
# AssistantMessage.error values that mean the API call failed, not the agent's work.
TRANSPORT_ERRORS = frozenset(
    {"authentication_failed", "billing_error", "rate_limit", "server_error"}
)
API_ERROR_RE = re.compile(r"API Error\b[^\n]*", re.IGNORECASE)
CLIENT_STATUS_RE = re.compile(r"API Error:?\s*(4\d\d)\b")
TRANSPORT_STATUSES = frozenset({401, 403, 408, 429})


def _is_transport_status(status: int) -> bool:
    return status >= 500 or status in TRANSPORT_STATUSES


def transport_error_of(
    *, error_kind: str | None, text: str | None, status: int | None
) -> str | None:
    """The one-line transport error a failed run reports, or ``None`` for other failures.

    Transport means the model API was not usable: unreachable, 5xx, 429, authentication or
    billing. A 400-class request error is the agent's business and is not one.
    """
    found = API_ERROR_RE.search(text or "")
    message = found.group(0).strip() if found else ""
    if status is not None:
        return (message or f"API Error: HTTP {status}") if _is_transport_status(status) else None
    if error_kind is not None:
        return (message or f"API Error: {error_kind}") if error_kind in TRANSPORT_ERRORS else None
    if not found:
        return None
    client = CLIENT_STATUS_RE.search(message)
    if client and not _is_transport_status(int(client.group(1))):
        return None
    return message


def _sdk() -> Any:
    try:
        import claude_agent_sdk
    except ImportError as exc:
        raise UsageError(INSTALL_HINT) from exc
    return claude_agent_sdk


def _bundled_cli(sdk: Any) -> bool:
    from pathlib import Path

    return (Path(sdk.__file__).parent / "_bundled" / "claude").is_file()


class ClaudeCodeBackend:
    """Runs each request as one headless Claude Code session."""

    name = "claude-code"
    offline = False
    hooked = True
    accepts_mcp = True
    label = "Claude Code (claude-agent-sdk)"

    def __init__(self, cli_path: str | None = None, permission_mode: str = "acceptEdits") -> None:
        self.cli_path = cli_path or shutil.which("claude")
        self.permission_mode = permission_mode

    def check_available(self) -> None:
        """Refuse (usage error, exit 2) when the SDK or a ``claude`` CLI is missing."""
        sdk = _sdk()
        if not self.cli_path and not _bundled_cli(sdk):
            raise UsageError(
                "the claude-code backend needs the claude CLI on PATH "
                "(npm install -g @anthropic-ai/claude-code) or the SDK's bundled one"
            )

    def options(self, request: AgentRequest) -> Any:
        """The ``ClaudeAgentOptions`` for ``request`` (exposed for inspection in tests)."""
        sdk = _sdk()
        kwargs: dict[str, Any] = {
            "cwd": str(request.cwd),
            "allowed_tools": list(request.allowed_tools or DEFAULT_TOOLS),
            "permission_mode": self.permission_mode,
            "setting_sources": list(SETTING_SOURCES),
            "env": dict(request.env),
            "max_turns": request.max_turns,
            "system_prompt": {
                "type": "preset",
                "preset": "claude_code",
                "append": request.system_append or f"ondas pipeline stage: {request.stage}.",
            },
        }
        if self.cli_path:
            kwargs["cli_path"] = self.cli_path
        if request.model:
            kwargs["model"] = request.model
        if request.effort:
            kwargs["effort"] = request.effort
        if request.mcp_servers:
            # Only the servers of the request, each one's tools allowed (mcp__<server>).
            kwargs["mcp_servers"] = request.mcp_servers
            kwargs["strict_mcp_config"] = True
            kwargs["allowed_tools"] += [f"mcp__{name}" for name in request.mcp_servers]
        if isinstance(request.settings, str):
            kwargs["settings"] = request.settings
        elif request.settings is not None:
            kwargs["settings"] = json.dumps(request.settings)
        if request.output_schema is not None:
            kwargs["output_format"] = {"type": "json_schema", "schema": request.output_schema}
        return sdk.ClaudeAgentOptions(**kwargs)

    async def _run(self, request: AgentRequest) -> AgentResult:
        sdk = _sdk()
        result = AgentResult(backend=self.name)
        texts: list[str] = []
        error_kinds: list[str] = []
        try:
            await self._consume(sdk, request, result, texts, error_kinds)
        except sdk.ProcessError as exc:
            data = getattr(exc, "data", None) or {}
            status = data.get("api_error_status") if isinstance(data, dict) else None
            text = getattr(exc, "result", None) or str(exc)
            result.is_error = True
            texts.append(text)
            result.transport_error = transport_error_of(
                error_kind=error_kinds[-1] if error_kinds else None,
                text=text,
                status=status if isinstance(status, int) else None,
            )
        result.text = texts[-1] if texts else ""
        if result.is_error and result.transport_error is None:
            result.transport_error = transport_error_of(
                error_kind=error_kinds[-1] if error_kinds else None, text=result.text, status=None
            )
        return result

    async def _consume(
        self,
        sdk: Any,
        request: AgentRequest,
        result: AgentResult,
        texts: list[str],
        error_kinds: list[str],
    ) -> None:
        async for message in sdk.query(prompt=request.prompt, options=self.options(request)):
            if isinstance(message, sdk.AssistantMessage):
                if getattr(message, "error", None):
                    error_kinds.append(str(message.error))
                for block in message.content:
                    if isinstance(block, sdk.TextBlock):
                        texts.append(block.text)
                    elif isinstance(block, sdk.ToolUseBlock):
                        result.tool_calls.append(
                            ToolCall(
                                block.name,
                                dict(block.input),
                                id=getattr(block, "id", None),
                                parent_id=getattr(message, "parent_tool_use_id", None),
                            )
                        )
            elif isinstance(message, sdk.ResultMessage):
                usage = message.usage or {}
                result.tokens_in = (
                    int(usage.get("input_tokens") or 0)
                    + int(usage.get("cache_read_input_tokens") or 0)
                    + int(usage.get("cache_creation_input_tokens") or 0)
                )
                result.tokens_out = int(usage.get("output_tokens") or 0)
                result.cost_usd = float(message.total_cost_usd or 0.0)
                result.session_id = message.session_id
                result.is_error = bool(message.is_error)
                if isinstance(message.structured_output, dict):
                    result.structured = message.structured_output
                if message.result:
                    texts.append(message.result)

    def run(self, request: AgentRequest) -> AgentResult:
        """Run the session to its end (blocking)."""
        return anyio.run(self._run, request)
