"""Agent backends behind one protocol: ``claude-code``, ``scripted``, and plugins."""

from ondas.agents.base import AgentRequest, AgentResult, Backend, ToolCall
from ondas.agents.registry import available, get_backend

__all__ = ["AgentRequest", "AgentResult", "Backend", "ToolCall", "available", "get_backend"]
