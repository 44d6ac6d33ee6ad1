"""``ondas hook NAME``: read Claude Code's hook JSON on stdin and answer in its contract.

Claude Code starts one process per tool call, so this module imports only the standard
library; each hook imports its guard or the store lazily. The PreToolUse hook fails closed:
exit code 2 blocks the call and its stderr reaches the model, while any other non-zero code
would let the call through, so every internal error there becomes exit 2 with a reason.
"""

from __future__ import annotations

import sys

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, TextIO

    Environ = Mapping[str, str] | None

HOOKS = ("pre-tool-use", "post-tool-use", "session-start")
EXIT_ALLOW = 0
EXIT_ERROR = 1
EXIT_BLOCK = 2
CHECK_DEADLINE_SECONDS = 30.0
"""A PreToolUse check still running after this long refuses the call. Claude Code lets the call
of a hook that times out through (a command hook's ``timeout``, 60 s as ondas installs it), so a
command crafted to be slow to read (a long line that makes a pattern backtrack) would otherwise
pass unjudged: the hook process answers first. The same limit as the run server's forwarder
(:data:`ondas.runtime.runserver.FORWARD_TIMEOUT`), which refuses on its own side."""


class CheckTimeout(BaseException):
    """Raised by the PreToolUse deadline's alarm inside a check that ran too long. A
    ``BaseException``, as ``KeyboardInterrupt`` is, so no ``except Exception`` on the way
    swallows it; the alarm repeats until it is disarmed, since one raised inside a finalizer
    (a parse tree freed) is reported as unraisable and lost."""


def _expired(signum: int, frame: object) -> None:
    raise CheckTimeout(f"the command took longer than {CHECK_DEADLINE_SECONDS:g} s to check")


def _arm_deadline() -> object:
    """Start the check's deadline (a ``SIGALRM`` timer; the handler raises, and Python's regular
    expressions and loops are interrupted by it) and return what :func:`_disarm_deadline`
    restores; ``None`` where no timer can be set: a thread that is not the main one (the run
    server, whose forwarder has its own limit) or a platform without ``setitimer``. ``_signal``,
    not ``signal``, which imports ``enum`` (a cost every tool call would pay)."""
    import _signal as signal

    if not hasattr(signal, "setitimer"):
        return None
    try:
        previous = signal.signal(signal.SIGALRM, _expired)
    except ValueError:  # not the main thread
        return None
    repeat = min(1.0, CHECK_DEADLINE_SECONDS / 4)
    signal.setitimer(signal.ITIMER_REAL, CHECK_DEADLINE_SECONDS, repeat)
    return previous


def _disarm_deadline(previous: object) -> None:
    if previous is None:
        return
    import _signal as signal

    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, previous)


_WHITESPACE = " \t\n\r"


_CONSTANTS = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}


class _Decoding:
    """What CPython's C JSON scanner reads from a default ``json.JSONDecoder``."""

    def __init__(self) -> None:
        self.strict = True
        self.object_hook = None
        self.object_pairs_hook = None
        self.parse_float = float
        self.parse_int = int
        self.parse_constant = _CONSTANTS.__getitem__
        self.memo: dict[str, str] = {}


def loads(text: str) -> Any:
    """``json.loads(text)`` through the C scanner ``json`` itself uses, without importing ``json``.

    The :mod:`json` package imports :mod:`re` (and through it ``enum``, ``functools`` and the
    pattern compiler) for its pure-Python fallback; that costs a PreToolUse hook, a new process
    per tool call, about as much as starting the interpreter, and most guard checks need no
    regular expression at all. Same values, same ``ValueError`` (a ``json.JSONDecodeError``,
    imported only then) on bad input; interpreters without the ``_json`` accelerator take
    :func:`json.loads`.
    """
    try:
        from _json import make_scanner
    except ImportError:  # pragma: no cover - CPython always has it
        import json

        return json.loads(text)
    if text.startswith("\ufeff"):
        import json

        return json.loads(text)  # the same "Unexpected UTF-8 BOM" error
    start = len(text) - len(text.lstrip(_WHITESPACE))
    try:
        # typeshed types the argument as a JSONDecoder; the C scanner reads only these attributes
        value, end = make_scanner(_Decoding())(text, start)  # type: ignore[arg-type]
    except StopIteration as stop:
        from json import JSONDecodeError

        raise JSONDecodeError("Expecting value", text, stop.value) from None
    rest = len(text) - len(text[end:].lstrip(_WHITESPACE))
    if rest != len(text):
        from json import JSONDecodeError

        raise JSONDecodeError("Extra data", text, rest)
    return value


