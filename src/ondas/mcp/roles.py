"""Which MCP tools each caller may use: agent verbs for agents, the rest for a person.

The runtime alone writes wave lifecycle, stage, task outcome and evidence, execution status
and tier; it does so in its own process, never through MCP. An agent session's token has the
``agent`` role (bound to the token in the store, see :mod:`ondas.mcp.token`): its server lists
only :data:`AGENT_TOOLS` and refuses every other tool called by name, and refuses recording a
``gate`` (gates are verification evidence the report shows). A person's token (``operator``)
gets every tool, under the same rules as the CLI. Each refusal is a ``refusal`` event
(source ``mcp``), which the report lists.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ondas.audit import refusals
from ondas.errors import RuleViolation
from ondas.mcp.token import AGENT, OPERATOR

if TYPE_CHECKING:
    from ondas.state.interface import StateStore

RULE = "mcp-role-refused"
SOURCE = "mcp"
TOOL_PREFIX = "mcp__ondas__"

#: What an agent legitimately does: read the status, record a decision with its evidence,
#: record the skills it used, ask a person (durable block or elicitation).
AGENT_TOOLS = (
    "get_status",
    "record_decision",
    "register_human_block",
    "ask_operator",
    "record_skill",
)
#: Lifecycle, evidence and execution options: a person's (or the runtime's, in process).
OPERATOR_ONLY_TOOLS = ("open_wave", "close_wave", "record_task", "collect_optins")
ALL_TOOLS = (
    "open_wave",
    "close_wave",
    "record_skill",
    "record_task",
    "record_decision",
    "register_human_block",
    "get_status",
    "collect_optins",
    "ask_operator",
)


def tools_for(role: str) -> tuple[str, ...]:
    """The tools a caller in ``role`` is served (an unknown role gets the agent's)."""
    return ALL_TOOLS if role == OPERATOR else AGENT_TOOLS


def why_refused(role: str, name: str, arguments: dict[str, Any]) -> str | None:
    """Why ``role`` may not call ``name`` with ``arguments``; ``None`` when it may."""
    if name not in ALL_TOOLS:
        return None  # not an ondas tool: the server answers that as invalid input
    if name not in tools_for(role):
        return f"{name} is the runtime's (or a person's), not served to an {role} session"
    if role != OPERATOR and name == "record_skill" and arguments.get("kind") == "gate":
        return "gates are recorded by the runtime that ran them, not by an agent"
    return None


def subject(name: str, arguments: dict[str, Any]) -> str:
    """The refused call as one line of text (scrubbed and capped when recorded)."""
    try:
        args = json.dumps(arguments, sort_keys=True, ensure_ascii=False, default=str)
    except ValueError:
        args = repr(arguments)
    return f"{name} {args}"


def refuse(store: StateStore, role: str, name: str, arguments: dict[str, Any]) -> None:
    """Record and raise the refusal when ``role`` may not call ``name``; else return."""
    reason = why_refused(role, name, arguments)
    if reason is None:
        return
    refusals.record_refusal(
        store, source=SOURCE, rule=RULE, tool=TOOL_PREFIX + name, subject=subject(name, arguments)
    )
    raise RuleViolation(RULE, reason)


def record_unserved_calls(store: StateStore, calls: list[tuple[str, dict[str, Any]]]) -> int:
    """Record as refusals the agent's calls of ondas tools its session was not served.

    Claude Code answers a call of a tool its servers did not list by itself ("no such tool"),
    so the server never sees it; the runtime reads the calls from the agent's result and
    records each one here. Returns how many it recorded.
    """
    count = 0
    for name, arguments in calls:
        if not name.startswith(TOOL_PREFIX):
            continue
        tool = name[len(TOOL_PREFIX) :]
        if why_refused(AGENT, tool, arguments) is None:
            continue
        recorded = refusals.record_refusal(
            store, source=SOURCE, rule=RULE, tool=name, subject=subject(tool, arguments)
        )
        count += recorded is not None
    return count
