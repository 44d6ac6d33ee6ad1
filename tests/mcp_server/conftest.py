"""Fixtures of the MCP tests: a project with an execution and a token, and stdio sessions.

The sessions are real: the server is ``python -m ondas mcp serve`` spawned from this
interpreter and spoken to with the ``mcp`` client library over stdio.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.session import ElicitationFnT
from mcp.client.stdio import stdio_client
from mcp.types import CallToolResult

from ondas.mcp import token as token_mod
from ondas.runtime.schema import default_schema
from ondas.state.execution import create_execution
from ondas.state.store import Store

TIMEOUT = timedelta(seconds=120)


@dataclass
class Project:
    """A target project with one execution and one live token (a person's: every tool)."""

    path: Path
    token: str

    @property
    def state_dir(self) -> Path:
        return self.path / ".ondas"

    def store(self) -> Store:
        return Store.open(self.state_dir, schema=default_schema())


@pytest.fixture
def served(tmp_path: Path) -> Project:
    path = tmp_path / "proj"
    path.mkdir()
    with Store.open(path / ".ondas", create=True, schema=default_schema()) as store:
        create_execution(store, project_path=path, description="a notes CLI")
        token = token_mod.issue(store, token_mod.OPERATOR)
    return Project(path, token)


@pytest.fixture
def agent_served(tmp_path: Path) -> Project:
    """A project whose live token is an agent session's (agent verbs only)."""
    path = tmp_path / "proj"
    path.mkdir()
    with Store.open(path / ".ondas", create=True, schema=default_schema()) as store:
        create_execution(store, project_path=path, description="a notes CLI")
        token = token_mod.issue(store, token_mod.AGENT)
    return Project(path, token)


def server_params(
    project: Path, token: str | None, extra: Sequence[str] = ()
) -> StdioServerParameters:
    """``python -m ondas mcp serve --project P`` with ``token`` (or none) in its environment."""
    env = {k: v for k, v in os.environ.items() if k != token_mod.ENV_VAR}
    if token is not None:
        env[token_mod.ENV_VAR] = token
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "ondas", "mcp", "serve", "--project", str(project), *extra],
        env=env,
    )


@asynccontextmanager
async def stdio_session(
    project: Path,
    token: str | None,
    *,
    extra: Sequence[str] = (),
    elicitation: ElicitationFnT | None = None,
) -> AsyncIterator[ClientSession]:
    """An initialised client session with a freshly spawned server."""
    async with (
        stdio_client(server_params(project, token, extra)) as (read, write),
        ClientSession(
            read, write, read_timeout_seconds=TIMEOUT, elicitation_callback=elicitation
        ) as session,
    ):
        await session.initialize()
        yield session


def text_of(result: CallToolResult) -> str:
    """The text content of a tool result."""
    return "\n".join(getattr(c, "text", "") for c in result.content)


def data_of(result: CallToolResult) -> Any:
    """The JSON a successful tool returned."""
    assert not result.isError, text_of(result)
    if result.structuredContent is not None:
        return result.structuredContent
    return json.loads(text_of(result))
