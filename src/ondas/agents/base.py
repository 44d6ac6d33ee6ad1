"""The one protocol every agent backend implements, and the values it exchanges."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class ToolCall:
    """One tool call the agent made, as reported by the backend."""

    name: str
    input: dict[str, Any] = field(default_factory=dict)
    is_error: bool = False
    id: str | None = None
    parent_id: str | None = None
    """The tool call of the subagent (``Task``/``Agent``) inside which this call was made."""


SPAWN_TOOLS = frozenset({"Task", "Agent"})


def spawn_depth(calls: list[ToolCall]) -> int:
    """How deep subagents nested in one agent run: 1 for a subagent started by the main agent,
    2 for one started inside it, and so on (0 without subagents)."""
    by_id = {c.id: c for c in calls if c.id}
    deepest = 0
    for call in calls:
        if call.name not in SPAWN_TOOLS:
            continue
        depth, seen, parent = 1, {call.id}, by_id.get(call.parent_id or "")
        while parent is not None and parent.id not in seen:
            seen.add(parent.id)
            depth += parent.name in SPAWN_TOOLS
            parent = by_id.get(parent.parent_id or "")
        deepest = max(deepest, depth)
    return deepest


@dataclass
class AgentRequest:
    """What the orchestrator asks of an agent for one stage (or one task of a stage).

    ``context`` carries the execution's structured facts (stage, project, task) for backends
    that do not read the prompt, such as the scripted one.
    """

    prompt: str
    cwd: Path
    stage: str
    allowed_tools: list[str] = field(default_factory=list)
    output_schema: dict[str, Any] | None = None
    model: str | None = None
    effort: str | None = None
    mcp_servers: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] | str | None = None
    """Claude Code settings passed from outside the project: a dict, or a settings file path."""
    env: dict[str, str] = field(default_factory=dict)
    max_turns: int | None = None
    context: dict[str, Any] = field(default_factory=dict)
    system_append: str | None = None
    """Text appended to the backend's own system prompt (Claude Code's preset for claude-code)."""


@dataclass
class AgentResult:
    """What an agent run produced: its text, structured answer, tool calls, usage and cost."""

    text: str = ""
    structured: dict[str, Any] | None = None
    tool_calls: list[ToolCall] = field(default_factory=list)
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    session_id: str | None = None
    is_error: bool = False
    backend: str = ""
    transport_error: str | None = None
    """Set when the model API itself failed (unreachable, 5xx, 429, auth): the stage's work
    was never attempted, so its artifact must not be judged."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


@runtime_checkable
class Backend(Protocol):
    """An agent backend: runs one request to completion and reports what happened."""

    name: str
    offline: bool
    label: str

    def run(self, request: AgentRequest) -> AgentResult:
        """Run ``request`` in ``request.cwd`` and return the result."""
        ...
