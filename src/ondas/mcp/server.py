"""``ondas mcp serve``: the run's state operations as MCP tools over stdio.

Built on the official ``mcp`` SDK, v1 line (``mcp.server.fastmcp.FastMCP``; pyproject pins
``mcp>=1.20,<2`` because v2 renamed FastMCP). Every call is authorised first: the server was
started with the execution's capability token in ``ONDAS_MCP_TOKEN`` and the store must know
it as a live token of its current execution. The token's role (stored with it, never chosen
by the caller) decides which tools are listed and callable (:mod:`ondas.mcp.roles`): an agent
session gets agent verbs only, and a call of any other tool is refused and recorded as a
``refusal`` event. A tool then opens the store with ``actor = "mcp"`` and calls the library
function its CLI command calls. Whatever goes wrong comes back as one line (``[rule]
message``) in an error result; the server itself never stops on bad input.

No ``from __future__ import annotations`` here: FastMCP reads the tool signatures' types.
"""

import inspect
import io
import logging
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, TextIO

import anyio
from mcp.server.fastmcp import Context, FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.types import Tool, ToolAnnotations
from pydantic import Field, ValidationError

import ondas.audit  # noqa: F401  (registers the audit invariants, as the CLI does)
from ondas.errors import OndasError, RuleViolation
from ondas.mcp import operations, operator, roles
from ondas.mcp import token as token_mod
from ondas.runtime.schema import default_schema
from ondas.state.store import Store, Tx

ACTOR = "mcp"
SERVER_NAME = "ondas"
DEFAULT_ELICIT_TIMEOUT = 300.0
MAX_MESSAGE = 600
INSTRUCTIONS = (
    "State operations of the ondas run (waves, decisions, tasks, skills, human blocks). The same "
    "rules apply as on the ondas command line; a refusal names its rule in brackets."
)

OptStr = str | None
_WRITES = ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False)
HINTS: dict[str, ToolAnnotations] = {
    "open_wave": _WRITES,
    "close_wave": _WRITES,
    "record_skill": _WRITES,
    "record_task": ToolAnnotations(
        readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False
    ),
    "record_decision": _WRITES,
    "register_human_block": _WRITES,
    "get_status": ToolAnnotations(readOnlyHint=True, openWorldHint=False),
    "collect_optins": _WRITES,
    "ask_operator": _WRITES,
}


@dataclass(frozen=True)
class ServerConfig:
    """Where the store is, the capability token presented, and whether a person is there."""

    state_dir: Path
    token: str | None
    interactive: bool = False
    elicit_timeout: float = DEFAULT_ELICIT_TIMEOUT
    answer: operator.Answerer | None = None
    """Records an operator's answer (the CLI hands in the app layer's); none: nobody is asked."""

    @classmethod
    def from_env(
        cls,
        project: Path,
        *,
        interactive: bool = False,
        elicit_timeout: float | None = None,
        answer: operator.Answerer | None = None,
    ) -> "ServerConfig":
        """The configuration of ``ondas mcp serve``: the token comes from the environment."""
        presented = os.environ.get(token_mod.ENV_VAR) or None
        if presented is not None and presented.startswith("${"):
            presented = None  # Claude Code leaves ${VAR} as it is when VAR is unset
        return cls(
            state_dir=project / ".ondas",
            token=presented,
            interactive=interactive,
            elicit_timeout=DEFAULT_ELICIT_TIMEOUT if elicit_timeout is None else elicit_timeout,
            answer=answer,
        )


def _kebab(name: str) -> str:
    out = "".join(f"-{c.lower()}" if c.isupper() else c for c in name).lstrip("-")
    return out or "error"