def _read_payload(stdin: TextIO) -> dict[str, Any]:
    from ondas.hooks.context import HookInputError

    try:
        payload = loads(stdin.read())
    except ValueError as exc:
        raise HookInputError(f"stdin is not JSON: {exc}") from exc
    if not isinstance(payload, dict):
        raise HookInputError("stdin must hold a JSON object")
    return payload


def pre_tool_use(stdin: TextIO, stdout: TextIO, stderr: TextIO, environ: Environ = None) -> int:
    """Guard one tool call: exit 0 to allow, exit 2 with the reason on stderr to refuse; a
    check that outlives :data:`CHECK_DEADLINE_SECONDS` refuses (``check-timeout``)."""
    payload: dict[str, Any] = {}
    deadline = _arm_deadline()
    try:
        payload = _read_payload(stdin)
        from ondas.hooks.pre_tool_use import decide

        verdict = decide(payload, environ)
    except CheckTimeout as exc:
        _disarm_deadline(deadline)
        deadline = None
        from ondas.guards.verdict import Verdict

        verdict = Verdict(
            False, "check-timeout", None, f"{exc}; split it into smaller commands", "unknown"
        )
    except BaseException as exc:
        reason = f"{type(exc).__name__}: {exc}".strip()
        stderr.write(
            f"ondas guard failed closed, the tool call is refused (internal error: {reason})\n"
        )
        return EXIT_BLOCK
    finally:
        _disarm_deadline(deadline)
    if verdict is None or verdict.allowed:
        return EXIT_ALLOW
    tool = payload.get("tool_name")
    stderr.write(f"ondas guard refused this {tool} call: {verdict.message()}\n")
    try:
        from ondas.hooks.pre_tool_use import record_refusal

        record_refusal(payload, verdict, environ)
    except BaseException as exc:
        stderr.write(f"ondas: the refusal could not be recorded ({type(exc).__name__}: {exc})\n")
    return EXIT_BLOCK


def post_tool_use(stdin: TextIO, stdout: TextIO, stderr: TextIO, environ: Environ = None) -> int:
    """Record a finished tool call on the active execution (nothing when none is active)."""
    try:
        payload = _read_payload(stdin)
        from ondas.hooks.post_tool_use import record

        record(payload, environ)
    except Exception as exc:
        stderr.write(f"ondas: post-tool-use could not record the call: {exc}\n")
        return EXIT_ERROR
    return EXIT_ALLOW


def session_start(stdin: TextIO, stdout: TextIO, stderr: TextIO, environ: Environ = None) -> int:
    """Give a new session the guard note and the active execution's position."""
    try:
        payload = _read_payload(stdin)
        from ondas.hooks.session_start import context

        text = context(payload, environ)
    except Exception as exc:
        stderr.write(f"ondas: session-start failed: {exc}\n")
        return EXIT_ERROR
    import json

    answer = {"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": text}}
    stdout.write(json.dumps(answer) + "\n")
    return EXIT_ALLOW


def run_hook(
    args: list[str],
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    environ: Environ = None,
) -> int:
    """Run the hook named by ``args[0]`` and return its exit code.

    ``environ``: Claude Code's environment as the hook sees it (default: this process's);
    the run server passes what its forwarder sent.
    """
    streams = (stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr)
    name = args[0] if args else ""
    if name == "pre-tool-use":
        return pre_tool_use(*streams, environ)
    if name == "post-tool-use":
        return post_tool_use(*streams, environ)
    if name == "session-start":
        return session_start(*streams, environ)
    streams[2].write(f"ondas: unknown hook {name!r} (expected one of: {', '.join(HOOKS)})\n")
    # An unknown name is most likely a mistyped PreToolUse hook: refuse rather than allow.
    return EXIT_BLOCK
