"""SessionStart: tell the agent the guard-rails are on and where the active execution stands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ondas.hooks.context import project_root, state_dir

GUARD_NOTE = (
    "ondas guard-rails are active in this project: shell commands and file writes are checked "
    "by a PreToolUse hook, and refused calls say which rule refused them. Do not try to route "
    "around a refusal; report it instead."
)


def context(payload: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> str:
    """The ``additionalContext`` for a new session."""
    lines = [GUARD_NOTE]
    directory = state_dir(project_root(payload, environ))
    from ondas.state.dialect import store_exists

    if store_exists(directory):
        from ondas.errors import StateMissing
        from ondas.runtime.schema import default_schema
        from ondas.state.execution import get_execution
        from ondas.state.store import Store

        store = Store.open(directory, schema=default_schema())
        try:
            execution = get_execution(store)
        except StateMissing:
            execution = None
        finally:
            store.close()
        if execution is not None and not execution.is_terminal:
            lines.append(
                f"Execution {execution.id} is {execution.status} at stage "
                f"{execution.current_stage}."
            )
            if execution.next_instruction:
                lines.append(f"Next instruction: {execution.next_instruction}")
    return "\n".join(lines)[:9000]
