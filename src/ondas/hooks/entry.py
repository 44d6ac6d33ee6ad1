"""``ondas hook NAME``: read Claude Code's hook JSON on stdin and answer in its contract.

Claude Code starts one process per tool call, so this module imports only the standard
library; each hook imports its guard or the store lazily. The PreToolUse hook fails closed:
exit code 2 blocks the call and its stderr reaches the model, while any other non-zero code
would let the call through, so every internal error there becomes exit 2 with a reason.
"""

from __future__ import annotations

import json
import sys

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TextIO

HOOKS = ("pre-tool-use", "post-tool-use", "session-start")
EXIT_ALLOW = 0
EXIT_ERROR = 1
EXIT_BLOCK = 2


def _read_payload(stdin: TextIO) -> dict[str, Any]:
    from ondas.hooks.context import HookInputError

    try:
        payload = json.loads(stdin.read())
    except ValueError as exc:
        raise HookInputError(f"stdin is not JSON: {exc}") from exc
    if not isinstance(payload, dict):
        raise HookInputError("stdin must hold a JSON object")
    return payload


def pre_tool_use(stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Guard one tool call: exit 0 to allow, exit 2 with the reason on stderr to refuse."""
    try:
        payload = _read_payload(stdin)
        from ondas.hooks.pre_tool_use import decide

        verdict = decide(payload)
    except BaseException as exc:
        reason = f"{type(exc).__name__}: {exc}".strip()
        stderr.write(
            f"ondas guard failed closed, the tool call is refused (internal error: {reason})\n"
        )
        return EXIT_BLOCK
    if verdict is None or verdict.allowed:
        return EXIT_ALLOW
    tool = payload.get("tool_name")
    stderr.write(f"ondas guard refused this {tool} call: {verdict.message()}\n")
    try:
        from ondas.hooks.pre_tool_use import record_refusal

        record_refusal(payload, verdict)
    except BaseException as exc:
        stderr.write(f"ondas: the refusal could not be recorded ({type(exc).__name__}: {exc})\n")
    return EXIT_BLOCK


def post_tool_use(stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Record a finished tool call on the active execution (nothing when none is active)."""
    try:
        payload = _read_payload(stdin)
        from ondas.hooks.post_tool_use import record

        record(payload)
    except Exception as exc:
        stderr.write(f"ondas: post-tool-use could not record the call: {exc}\n")
        return EXIT_ERROR
    return EXIT_ALLOW


def session_start(stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Give a new session the guard note and the active execution's position."""
    try:
        payload = _read_payload(stdin)
        from ondas.hooks.session_start import context

        text = context(payload)
    except Exception as exc:
        stderr.write(f"ondas: session-start failed: {exc}\n")
        return EXIT_ERROR
    answer = {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": text}}
    stdout.write(json.dumps(answer) + "\n")
    return EXIT_ALLOW


def run_hook(
    args: list[str],
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the hook named by ``args[0]`` and return its exit code."""
    streams = (stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    name = args[0] if args else ""
    if name == "pre-tool-use":
        return pre_tool_use(*streams)
    if name == "post-tool-use":
        return post_tool_use(*streams)
    if name == "session-start":
        return session_start(*streams)
    streams[2].write(f"ondas: unknown hook {name!r} (expected one of: {', '.join(HOOKS)})\n")
    # An unknown name is most likely a mistyped PreToolUse hook: refuse rather than allow.
    return EXIT_BLOCK