def one_line(err: BaseException) -> str:
    """The refusal as one line: ``[rule] message``; never a traceback."""
    cause: BaseException = err
    while isinstance(cause, ToolError) and cause.__cause__ is not None:
        cause = cause.__cause__
    if isinstance(cause, RuleViolation):
        text = str(cause)
    elif isinstance(cause, OndasError):
        text = f"[{_kebab(type(cause).__name__)}] {cause}"
    elif isinstance(cause, ValidationError):
        by_message: dict[str, list[str]] = {}
        for item in cause.errors():
            where = ".".join(str(p) for p in item.get("loc", ())) or "arguments"
            by_message.setdefault(str(item.get("msg", "invalid")), []).append(where)
        text = "[invalid-input] " + "; ".join(
            f"{', '.join(fields)}: {message}" for message, fields in by_message.items()
        )
    elif isinstance(cause, ToolError):
        text = f"[invalid-input] {cause}"
    else:
        text = f"[internal-error] {type(cause).__name__}: {cause}"
    flat = " ".join(text.split())
    return flat if len(flat) <= MAX_MESSAGE else flat[: MAX_MESSAGE - 3] + "..."


class McpStore(Store):
    """The store as the MCP server writes it: each audit event records ``actor: mcp``.

    The actor is added to the event's data when the caller's block has finished, just
    before the store appends the event, so the event and its hash carry it.
    """

    @contextmanager
    def transaction(
        self,
        event_type: str,
        *,
        execution_id: str | None = None,
        description: str | None = None,
    ) -> Iterator[Tx]:
        """``Store.transaction`` with ``actor`` set in the event's data."""
        with super().transaction(
            event_type, execution_id=execution_id, description=description
        ) as tx:
            yield tx
            tx.data.setdefault("actor", ACTOR)


class OndasMCP(FastMCP[Any]):
    """FastMCP whose every call is authorised by the capability token first."""

    def __init__(self, config: ServerConfig) -> None:
        super().__init__(name=SERVER_NAME, instructions=INSTRUCTIONS, log_level="ERROR")
        self.config = config

    def authorise(self) -> token_mod.Grant:
        """The presented token's grant when it is one of the current execution's live tokens."""
        with Store.open(self.config.state_dir, schema=default_schema()) as store:
            return token_mod.check(store, self.config.token)

    def role(self) -> str:
        """The presented token's role; the agent's when it has none (no token, not live)."""
        try:
            return self.authorise().role
        except Exception:
            return token_mod.AGENT

    @contextmanager
    def store(self) -> Iterator[Store]:
        """The project's store, every write recorded with actor ``mcp``."""
        with McpStore.open(self.config.state_dir, schema=default_schema()) as store:
            yield store

    async def list_tools(self) -> list[Tool]:
        """Only the tools the presented token's role may call."""
        allowed = set(roles.tools_for(self.role()))
        return [t for t in await super().list_tools() if t.name in allowed]

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> Any:
        """Authorise, refuse (and record) a tool outside the role, run it; one line on failure."""
        try:
            grant = self.authorise()
            if roles.why_refused(grant.role, name, arguments) is not None:
                with self.store() as store:
                    roles.refuse(store, grant.role, name, arguments)
            return await super().call_tool(name, arguments)
        except Exception as err:
            raise ToolError(one_line(err)) from None


def _operation_tool(mcp: OndasMCP, signature_of: Any) -> Any:
    """Register the store operation named like ``signature_of`` as a tool.

    ``signature_of`` only declares the tool's arguments (types, descriptions) and its help;
    the call builds them into the operation's typed input (a ``**fields`` function also
    receives the reserved word ``class``) and runs :mod:`ondas.mcp.operations` with it, so no
    argument is spelled a second time.
    """
    name = signature_of.__name__
    op = operations.OPERATIONS[name]

    def run(**fields: Any) -> dict[str, Any]:
        given = op.build(fields)
        with mcp.store() as store:
            return op.call(store, given)

    run.__signature__ = inspect.signature(signature_of)  # type: ignore[attr-defined]
    run.__doc__ = signature_of.__doc__
    run.__name__ = name
    mcp.tool(name=name, annotations=HINTS[name])(run)
    return run


