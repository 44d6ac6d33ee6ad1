"""The ``claude-code`` backend: Claude Code through the maintained ``claude-agent-sdk``.

The SDK runs the ``claude`` CLI in stream-json mode. We point it at the npm ``claude`` on
PATH when there is one (the version the tests pin), else the SDK's bundled binary. Project
settings are loaded (``setting_sources``) so the hooks ondas installed in the target project's
``.claude/settings.json`` are active. Usage and ``total_cost_usd`` come from the CLI's final
result message and are reported as they are.
"""

from __future__ import annotations

import json
import shutil
from typing import Any

import anyio

from ondas.agents.base import AgentRequest, AgentResult, ToolCall
from ondas.errors import UsageError

INSTALL_HINT = "the claude-code backend needs claude-agent-sdk: pip install 'ondas[claude]'"
DEFAULT_TOOLS = ["Read", "Write", "Edit", "Glob", "Grep", "Bash"]


def _sdk() -> Any:
    try:
        import claude_agent_sdk
    except ImportError as exc:
        raise UsageError(INSTALL_HINT) from exc
    return claude_agent_sdk


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

    def options(self, request: AgentRequest) -> Any:
        """The ``ClaudeAgentOptions`` for ``request`` (exposed for inspection in tests)."""
        sdk = _sdk()
        kwargs: dict[str, Any] = {
            "cwd": str(request.cwd),
            "allowed_tools": list(request.allowed_tools or DEFAULT_TOOLS),
            "permission_mode": self.permission_mode,
            "setting_sources": ["project", "local"],
            "env": dict(request.env),
            "max_turns": request.max_turns,
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
        if request.settings is not None:
            kwargs["settings"] = json.dumps(request.settings)
        if request.output_schema is not None:
            kwargs["output_format"] = {"type": "json_schema", "schema": request.output_schema}
        return sdk.ClaudeAgentOptions(**kwargs)

    async def _run(self, request: AgentRequest) -> AgentResult:
        sdk = _sdk()
        result = AgentResult(backend=self.name)
        texts: list[str] = []
        async for message in sdk.query(prompt=request.prompt, options=self.options(request)):
            if isinstance(message, sdk.AssistantMessage):
                for block in message.content:
                    if isinstance(block, sdk.TextBlock):
                        texts.append(block.text)
                    elif isinstance(block, sdk.ToolUseBlock):
                        result.tool_calls.append(ToolCall(block.name, dict(block.input)))
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
        result.text = texts[-1] if texts else ""
        return result

    def run(self, request: AgentRequest) -> AgentResult:
        """Run the session to its end (blocking)."""
        return anyio.run(self._run, request)
