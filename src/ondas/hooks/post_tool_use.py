"""PostToolUse(Failure): count the tool call on the open wave and keep its output as observed.

Claude Code 2.1 fires ``PostToolUse`` (with ``tool_response``) after a successful call and
``PostToolUseFailure`` (with ``error``) after a failed one, such as a Bash command exiting
non-zero; both are tool calls and both outputs are evidence. Calls refused by a PreToolUse
hook fire neither.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from ondas.hooks.context import STATE_DIR_NAME, project_dir

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

ACTIVE_STATUSES = ("in_progress", "awaiting_human")


def output_text(response: Any) -> str:
    """The text a tool produced: Bash's stdout and stderr, a string as is, else its JSON."""
    if isinstance(response, str):
        return response
    if isinstance(response, Mapping) and ("stdout" in response or "stderr" in response):
        parts = [str(response.get(k) or "") for k in ("stdout", "stderr")]
        return "\n".join(p for p in parts if p)
    import json  # here: a Bash call's output is text, and the hook then needs no json

    return json.dumps(response, sort_keys=True, ensure_ascii=False, default=str)


SANDBOX_SIGNS = (
    ("<sandbox_violations>", "sandbox-violation"),
    ("Read-only file system", "sandbox-write-denied"),
    ("bwrap: ", "sandbox-write-denied"),
)
"""How a command the OS sandbox stopped reads in its output (Claude Code 2.1.197 on Linux
reports no structured violation: the command just fails with EROFS)."""


def sandbox_denial(tool: str, output: str) -> str | None:
    """The refusal rule when a shell command's output shows the sandbox stopped it."""
    if tool not in {"Bash", "PowerShell"}:
        return None
    for sign, rule in SANDBOX_SIGNS:
        if sign in output:
            return rule
    return None


def record(payload: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> str | None:
    """Record the call on the active execution; returns its id, or ``None`` when none is active.

    The plain SQLite store takes the lean write path (:mod:`ondas.audit.observe_lean`, same
    rows and event); any other store, the ordinary one through :class:`Store`.
    """
    # Paths as text: the hook imports no pathlib unless it takes the ordinary path.
    directory = os.path.join(project_dir(payload, environ), STATE_DIR_NAME)
    tool = str(payload.get("tool_name") or "unknown")
    response = payload.get("tool_response", payload.get("error", ""))
    text = output_text(response)
    from ondas.audit.observe_lean import Unsuited, observe_call
    from ondas.runtime.schema import default_schema

    try:
        execution_id = observe_call(directory, tool, text, default_schema())
    except Unsuited:
        execution_id = _observe_through_store(directory, tool, text)
    if execution_id is None:
        return None
    denial = sandbox_denial(tool, text)
    if denial is not None:
        from ondas.hooks.pre_tool_use import record_refused

        command = payload.get("tool_input", {}).get("command", "")
        record_refused(directory, "sandbox", denial, tool, str(command or ""))
    return execution_id


def _observe_through_store(directory: str, tool: str, text: str) -> str | None:
    """The ordinary path: open the store (migrating it if needed) and observe through it."""
    from pathlib import Path

    from ondas.state.dialect import store_exists

    if not store_exists(Path(directory)):
        return None
    from ondas.errors import StateMissing
    from ondas.runtime.schema import default_schema
    from ondas.state.execution import get_execution
    from ondas.state.store import Store

    with Store.open(directory, schema=default_schema()) as store:
        try:
            execution = get_execution(store)
        except StateMissing:
            return None
        if execution.status not in ACTIVE_STATUSES:
            return None
        from ondas.audit.events import observe

        observe(store, tool, text, execution_id=execution.id, tick=True)
        return execution.id