def build_server(
    config: ServerConfig, make: Callable[[ServerConfig], OndasMCP] = OndasMCP
) -> OndasMCP:
    """The MCP server with its nine tools (each role sees its own), on ``config.state_dir``.

    ``make`` builds the server object (the run server's authorises by its own tokens).
    """
    mcp = make(config)
    presence = operator.Presence(config.interactive, config.elicit_timeout, config.answer)

    def open_wave() -> dict[str, Any]:
        """Open the next wave (refused while one is open: [wave-open]); same as `ondas wave start`."""  # noqa: E501
        raise AssertionError("signature only")  # pragma: no cover

    def close_wave(
        reason: Annotated[
            Literal[
                "stage_completed_advancing",
                "threshold_proxy_reached",
                "human_block",
                "abort",
                "completed",
            ],
            Field(description="Why the wave ends."),
        ],
        advance: Annotated[bool, Field(description="Move to the next stage.")] = False,
        terminal_phase: Annotated[
            OptStr, Field(description="Stage at which advancing completes the execution.")
        ] = None,
        mode: Annotated[
            Literal["default", "roadmap", "single-feature"] | None,
            Field(description="Stage chain (needs advance)."),
        ] = None,
        next_instruction: Annotated[
            OptStr, Field(description="Instruction for the next wave.")
        ] = None,
        add_stage: Annotated[
            OptStr, Field(description="Another stage this wave worked on.")
        ] = None,
        next_scheduled_for: Annotated[
            OptStr, Field(description="ISO-8601 time the next wave is due.")
        ] = None,
        next_stage: Annotated[OptStr, Field(description="Stage to advance to.")] = None,
    ) -> dict[str, Any]:
        """Close the open wave; same rules as `ondas wave end` ([no-open-wave], [advance-needs-completion])."""  # noqa: E501
        raise AssertionError("signature only")  # pragma: no cover

    def record_skill(
        skill: Annotated[str, Field(description="Skill (or gate) name, a token.")],
        kind: Annotated[Literal["skill", "gate"], Field(description="skill or gate.")] = "skill",
        decision: Annotated[OptStr, Field(description="Decision taken by this skill.")] = None,
    ) -> dict[str, Any]:
        """Record that a skill or gate ran in the open wave; same as `ondas wave record-skill`."""
        raise AssertionError("signature only")  # pragma: no cover

    def record_task(
        task_id: Annotated[str, Field(description="Task id from tasks.md, e.g. 4.1.")],
        title: Annotated[str, Field(description="Task title.")],
        outcome: Annotated[Literal["pass", "fail"], Field(description="pass or fail.")],
        tests_run: Annotated[int, Field(ge=0, le=2**31, description="Tests run.")],
        tests_passed: Annotated[int, Field(ge=0, le=2**31, description="Tests passed.")],
        lint_ok: Annotated[bool, Field(description="Whether lint passed.")],
        files: Annotated[list[str] | None, Field(description="Files touched.")] = None,
    ) -> dict[str, Any]:
        """Record a task outcome (upsert by id; [tests-passed-exceeds-run]); as `ondas wave record-task`."""  # noqa: E501
        raise AssertionError("signature only")  # pragma: no cover

    def record_decision(
        agent: Annotated[str, Field(description="Who decides.")],
        context: Annotated[str, Field(description="What is being decided.")],
        options: Annotated[list[str], Field(description="The options considered.")],
        choice: Annotated[str, Field(description="The chosen option (one of options).")],
        justification: Annotated[str, Field(description="Why.")],
        score: Annotated[int, Field(description="Confidence 0..3; 3 needs observed evidence.")],
        stage: Annotated[OptStr, Field(description="Pipeline stage.")] = None,
        evidence: Annotated[
            OptStr, Field(description="Literal excerpt of an observed tool output (score 3).")
        ] = None,
        references: Annotated[list[Any] | None, Field(description="References.")] = None,
        class_: Annotated[
            Literal["operational", "structural"],
            Field(alias="class", description="operational or structural."),
        ] = "operational",
        axis: Annotated[OptStr, Field(description="Structural axis, e.g. persistence.")] = None,
        consent: Annotated[
            OptStr, Field(description="Answered block authorising a structural choice.")
        ] = None,
    ) -> dict[str, Any]:
        """Record a decision under the runtime's rules; same as `ondas decision register`."""
        raise AssertionError("signature only")  # pragma: no cover

    def register_human_block(
        question: Annotated[str, Field(description="The question for a person.")],
        decision: Annotated[OptStr, Field(description="Decision this block belongs to.")] = None,
        context_for_answer: Annotated[
            OptStr, Field(description="What the person needs to know to answer.")
        ] = None,
        options: Annotated[list[str] | None, Field(description="Suggested answers.")] = None,
        subject_key: Annotated[
            OptStr, Field(description="What the block is about, e.g. axis:persistence.")
        ] = None,
        severity: Annotated[
            Literal["light", "normal"], Field(description="light or normal.")
        ] = "normal",
    ) -> dict[str, Any]:
        """Open a human block; same as `ondas block register`."""
        raise AssertionError("signature only")  # pragma: no cover

    def get_status() -> dict[str, Any]:
        """Stage, open wave, counts and the blocks awaiting a person (`ondas wave status`)."""
        raise AssertionError("signature only")  # pragma: no cover

    for signature_of in (
        open_wave,
        close_wave,
        record_skill,
        record_task,
        record_decision,
        register_human_block,
        get_status,
    ):
        _operation_tool(mcp, signature_of)

    @mcp.tool(annotations=HINTS["collect_optins"])
    async def collect_optins(ctx: Context[Any, Any, Any]) -> dict[str, Any]:
        """Ask the operator which opt-ins to use (roadmap_mode, atomic_commit); never blocks the run."""  # noqa: E501
        return await operator.collect_optins(ctx, mcp.store, presence)

    @mcp.tool(annotations=HINTS["ask_operator"])
    async def ask_operator(
        ctx: Context[Any, Any, Any],
        question: Annotated[str, Field(description="The question for the operator.")],
        options: Annotated[list[str] | None, Field(description="Suggested answers.")] = None,
        context_for_answer: Annotated[
            OptStr, Field(description="What the operator needs to know.")
        ] = None,
        subject_key: Annotated[OptStr, Field(description="What the question is about.")] = None,
        severity: Annotated[
            Literal["light", "normal"], Field(description="light or normal.")
        ] = "normal",
    ) -> dict[str, Any]:
        """Ask the operator: answered now when a person is there, else left as a human block."""
        return await operator.ask_operator(
            ctx,
            mcp.store,
            presence,
            question=question,
            options=options,
            context_for_answer=context_for_answer,
            subject_key=subject_key,
            severity=severity,
        )

    return mcp


