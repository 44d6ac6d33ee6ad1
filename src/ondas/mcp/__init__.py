"""The MCP server of ondas: the run's state operations as MCP tools (``ondas mcp``).

An alternative to the shell calls, never a replacement: every tool calls the library
function its CLI command calls, under the same rules, and every write is audited with actor
``mcp``. Calls are authorised by a per-execution capability token (``ondas.mcp.token``).
"""