TOOL_NAMES = roles.ALL_TOOLS


class _Messages:
    """The lines of stdin that can be messages: blank lines (allowed between JSON-RPC
    messages) are dropped instead of each becoming a parse error."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def __iter__(self) -> Iterator[str]:
        return (line for line in self.stream if line.strip())

    def readline(self) -> str:
        for line in self.stream:
            if line.strip():
                return line
        return ""

    def close(self) -> None:
        self.stream.close()


class _OneLine(logging.Formatter):
    """A log record as one line, its traceback left out: a malformed message costs one line."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage().strip().splitlines()
        detail = f": {type(record.exc_info[1]).__name__}" if record.exc_info else ""
        return f"ondas mcp: {text[0] if text else record.levelname}{detail}"


def _plain_logging() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.ERROR)


async def _serve_stdio(server: OndasMCP) -> None:
    from mcp.server.stdio import stdio_server

    raw = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    stdin = anyio.wrap_file(_Messages(raw))  # type: ignore[arg-type]
    async with stdio_server(stdin=stdin) as (read_stream, write_stream):
        low = server._mcp_server
        await low.run(read_stream, write_stream, low.create_initialization_options())


def serve(config: ServerConfig) -> None:
    """Run the server over stdio until the client closes the connection.

    Blank lines on stdin are skipped; a malformed message is answered as the protocol says
    and logged as one line on stderr (never a traceback or an exception group).
    """
    server = build_server(config)
    _plain_logging()
    try:
        anyio.run(_serve_stdio, server)
    except BaseExceptionGroup as group:
        if not _client_gone(group):
            raise


def _client_gone(error: BaseException) -> bool:
    """True when every error in ``error`` says the client's side of the stream is closed:
    the SDK still answering a message (a log notification) when stdin ended."""
    if isinstance(error, BaseExceptionGroup):
        return all(_client_gone(e) for e in error.exceptions)
    return isinstance(error, (anyio.ClosedResourceError, anyio.BrokenResourceError))
